//! The HTTP edge: one connection's settings (header size and time limits),
//! the layers every answer goes through (security headers, a last-resort
//! timeout) and the handler that checks who asks, reads a bounded body and
//! hands the work to [`Api`] off the async threads, within the budgets of
//! [`super::limits`]. Whatever goes wrong, the client gets a JSON error and
//! the server goes on.

use super::api::{Api, Budget, MAX_BODY, Reply};
use super::guard::{Hosts, same_origin};
use super::limits::*;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::response::Response;
use http_body_util::BodyExt as _;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const APP_CSS: &str = include_str!("assets/app.css");

/// The page's policy: its own script and style only (no inline script, no
/// `eval`), requests to its own origin only, never framed.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Headers on every answer.
const SECURITY_HEADERS: [(&str, &str); 7] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-resource-policy", "same-origin"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cache-control", "no-store"),
];

/// What every request of one server shares.
struct Edge {
    api: Arc<Api>,
    hosts: Hosts,
    computing: Arc<Semaphore>,
}

/// The axum router type [`router`] returns.
pub use axum::Router;

/// The server's routes and layers for `api`, answering requests whose
/// `Host` names `port` and an IP address, `localhost` or one of
/// `allowed_hosts`.
pub fn router(api: Api, port: u16, allowed_hosts: &[String]) -> Router {
    router_with(api, Hosts::new(port, allowed_hosts))
}

pub(super) fn router_with(api: Api, hosts: Hosts) -> Router {
    let edge = Arc::new(Edge {
        api: Arc::new(api),
        hosts,
        computing: Arc::new(Semaphore::new(MAX_COMPUTING)),
    });
    let mut app = Router::new()
        .fallback(handle)
        .with_state(edge)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    for (name, value) in SECURITY_HEADERS {
        app = app.layer(SetResponseHeaderLayer::overriding(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        ));
    }
    app
}

/// Answers the requests of one connection (`io`) until it closes, with
/// the header limits of [`super::limits`].
pub async fn serve_connection<I>(app: Router, io: I)
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let service = hyper_util::service::TowerToHyperService::new(app);
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS)
        .max_buf_size(64 << 10)
        // A client that stops sending after its request still gets the
        // answer.
        .half_close(true);
    // A client that goes away or breaks the protocol ends only its own
    // connection.
    let _ = builder.serve_connection(io, service).await;
}

async fn handle(State(edge): State<Arc<Edge>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let host = header_text(&parts.headers, header::HOST);
    if let Err(e) = edge.hosts.check(host) {
        let status = if host.is_none() { 400 } else { 403 };
        return json(Reply::error(status, e));
    }
    let path = parts.uri.path();
    let url = parts.uri.path_and_query().map_or(path, |p| p.as_str()).to_string();
    if !(path.starts_with("/api/") || path == "/api") {
        return asset(&parts.method, path);
    }
    let origin = header_text(&parts.headers, header::ORIGIN);
    let site = parts.headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    if let Err(e) = same_origin(origin, site, host.unwrap_or_default()) {
        return json(Reply::error(403, e));
    }
    let post = parts.method == Method::POST;
    if post && !is_json(&parts.headers) {
        return json(Reply::error(
            415,
            "a POST to the API says `Content-Type: application/json`",
        ));
    }
    let body = match read_body(&parts.headers, body).await {
        Ok(b) => b,
        Err(reply) => return json(reply),
    };
    let method = parts.method.as_str().to_string();
    if !post {
        // GET /api/variants and /api/rules only read what is in memory.
        return json(edge.api.handle(&method, &url, &body, &Budget::unlimited()));
    }
    json(compute(&edge, method, url, body).await)
}

/// Runs a computing request on the blocking pool, once one of the
/// MAX_COMPUTING places is free, within the API's time budget. Past it the
/// answer is 503 at once; the work sees its budget spent at its next check
/// and stops, still holding its place until then, so that at most
/// MAX_COMPUTING requests ever compute at once.
async fn compute(edge: &Edge, method: String, url: String, body: Vec<u8>) -> Reply {
    let place = match tokio::time::timeout(QUEUE_TIMEOUT, edge.computing.clone().acquire_owned()).await {
        Ok(Ok(place)) => place,
        _ => {
            return Reply::error(
                503,
                format!(
                    "the server is busy: {MAX_COMPUTING} requests are computing and this one waited {} s; try again",
                    QUEUE_TIMEOUT.as_secs()
                ),
            );
        }
    };
    let allowed = edge.api.time_budget();
    let budget = Budget::within(allowed);
    let api = edge.api.clone();
    let work_budget = budget.clone();
    let work = tokio::task::spawn_blocking(move || {
        let reply = api.handle(&method, &url, &body, &work_budget);
        drop(place);
        reply
    });
    // A little longer than the budget, for the work to notice it.
    match tokio::time::timeout(allowed.saturating_add(Duration::from_millis(500)), work).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(_)) => Reply::error(500, "internal error while answering this request"),
        Err(_) => {
            budget.stop();
            budget.spent_reply()
        }
    }
}

