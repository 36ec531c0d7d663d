//! `gunbai serve`: a local web playground. An HTTP/1.1 server (hyper, with
//! axum for the handler and tower-http's timeout and header layers) that
//! serves one page (HTML, script and style embedded in the binary, nothing
//! fetched from elsewhere) and the JSON API of [`api`].
//!
//! It owns sockets and the HTTP edge only ([`edge`]): who may ask (the
//! `Host` allow-list against DNS rebinding, the `Origin` and
//! `Sec-Fetch-Site` checks against cross-site requests, no CORS), how much
//! they may send (header and body sizes, read timeouts), how much they may
//! make the server compute (a time budget per request, a bound on requests
//! computing at once) and the security headers of every answer (a strict
//! Content-Security-Policy). Rules, positions and moves come from the
//! library through [`api::Api`]. It never writes a file and never opens one
//! named by a request.
//!
//! Every limit is a constant of [`limits`], documented in `docs/api.md`.

pub mod api;
pub mod edge;
mod guard;

use api::Api;
use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The limits of the HTTP edge (docs/api.md, "Limits").
pub mod limits {
    use std::time::Duration;

    /// Connections open at once; more wait in the kernel's queue until one
    /// closes (each may hold a request body of [`super::api::MAX_BODY`]).
    pub const MAX_CONNECTIONS: usize = 64;
    /// The request line and headers, together.
    pub const MAX_HEADER_BYTES: usize = 16 << 10;
    /// Header fields in one request.
    pub const MAX_HEADERS: usize = 64;
    /// Time to send the request line and headers, from the first byte (or
    /// from the end of the previous request on a kept-alive connection).
    pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
    /// Time to send the whole body.
    pub const BODY_TIMEOUT: Duration = Duration::from_secs(20);
    /// Requests computing at once (`POST /api/...`): about the cores of a
    /// small machine; more wait for a turn.
    pub const MAX_COMPUTING: usize = 4;
    /// How long a request waits for its turn to compute before the answer
    /// is 503.
    pub const QUEUE_TIMEOUT: Duration = Duration::from_secs(20);
    /// How long one request may compute before the answer is 503.
    pub const TIME_BUDGET: Duration = Duration::from_secs(10);
    /// The whole exchange, as a last resort behind the limits above.
    pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    app: axum::Router,
    url: String,
}

impl Server {
    /// Binds `host:port` (port 0: any free port) for `api`. Requests are
    /// answered when their `Host` is an IP address, `localhost`, `host`
    /// itself or one of `allowed_hosts`.
    pub fn bind(host: &str, port: u16, allowed_hosts: &[String], api: Api) -> Result<Server, String> {
        let listener = TcpListener::bind((host, port)).map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let url = match addr {
            SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
            SocketAddr::V4(a) => format!("http://{}:{}/", a.ip(), a.port()),
        };
        let mut names: Vec<String> = allowed_hosts.to_vec();
        names.push(host.to_string());
        let app = edge::router_with(api, guard::Hosts::new(addr.port(), &names));
        Ok(Server { listener, app, url })
    }

    /// The page's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Answers requests until the process ends.
    pub fn run(self) -> Result<(), String> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            // Computing requests hold a permit each (MAX_COMPUTING); a few
            // more threads for the runtime's own blocking calls.
            .max_blocking_threads(limits::MAX_COMPUTING + 4)
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        runtime.block_on(async move {
            self.listener
                .set_nonblocking(true)
                .map_err(|e| format!("cannot listen: {e}"))?;
            let listener =
                tokio::net::TcpListener::from_std(self.listener).map_err(|e| format!("cannot listen: {e}"))?;
            let open = Arc::new(Semaphore::new(limits::MAX_CONNECTIONS));
            loop {
                // Wait for a free place before accepting, so that at most
                // MAX_CONNECTIONS are open; the rest wait in the kernel.
                let Ok(place) = open.clone().acquire_owned().await else {
                    return Ok(());
                };
                let stream = match listener.accept().await {
                    Ok((stream, _)) => stream,
                    Err(_) => {
                        // Out of file descriptors or a connection reset
                        // before it was accepted: go on after a breath.
                        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                        continue;
                    }
                };
                let _ = stream.set_nodelay(true);
                let app = self.app.clone();
                tokio::spawn(async move {
                    edge::serve_connection(app, hyper_util::rt::TokioIo::new(stream)).await;
                    drop(place);
                });
            }
        })
    }
}
