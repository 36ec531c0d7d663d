//! SVG pictures: a piece's move map on an empty board, and a whole board
//! (the setup) with its pieces.
//!
//! Plain string building with no dependencies. Drawings use a viewBox, so
//! they scale to any size; boards up to 36x36 stay legible because the
//! grid is drawn as lines, and only marked squares add elements.
//!
//! A move map is drawn in its owner's frame (forward is up), as the text
//! diagram is. The marks follow the source tables' legend (seed 002): a
//! line with an arrow for a slide, `●` a step, `□` the first step of a
//! lion-type move, `■` a jump or a later leg, `○` a hop's screen and `◇`
//! where the hop lands beyond it.

use super::{english_name, is_ideographic, piece_label};
use crate::board::{Colour, Square};
use crate::diagram::{Mark, MoveMap};
use crate::ruleset::{Ruleset, TypeId};
use std::fmt::Write as _;

/// Side of one square, in SVG user units.
const CELL: f64 = 40.0;
/// Space left of the board for rank numbers.
const LEFT: f64 = 30.0;
/// Space right of the board.
const RIGHT: f64 = 14.0;
/// Space under the board for file letters.
const FILES: f64 = 24.0;
/// Height of one legend row.
const LEGEND_ROW: f64 = 26.0;
/// Narrowest drawing, so that the title and the legend fit.
const MIN_WIDTH: f64 = 340.0;
/// The width a code of three letters or more is drawn at, in squares: the
/// piece's pentagon is 0.76 wide.
const MAX_CODE_WIDTH: f64 = 0.7;

const BOARD_FILL: &str = "#f4e4c1";
const ZONE_FILL: &str = "#e9cf9a";
const GRID: &str = "#8b6b3d";
const INK: &str = "#1b1b1b";
const SLIDE: &str = "#1f5fbf";
const PROMOTED: &str = "#b3261e";
const PIECE_FILL: &str = "#fbe9bd";
const PIECE_EDGE: &str = "#5b4121";
const ORIGIN_FILL: &str = "#f7d27a";
const LAST_MOVE_FILL: &str = "#c9dd8c";
const FONT: &str = "'Noto Serif CJK JP','Noto Serif CJK TC','Noto Sans CJK JP','Source Han Serif',\
'Hiragino Mincho ProN','Yu Mincho','MS Mincho',serif";
const UI_FONT: &str = "'DejaVu Sans','Noto Sans',Helvetica,Arial,sans-serif";

/// Escapes text for XML and HTML (element content and quoted attributes).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A rectangle of squares in a viewer's frame: `u` counts files from the
/// viewer's left, `v` ranks from the viewer's side, both from 0.
#[derive(Clone, Copy)]
struct Window {
    u0: i32,
    u1: i32,
    v0: i32,
    v1: i32,
    /// The viewer: Black sees the board as it is, White rotated 180°.
    view: Colour,
    width: i32,
    height: i32,
    top: f64,
}

impl Window {
    fn columns(&self) -> i32 {
        self.u1 - self.u0 + 1
    }
    fn rows(&self) -> i32 {
        self.v1 - self.v0 + 1
    }
    /// The board square at viewer coordinates, if on the board.
    fn board_xy(&self, u: i32, v: i32) -> (i32, i32) {
        match self.view {
            Colour::Black => (u, v),
            Colour::White => (self.width - 1 - u, self.height - 1 - v),
        }
    }
    fn view_uv(&self, x: i32, y: i32) -> (i32, i32) {
        // The rotation is its own inverse.
        self.board_xy(x, y)
    }
    fn contains(&self, u: i32, v: i32) -> bool {
        (self.u0..=self.u1).contains(&u) && (self.v0..=self.v1).contains(&v)
    }
    /// Centre of a square in SVG coordinates (y grows downwards).
    fn centre(&self, u: i32, v: i32) -> (f64, f64) {
        (
            LEFT + f64::from(u - self.u0) * CELL + CELL / 2.0,
            self.top + f64::from(self.v1 - v) * CELL + CELL / 2.0,
        )
    }
    fn board_width(&self) -> f64 {
        f64::from(self.columns()) * CELL
    }
    fn board_height(&self) -> f64 {
        f64::from(self.rows()) * CELL
    }
}

