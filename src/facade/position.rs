//! [`Position`]: a game in progress (the position and the moves played,
//! which can be taken back), and [`Move`] with what it does.

use super::error::{Error, ErrorKind};
use super::{Colour, Convention, Notation, Promotion, Variant};
use crate::board::Square;
use crate::moves::Move as InnerMove;
use crate::play::Undo;
use crate::position::{EndReason, Position as Inner};
use crate::render::english_name;
use crate::ruleset::TypeId;

/// A position of a variant and the moves played to reach it from where it
/// was made; [`Position::play`] and [`Position::unplay`] push and pop.
///
#[doc = include_str!("../../docs/examples/facade_position.md")]
#[derive(Clone, Debug)]
pub struct Position {
    variant: Variant,
    pos: Inner,
    played: Vec<(InnerMove, Undo)>,
}

/// A legal move of some position, as [`Position::legal_moves`] or
/// [`Position::parse_move`] gives it. Its text and what it does are read
/// through the position it is legal in ([`Position::move_text`],
/// [`Position::legs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move(pub(crate) InnerMove);

impl Move {
    /// Whether the move drops a piece from the hand.
    ///
    #[doc = include_str!("../../docs/examples/facade_drop.md")]
    pub fn is_drop(&self) -> bool {
        self.0.dropped().is_some()
    }

    /// The number of landings (1 for a plain move, 2 for a lion's double
    /// move).
    ///
    #[doc = include_str!("../../docs/examples/facade_legs.md")]
    pub fn landings(&self) -> usize {
        self.0.landings().len()
    }
}

/// A piece on the board or in a hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub colour: Colour,
    /// Its code, as position text writes it (`+P` for a promoted one).
    pub code: String,
    /// Its English name.
    pub name: String,
    /// What is drawn on it: its kanji when the rule file gives them, else
    /// its code.
    pub label: String,
}

/// How [`Position::board_svg_with`] draws the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BoardStyle {
    /// White's side at the bottom (the board turned 180°).
    pub flipped: bool,
    /// Pieces labelled by their codes rather than kanji (for readers
    /// without a CJK font).
    pub codes: bool,
    /// Every square carries a `data-sq="NAME"` hit area for a page to
    /// click and colour.
    pub hit_areas: bool,
    /// The last move played (by [`Position::play`]) is marked.
    pub mark_last_move: bool,
}

/// One kind of piece in a hand, and how many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InHand {
    pub code: String,
    pub name: String,
    pub count: u16,
}

/// What a move does, square by square, for drawing it: where it starts,
/// each step (a landing, or a shot fired from where the piece stands), the
/// squares whose pieces it removes, and its promotion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legs {
    /// The origin (for a drop, the square dropped on).
    pub from: String,
    pub steps: Vec<Step>,
    /// The squares whose pieces the move removes, shots and rule effects
    /// included, in the order they die.
    pub captures: Vec<String>,
    pub promotion: Promotion,
    /// For a drop: the code of the piece placed and of the piece in hand
    /// it comes from (they differ for a piece dropped promoted).
    pub drop: Option<(String, String)>,
}

/// One step of a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub square: String,
    pub kind: StepKind,
}

/// Whether a step moves the piece or shoots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// The piece lands on the square (capturing what stands there).
    Land,
    /// The piece, standing where it last landed, shoots the square.
    Shot,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Colour>,
    pub reason: Reason,
    /// The outcome in words: `black wins (loses_when)`.
    pub text: String,
}

/// Why a game ended, in the rule file's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// A side met the rule file's `loses_when` condition.
    Lost,
    /// A side met the `wins_when` condition of this id.
    Won(String),
    /// A win that could be answered was answered in kind.
    Answered,
    Repetition,
    /// The side to move has no legal move.
    NoMoves,
    /// `[victory.move_limit]`: enough moves were played.
    MoveLimit,
}

impl Position {
    /// The starting position of `variant` ([`Variant::start`]).
    pub(crate) fn start(variant: &Variant) -> Position {
        Position::wrap(variant, Inner::start(variant.rules().clone()))
    }

