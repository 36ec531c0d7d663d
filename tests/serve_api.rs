//! The playground's JSON API (docs/api.md) over real HTTP: a `gunbai
//! serve` process per test, plain requests on sockets.
//!
//! Expected moves come from the rules' sources: the Chu lion's igui and
//! double capture (reference §5), the pawn's optional promotion on the last
//! rank (option `last_rank_forced_promotion`, seed 002 vs HaChu), Chu's 36
//! opening moves (shogiops' perft 1, README) and lishogi's start SFEN.

mod serve_support;

use serde_json::{Value, json};
use serve_support::{Reply, Served, read_reply, request};
use std::io::Write;
use std::net::TcpStream;

const WIDE: &str = "tests/data/serve_wide36.toml";
/// Black's lion on f8 next to White's pawns e9, f9, g9, Black to move:
/// 1. Ln f3-f5 a9-a8 2. f5-f7 l9-l8 3. f7-f8 a8-a7.
const LION_NEXT_TO_PAWNS: [&str; 6] = ["f3-f5", "a9-a8", "f5-f7", "l9-l8", "f7-f8", "a8-a7"];
/// lishogi's Chu start position.
const CHU_START_SFEN: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

fn texts(moves: &Value) -> Vec<String> {
    moves["moves"]
        .as_array()
        .expect("moves array")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_string())
        .collect()
}

fn find<'a>(moves: &'a Value, text: &str) -> &'a Value {
    moves["moves"]
        .as_array()
        .expect("moves array")
        .iter()
        .find(|m| m["text"] == text)
        .unwrap_or_else(|| panic!("no move {text} in {moves}"))
}

#[test]
fn variants_lists_the_bundled_ones_and_the_files_given() {
    let s = Served::start(&[WIDE]);
    let r = s.get("/api/variants");
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    let v = r.json();
    let names: Vec<&str> = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    for n in ["chu", "dai_dai", "ko", "serve_wide36"] {
        assert!(names.contains(&n), "{n} missing from {names:?}");
    }
    assert_eq!(v["limits"]["max_body"], 5 << 20);
    let file = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "serve_wide36")
        .unwrap();
    assert_eq!(file["bundled"], false);
    let text = s.get("/api/rules?variant=serve_wide36").json();
    assert_eq!(text["text"], std::fs::read_to_string(WIDE).unwrap());
}

#[test]
fn chu_start_position_has_a_clickable_board_and_36_moves() {
    let s = Served::start(&[]);
    let p = s.post("/api/position", &json!({"variant": "chu"}));
    assert_eq!(p.status, 200, "{}", p.body);
    let p = p.json();
    assert_eq!(p["files"], 12);
    assert_eq!(p["side_to_move"], "black");
    assert_eq!(p["sfen"], CHU_START_SFEN);
    let svg = p["svg"].as_str().unwrap();
    assert_eq!(svg.matches("data-sq=").count(), 144);
    // 46 pieces a side (Chu's setup).
    assert_eq!(p["pieces"].as_array().unwrap().len(), 92);
    // Every option of the rule file, with its default.
    let opts = p["options"].as_array().unwrap();
    let forced = opts.iter().find(|o| o["name"] == "last_rank_forced_promotion").unwrap();
    assert_eq!(
        (forced["type"].as_str(), forced["value"].as_bool()),
        (Some("bool"), Some(false))
    );
    let m = s.post("/api/moves", &json!({"variant": "chu"})).json();
    assert_eq!(m["count"], 36);
    // The same position read from lishogi's SFEN.
    let q = s
        .post("/api/position", &json!({"variant": "chu", "sfen": CHU_START_SFEN}))
        .json();
    assert_eq!(q["position"], p["position"]);
}

