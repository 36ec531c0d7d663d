//! The static site (docs/site.md) in headless Chromium: the playground
//! running on the WASM package, served by a plain static file server (the
//! tiny one below: files and their content types, nothing else), as a
//! person would use it, and the engine in its Web Worker.
//!
//! The WASM package is built before the tests run (scripts/test runs
//! `scripts/build-site target/site`, which runs scripts/build-wasm; cargo
//! cannot build wasm while `cargo test` holds the build directory). This
//! test rebuilds the page around that package from the current page files
//! (`scripts/build-site --pkg target/site/pkg target/site-test`) and fails,
//! saying how to build it, when the package is missing.
//!
//! Screenshots go to target/site-screenshots/ (copies are in docs/images/,
//! linked from the README).

mod browser_support;

use browser_support::{
    Driver, break_and_mend_rule_file, browser, click, click_square, download_dir, js, marks, pick_variant, ply, select,
    shogi_drop, squares_marked, until, until_within,
};
use fantoccini::Client;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The site, built from the current page files around the package built
/// before the tests.
fn build_site() -> PathBuf {
    let root = Path::new(ROOT);
    let pkg = root.join("target/site/pkg");
    assert!(
        pkg.join("gunbai_wasm_bg.wasm").is_file(),
        "no WASM package in {}: build the site first with `scripts/build-site target/site` (scripts/test does)",
        pkg.display()
    );
    let out = root.join("target/site-test");
    let status = std::process::Command::new(root.join("scripts/build-site"))
        .arg("--pkg")
        .arg(&pkg)
        .arg(&out)
        .status()
        .expect("run scripts/build-site");
    assert!(status.success(), "scripts/build-site --pkg failed: {status}");
    out
}

/// A static file server over one folder: GET and HEAD of its files with
/// their content types, 404 otherwise; stopped when dropped.
struct StaticServer {
    url: String,
    stop: Arc<AtomicBool>,
    addr: std::net::SocketAddr,
}

impl StaticServer {
    fn start(dir: PathBuf) -> StaticServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let dir = dir.clone();
                std::thread::spawn(move || answer(stream, &dir));
            }
        });
        StaticServer {
            url: format!("http://{addr}/"),
            stop,
            addr,
        }
    }

    /// Stops answering (the page must go on from its offline copy).
    fn stop(&self) {
        if !self.stop.swap(true, Ordering::Relaxed) {
            // Wake the accept loop so that it sees the flag and closes.
            let _ = TcpStream::connect(self.addr);
        }
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop();
    }
}

fn answer(mut stream: TcpStream, dir: &Path) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    // The headers are read and ignored.
    loop {
        let mut h = String::new();
        match reader.read_line(&mut h) {
            Ok(0) | Err(_) => break,
            Ok(_) if h == "\r\n" || h == "\n" => break,
            Ok(_) => {}
        }
    }
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let path = if path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let file = (!path.contains("..")).then(|| dir.join(path.trim_start_matches('/')));
    let body = file.as_ref().and_then(|f| std::fs::read(f).ok());
    let (status, ty, body) = match (&body, &file) {
        (Some(b), Some(f)) => ("200 OK", content_type(f), b.clone()),
        _ => ("404 Not Found", "text/plain", b"not found".to_vec()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {ty}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    if method != "HEAD" {
        let _ = stream.write_all(&body);
    }
}

fn content_type(f: &Path) -> &'static str {
    match f.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "toml" | "ts" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

async fn screenshot(c: &Client, name: &str) {
    browser_support::screenshot(c, "site-screenshots", name).await;
}

/// Watches for Content-Security-Policy violations from now on.
async fn watch_policy(c: &Client) {
    js(
        c,
        "(window.violations = [], document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI)), true)",
    )
    .await;
}

/// No policy violation, and every request the page made went to its own
/// origin.
async fn nothing_left_the_page(c: &Client) {
    assert_eq!(
        js(c, "violations.length").await,
        0,
        "{}",
        js(c, "violations.join(', ')").await
    );
    let foreign = js(
        c,
        "performance.getEntriesByType('resource').map((e) => e.name).filter((u) => new URL(u).origin !== location.origin)",
    )
    .await;
    assert_eq!(foreign, json!([]), "requests left the page");
}

/// Plays a move of two landings of the piece on `from` (a lion's double
/// move), a capture if there is one, by clicking its squares, and returns
/// its text.
async fn play_double_move(c: &Client, from: &str) -> String {
    let m = js(
        c,
        &format!(
            "(() => {{ const ms = S.legal.filter((m) => m.from === '{from}' && m.steps.length === 2 && m.steps.every((s) => s.kind === 'land'));
               return ms.find((m) => m.captures.length) || ms[0] || null; }})()"
        ),
    )
    .await;
    assert!(m.is_object(), "the piece on {from} has no double move");
    let before = ply(c).await;
    click_square(c, from).await;
    for s in m["steps"].as_array().unwrap() {
        click_square(c, s["square"].as_str().unwrap()).await;
    }
    until(c, &format!("S.pos.ply > {before}")).await;
    let text = m["text"].as_str().unwrap().to_string();
    assert_eq!(
        js(c, &format!("S.pos.history[{before}].text")).await,
        Value::String(text.clone())
    );
    text
}

/// Plays a move by its clicks and waits for the engine's answer.
async fn play_then_engine(c: &Client, clicks: &[&str]) {
    let before = ply(c).await;
    for sq in clicks {
        click_square(c, sq).await;
    }
    until_within(c, &format!("S.pos.ply === {} && !S.engine.thinking", before + 2), 120).await;
}