    pub(super) fn wrap(variant: &Variant, pos: Inner) -> Position {
        Position {
            variant: variant.clone(),
            pos,
            played: Vec::new(),
        }
    }

    /// Reads position text (docs/notation.md); a mistake is
    /// [`ErrorKind::InvalidPosition`] with a diagnostic at the field or
    /// square that is wrong.
    ///
    #[doc = include_str!("../../docs/examples/facade_position_text.md")]
    pub fn from_text(variant: &Variant, text: &str) -> Result<Position, Error> {
        Inner::from_text(variant.rules().clone(), text)
            .map(|p| Position::wrap(variant, p))
            .map_err(|r| Error::from_report(ErrorKind::InvalidPosition, &r))
    }

    /// Reads an SFEN, for variants that have one ([`Variant::has_usi`]).
    ///
    #[doc = include_str!("../../docs/examples/facade_position_text.md")]
    pub fn from_sfen(variant: &Variant, sfen: &str) -> Result<Position, Error> {
        Inner::from_sfen(variant.rules().clone(), sfen)
            .map(|p| Position::wrap(variant, p))
            .map_err(|r| Error::from_report(ErrorKind::InvalidPosition, &r))
    }

    /// The position as text, which [`Position::from_text`] reads back.
    ///
    #[doc = include_str!("../../docs/examples/facade_position_text.md")]
    pub fn to_text(&self) -> String {
        self.pos.to_text()
    }

    /// The position as an SFEN, for variants that have one.
    ///
    #[doc = include_str!("../../docs/examples/facade_position_text.md")]
    pub fn to_sfen(&self) -> Option<String> {
        self.pos.to_sfen()
    }

