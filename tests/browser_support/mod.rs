//! The playground in headless Chromium over WebDriver (chromedriver,
//! Debian `chromium-driver`, installed by `.ci/packages.d/serve`): the
//! browser, and the steps a person takes, for tests/serve_browser.rs (the
//! page of `gunbai serve`) and tests/site_browser.rs (the static site).
//! Without chromedriver a test fails rather than skips.

#![allow(dead_code)]

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// chromedriver on a free port, stopped when dropped.
pub struct Driver {
    child: Child,
    pub url: String,
}

impl Driver {
    pub fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (Debian chromium-driver, see .ci/packages.d/serve) must be installed");
        let deadline = Instant::now() + Duration::from_secs(30);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the browser saves downloads (emptied first).
pub fn download_dir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/serve-downloads");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub async fn browser(driver: &Driver, downloads: &std::path::Path) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({"args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                        "--window-size=1400,1050", "--lang=en"],
               "prefs": {"download.default_directory": downloads, "download.prompt_for_download": false}}),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a Chromium session")
}

/// Evaluates a JavaScript expression in the page.
pub async fn js(c: &Client, expr: &str) -> Value {
    c.execute(&format!("return ({expr});"), vec![])
        .await
        .unwrap_or_else(|e| panic!("{expr}: {e}"))
}

/// Waits until a JavaScript expression is true.
pub async fn until(c: &Client, expr: &str) {
    until_within(c, expr, 30).await;
}