/// Draws the board of a window: the squares, shaded ones, the grid and
/// the coordinates.
fn draw_board(out: &mut String, rules: &Ruleset, win: &Window, shade: &dyn Fn(Square) -> Option<&'static str>) {
    let geo = &rules.geometry;
    let (x0, y0) = (LEFT, win.top);
    let (w, h) = (win.board_width(), win.board_height());
    let _ = writeln!(
        out,
        r#"<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="{BOARD_FILL}"/>"#
    );
    for v in win.v0..=win.v1 {
        for u in win.u0..=win.u1 {
            let (x, y) = win.board_xy(u, v);
            if let Some(fill) = geo.square(x, y).and_then(shade) {
                let (cx, cy) = win.centre(u, v);
                let _ = writeln!(
                    out,
                    r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#,
                    cx - CELL / 2.0,
                    cy - CELL / 2.0
                );
            }
        }
    }
    let mut grid = String::new();
    for i in 0..=win.columns() {
        let x = x0 + f64::from(i) * CELL;
        let _ = write!(grid, "M{x} {y0}V{}", y0 + h);
    }
    for i in 0..=win.rows() {
        let y = y0 + f64::from(i) * CELL;
        let _ = write!(grid, "M{x0} {y}H{}", x0 + w);
    }
    let _ = writeln!(
        out,
        r#"<path d="{grid}" stroke="{GRID}" stroke-width="1" fill="none"/>"#
    );
    let _ = writeln!(
        out,
        r#"<rect x="{x0}" y="{y0}" width="{w}" height="{h}" fill="none" stroke="{PIECE_EDGE}" stroke-width="2"/>"#
    );
    // Coordinates: rank numbers on the left, file letters underneath.
    let _ = write!(
        out,
        r#"<g font-family="{UI_FONT}" font-size="12" fill="{GRID}" text-anchor="middle">"#
    );
    for v in win.v0..=win.v1 {
        let (_, y) = win.board_xy(win.u0, v);
        let (_, cy) = win.centre(win.u0, v);
        let _ = write!(out, r#"<text x="{}" y="{}">{}</text>"#, LEFT / 2.0, cy + 4.0, y + 1);
    }
    for u in win.u0..=win.u1 {
        let (x, _) = win.board_xy(u, win.v0);
        let (cx, _) = win.centre(u, win.v0);
        let file = geo
            .square(x, 0)
            .map(|sq| geo.square_name(sq))
            .unwrap_or_default()
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .to_string();
        let _ = write!(out, r#"<text x="{cx}" y="{}">{file}</text>"#, y0 + h + 16.0);
    }
    out.push_str("</g>\n");
}

/// Draws a piece: a shogi-piece pentagon pointing at the opponent, with
/// its label (kanji stacked top to bottom, or a code across).
fn draw_piece(out: &mut String, (cx, cy): (f64, f64), label: &str, promoted: bool, upside_down: bool) {
    let s = CELL;
    let points = [(0.0, -0.44), (0.31, -0.30), (0.38, 0.43), (-0.38, 0.43), (-0.31, -0.30)]
        .iter()
        .map(|(x, y)| format!("{:.1},{:.1}", x * s, y * s))
        .collect::<Vec<_>>()
        .join(" ");
    let rotate = if upside_down { " rotate(180)" } else { "" };
    let _ = write!(
        out,
        r#"<g transform="translate({cx:.1} {cy:.1}){rotate}"><polygon points="{points}" fill="{PIECE_FILL}" stroke="{PIECE_EDGE}" stroke-width="1.2" stroke-linejoin="round"/>"#
    );
    out.push_str(&piece_text(label, promoted));
    out.push_str("</g>\n");
}

/// The label of a piece centred on (0, 0).
fn piece_text(label: &str, promoted: bool) -> String {
    let colour = if promoted { PROMOTED } else { INK };
    let chars: Vec<char> = label.chars().collect();
    let ideographic = is_ideographic(label);
    let mut out = String::new();
    if ideographic && chars.len() > 1 {
        // Stacked top to bottom, as written on real pieces.
        let n = chars.len() as f64;
        let size = (0.74 * CELL / n).min(0.36 * CELL);
        let first = 0.06 * CELL - size * (n - 1.0) / 2.0;
        let _ = write!(
            out,
            r#"<text font-family="{FONT}" font-size="{size:.1}" font-weight="600" fill="{colour}" text-anchor="middle">"#
        );
        for (i, c) in chars.iter().enumerate() {
            let y = first + size * i as f64 + size * 0.36;
            let _ = write!(out, r#"<tspan x="0" y="{y:.1}">{}</tspan>"#, escape(&c.to_string()));
        }
        out.push_str("</text>");
    } else {
        let size = if ideographic {
            0.5 * CELL
        } else {
            (0.9 * CELL / (0.62 * chars.len().max(1) as f64)).min(0.42 * CELL)
        };
        let font = if ideographic { FONT } else { UI_FONT };
        // A code of three letters or more (`+DK`, `++LN`) is squeezed to
        // the piece's width, whatever the font's letters measure.
        let fit = if !ideographic && chars.len() >= 3 {
            format!(
                r#" textLength="{:.1}" lengthAdjust="spacingAndGlyphs""#,
                MAX_CODE_WIDTH * CELL
            )
        } else {
            String::new()
        };
        let _ = write!(
            out,
            r#"<text x="0" y="{:.1}" font-family="{font}" font-size="{size:.1}" font-weight="600" fill="{colour}" text-anchor="middle"{fit}>{}</text>"#,
            0.04 * CELL + size * 0.36,
            escape(label)
        );
    }
    out
}

/// Unit vector of an owner-frame direction, in SVG coordinates.
fn screen_dir(dx: i8, dy: i8) -> (f64, f64) {
    let (x, y) = (f64::from(dx), -f64::from(dy));
    let len = (x * x + y * y).sqrt().max(1e-9);
    (x / len, y / len)
}

fn arrow_head(out: &mut String, (tx, ty): (f64, f64), (ux, uy): (f64, f64)) {
    let (bx, by) = (tx - ux * 0.3 * CELL, ty - uy * 0.3 * CELL);
    let (px, py) = (-uy * 0.15 * CELL, ux * 0.15 * CELL);
    let _ = writeln!(
        out,
        r#"<polygon points="{tx:.1},{ty:.1} {:.1},{:.1} {:.1},{:.1}" fill="{SLIDE}"/>"#,
        bx + px,
        by + py,
        bx - px,
        by - py
    );
}

fn line(out: &mut String, (x1, y1): (f64, f64), (x2, y2): (f64, f64)) {
    let _ = writeln!(
        out,
        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke="{SLIDE}" stroke-width="3.5" stroke-linecap="round"/>"#
    );
}

/// Draws one non-slide mark centred at `c`.
fn draw_mark(out: &mut String, (cx, cy): (f64, f64), mark: Mark) {
    let half = 0.17 * CELL;
    match mark {
        Mark::Step => {
            let _ = writeln!(
                out,
                r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{INK}"/>"#,
                0.16 * CELL
            );
        }
        Mark::FirstLeg => {
            let _ = writeln!(
                out,
                r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#fff" stroke="{INK}" stroke-width="3"/>"##,
                cx - half,
                cy - half,
                2.0 * half,
                2.0 * half
            );
        }
        Mark::Leap => {
            let _ = writeln!(
                out,
                r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{INK}"/>"#,
                cx - half,
                cy - half,
                2.0 * half,
                2.0 * half
            );
        }
        Mark::Screen => {
            let _ = writeln!(
                out,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="#fff" stroke="{INK}" stroke-width="3"/>"##,
                0.16 * CELL
            );
        }
        Mark::Hop => {
            let _ = writeln!(
                out,
                r##"<polygon points="{cx:.1},{:.1} {:.1},{cy:.1} {cx:.1},{:.1} {:.1},{cy:.1}" fill="#fff" stroke="{INK}" stroke-width="3"/>"##,
                cy - half,
                cx + half,
                cy + half,
                cx - half
            );
        }
        Mark::Slide(d) => {
            // A slide not continuing a line from the piece: a short arrow.
            let (ux, uy) = screen_dir(d.dx, d.dy);
            let from = (cx - ux * 0.3 * CELL, cy - uy * 0.3 * CELL);
            let tip = (cx + ux * 0.38 * CELL, cy + uy * 0.38 * CELL);
            line(out, from, (cx, cy));
            arrow_head(out, tip, (ux, uy));
        }
    }
}

/// The window a move map is drawn in: the whole board, or `radius`
/// squares around the origin, clipped to the board.
fn map_window(rules: &Ruleset, colour: Colour, origin: Square, radius: Option<i32>, top: f64) -> Window {
    let geo = &rules.geometry;
    let (width, height) = (geo.width as i32, geo.height as i32);
    let mut win = Window {
        u0: 0,
        u1: width - 1,
        v0: 0,
        v1: height - 1,
        view: colour,
        width,
        height,
        top,
    };
    if let Some(r) = radius {
        let (x, y) = geo.xy(origin);
        let (ou, ov) = win.view_uv(x, y);
        let r = crate::diagram::clip_radius(geo, r);
        win.u0 = (ou - r).max(0);
        win.u1 = (ou + r).min(width - 1);
        win.v0 = (ov - r).max(0);
        win.v1 = (ov + r).min(height - 1);
    }
    win
}

/// Draws the move map of a piece of type `ty` for `colour` (made by
/// [`crate::diagram::move_map`] with the same type and colour): the
/// board or a window of `radius` squares around the piece, the marks, a
/// title and a legend of the marks used.
pub fn move_map_svg(rules: &Ruleset, ty: TypeId, colour: Colour, map: &MoveMap, radius: Option<i32>) -> String {
    move_map_labels_svg(rules, ty, colour, map, radius, Labels::Names)
}

/// Draws a move map as [`move_map_svg`] does, the piece labelled as
/// `labels` says.
pub fn move_map_labels_svg(
    rules: &Ruleset,
    ty: TypeId,
    colour: Colour,
    map: &MoveMap,
    radius: Option<i32>,
    labels: Labels,
) -> String {
    let geo = &rules.geometry;
    let kind = rules.types[usize::from(ty)].kind;
    let code = &rules.types[usize::from(ty)].code;
    let label = match labels {
        Labels::Names => piece_label(rules, ty),
        Labels::Codes => code.clone(),
    };
    let promoted = rules.types[usize::from(ty)].promoted_from.is_some();
    let top = 52.0;
    let win = map_window(rules, colour, map.origin, radius, top);

    let mut body = String::new();
    draw_board(&mut body, rules, &win, &|sq| (sq == map.origin).then_some(ORIGIN_FILL));

    // Marks in the owner's frame, keyed by window coordinates.
    let mark_at = |u: i32, v: i32| -> Option<Mark> {
        let (x, y) = win.board_xy(u, v);
        geo.square(x, y).and_then(|sq| map.marks[usize::from(sq)])
    };
    let (ox, oy) = geo.xy(map.origin);
    let (ou, ov) = win.view_uv(ox, oy);
    let mut used: Vec<Mark> = Vec::new();
    let mut symbols = String::new();
    for v in win.v0..=win.v1 {
        for u in win.u0..=win.u1 {
            let Some(mark) = mark_at(u, v) else { continue };
            let key = match mark {
                Mark::Slide(_) => Mark::Slide(crate::board::Offset::new(0, 1)),
                m => m,
            };
            if !used.contains(&key) {
                used.push(key);
            }
            let c = win.centre(u, v);
            let Mark::Slide(d) = mark else {
                draw_mark(&mut symbols, c, mark);
                continue;
            };
            let (pu, pv) = (u - i32::from(d.dx), v - i32::from(d.dy));
            let (nu, nv) = (u + i32::from(d.dx), v + i32::from(d.dy));
            let from_origin = (pu, pv) == (ou, ov);
            if !from_origin && mark_at(pu, pv) != Some(mark) {
                draw_mark(&mut symbols, c, mark);
                continue;
            }
            let (ux, uy) = screen_dir(d.dx, d.dy);
            let p = win.centre(pu, pv);
            let start = if from_origin {
                (p.0 + ux * 0.5 * CELL, p.1 + uy * 0.5 * CELL)
            } else {
                p
            };
            // Lines from outside the window start at its edge.
            let start = if from_origin || win.contains(pu, pv) {
                start
            } else {
                (c.0 - ux * 0.5 * CELL, c.1 - uy * 0.5 * CELL)
            };
            line(&mut body, start, c);
            let continues = win.contains(nu, nv) && mark_at(nu, nv) == Some(mark);
            if !continues {
                arrow_head(&mut symbols, (c.0 + ux * 0.4 * CELL, c.1 + uy * 0.4 * CELL), (ux, uy));
            }
        }
    }
    body.push_str(&symbols);
    if win.contains(ou, ov) {
        draw_piece(&mut body, win.centre(ou, ov), &label, promoted, false);
    }
    used.sort();

    let title = if label == *code {
        format!("{} ({code})", english_name(rules, kind))
    } else {
        format!("{label} {} ({code})", english_name(rules, kind))
    };
    let subtitle = format!(
        "from {}, {colour}, forward up: {} move paths",
        geo.square_name(map.origin),
        map.paths
    );
    // Wide enough for the board, the subtitle and the longest legend line
    // (estimated from the character count: no font metrics here).
    let legend_chars = used.iter().map(|&m| mark_meaning(m).len()).max().unwrap_or(0);
    let width = (LEFT + win.board_width() + RIGHT)
        .max(MIN_WIDTH)
        .max(LEFT + 7.2 * subtitle.chars().count() as f64)
        .max(LEFT + 36.0 + 7.8 * legend_chars as f64)
        .ceil();
    let legend_top = top + win.board_height() + FILES + 10.0;
    let height = legend_top + LEGEND_ROW * (used.len() as f64 + 1.0) + 6.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    let _ = writeln!(
        out,
        r#"<text x="{LEFT}" y="22" font-family="{FONT}" font-size="18" font-weight="600" fill="{INK}">{}</text>"#,
        escape(&title)
    );
    let _ = writeln!(
        out,
        r##"<text x="{LEFT}" y="40" font-family="{UI_FONT}" font-size="13" fill="#555">{}</text>"##,
        escape(&subtitle)
    );
    out.push_str(&body);
    draw_legend(&mut out, legend_top, &label, promoted, &used);
    out.push_str("</svg>\n");
    out
}

/// What each mark means, for the legend.
fn mark_meaning(mark: Mark) -> &'static str {
    match mark {
        Mark::Slide(_) => "slides any number of squares through empty ones",
        Mark::Step => "steps one square",
        Mark::FirstLeg => "first step of a lion-type move (it may step again)",
        Mark::Leap => "jumps there (or a later step of a lion-type move)",
        Mark::Screen => "a screen: the piece hops over the first piece on this line",
        Mark::Hop => "lands there beyond the screen",
    }
}

/// One row for the piece, then one per mark used.
fn draw_legend(out: &mut String, top: f64, label: &str, promoted: bool, used: &[Mark]) {
    let row = |i: usize| top + LEGEND_ROW * i as f64 + LEGEND_ROW / 2.0;
    let x = LEFT + 12.0;
    let mut piece = String::new();
    draw_piece(&mut piece, (0.0, 0.0), label, promoted, false);
    let _ = writeln!(
        out,
        r#"<g transform="translate({x} {}) scale(0.55)">{piece}</g>"#,
        row(0)
    );
    let mut texts = vec!["the piece"];
    for (i, &m) in used.iter().enumerate() {
        let (cx, cy) = (x, row(i + 1));
        if let Mark::Slide(_) = m {
            line(out, (cx - 10.0, cy), (cx + 4.0, cy));
            arrow_head(out, (cx + 12.0, cy), (1.0, 0.0));
        } else {
            let mut g = String::new();
            draw_mark(&mut g, (0.0, 0.0), m);
            let _ = writeln!(out, r#"<g transform="translate({cx} {cy}) scale(0.75)">{g}</g>"#);
        }
        texts.push(mark_meaning(m));
    }
    for (i, text) in texts.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{:.1}" font-family="{UI_FONT}" font-size="14" fill="{INK}">{}</text>"#,
            LEFT + 36.0,
            row(i) + 4.5,
            escape(text)
        );
    }
}

/// What a piece shows on its face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Labels {
    /// Its kanji (the first of [`super::LABEL_SCRIPTS`] given), else its code.
    #[default]
    Names,
    /// Its code (`LN`, `+P`), for readers without a CJK font.
    Codes,
}

