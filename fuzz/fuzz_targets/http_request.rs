//! Raw bytes of one HTTP connection to `gunbai serve`'s edge (hyper's
//! parser, the header and body limits, the Host and origin guards, the JSON
//! API), through `gunbai::serve::edge::exchange`, without a socket. The
//! server must never panic (a caught panic would be a 500) and must answer
//! each request it reads with a well-formed status line.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

use gunbai::serve::edge::{Router, exchange, router};

fn app() -> &'static Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| router(gunbai::serve::api::Api::new(Vec::new()), 8470, &[]))
}

fuzz_target!(|data: &[u8]| {
    let out = exchange(app(), data);
    let text = String::from_utf8_lossy(&out);
    for reply in text.split("HTTP/1.1 ").skip(1) {
        let status = &reply[..reply.len().min(3)];
        assert!(
            status.len() == 3 && status.bytes().all(|b| b.is_ascii_digit()),
            "bad status line in {text:?}"
        );
        assert_ne!(status, "500", "internal error: {text:?}");
    }
    if !out.is_empty() {
        assert!(text.starts_with("HTTP/1.1 "), "not an HTTP answer: {text:?}");
    }
});
