//! `gunbai serve`: a local web playground. An HTTP server (tiny_http) that
//! serves one page (HTML, script and style embedded in the binary, nothing
//! fetched from elsewhere) and the JSON API of [`api`].
//!
//! It owns sockets and the HTTP edge only: body limits, content types,
//! and turning every failure into a JSON error. Rules, positions and moves
//! come from the library through [`api::Api`]. It never writes a file and
//! never opens one named by a request.

pub mod api;

use api::{Api, MAX_BODY, Reply};
use std::io::Read as _;
use std::sync::Arc;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");

/// Requests answered at once; more wait in tiny_http's queue.
const WORKERS: usize = 8;

/// A bound server, ready to run.
pub struct Server {
    http: Arc<tiny_http::Server>,
    api: Arc<Api>,
    url: String,
}

impl Server {
    /// Binds `host:port` (port 0: any free port) for `api`.
    pub fn bind(host: &str, port: u16, api: Api) -> Result<Server, String> {
        let http = tiny_http::Server::http((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let url = match http.server_addr().to_ip() {
            Some(addr) if addr.is_ipv6() => format!("http://[{}]:{}/", addr.ip(), addr.port()),
            Some(addr) => format!("http://{}:{}/", addr.ip(), addr.port()),
            None => format!("http://{host}:{port}/"),
        };
        Ok(Server {
            http: Arc::new(http),
            api: Arc::new(api),
            url,
        })
    }

    /// The page's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Answers requests until the process ends.
    pub fn run(self) {
        let workers: Vec<_> = (0..WORKERS)
            .map(|_| {
                let (http, api) = (self.http.clone(), self.api.clone());
                std::thread::spawn(move || {
                    for request in http.incoming_requests() {
                        respond(&api, request);
                    }
                })
            })
            .collect();
        for w in workers {
            let _ = w.join();
        }
    }
}

/// Answers one request. Whatever goes wrong, the client gets a JSON error
/// and the server goes on.
fn respond(api: &Api, mut request: tiny_http::Request) {
    let method = request.method().as_str().to_ascii_uppercase();
    let url = request.url().to_string();
    let (status, content_type, body) = if request.body_length().is_some_and(|n| n > MAX_BODY) {
        json_reply(too_large())
    } else {
        let mut body = Vec::new();
        let read = request.as_reader().take(MAX_BODY as u64 + 1).read_to_end(&mut body);
        match read {
            Err(e) => json_reply(Reply::error(400, format!("cannot read the request body: {e}"))),
            Ok(_) if body.len() > MAX_BODY => json_reply(too_large()),
            Ok(_) => route(api, &method, &url, &body),
        }
    };
    // Content-Length rather than chunks: every body is in memory anyway,
    // and the simplest clients can read it.
    let response = tiny_http::Response::from_data(body)
        .with_chunked_threshold(usize::MAX)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    // The client may have gone away; nothing to do then.
    let _ = request.respond(response);
}

fn route(api: &Api, method: &str, url: &str, body: &[u8]) -> (u16, &'static str, Vec<u8>) {
    if url.starts_with("/api/") || url == "/api" {
        // A bug must not take the server down with it: answer 500 instead.
        let reply = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| api.handle(method, url, body)))
            .unwrap_or_else(|_| Reply::error(500, "internal error while answering this request"));
        return json_reply(reply);
    }
    let path = url.split('?').next().unwrap_or("");
    let asset = match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX_HTML)),
        "/app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        "/app.css" => Some(("text/css; charset=utf-8", APP_CSS)),
        _ => None,
    };
    match (method, asset) {
        ("GET" | "HEAD", Some((ty, text))) => (200, ty, text.as_bytes().to_vec()),
        (_, Some(_)) => json_reply(Reply::error(405, format!("{path} is only read with GET"))),
        (_, None) => json_reply(Reply::error(
            404,
            format!("nothing at {path}: the page is /, the API /api/"),
        )),
    }
}

fn too_large() -> Reply {
    Reply::error(413, format!("request body larger than {MAX_BODY} bytes"))
}

fn json_reply(reply: Reply) -> (u16, &'static str, Vec<u8>) {
    let body = serde_json::to_vec(&reply.body).unwrap_or_else(|_| b"{\"error\":\"unprintable reply\"}".to_vec());
    (reply.status, "application/json", body)
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    // Both are ASCII constants of this file, which always make a header.
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("ASCII header")
}