/// Waits until a JavaScript expression is true, at most `seconds`.
pub async fn until_within(c: &Client, expr: &str, seconds: u64) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    loop {
        if js(c, expr).await == Value::Bool(true) {
            return;
        }
        if Instant::now() > deadline {
            let status = js(c, "document.getElementById('status').textContent").await;
            let error = js(c, "document.getElementById('error').textContent").await;
            panic!("timed out waiting for `{expr}` (status: {status}, error: {error})");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

pub async fn click_square(c: &Client, sq: &str) {
    click(c, &format!("#board [data-sq='{sq}']")).await;
}

/// The classes the page gave a square.
pub async fn marks(c: &Client, sq: &str) -> Vec<String> {
    let v = js(
        c,
        &format!("document.querySelector(\"#board [data-sq='{sq}']\").getAttribute('class')"),
    )
    .await;
    v.as_str()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

pub async fn squares_marked(c: &Client, class: &str) -> Vec<String> {
    let v = js(
        c,
        &format!("[...document.querySelectorAll('#board .sq.{class}')].map(e => e.dataset.sq)"),
    )
    .await;
    let mut out: Vec<String> = serde_json::from_value(v).unwrap();
    out.sort();
    out
}

pub async fn ply(c: &Client) -> u64 {
    js(c, "S.pos ? S.pos.ply : -1").await.as_u64().unwrap_or(u64::MAX)
}

/// Plays a move by clicking its squares in order.
pub async fn play(c: &Client, clicks: &[&str]) {
    let before = ply(c).await;
    for sq in clicks {
        click_square(c, sq).await;
    }
    until(
        c,
        &format!(
            "S.pos.ply === {} && document.querySelectorAll('#board [data-sq]').length > 0",
            before + 1
        ),
    )
    .await;
}

/// Writes a screenshot of the window to target/DIR/NAME.
pub async fn screenshot(c: &Client, dir: &str, name: &str) {
    let png = c.screenshot().await.expect("screenshot");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("target")
        .join(dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(name), png).unwrap();
}

/// Chooses `value` in the `<select>` of this id.
pub async fn select(c: &Client, id: &str, value: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap_or_else(|e| panic!("#{id}: {e}"))
        .select_by_value(value)
        .await
        .unwrap_or_else(|e| panic!("#{id} = {value}: {e}"));
}

pub async fn pick_variant(c: &Client, name: &str) {
    select(c, "variant", name).await;
    until(
        c,
        &format!("S.pos !== null && S.game.variant === '{name}' && S.pos.ply === 0"),
    )
    .await;
}

/// Misspells the tokin in the rule file in the editor (of a variant whose
/// pawn has `promotes_to = "tokin"`): the diagnostic sits at its line, in
/// the gutter and beside it (screenshot target/DIR/NAME); mended, the
/// file is valid again.
pub async fn break_and_mend_rule_file(c: &Client, dir: &str, name: &str) {
    let text = js(c, "document.getElementById('editor').value")
        .await
        .as_str()
        .unwrap()
        .to_string();
    let line = text
        .lines()
        .position(|l| l == "promotes_to = \"tokin\"")
        .expect("the pawn promotes to the tokin")
        + 1;
    c.find(Locator::Id("editor")).await.unwrap().click().await.unwrap();
    js(
        c,
        "(() => { const e = document.getElementById('editor'); e.value = e.value.replace('promotes_to = \"tokin\"', 'promotes_to = \"tokn\"'); e.dispatchEvent(new Event('input')); return true; })()",
    )
    .await;
    until(c, "document.querySelector('#gutter div.error') !== null").await;
    assert_eq!(
        js(c, "Number(document.querySelector('#gutter div.error').dataset.line)").await,
        line
    );
    assert_eq!(
        js(c, "Number(document.querySelector('#notes div.error').dataset.line)").await,
        line
    );
    let note = js(c, "document.querySelector('#notes div.error').textContent").await;
    assert!(note.as_str().unwrap().contains("tokn"), "{note}");
    js(
        c,
        &format!(
            "(() => {{ const e = document.getElementById('editor'); document.getElementById('editor-pane').scrollIntoView(); \
             e.scrollTop = {} * 18; e.dispatchEvent(new Event('scroll')); return true; }})()",
            line.saturating_sub(8)
        ),
    )
    .await;
    screenshot(c, dir, name).await;
    js(
        c,
        "(() => { const e = document.getElementById('editor'); e.value = e.value.replace('promotes_to = \"tokn\"', 'promotes_to = \"tokin\"'); e.dispatchEvent(new Event('input')); return true; })()",
    )
    .await;
    until(c, "document.querySelector('#gutter div.error') === null && document.getElementById('editor-status').textContent.startsWith('valid')").await;
}

/// Shogi: pieces in hand and a drop. After 1. 7g7f 3c3d 2. 8h2b+ 3a2b
/// each side holds a bishop; Black drops it on 5e (native e5), with a
/// screenshot (target/DIR/NAME) of the squares it may be dropped on.
pub async fn shogi_drop(c: &Client, dir: &str, name: &str) {
    pick_variant(c, "shogi").await;
    js(c, "(document.getElementById('io-box').open = true)").await;
    let io = c.find(Locator::Id("io")).await.unwrap();
    io.clear().await.unwrap();
    io.send_keys("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 1")
        .await
        .unwrap();
    click(c, "#import").await;
    until(
        c,
        "S.pos.hands && S.pos.hands.black.length === 1 && S.pos.hands.white.length === 1",
    )
    .await;
    assert_eq!(
        js(c, "document.querySelector('#hand-bottom .hand-piece').disabled").await,
        false
    );
    assert_eq!(
        js(c, "document.querySelector('#hand-top .hand-piece').disabled").await,
        true
    );
    click(c, "#hand-bottom .hand-piece").await;
    let targets = squares_marked(c, "dest").await;
    assert!(targets.contains(&"e5".to_string()), "{targets:?}");
    // Occupied squares are no drop targets.
    assert!(!targets.contains(&"e1".to_string()), "{targets:?}");
    screenshot(c, dir, name).await;
    let before = ply(c).await;
    click_square(c, "e5").await;
    until(c, &format!("S.pos.ply === {}", before + 1)).await;
    assert_eq!(js(c, "S.pos.hands.black.length").await, 0);
    assert_eq!(js(c, "S.pos.history[S.pos.history.length - 1].usi").await, "B*5e");
}
