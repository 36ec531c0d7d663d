//! Raw bytes of one HTTP connection to `gunbai serve`'s edge (hyper's
//! parser, the header and body limits, the Host and origin guards, the JSON
//! API), through `gunbai::unstable::serve::edge::exchange`, without a socket. The
//! server must never panic (a caught panic would be a 500 naming an
//! internal error) and whatever it answers starts with a status line.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

use gunbai::unstable::serve::edge::{Router, exchange, router};

fn app() -> &'static Router {
    static APP: OnceLock<Router> = OnceLock::new();
    APP.get_or_init(|| router(gunbai::unstable::serve::api::Api::new(Vec::new()), 8470, &[]))
}

fuzz_target!(|data: &[u8]| {
    let out = exchange(app(), data);
    let text = String::from_utf8_lossy(&out);
    // A panic in a handler is caught and answered with this message.
    assert!(
        !text.contains("internal error while answering this request"),
        "a handler panicked: {text:?}"
    );
    if !out.is_empty() {
        let ok = (text.starts_with("HTTP/1.1 ") || text.starts_with("HTTP/1.0 "))
            && text.len() > 12
            && text.as_bytes()[9..12].iter().all(u8::is_ascii_digit);
        assert!(ok, "not an HTTP answer: {text:?}");
    }
});