#[test]
fn lion_next_to_an_enemy_offers_igui_and_double_capture_legs() {
    let s = Served::start(&[]);
    let game = json!({"variant": "chu", "moves": LION_NEXT_TO_PAWNS, "from": "f8"});
    let m = s.post("/api/moves", &game);
    assert_eq!(m.status, 200, "{}", m.body);
    let m = m.json();
    assert!(m["moves"].as_array().unwrap().iter().all(|m| m["from"] == "f8"));
    // Igui: capture on f9 and return to f8.
    let igui = find(&m, "f8xf9-f8");
    assert_eq!(
        igui["steps"],
        json!([{"square": "f9", "kind": "land"}, {"square": "f8", "kind": "land"}])
    );
    assert_eq!(igui["captures"], json!(["f9"]));
    // Double capture: f9 then g9.
    let double = find(&m, "f8xf9xg9");
    assert_eq!(double["captures"], json!(["f9", "g9"]));
    // USI: files numbered from the right, ranks lettered from the top.
    assert_eq!(double["usi"], "7e7d6d");
    // A lion jump to a distant square is a single step.
    assert_eq!(find(&m, "f8-d6")["steps"].as_array().unwrap().len(), 1);

    let played = s.post(
        "/api/play",
        &json!({"variant": "chu", "moves": LION_NEXT_TO_PAWNS, "move": "f8xf9xg9"}),
    );
    assert_eq!(played.status, 200, "{}", played.body);
    let p = played.json();
    assert_eq!(p["played"], "f8xf9xg9");
    assert_eq!(p["ply"], 7);
    assert_eq!(p["history"][6]["text"], "f8xf9xg9");
    assert_eq!(p["last_move"], json!(["f8", "f9", "g9"]));
    let at = |sq: &str| {
        p["pieces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["square"] == sq)
            .cloned()
    };
    assert_eq!(at("f9"), None);
    assert_eq!(at("g9").unwrap()["code"], "LN");
    assert_eq!(p["side_to_move"], "white");
}

#[test]
fn an_option_changes_the_moves() {
    // A Black pawn on a11, one step from the last rank; kings far apart.
    let position = "11,k/P,11/12/12/12/12/12/12/12/12/12/K,11 b";
    let s = Served::start(&[]);
    let pawn = |options: Value| {
        let r = s.post(
            "/api/moves",
            &json!({"variant": "chu", "position": position, "from": "a11", "options": options}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        let mut t = texts(&r.json());
        t.sort();
        t
    };
    assert_eq!(pawn(json!({})), ["a11-a12+", "a11-a12="]);
    assert_eq!(pawn(json!({"last_rank_forced_promotion": true})), ["a11-a12+"]);
    // A preset is the option `preset` (`--preset hachu`); options win over it.
    assert_eq!(pawn(json!({"preset": "hachu"})), ["a11-a12+"]);
    assert_eq!(
        pawn(json!({"preset": "hachu", "last_rank_forced_promotion": false})),
        ["a11-a12+", "a11-a12="]
    );
    let bad = s.post(
        "/api/moves",
        &json!({"variant": "chu", "options": {"last_rank_forced_promotion": "maybe"}}),
    );
    assert_eq!(bad.status, 422);
    assert!(
        bad.json()["error"]
            .as_str()
            .unwrap()
            .contains("last_rank_forced_promotion")
    );
}

#[test]
fn check_points_at_the_broken_line() {
    let s = Served::start(&[]);
    let text = s.get("/api/rules?variant=chu").json()["text"]
        .as_str()
        .unwrap()
        .to_string();
    let ok = s.post("/api/check", &json!({"rules": text, "name": "chu.toml"})).json();
    assert_eq!(ok["ok"], true);
    assert_eq!(ok["variant"], "chu");
    // Misspell the pawn's promotion target.
    let line = text.lines().position(|l| l == "promotes_to = \"tokin\"").unwrap() + 1;
    let broken = text.replacen("promotes_to = \"tokin\"", "promotes_to = \"tokn\"", 1);
    let r = s
        .post("/api/check", &json!({"rules": broken, "name": "chu.toml"}))
        .json();
    assert_eq!(r["ok"], false);
    let errors: Vec<&Value> = r["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .collect();
    assert_eq!(errors.len(), 1, "{r}");
    let d = errors[0];
    assert_eq!(d["line"], line);
    assert!(d["message"].as_str().unwrap().contains("tokn"));
    assert_eq!(d["file"], "chu.toml");
    // The board endpoints refuse the broken text with the same diagnostics.
    let p = s.post("/api/position", &json!({"rules": broken}));
    assert_eq!(p.status, 422);
    let p = p.json();
    let d = p["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["severity"] == "error")
        .cloned();
    assert_eq!(d.unwrap()["line"], line);
}

#[test]
fn diagram_shows_name_moves_and_promotion() {
    let s = Served::start(&[]);
    let d = s.post("/api/diagram", &json!({"variant": "chu", "piece": "P"})).json();
    assert_eq!(d["name"], "Pawn");
    assert_eq!(d["label"], "歩兵");
    assert_eq!(d["promotes_to"]["code"], "+P");
    assert_eq!(d["promotes_to"]["name"], "Tokin");
    assert_eq!(d["paths"], 1);
    assert!(d["svg"].as_str().unwrap().starts_with("<svg"));
    let lion = s
        .post(
            "/api/diagram",
            &json!({"variant": "chu", "piece": "LN", "colour": "white"}),
        )
        .json();
    assert_eq!(lion["promotes_to"], Value::Null);
    // Every square within two (24) and the igui/pass returns.
    assert!(lion["text"].as_str().unwrap().contains('□'));
    let none = s.post("/api/diagram", &json!({"variant": "chu", "piece": "LX"}));
    assert_eq!(none.status, 404);
    assert!(none.json()["error"].as_str().unwrap().contains("LX"));
}

#[test]
fn a_36x36_file_renders() {
    let s = Served::start(&[WIDE]);
    let p = s.post(
        "/api/position",
        &json!({"variant": "serve_wide36", "labels": "codes", "flip": true}),
    );
    assert_eq!(p.status, 200, "{}", p.body);
    let p = p.json();
    assert_eq!((p["files"].as_u64(), p["ranks"].as_u64()), (Some(36), Some(36)));
    let svg = p["svg"].as_str().unwrap();
    assert_eq!(svg.matches("data-sq=").count(), 36 * 36);
    assert!(svg.contains(">K</text>") && !svg.contains("玉"));
    assert_eq!(p["sfen"], Value::Null);
}

#[test]
fn every_error_is_json_with_a_message() {
    let s = Served::start(&[]);
    let cases: Vec<(Reply, u16)> = vec![
        (request(&s.addr, "POST", "/api/position", Some(b"{not json")), 400),
        (
            s.post("/api/position", &json!({"variant": "chu", "colour_of_sky": "blue"})),
            400,
        ),
        (s.post("/api/position", &json!({"variant": "../../etc/passwd"})), 404),
        (s.post("/api/position", &json!({})), 400),
        (s.post("/api/play", &json!({"variant": "chu", "move": "a1-a9"})), 422),
        (
            s.post("/api/moves", &json!({"variant": "chu", "moves": ["f3-f5", "zz99"]})),
            422,
        ),
        (
            s.post("/api/position", &json!({"variant": "chu", "position": "nonsense"})),
            400,
        ),
        (
            s.post("/api/position", &json!({"variant": "ko", "sfen": CHU_START_SFEN})),
            400,
        ),
        (s.post("/api/moves", &json!({"variant": "chu", "from": "z99"})), 400),
        (s.get("/api/position"), 405),
        (s.get("/api/nothing"), 404),
        (s.get("/etc/passwd"), 404),
        (s.get("/../Cargo.toml"), 404),
        (request(&s.addr, "DELETE", "/", None), 405),
    ];
    for (i, (r, status)) in cases.iter().enumerate() {
        assert_eq!(r.status, *status, "case {i}: {}", r.body);
        assert_eq!(r.header("content-type"), Some("application/json"), "case {i}");
        let msg = r.json()["error"].as_str().map(str::to_string);
        assert!(msg.is_some_and(|m| !m.is_empty()), "case {i}: {}", r.body);
    }
    // The illegal move says which ply.
    assert_eq!(cases[5].0.json()["ply"], 1);
}

#[test]
fn bodies_over_the_cap_are_refused() {
    let s = Served::start(&[]);
    let big = format!(
        "{{\"variant\": \"chu\", \"rules\": \"{}\"}}",
        "x".repeat((5 << 20) + 10)
    );
    let r = request(&s.addr, "POST", "/api/check", Some(big.as_bytes()));
    assert_eq!(r.status, 413);
    assert!(r.json()["error"].as_str().unwrap().contains("5242880"));
    let many: Vec<&str> = std::iter::repeat_n("f3-f5", 4001).collect();
    let r = s.post("/api/position", &json!({"variant": "chu", "moves": many}));
    assert_eq!(r.status, 413);
    assert_eq!(s.get("/api/variants").status, 200);
}

#[test]
fn the_page_is_served_whole_from_the_binary() {
    let s = Served::start(&[]);
    for (path, ty) in [
        ("/", "text/html; charset=utf-8"),
        ("/app.js", "text/javascript; charset=utf-8"),
        ("/app.css", "text/css; charset=utf-8"),
    ] {
        let r = s.get(path);
        assert_eq!(r.status, 200, "{path}");
        assert_eq!(r.header("content-type"), Some(ty));
        // Nothing is fetched from elsewhere: no absolute URL at all.
        assert!(
            !r.body.contains("http://") && !r.body.contains("https://"),
            "{path} links out"
        );
    }
    // Relative, so that the same page works under a sub-path as a static
    // site (docs/site.md); from `/` it is /app.js.
    assert!(s.get("/").body.contains("<script src=\"app.js\">"));
}

#[test]
fn survives_garbage_and_100_concurrent_clients() {
    let s = Served::start(&[]);
    // Garbage, a half request and a connection closed at once.
    for junk in [
        &b"\x00\xff\xfe garbage\r\n\r\n"[..],
        b"POST /api/play HTTP/1.1\r\nContent-Length: 50\r\n\r\n{",
        b"",
    ] {
        let mut c = TcpStream::connect(&s.addr).unwrap();
        let _ = c.write_all(junk);
        drop(c);
    }
    let body = json!({"variant": "chu", "moves": LION_NEXT_TO_PAWNS}).to_string();
    let expected = s.post("/api/moves", &serde_json::from_str(&body).unwrap()).body;
    let threads: Vec<_> = (0..100)
        .map(|i| {
            let (addr, body, expected) = (s.addr.clone(), body.clone(), expected.clone());
            std::thread::spawn(move || {
                if i % 10 == 0 {
                    request(&addr, "GET", "/", None).status == 200
                } else {
                    let r = request(&addr, "POST", "/api/moves", Some(body.as_bytes()));
                    r.status == 200 && r.body == expected
                }
            })
        })
        .collect();
    for t in threads {
        assert!(t.join().unwrap());
    }
    // Still answering, with the same moves as before the crowd.
    let mut c = TcpStream::connect(&s.addr).unwrap();
    let req = format!(
        "POST /api/moves HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        s.addr,
        body.len()
    );
    c.write_all(req.as_bytes()).unwrap();
    assert_eq!(read_reply(&mut c).body, expected);
}

#[test]
fn unreadable_files_and_unusable_addresses_stop_it_at_once() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gunbai"))
            .arg("serve")
            .args(args)
            .output()
            .unwrap();
        // 2: bad invocation or input (docs/ci.md).
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(run(&["--port", "0", "no/such.toml"]).contains("cannot read rule file `no/such.toml`"));
    assert!(run(&["--host", "999.0.0.1", "--port", "0"]).contains("cannot listen on 999.0.0.1:0"));
}

#[test]
fn hands_and_drops_are_listed_for_variants_with_drops() {
    // Shogi after the bishop exchange 1. 7g7f 3c3d 2. 8h2b+ 3a2b: each side
    // holds one bishop (a captured horse goes to hand unpromoted), and Black
    // may drop it, e.g. on 5e.
    let s = Served::start(&[]);
    let game = json!({"variant": "shogi", "moves": ["7g7f", "3c3d", "8h2b+", "3a2b"]});
    let p = s.post("/api/position", &game);
    assert_eq!(p.status, 200, "{}", p.body);
    let p = p.json();
    for side in ["black", "white"] {
        let hand = p["hands"][side].as_array().unwrap();
        assert_eq!(hand.len(), 1, "{side}: {hand:?}");
        assert_eq!(hand[0]["code"], "B");
        assert_eq!(hand[0]["count"], 1);
    }
    let m = s.post("/api/moves", &game).json();
    let drop = m["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["usi"] == "B*5e")
        .expect("the bishop may be dropped on 5e");
    assert_eq!(drop["hand"], "B");
    assert_eq!(drop["drop"], "B");
    // No drop for a variant without hands.
    let chu = s.post("/api/position", &json!({"variant": "chu"})).json();
    assert!(chu["hands"].is_null());
}
