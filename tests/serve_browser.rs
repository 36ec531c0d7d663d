//! The playground in a real browser: headless Chromium driven over
//! WebDriver (chromedriver, Debian `chromium-driver`), as a person would
//! use it. `.ci/packages.d/serve` installs the browser; without it this
//! test fails rather than skips.
//!
//! Screenshots go to target/serve-screenshots/ (copies of them are in
//! docs/images/, linked from the README).

mod browser_support;
mod serve_support;

use browser_support::{
    Driver, break_and_mend_rule_file, browser, click, click_square, download_dir, js, marks, pick_variant, play,
    shogi_drop, squares_marked, until,
};
use fantoccini::{Client, Locator};
use serde_json::json;
use serve_support::Served;
use std::time::{Duration, Instant};

const WIDE: &str = "tests/data/serve_wide36.toml";

/// Where this test's screenshots go (under target/).
async fn screenshot(c: &Client, name: &str) {
    browser_support::screenshot(c, "serve-screenshots", name).await;
}

#[tokio::test(flavor = "current_thread")]
async fn playground_in_headless_chromium() {
    let served = Served::start(&[WIDE]);
    let driver = Driver::start();
    let downloads = download_dir();
    let c = browser(&driver, &downloads).await;
    c.goto(&served.url).await.unwrap();
    until(&c, "S.pos !== null").await;

    // Chu: the start position, 36 moves (shogiops' perft 1).
    pick_variant(&c, "chu").await;
    until(&c, "document.getElementById('move-count').textContent === '36'").await;
    screenshot(&c, "chu-start.png").await;

    // The lion goes up to f8, next to White's pawns e9, f9, g9. A lion step
    // can go on, so ending on f8 takes a second click there.
    play(&c, &["f3", "f5"]).await;
    play(&c, &["a9", "a8"]).await;
    play(&c, &["f5", "f7"]).await;
    play(&c, &["l9", "l8"]).await;
    play(&c, &["f7", "f8", "f8"]).await;
    play(&c, &["a8", "a7"]).await;

    // Select the lion: every destination, the igui and double-capture legs.
    click_square(&c, "f8").await;
    let from_api = served.post(
        "/api/moves",
        &json!({"variant": "chu", "moves": js(&c, "S.game.moves").await, "from": "f8"}),
    );
    let mut finals: Vec<String> = from_api.json()["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            m["steps"].as_array().unwrap().last().unwrap()["square"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    finals.sort();
    finals.dedup();
    assert_eq!(squares_marked(&c, "dest").await, finals);
    let f8 = marks(&c, "f8").await;
    assert!(
        f8.contains(&"sel".into()) && f8.contains(&"dest".into()),
        "igui returns to f8: {f8:?}"
    );
    for sq in ["e9", "f9", "g9"] {
        let m = marks(&c, sq).await;
        for class in ["next", "via", "cap"] {
            assert!(m.contains(&class.to_string()), "{sq} lacks {class}: {m:?}");
        }
    }
    // Second legs capture the pieces behind (e10, f10, h10).
    for sq in ["e10", "f10", "h10"] {
        assert!(marks(&c, sq).await.contains(&"cap".to_string()), "{sq}");
    }
    screenshot(&c, "lion-selected.png").await;

    // First leg onto f9: the moves that go on from there are offered.
    click_square(&c, "f9").await;
    let next = squares_marked(&c, "next").await;
    for sq in ["e9", "g9", "e10", "f10", "f8"] {
        assert!(next.contains(&sq.to_string()), "{sq} not offered after f9: {next:?}");
    }
    assert!(
        js(&c, "document.getElementById('hint').textContent")
            .await
            .as_str()
            .unwrap()
            .contains("f9 again")
    );
    click_square(&c, "g9").await;
    until(&c, "S.pos.ply === 7").await;
    assert_eq!(js(&c, "S.pos.history[6].text").await, "f8xf9xg9");
    assert_eq!(
        js(
            &c,
            "document.querySelector('#history li:last-child button').textContent"
        )
        .await,
        "f8xf9xg9"
    );
    assert_eq!(js(&c, "S.pos.pieces.some(p => p.square === 'f9')").await, false);
    assert_eq!(js(&c, "S.pos.last_move").await, json!(["f8", "f9", "g9"]));

    // Undo: both pawns are back.
    click(&c, "#undo").await;
    until(&c, "S.pos.ply === 6").await;
    assert_eq!(
        js(
            &c,
            "S.pos.pieces.some(p => p.square === 'f9') && S.pos.pieces.some(p => p.square === 'g9')"
        )
        .await,
        true
    );
    assert_eq!(js(&c, "document.querySelectorAll('#history li').length").await, 6);

    // Jump back to ply 2 and forward again; the later moves are kept.
    click(&c, "#history button[data-ply='2']").await;
    until(&c, "S.pos.ply === 2 && S.game.moves.length === 6").await;
    assert_eq!(js(&c, "S.pos.pieces.find(p => p.square === 'f5').code").await, "LN");
    click(&c, "#history button[data-ply='6']").await;
    until(&c, "S.pos.ply === 6").await;

    // Flip: White at the bottom, so a1 is drawn in the top right corner.
    click(&c, "#flip").await;
    until(
        &c,
        "S.flip && Number(document.querySelector(\"#board [data-sq='a1']\").getAttribute('y')) < 50",
    )
    .await;
    click(&c, "#flip").await;
    until(
        &c,
        "!S.flip && Number(document.querySelector(\"#board [data-sq='a1']\").getAttribute('y')) > 400",
    )
    .await;

    // Export the position as SFEN (lishogi's form of it).
    js(&c, "(document.getElementById('io-box').open = true)").await;
    click(&c, "#export-sfen").await;
    assert_eq!(
        js(
            &c,
            "document.getElementById('io').value === S.pos.sfen && S.pos.sfen.length > 0"
        )
        .await,
        true
    );
    c.find(Locator::Id("io")).await.unwrap().clear().await.unwrap();

    // Hover the lion: its name, diagram and promotion.
    c.find(Locator::Css("#board [data-sq='f8']")).await.unwrap();
    js(&c, "(document.querySelector(\"#board [data-sq='f8']\").dispatchEvent(new MouseEvent('mouseover', {bubbles: true})), true)").await;
    until(&c, "document.getElementById('piece-name') !== null").await;
    let name = js(&c, "document.getElementById('piece-name').textContent").await;
    assert!(name.as_str().unwrap().contains("Lion"), "{name}");
    assert_eq!(js(&c, "document.querySelector('#piece-info svg') !== null").await, true);

    // An option changes the moves: a pawn one step from the last rank may
    // decline promotion, unless last_rank_forced_promotion is on.
    c.find(Locator::Id("io"))
        .await
        .unwrap()
        .send_keys("11,k/P,11/12/12/12/12/12/12/12/12/12/K,11 b")
        .await
        .unwrap();
    click(&c, "#import").await;
    until(&c, "S.pos.position.startsWith('11,k/P,11')").await;
    let before = js(&c, "S.legal.length").await.as_u64().unwrap();
    click_square(&c, "a11").await;
    assert_eq!(squares_marked(&c, "dest").await, ["a12"]);
    click_square(&c, "a12").await;
    until(&c, "!document.getElementById('promo').hidden").await;
    assert_eq!(
        js(&c, "document.querySelectorAll('#promo-choices button').length").await,
        2
    );
    click(&c, "#promo-cancel").await;
    click(&c, "#opt-last_rank_forced_promotion").await;
    until(&c, &format!("S.legal.length === {}", before - 1)).await;
    assert_eq!(
        js(&c, "S.legal.filter(m => m.from === 'a11').map(m => m.text)").await,
        json!(["a11-a12+"])
    );

    // Break the rule file in the editor: the diagnostic sits at its line;
    // mended, the board comes back.
    break_and_mend_rule_file(&c, "serve-screenshots", "editor-diagnostic.png").await;

    // Save as: the browser downloads the editor's text (the server writes
    // nothing).
    click(&c, "#save-as").await;
    let saved = downloads.join("chu.toml");
    let deadline = Instant::now() + Duration::from_secs(20);
    while !saved.exists() {
        assert!(Instant::now() < deadline, "no download in {}", downloads.display());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let editor = js(&c, "document.getElementById('editor').value").await;
    assert_eq!(std::fs::read_to_string(&saved).unwrap(), editor.as_str().unwrap());

    // Shogi: pieces in hand and drops.
    shogi_drop(&c, "serve-screenshots", "shogi-drop.png").await;

    // Ko: a 19x19 board with kanji.
    pick_variant(&c, "ko").await;
    assert_eq!(
        js(&c, "document.querySelectorAll('#board [data-sq]').length").await,
        19 * 19
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    screenshot(&c, "ko-start.png").await;

    // Piece codes instead of kanji.
    click(&c, "#labels").await;
    until(
        &c,
        "S.labels === 'codes' && !/[\\u2E80-\\u9FFF]/.test(document.getElementById('board').textContent)",
    )
    .await;
    click(&c, "#labels").await;

    // The 36x36 test file.
    pick_variant(&c, "serve_wide36").await;
    assert_eq!(
        js(&c, "document.querySelectorAll('#board [data-sq]').length").await,
        36 * 36
    );
    assert_eq!(
        js(
            &c,
            "document.querySelector('#board svg').getBoundingClientRect().width > 300"
        )
        .await,
        true
    );
    screenshot(&c, "wide36-start.png").await;

    c.close().await.unwrap();
}

/// A rule file whose names and notes are markup: the toy `tiny.toml` with
/// the variant's and the king's English names and the king's note set to
/// a script and an image whose error handler sets `pwned`.
fn evil_file() -> std::path::PathBuf {
    let evil = "<script>pwned=1</script><img src=x onerror=pwned=2>";
    let text = std::fs::read_to_string("tests/data/toy/tiny.toml").unwrap();
    let text = text
        .replacen("[variant]", &format!("[variant]\nnames = {{ en = \"{evil}\" }}"), 1)
        .replacen(
            "code = \"K\"",
            &format!("code = \"K\"\nnames = {{ en = \"{evil}\" }}\ndoc = \"{evil}\""),
            1,
        );
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/serve-evil");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("evil.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[tokio::test(flavor = "current_thread")]
async fn hostile_strings_codes_and_zoom_in_headless_chromium() {
    let evil = evil_file();
    let served = Served::start(&[evil.to_str().unwrap(), WIDE]);
    let driver = Driver::start();
    let downloads = download_dir();
    let c = browser(&driver, &downloads).await;

    // `?variant=` and `?labels=` in the page's address.
    c.goto(&format!("{}?variant=evil&labels=codes", served.url))
        .await
        .unwrap();
    until(&c, "S.pos !== null && S.game.variant === 'evil'").await;
    js(
        &c,
        "(window.violations = [], document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective)), true)",
    )
    .await;
    assert_eq!(js(&c, "S.labels").await, "codes");
    assert_eq!(js(&c, "document.getElementById('labels').textContent").await, "Kanji");

    // The markup shows as text and never runs.
    until(
        &c,
        "document.getElementById('status').textContent.includes('<img src=x onerror=pwned=2>')",
    )
    .await;
    let king = js(&c, "S.pos.pieces.find((p) => p.code === 'K').square").await;
    js(&c, &format!("(showPiece({king}), true)")).await;
    until(
        &c,
        "document.getElementById('piece-name') && document.getElementById('piece-name').textContent.includes('<script>pwned=1</script>')",
    )
    .await;
    assert_eq!(
        js(
            &c,
            "document.getElementById('piece-info').textContent.includes('onerror=pwned=2>')"
        )
        .await,
        true
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(js(&c, "typeof pwned").await, "undefined");
    assert_eq!(
        js(
            &c,
            "document.querySelectorAll('img, #status script, #piece-info script').length"
        )
        .await,
        0
    );

    // Glyph detection: this machine has a CJK font (fonts-noto-cjk); no
    // font has these two private-use characters.
    assert_eq!(js(&c, "glyphsMissing('歩', '玉')").await, false);
    assert_eq!(js(&c, "glyphsMissing('\\u{10FFFD}', '\\u{10FFFC}')").await, true);

    // The Codes button's choice is remembered; the address overrides it.
    click(&c, "#labels").await;
    until(&c, "S.labels === 'names'").await;
    c.goto(&served.url).await.unwrap();
    until(&c, "S.pos !== null").await;
    assert_eq!(js(&c, "S.labels").await, "names");
    click(&c, "#labels").await;
    until(&c, "S.labels === 'codes'").await;
    c.refresh().await.unwrap();
    until(&c, "S.pos !== null").await;
    assert_eq!(js(&c, "S.labels").await, "codes");
    until(
        &c,
        "!/[\\u2E80-\\u9FFF]/.test(document.getElementById('board').textContent)",
    )
    .await;
    c.goto(&format!("{}?labels=names", served.url)).await.unwrap();
    until(&c, "S.pos !== null").await;
    assert_eq!(js(&c, "S.labels").await, "names");
    js(
        &c,
        "(window.violations = [], document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective)), true)",
    )
    .await;

    // Zoom on the 36x36 board: its own size at first, then fit, then larger.
    pick_variant(&c, "serve_wide36").await;
    let width = "document.querySelector('#board svg').getBoundingClientRect().width";
    let pane = "document.getElementById('board-pane').clientWidth";
    assert_eq!(js(&c, &format!("{width} > {pane}")).await, true);
    click(&c, "#zoom-fit").await;
    until(&c, &format!("{width} <= {pane} + 1")).await;
    assert_eq!(js(&c, "document.getElementById('zoom-level').textContent").await, "fit");
    let fitted = js(&c, width).await.as_f64().unwrap();
    click(&c, "#zoom-in").await;
    let larger = js(&c, width).await.as_f64().unwrap();
    assert!((larger / fitted - 1.25).abs() < 0.02, "{fitted} -> {larger}");
    screenshot(&c, "wide36-zoomed.png").await;
    // Taikyoku's codes (up to three letters, four promoted) stay inside
    // their piece, 0.76 of a 40-unit square wide.
    click(&c, "#labels").await;
    until(&c, "S.labels === 'codes'").await;
    pick_variant(&c, "taikyoku").await;
    let widest = "Math.max(...[...document.querySelectorAll('#board svg text')].filter((t) => /^[A-Z+]{3,}$/.test(t.textContent)).map((t) => t.getBBox().width))";
    let w = js(&c, widest).await.as_f64().unwrap();
    assert!(w > 0.0 && w <= 0.76 * 40.0, "a code {w} wide");
    assert_eq!(
        js(&c, "violations.length").await,
        0,
        "{}",
        js(&c, "violations.join(', ')").await
    );

    c.close().await.unwrap();
}