#[tokio::test(flavor = "current_thread")]
async fn static_site_in_headless_chromium() {
    let site = build_site();
    let served = StaticServer::start(site);
    let driver = Driver::start();
    let downloads = download_dir();
    let c = browser(&driver, &downloads).await;

    // The page's own policy, since a static host sends no header.
    c.goto(&format!("{}?variant=chu", served.url)).await.unwrap();
    until(&c, "S.pos !== null && S.game.variant === 'chu'").await;
    watch_policy(&c).await;
    let csp = js(
        &c,
        "document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]').content",
    )
    .await;
    for part in ["default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"] {
        assert!(csp.as_str().unwrap().contains(part), "{csp}");
    }
    assert_eq!(js(&c, "B.kind").await, "wasm");
    // Chu's start: 36 moves (shogiops' perft 1).
    until(&c, "document.getElementById('move-count').textContent === '36'").await;

    // Against the engine (White), 0.3 s a move; every move of both
    // sides goes through the page's legal list.
    select(&c, "engine-strength", "movetime=300").await;
    select(&c, "engine-side", "white").await;
    play_then_engine(&c, &["f3", "f5"]).await;
    assert!(
        js(&c, "document.getElementById('engine-info').textContent")
            .await
            .as_str()
            .unwrap()
            .contains("depth"),
        "the engine reports its search"
    );
    let lion = js(
        &c,
        "S.pos.pieces.find((p) => p.code === 'LN' && p.colour === 'black').square",
    )
    .await
    .as_str()
    .unwrap()
    .to_string();
    // The lion's double move, clicked leg by leg.
    let before = ply(&c).await;
    let double = play_double_move(&c, &lion).await;
    until_within(&c, &format!("S.pos.ply === {} && !S.engine.thinking", before + 2), 120).await;
    assert_eq!(js(&c, &format!("S.pos.history[{before}].text")).await, json!(double));
    // Two more moves of a pawn each side.
    play_then_engine(&c, &["a4", "a5"]).await;
    play_then_engine(&c, &["l4", "l5"]).await;
    until(&c, "S.pos.ply === 8").await;
    js(&c, "(window.scrollTo(0, 0), true)").await;
    screenshot(&c, "site-chu-engine.png").await;

    // The game is in the address: a new load of it shows the same position.
    let position = js(&c, "S.pos.position").await;
    let moves = js(&c, "S.game.moves").await;
    select(&c, "engine-side", "none").await;
    let link = js(&c, "location.href").await.as_str().unwrap().to_string();
    assert!(link.contains("moves="), "{link}");
    c.goto(&link).await.unwrap();
    until(&c, "S.pos !== null && S.pos.ply === 8").await;
    assert_eq!(js(&c, "S.pos.position").await, position);
    assert_eq!(js(&c, "S.game.moves").await, moves);
    watch_policy(&c).await;

    // Undo takes back one move.
    click(&c, "#undo").await;
    until(&c, "S.pos.ply === 7").await;

    // The rule file in the editor: a misspelt name gets its diagnostic at
    // its line; mended, the board is back.
    break_and_mend_rule_file(&c, "site-screenshots", "site-editor-diagnostic.png").await;
    until(&c, "S.pos !== null && S.game.rules !== null && S.pos.ply === 7").await;

    // Shogi: a drop, then the SFEN out (the bishop on 5e, White to move).
    shogi_drop(&c, "site-screenshots", "site-shogi-drop.png").await;
    click(&c, "#export-sfen").await;
    let sfen = js(&c, "document.getElementById('io').value").await;
    assert!(
        sfen.as_str().unwrap().starts_with("lnsgkg1nl/1r5s1/pppppp1pp/6p2/4B4/"),
        "{sfen}"
    );
    assert!(sfen.as_str().unwrap().contains(" w b "), "{sfen}");

    // Taikyoku: the 36x36 board; a piece selected shows its moves.
    pick_variant(&c, "taikyoku").await;
    assert_eq!(
        js(&c, "document.querySelectorAll('#board [data-sq]').length").await,
        36 * 36
    );
    // The whole board in the window, and the piece with the most moves.
    click(&c, "#zoom-fit").await;
    let from = js(
        &c,
        "(() => { const n = new Map(); for (const m of S.legal) if (!m.hand) n.set(m.from, (n.get(m.from) || 0) + 1); \
         return [...n].sort((a, b) => b[1] - a[1])[0][0]; })()",
    )
    .await;
    let from = from.as_str().unwrap().to_string();
    click_square(&c, &from).await;
    assert!(marks(&c, &from).await.contains(&"sel".to_string()));
    let expected: Vec<String> = {
        let v = js(
            &c,
            &format!("[...new Set(S.legal.filter((m) => m.from === '{from}').map((m) => m.steps[m.steps.length - 1].square))].sort()"),
        )
        .await;
        serde_json::from_value(v).unwrap()
    };
    let mut shown = squares_marked(&c, "dest").await;
    shown.sort();
    assert_eq!(shown, expected);
    js(&c, "(window.scrollTo(0, 0), true)").await;
    screenshot(&c, "site-taikyoku-selected.png").await;
    nothing_left_the_page(&c).await;

    // Offline: once the service worker holds the files, the page opens and
    // plays with the server gone.
    until(&c, "navigator.serviceWorker.controller !== null").await;
    c.goto(&format!("{}?variant=minishogi", served.url)).await.unwrap();
    until(&c, "S.pos !== null && S.game.variant === 'minishogi'").await;
    served.stop();
    c.goto(&format!("{}?variant=shogi", served.url)).await.unwrap();
    until(&c, "S.pos !== null && S.game.variant === 'shogi'").await;
    until(&c, "document.getElementById('move-count').textContent === '30'").await;

    c.close().await.unwrap();
}
