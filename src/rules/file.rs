//! The rule file as written: TOML deserialised into typed structs.
//!
//! Every struct denies unknown keys. Values that later checks must point at
//! keep their spans (`Spanned`). Nothing here interprets the values: that is
//! the compiler's job (`crate::compile`).

use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

pub type Text = Spanned<String>;

/// A whole rule file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleFile {
    pub variant: VariantSpec,
    pub board: BoardSpec,
    #[serde(default)]
    pub options: BTreeMap<Text, OptionSpec>,
    /// Named option sets (`--preset NAME`).
    #[serde(default)]
    pub presets: BTreeMap<Text, PresetSpec>,
    #[serde(default)]
    pub tags: BTreeMap<Text, String>,
    #[serde(rename = "piece", default)]
    pub pieces: Vec<PieceSpec>,
    pub setup: SetupSpec,
    pub promotion: Option<PromotionSpec>,
    #[serde(rename = "restriction", default)]
    pub restrictions: Vec<RestrictionSpec>,
    pub victory: VictorySpec,
    pub repetition: Option<RepetitionSpec>,
    pub sfen: Option<SfenSpec>,
    /// TSFEN, the Taikyoku community's position text, in its dialects.
    pub tsfen: Option<TsfenSpec>,
    #[serde(rename = "aura", default)]
    pub auras: Vec<AuraSpec>,
    #[serde(rename = "freeze", default)]
    pub freezes: Vec<FreezeSpec>,
    #[serde(rename = "demotion", default)]
    pub demotions: Vec<DemotionSpec>,
    #[serde(rename = "on_promotion", default)]
    pub on_promotions: Vec<OnPromotionSpec>,
    #[serde(rename = "on_capture", default)]
    pub on_captures: Vec<OnCaptureSpec>,
    /// Hands and drops: captured pieces change side into the captor's hand.
    pub drops: Option<DropsSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    pub id: Text,
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub sources: Vec<String>,
    /// The name XBoard/WinBoard (and engines such as HaChu) know the
    /// variant by, if they know it: `gunbai xboard` announces it.
    pub xboard: Option<Text>,
    /// For a variant XBoard does not know: the XBoard variant whose rules
    /// carry it (board size, piece letters and moves are sent with
    /// `setup` and `piece` on top of it).
    pub xboard_parent: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    pub files: Spanned<u32>,
    pub ranks: Spanned<u32>,
}

/// A named reading of a rule where sources disagree.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionSpec {
    pub default: Spanned<toml::Value>,
    #[serde(default)]
    pub values: Option<Vec<Text>>,
    #[serde(default)]
    pub doc: String,
}

/// A named set of option values (`[presets.NAME]`): how one source (a
/// site, a program, a rule book) plays the variant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PresetSpec {
    /// What the preset is, naming its source.
    pub doc: String,
    /// Option name -> value (true/false or one of the option's values).
    #[serde(default)]
    pub options: BTreeMap<Text, Spanned<toml::Value>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceSpec {
    pub id: Text,
    pub code: Text,
    #[serde(default)]
    pub names: BTreeMap<String, String>,
    #[serde(default)]
    pub tags: Vec<Text>,
    #[serde(default)]
    pub moves: Vec<MoveSpec>,
    pub promotes_to: Option<Text>,
    /// Shooting after moving.
    pub shoot: Option<ShootSpec>,
    /// The piece's worth to a searching engine, in hundredths of a pawn-like
    /// unit (absent: derived from its mobility on an empty board).
    pub value: Option<Spanned<i64>>,
    /// The piece's rank for range jumps (`over_lower_rank`): a small
    /// integer, 0 when absent.
    pub rank: Option<Spanned<i64>>,
    #[serde(default)]
    pub doc: String,
    /// What game-record formats (KIF, CSA) call the piece.
    #[serde(default)]
    pub records: crate::ruleset::RecordNames,
}