/// Reads a body of at most MAX_BODY bytes within BODY_TIMEOUT. A body
/// found too large (by its `Content-Length` or as it arrives) is refused
/// with 413 after reading on for a moment, at most DRAIN_BYTES more, so
/// that the client, still sending, gets the answer rather than a reset
/// connection.
async fn read_body(headers: &HeaderMap, mut body: Body) -> Result<Vec<u8>, Reply> {
    const DRAIN_BYTES: usize = 2 * MAX_BODY;
    const DRAIN_TIME: Duration = Duration::from_secs(1);
    let declared = header_text(headers, header::CONTENT_LENGTH).and_then(|n| n.parse::<u64>().ok());
    let mut too_big = declared.is_some_and(|n| n > MAX_BODY as u64);
    let mut deadline = tokio::time::Instant::now() + if too_big { DRAIN_TIME } else { BODY_TIMEOUT };
    let mut out = Vec::new();
    let mut seen = 0usize;
    loop {
        let frame = match tokio::time::timeout_at(deadline, body.frame()).await {
            Err(_) if too_big => break,
            Err(_) => {
                return Err(Reply::error(
                    408,
                    format!(
                        "the request body took longer than {} s to arrive",
                        BODY_TIMEOUT.as_secs()
                    ),
                ));
            }
            Ok(None) => break,
            Ok(Some(Err(_))) if too_big => break,
            Ok(Some(Err(e))) => return Err(Reply::error(400, format!("cannot read the request body: {e}"))),
            Ok(Some(Ok(frame))) => frame,
        };
        let Ok(data) = frame.into_data() else { continue };
        seen = seen.saturating_add(data.len());
        if seen > MAX_BODY && !too_big {
            too_big = true;
            out = Vec::new();
            deadline = deadline.min(tokio::time::Instant::now() + DRAIN_TIME);
        }
        if too_big {
            if seen > DRAIN_BYTES {
                break;
            }
        } else {
            out.extend_from_slice(&data);
        }
    }
    if too_big { Err(too_large()) } else { Ok(out) }
}

fn too_large() -> Reply {
    Reply::error(413, format!("request body larger than {MAX_BODY} bytes"))
}

fn is_json(headers: &HeaderMap) -> bool {
    header_text(headers, header::CONTENT_TYPE).is_some_and(|t| {
        t.split(';')
            .next()
            .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
    })
}

fn header_text(headers: &HeaderMap, name: HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// The page, its script and its style.
fn asset(method: &Method, path: &str) -> Response {
    let found = match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX_HTML)),
        "/app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        "/app.css" => Some(("text/css; charset=utf-8", APP_CSS)),
        _ => None,
    };
    match (method, found) {
        (&Method::GET | &Method::HEAD, Some((ty, text))) => respond(200, ty, text.as_bytes().to_vec()),
        (_, Some(_)) => json(Reply::error(405, format!("{path} is only read with GET"))),
        (_, None) => json(Reply::error(
            404,
            format!("nothing at {}: the page is /, the API /api/", path.escape_debug()),
        )),
    }
}

fn json(reply: Reply) -> Response {
    let body = serde_json::to_vec(&reply.body).unwrap_or_else(|_| b"{\"error\":\"unprintable reply\"}".to_vec());
    let mut response = respond(reply.status, "application/json", body);
    if reply.status == 503 {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    response
}

fn respond(status: u16, content_type: &'static str, body: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// Answers `input`, the bytes a client sends on one connection before it
/// stops sending, as a server would, and returns the bytes it answers: the
/// whole edge (parser, limits, guards, API) without a socket, for tests
/// and the `http_request` fuzz target. Runs on a runtime of its own.
pub fn exchange(app: &Router, input: &[u8]) -> Vec<u8> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else {
        return Vec::new();
    };
    runtime.block_on(async {
        let (client, server) = tokio::io::duplex(64 << 10);
        let served = serve_connection(app.clone(), hyper_util::rt::TokioIo::new(server));
        let (mut from_server, mut to_server) = tokio::io::split(client);
        // Sending and reading at once: the duplex buffer is bounded, and
        // the server may stop reading early (a refused body), in which
        // case the rest is simply not sent.
        let send = async move {
            let _ = to_server.write_all(input).await;
            let _ = to_server.shutdown().await;
        };
        let read = async move {
            let mut out = Vec::new();
            let _ = from_server.read_to_end(&mut out).await;
            out
        };
        let ((), (), out) = tokio::join!(served, send, read);
        out
    })
}