    /// The variant played.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The side to move.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn side_to_move(&self) -> Colour {
        self.pos.side_to_move()
    }

    fn square(&self, name: &str) -> Result<Square, Error> {
        let geo = &self.pos.rules().geometry;
        geo.parse_square(name).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidArgument,
                format!("`{name}` is not a square of this {}x{} board", geo.width, geo.height),
            )
        })
    }

    fn piece(&self, colour: Colour, ty: TypeId) -> Piece {
        let rules = self.pos.rules();
        Piece {
            colour,
            code: rules.types[usize::from(ty)].code.clone(),
            name: english_name(rules, rules.types[usize::from(ty)].kind).to_string(),
            label: crate::render::piece_label(rules, ty),
        }
    }

    /// The piece on a square (named as in move text: `f4`), if any.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn piece_at(&self, square: &str) -> Result<Option<Piece>, Error> {
        let sq = self.square(square)?;
        Ok(self.pos.piece_at(sq).map(|(c, ty)| self.piece(c, ty)))
    }

    /// Every piece on the board with its square, in square order.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn pieces(&self) -> Vec<(String, Piece)> {
        let geo = &self.pos.rules().geometry;
        (0..geo.len() as Square)
            .filter_map(|sq| {
                self.pos
                    .piece_at(sq)
                    .map(|(c, ty)| (geo.square_name(sq), self.piece(c, ty)))
            })
            .collect()
    }

    /// The pieces in `colour`'s hand (empty without drops).
    ///
    #[doc = include_str!("../../docs/examples/facade_drop.md")]
    pub fn hand(&self, colour: Colour) -> Vec<InHand> {
        let rules = self.pos.rules();
        let Some(drops) = rules.drops.as_ref() else {
            return Vec::new();
        };
        drops
            .hand_types
            .iter()
            .filter(|&&ty| self.pos.in_hand(colour, ty) > 0)
            .map(|&ty| {
                let p = self.piece(colour, ty);
                InHand {
                    code: p.code,
                    name: p.name,
                    count: self.pos.in_hand(colour, ty),
                }
            })
            .collect()
    }

    /// The legal moves, in the move generator's order (none once the game
    /// is over). More moves than the move budget allows is
    /// [`ErrorKind::TooManyMoves`].
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn legal_moves(&self) -> Result<Vec<Move>, Error> {
        let mut moves = Vec::new();
        crate::movegen::legal_moves(&self.pos, &mut moves)?;
        Ok(moves.into_iter().map(Move).collect())
    }

    /// Reads a move in native text or USI and finds it among the legal
    /// moves; anything else is [`ErrorKind::IllegalMove`], saying why.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        crate::notation::parse_move(&self.pos, text)
            .map(Move)
            .map_err(|r| Error::from_report(ErrorKind::IllegalMove, &r))
    }

    /// A legal move's text in `notation`; USI for a variant without it is
    /// [`ErrorKind::Unsupported`].
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn move_text(&self, m: &Move, notation: Notation) -> Result<String, Error> {
        notation
            .check(self.pos.rules())
            .map_err(|e| Error::new(ErrorKind::Unsupported, e))?;
        Ok(crate::notation::write_move(&self.pos, &m.0, notation))
    }

    /// What a legal move does, step by step (for drawing it).
    ///
    #[doc = include_str!("../../docs/examples/facade_legs.md")]
    pub fn legs(&self, m: &Move) -> Legs {
        let rules = self.pos.rules().clone();
        let geo = &rules.geometry;
        let m = &m.0;
        let mut steps = Vec::new();
        for (i, &sq) in m.landings().iter().enumerate() {
            steps.push(Step {
                square: geo.square_name(sq),
                kind: StepKind::Land,
            });
            steps.extend(m.shots_after(i).map(|t| Step {
                square: geo.square_name(t),
                kind: StepKind::Shot,
            }));
        }
        let mut pos = self.pos.clone();
        pos.play_unchecked(m);
        let captures = pos.last_captures().iter().map(|&(s, _)| geo.square_name(s)).collect();
        let code = |ty: TypeId| rules.types[usize::from(ty)].code.clone();
        Legs {
            from: geo.square_name(m.from()),
            steps,
            captures,
            promotion: m.promotion(),
            drop: m.dropped().map(|ty| (code(ty), code(rules.origin(ty)))),
        }
    }

    /// Whether a legal move removes an enemy piece (by landing, passing,
    /// shooting or a rule's effect).
    ///
    #[doc = include_str!("../../docs/examples/facade_legs.md")]
    pub fn is_capture(&self, m: &Move) -> bool {
        let mut pos = self.pos.clone();
        let side = pos.side_to_move();
        pos.play_unchecked(&m.0);
        pos.last_captures().iter().any(|&(sq, _)| {
            // The piece killed stood there before the move.
            self.pos.piece_at(sq).is_some_and(|(c, _)| c != side)
        })
    }

    /// Whether after a legal move a royal of the side then to move is
    /// attacked (could be taken next move): the rule file's `[victory]
    /// check` pieces, else its royals. False in a variant without either.
    ///
    #[doc = include_str!("../../docs/examples/facade_legs.md")]
    pub fn gives_check(&self, m: &Move) -> bool {
        let mut pos = self.pos.clone();
        pos.play_unchecked(&m.0);
        checked(&pos)
    }

    /// Whether a royal of the side to move is attacked, as
    /// [`Position::gives_check`] judges it after the last move (false in a
    /// variant without check pieces or royals).
    ///
    #[doc = include_str!("../../docs/examples/facade_in_check.md")]
    pub fn in_check(&self) -> bool {
        checked(&self.pos)
    }

    /// The legal moves as a perft `convention` lists them
    /// ([`Convention::Fsf`] lists the mating pawn drops Fairy-Stockfish
    /// lists and ignores repetition; [`Convention::Paths`] is
    /// [`Position::legal_moves`]).
    ///
    #[doc = include_str!("../../docs/examples/facade_legal_moves_as.md")]
    pub fn legal_moves_as(&self, convention: Convention) -> Result<Vec<Move>, Error> {
        let mut moves = Vec::new();
        let mut pos = self.pos.clone();
        crate::perft::convention_moves(&mut pos, convention, &mut moves)?;
        Ok(moves.into_iter().map(Move).collect())
    }

    /// Plays a move (it must be legal here: else
    /// [`ErrorKind::IllegalMove`]).
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn play(&mut self, m: &Move) -> Result<(), Error> {
        let undo = self
            .pos
            .play(&m.0)
            .map_err(|e| Error::new(ErrorKind::IllegalMove, e.to_string()))?;
        self.played.push((m.0, undo));
        Ok(())
    }

    /// Reads a move ([`Position::parse_move`]) and plays it.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn play_text(&mut self, text: &str) -> Result<Move, Error> {
        let m = self.parse_move(text)?;
        self.play(&m)?;
        Ok(m)
    }

    /// Lets a side set up without a royal play on, as [`super::mate`] and
    /// [`super::check_line`] let the attacker of a mate problem
    /// (docs/mate.md): when exactly one side has no piece of the royal
    /// kinds and the position is judged lost for it, it is not judged lost
    /// for that from now on, here and after the moves played from here (so
    /// a mate's line can be played for its text). Returns the side spared.
    ///
    #[doc = include_str!("../../docs/examples/facade_mate.md")]
    pub fn spare_royalless(&mut self) -> Option<Colour> {
        crate::mate::spare_royalless(&mut self.pos)
    }

    /// Takes the last move played back, and returns it (`None` when no
    /// move was played since the position was made).
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn unplay(&mut self) -> Option<Move> {
        let (m, undo) = self.played.pop()?;
        self.pos.unplay(&undo);
        Some(Move(m))
    }

    /// The moves played since the position was made, first first.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn moves_played(&self) -> Vec<Move> {
        self.played.iter().map(|&(m, _)| Move(m)).collect()
    }

    /// How the game ended, if it has: by the rules' judgement after the
    /// last move, or because the side to move has no legal move.
    ///
    #[doc = include_str!("../../docs/examples/facade_outcome.md")]
    pub fn outcome(&self) -> Option<Outcome> {
        let rules = self.pos.rules();
        self.pos.result().map(|o| Outcome {
            winner: o.winner(),
            reason: match o.reason {
                EndReason::Lost => Reason::Lost,
                EndReason::Won(i) => Reason::Won(
                    rules
                        .victory
                        .wins
                        .get(usize::from(i))
                        .map_or_else(String::new, |w| w.id.clone()),
                ),
                EndReason::Answered => Reason::Answered,
                EndReason::Repetition => Reason::Repetition,
                EndReason::NoMoves => Reason::NoMoves,
                EndReason::MoveLimit => Reason::MoveLimit,
            },
            text: crate::render::outcome_text(rules, &o),
        })
    }

    /// The board as text, as `gunbai show` prints it.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn board_text(&self) -> String {
        crate::render::board::board_text(&self.pos)
    }

    /// The board as an SVG picture, seen from Black's side.
    ///
    #[doc = include_str!("../../docs/examples/facade_position.md")]
    pub fn board_svg(&self) -> String {
        crate::render::svg::board_svg(self.pos.rules(), &crate::render::pieces(&self.pos))
    }

    /// The board as an SVG picture, drawn as `style` says.
    ///
    #[doc = include_str!("../../docs/examples/facade_board_svg.md")]
    pub fn board_svg_with(&self, style: BoardStyle) -> String {
        use crate::render::svg::{BoardView, Labels, board_view_svg};
        let last_move = match self.played.last() {
            Some((m, _)) if style.mark_last_move => {
                std::iter::once(m.from()).chain(m.landings().iter().copied()).collect()
            }
            _ => Vec::new(),
        };
        let view = BoardView {
            view: if style.flipped { Colour::White } else { Colour::Black },
            labels: if style.codes { Labels::Codes } else { Labels::Names },
            last_move,
            hit_areas: style.hit_areas,
        };
        board_view_svg(self.pos.rules(), &crate::render::pieces(&self.pos), &view)
    }

    /// The position the unstable modules work on.
    pub(crate) fn inner(&self) -> &Inner {
        &self.pos
    }
}

/// Whether a royal of the side to move is attacked: the rule file's
/// `[victory] check` pieces, else its royals.
fn checked(pos: &Inner) -> bool {
    let rules = pos.rules();
    let royals = if rules.check_set.is_empty() {
        rules.royals.as_ref()
    } else {
        Some(&rules.check_set)
    };
    royals.is_some_and(|set| !set.is_empty() && crate::movegen::attacked_among(pos, pos.side_to_move(), set))
}