/// One alternative of a piece's movement: a single leg written inline, or a
/// sequence of legs under `legs`.
#[derive(Debug, Deserialize)]
#[serde(from = "wire::MoveSpec")]
pub struct MoveSpec {
    pub legs: Option<Vec<LegSpec>>,
    /// The one leg of a move written inline (all empty with `legs`).
    pub inline: LegKeys,
    /// Every path of this alternative is written and counted as origin and
    /// destination only (an area move): paths to the same square are one
    /// move, and a path back to the origin is none.
    pub per_destination: Option<Spanned<bool>>,
    /// The move exists only while this condition holds (a condition on
    /// options is decided once when the rule file is compiled).
    pub when: Option<Text>,
}

/// One leg of a movement: where it may go and how it relates to the leg
/// before it.
#[derive(Debug, Deserialize)]
#[serde(from = "wire::LegSpec")]
pub struct LegSpec {
    pub keys: LegKeys,
    pub direction: Option<Text>,
    pub optional: bool,
}

/// Declares the keys of one leg once: [`LegKeys`], and the two tables
/// serde reads them from (a move written inline, an entry of `legs`), each
/// flat and denying unknown keys. serde's `flatten` would lose
/// `deny_unknown_fields`, so the tables are plain structs made here. The
/// keys come in two groups because a move's `per_destination` sits between
/// them in serde's "expected one of" list.
macro_rules! leg_keys {
    (
        $( $(#[$doc:meta])* $key:ident: $ty:ty, )*
        ;
        $( $(#[$doc2:meta])* $key2:ident: $ty2:ty, )*
    ) => {
        /// The keys that say where one leg goes, written inline in a move
        /// or as an entry of its `legs`. Every key is optional.
        #[derive(Debug)]
        pub struct LegKeys {
            $( $(#[$doc])* pub $key: $ty, )*
            $( $(#[$doc2])* pub $key2: $ty2, )*
        }

        impl LegKeys {
            /// No key is written.
            pub fn is_empty(&self) -> bool {
                $( self.$key.is_none() && )* $( self.$key2.is_none() && )* true
            }
        }

        /// The tables as serde reads them; the names are the ones serde's
        /// errors show.
        mod wire {
            use super::{LegKeys, Spanned, Text};
            use serde::Deserialize;

            #[derive(Deserialize)]
            #[serde(deny_unknown_fields)]
            pub struct MoveSpec {
                legs: Option<Vec<super::LegSpec>>,
                $( $key: $ty, )*
                per_destination: Option<Spanned<bool>>,
                $( $key2: $ty2, )*
                when: Option<Text>,
            }

            impl From<MoveSpec> for super::MoveSpec {
                fn from(m: MoveSpec) -> Self {
                    super::MoveSpec {
                        legs: m.legs,
                        inline: LegKeys { $( $key: m.$key, )* $( $key2: m.$key2, )* },
                        per_destination: m.per_destination,
                        when: m.when,
                    }
                }
            }

            #[derive(Deserialize)]
            #[serde(deny_unknown_fields)]
            pub struct LegSpec {
                $( $key: $ty, )*
                $( $key2: $ty2, )*
                direction: Option<Text>,
                #[serde(default)]
                optional: bool,
            }

            impl From<LegSpec> for super::LegSpec {
                fn from(l: LegSpec) -> Self {
                    super::LegSpec {
                        keys: LegKeys { $( $key: l.$key, )* $( $key2: l.$key2, )* },
                        direction: l.direction,
                        optional: l.optional,
                    }
                }
            }
        }
    };
}

leg_keys! {
    step: Option<Text>,
    slide: Option<Text>,
    range: Option<Spanned<u32>>,
    jump: Option<Spanned<Vec<[i32; 2]>>>,
    symmetry: Option<Text>,
    capture: Option<Text>,
    /// Jumps: may pass only over empty squares and the mover's own pieces
    /// (a condition on options; default: over anything).
    only_over_own: Option<Text>,
    /// Slides: how many pieces the slide may pass over (friend or foe,
    /// unaffected; default none).
    pass_over: Option<Spanned<u32>>,
    /// Slides: pieces may be passed over only on this many first squares.
    pass_within: Option<Spanned<u32>>,
    /// Slides that pass over pieces, and straight jumps: those pieces are
    /// captured (a range capture; a condition on options).
    captures_passed: Option<Text>,
    /// With `captures_passed`: the mover's own pieces passed over stay (a
    /// condition on options).
    spares_own: Option<Text>,
    /// With `over_lower_rank` and `captures_passed`: the slide may also end
    /// on an own piece of lower rank, taking it (a condition on options).
    lands_on_own: Option<Text>,
    /// Range jump (slides, a condition on options): the slide may pass
    /// over pieces of either side whose rank is lower than the mover's.
    over_lower_rank: Option<Text>,
    /// With `over_lower_rank`: beyond a passed piece only enemies of lower
    /// rank than the mover may be captured (condition on options).
    beyond_lower_only: Option<Text>,
    /// With `over_lower_rank`: empty squares beyond a passed piece may be
    /// landed on (condition on options; default: only captures).
    beyond_empty: Option<Text>,
    /// With `over_lower_rank` and `captures_passed`: the first piece on
    /// the line, before any is passed, may be captured whatever its rank
    /// (condition on options).
    first_any: Option<Text>,
    ;
    /// A leap to any square of the board (instead of step/slide/jump).
    anywhere: Option<Spanned<bool>>,
    /// May land only where no enemy could land after the move (a condition
    /// on options; default: false).
    unattacked: Option<Text>,
    /// Slides: a hop. The slide must pass exactly one piece (the screen)
    /// and lands only beyond it: `"beyond"` on any square up to the next
    /// piece, `"behind"` only on the square right behind it.
    hop: Option<Text>,
    /// With `hop`: kinds or tags (names separated by spaces or commas) that
    /// may not serve as the screen.
    screen_not: Option<Text>,
    /// With `hop`: kinds or tags the hop may not capture.
    victim_not: Option<Text>,
}

impl LegKeys {
    /// The keys that hold a condition on options.
    pub fn conditions(&self) -> impl Iterator<Item = &Text> {
        [
            &self.only_over_own,
            &self.over_lower_rank,
            &self.beyond_lower_only,
            &self.beyond_empty,
            &self.first_any,
            &self.captures_passed,
            &self.spares_own,
            &self.lands_on_own,
            &self.unattacked,
        ]
        .into_iter()
        .flatten()
    }
}

impl MoveSpec {
    /// The keys of every leg: the inline one, or those under `legs`.
    pub fn leg_keys(&self) -> impl Iterator<Item = &LegKeys> {
        std::iter::once(&self.inline).chain(self.legs.iter().flatten().map(|l| &l.keys))
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetupSpec {
    /// Ranks from the top (the second player's side) down, one per line.
    pub board: Text,
    #[serde(default = "default_first")]
    pub first: Text,
    /// Pieces in hand at the start, as in the position text (`L,N,l,n`).
    #[serde(default)]
    pub hand: Option<Text>,
}

fn default_first() -> Text {
    Spanned::new(0..0, "black".to_string())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PromotionSpec {
    /// Depth of each side's promotion zone, counted from the far edge
    /// (absent: no zone).
    pub zone_ranks: Option<Spanned<u32>>,
    /// Whether a promoted piece may promote again along its kind's
    /// `promotes_to` (a condition on options only; default: never).
    pub repromote: Option<Text>,
    /// Condition under which a move may end with promotion.
    pub may: Text,
    /// Condition under which promotion is compulsory (defaults to never).
    pub must: Option<Text>,
    /// A promoted piece that moves turns back into its kind before
    /// promotion (Kyoto shogi's flipping pieces; default false).
    #[serde(default)]
    pub revert_on_move: bool,
    /// A promoted piece whose move path meets this condition turns back
    /// into its kind before promotion (Micro shogi's flip on capture).
    pub revert_when: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RestrictionSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    /// A capture for which this condition holds makes the whole move illegal.
    pub forbid_capture: Text,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictorySpec {
    /// Checked for both sides after every move: the side for which it holds
    /// has lost.
    pub loses_when: Text,
    /// What having no legal move means for the side to move.
    pub no_moves: Text,
    /// What having no legal move means when the side to move is not in
    /// check (by `check`): stalemate. Absent: `no_moves`.
    pub stalemate: Option<Text>,
    #[serde(default)]
    pub wins_when: Vec<WinSpec>,
    /// When both sides meet `loses_when` after one move: `draw` (default)
    /// or `mover_loses`.
    pub both_lose: Option<Text>,
    /// Kind set of pieces that may never be left attacked: a move after
    /// which one of the mover's is attacked is illegal (check must be
    /// answered). Absent: a side may leave its royals en prise.
    pub check: Option<Text>,
    /// A condition on options: whether `check` applies (default true).
    pub check_when: Option<Text>,
    /// `check` applies only while the side to move has at most this many
    /// pieces of `check` (1: a lone royal must be kept safe, two need not).
    pub check_up_to: Option<Spanned<i64>>,
    /// A draw after a number of moves (all of them, or those since the last
    /// capture or promotion).
    pub move_limit: Option<MoveLimitSpec>,
}

/// `[victory.move_limit]`: the game is drawn once enough moves were played.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveLimitSpec {
    /// How many moves (plies, one side's move each) end the game.
    pub plies: Spanned<i64>,
    /// `all` (default): every move counts; `quiet`: a capture or a
    /// promotion starts the count again.
    pub counts: Option<Text>,
    /// A condition on options: whether the limit applies (default true).
    pub when: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WinSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    /// Checked for the side that has just moved.
    pub condition: Text,
    /// If true, the win is drawn when the opponent achieves the same
    /// condition against the winner on the very next move.
    #[serde(default)]
    pub answerable: bool,
    /// `"mover"` (default): judged for the side that has just moved;
    /// `"to_move"`: for the side whose turn it now is (a declaration).
    #[serde(default)]
    pub judged: Option<Text>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionSpec {
    /// The option whose value selects the policy.
    pub option: Text,
    /// Option value -> policy name.
    pub policies: BTreeMap<Text, Text>,
    /// Pieces whose being attacked counts as "in check".
    pub check: Text,
    /// A condition on options: when it holds, a move after which the moved
    /// piece attacks any enemy piece also counts as a check for the
    /// perpetual-check policies (lishogi's Chu).
    pub attacks_count_as_check: Option<Text>,
    /// The occurrence of a position that the forbidding policies forbid a
    /// move to create (2: any repetition).
    pub forbidden_occurrence: Option<Spanned<u32>>,
    /// The occurrence of a position at which the ending policies
    /// (`creator-loses`, `draw-fourfold`, `draw-unless-perpetual-check`)
    /// end the game (4 unless set).
    pub ending_occurrence: Option<Spanned<u32>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SfenSpec {
    /// Piece id -> SFEN letter (lower case; upper case is the first player).
    pub letters: BTreeMap<Text, Text>,
    /// Kind recorded by the third SFEN field: the square where a piece of
    /// this kind was captured on the last move by a piece of another kind.
    pub last_capture_of: Option<Text>,
}

/// `[tsfen]`: each dialect the variant's positions can be written in, as
/// the code of each kind in that dialect (a kind left out keeps its own
/// `code`; an empty table `{}` writes every kind by its code).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TsfenSpec {
    /// taikyoku-shogi.github.io's dialect: comma-separated cells, run
    /// lengths, lower case = sente.
    pub tsg: Option<BTreeMap<Text, Text>>,
    /// jh85/taikyokushogi's dialect: upper case = Black, multi-letter codes
    /// in parentheses, fields board, side and move number.
    pub jh85: Option<BTreeMap<Text, Text>>,
}

/// A piece's shooting: after moving it may kill enemies along its eight
/// lines without moving onto them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShootSpec {
    /// Farthest target: a number, or a number-valued condition-language
    /// expression (e.g. depending on an option).
    pub range: Spanned<toml::Value>,
    /// Shots per opportunity (default 1).
    pub shots: Option<Spanned<u32>>,
    /// `end` (default): after the whole move; `each_leg`: after each leg.
    pub after: Option<Text>,
    /// `never` (default): the first piece on a line stops the shot;
    /// `any`: the shot may pass over pieces that `screen` allows;
    /// `exactly_one`: it must pass over exactly one such piece. May be
    /// `opt.NAME` of a text option with these values.
    pub over: Option<Text>,
    /// Shot place, `target` = a piece in the line of fire: true if the
    /// shot may pass over it (with `over` other than `never`).
    pub screen: Option<Text>,
    /// Shot place: true if `target` may be shot.
    pub target: Option<Text>,
    /// Shot place (no `target`): true if the shooter may shoot at all.
    pub when: Option<Text>,
}

/// A killing area around pieces (e.g. a poison flame): a piece that lands
/// in it dies, and a source that arrives kills the pieces around it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuraSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    /// Kind set of the pieces that carry the aura.
    pub source: Text,
    /// Chebyshev radius (default 1: the eight neighbours).
    pub distance: Option<Spanned<u32>>,
    /// Whether a landing before the last one of a multi-leg move counts
    /// (a condition on options; default true).
    pub intermediate_landings: Option<Text>,
    /// Whether a source created by promotion burns at once (a condition on
    /// options; default true).
    pub on_creation: Option<Text>,
    /// Whether the aura harms only the source's enemies (a condition on
    /// options; default false: both sides).
    pub enemies_only: Option<Text>,
    /// What a source does when it arrives within reach of another source
    /// it would harm: `mover_dies` (default), `mutual`, `active`,
    /// `mover_only`, or `opt.NAME` of a text option with these values.
    pub meeting: Option<Text>,
    /// A condition on options: whether the aura exists (default true).
    pub when: Option<Text>,
}

/// Pieces that cannot move: an enemy seen along one of the source's lines.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FreezeSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    pub source: Text,
    /// Directions, from the source's owner's point of view.
    pub lines: Text,
    /// `first_piece`, `whole_line` or `until_friendly`, or `opt.NAME`.
    pub mode: Text,
}

/// Compulsory demotion: a promoted piece of these kinds turns back into
/// its original kind whenever the condition holds (Piece place).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemotionSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    pub kinds: Text,
    pub when: Text,
    /// Whether it is also judged at each landing of a move, before that
    /// landing's shots (a condition on options; default true), or only
    /// once the move and all its shots are done.
    pub each_landing: Option<Text>,
}

/// What happens when a piece of these kinds promotes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnPromotionSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    /// Kind set of the pieces (before promotion) that trigger it.
    pub kinds: Text,
    /// Enemy pieces of this kind set die.
    pub kill_enemy: Option<Text>,
    /// The mover's side may promote all its pieces of this kind set at the
    /// same time, wherever they are (one choice for all).
    pub also_promote: Option<Text>,
    /// A condition on options: if true, the side chooses for each of those
    /// pieces whether it promotes (default: one choice for all of them).
    pub per_piece: Option<Text>,
}

/// A capturer that becomes another piece (Maka-dai-dai's deva rule is
/// one such table).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OnCaptureSpec {
    pub id: Text,
    #[serde(default)]
    pub doc: String,
    /// Kind set of the captured pieces that set it off.
    pub victims: Text,
    /// The piece the capturer becomes, written as in board text (`+DV`).
    pub becomes: Text,
    /// Kind set of the capturers it applies to (default: every piece).
    pub capturers: Option<Text>,
    /// Kind set of capturers it leaves as they are (default: none).
    pub except: Option<Text>,
    /// A condition on options: whether the rule applies (default: true).
    pub when: Option<Text>,
}

/// Hands and drops: a piece captured by moving goes to the captor's hand,
/// as its kind before promotion (or as `hand_kind` says), and a move may
/// put a piece from the hand on an empty square instead.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DropsSpec {
    #[serde(default)]
    pub doc: String,
    /// Condition on options: whether the variant has drops at all (a
    /// reading with and one without). Absent: it has.
    pub enabled: Option<Text>,
    /// Drop place: a drop for which this condition holds is illegal.
    pub forbid: Option<Text>,
    /// Kind id -> the kind a captured piece of that kind (promoted or not)
    /// becomes in the captor's hand, where it is not its kind before
    /// promotion.
    #[serde(default)]
    pub hand_kind: BTreeMap<Text, Text>,
    /// Kind set of pieces that may be dropped promoted as well (the drop
    /// then chooses the side, as `+`).
    pub promoted_drops: Option<Text>,
}