/// How a board is drawn: from whose side, with which labels, which squares
/// marked as the last move, and whether every square carries a
/// `data-sq="NAME"` hit area for a page to click and colour.
#[derive(Clone, Debug)]
pub struct BoardView {
    /// The side at the bottom: Black as the board is, White rotated 180°.
    pub view: Colour,
    pub labels: Labels,
    pub last_move: Vec<Square>,
    pub hit_areas: bool,
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView {
            view: Colour::Black,
            labels: Labels::Names,
            last_move: Vec::new(),
            hit_areas: false,
        }
    }
}

/// Draws a board with pieces: the setup of a variant (or any list of
/// pieces), seen from Black's side, with each side's promotion zone
/// shaded. White's pieces point down the board.
pub fn board_svg(rules: &Ruleset, pieces: &[(Square, Colour, TypeId)]) -> String {
    board_view_svg(rules, pieces, &BoardView::default())
}

/// Draws a board with pieces as [`board_svg`] does, as `view` asks.
pub fn board_view_svg(rules: &Ruleset, pieces: &[(Square, Colour, TypeId)], view: &BoardView) -> String {
    let geo = &rules.geometry;
    let top = 8.0;
    let win = Window {
        u0: 0,
        u1: geo.width as i32 - 1,
        v0: 0,
        v1: geo.height as i32 - 1,
        view: view.view,
        width: geo.width as i32,
        height: geo.height as i32,
        top,
    };
    let in_zone = |sq: Square| {
        rules
            .promotion
            .as_ref()
            .is_some_and(|p| p.zone.iter().any(|z| z.get(usize::from(sq)).copied().unwrap_or(false)))
    };
    let mut body = String::new();
    draw_board(&mut body, rules, &win, &|sq| {
        if view.last_move.contains(&sq) {
            Some(LAST_MOVE_FILL)
        } else {
            in_zone(sq).then_some(ZONE_FILL)
        }
    });
    for &(sq, colour, ty) in pieces {
        let (x, y) = geo.xy(sq);
        let (u, v) = win.view_uv(x, y);
        let promoted = rules.types[usize::from(ty)].promoted_from.is_some();
        let label = match view.labels {
            Labels::Names => piece_label(rules, ty),
            Labels::Codes => rules.types[usize::from(ty)].code.clone(),
        };
        draw_piece(&mut body, win.centre(u, v), &label, promoted, colour != view.view);
    }
    if view.hit_areas {
        // Transparent squares on top of everything: a page finds a square
        // by its name and colours it with a class of its own.
        body.push_str(r#"<g class="hit" fill="transparent">"#);
        for sq in 0..geo.len() as Square {
            let (x, y) = geo.xy(sq);
            let (u, v) = win.view_uv(x, y);
            let (cx, cy) = win.centre(u, v);
            let _ = write!(
                body,
                r#"<rect class="sq" data-sq="{}" x="{}" y="{}" width="{CELL}" height="{CELL}"/>"#,
                geo.square_name(sq),
                cx - CELL / 2.0,
                cy - CELL / 2.0
            );
        }
        body.push_str("</g>\n");
    }
    let width = LEFT + win.board_width() + RIGHT;
    let height = top + win.board_height() + FILES + 4.0;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img">"#
    );
    let _ = writeln!(out, r##"<rect width="100%" height="100%" fill="#fff"/>"##);
    out.push_str(&body);
    out.push_str("</svg>\n");
    out
}
