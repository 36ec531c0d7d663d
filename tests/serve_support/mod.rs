//! A running `gunbai serve` for the serve tests, and a bare HTTP/1.1
//! client over a socket (enough for JSON requests; no client crate).

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A server process, stopped when dropped.
pub struct Served {
    child: Child,
    /// `127.0.0.1:PORT`
    pub addr: String,
    /// `http://127.0.0.1:PORT/`
    pub url: String,
}

impl Served {
    /// Starts `gunbai serve --port 0 FILES...` and reads the URL it prints.
    pub fn start(files: &[&str]) -> Served {
        Served::start_with(files)
    }

    /// Starts `gunbai serve --port 0 ARGS...` and reads the URL it prints.
    pub fn start_with(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_gunbai"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start gunbai serve");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout).read_line(&mut line).expect("read the URL line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in `{line}`"))
            .to_string();
        let addr = url.trim_start_matches("http://").trim_end_matches('/').to_string();
        Served { child, addr, url }
    }

    pub fn get(&self, path: &str) -> Reply {
        request(&self.addr, "GET", path, None)
    }

    pub fn post(&self, path: &str, body: &serde_json::Value) -> Reply {
        request(&self.addr, "POST", path, Some(body.to_string().as_bytes()))
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A reply: status, headers (lower-case names) and body.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| {
            let start: String = self.body.chars().take(300).collect();
            panic!("not JSON ({e}): {start}")
        })
    }
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// One request on a fresh connection (`Connection: close`).
pub fn request(addr: &str, method: &str, path: &str, body: Option<&[u8]>) -> Reply {
    let host = format!("Host: {addr}");
    request_with(addr, method, path, &[&host, "Content-Type: application/json"], body)
}

/// One request with the header lines given (`Name: value`; no Host is
/// added) on a fresh connection.
pub fn request_with(addr: &str, method: &str, path: &str, headers: &[&str], body: Option<&[u8]>) -> Reply {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    let body = body.unwrap_or(b"");
    let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).expect("send");
    // A server that refuses the body (too large) answers and closes
    // before all of it is sent.
    let _ = s.write_all(body);
    read_reply(&mut s)
}

/// Reads a whole reply from a connection the server closes.
pub fn read_reply(s: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read reply");
    let text = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no header end in `{text}`"));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("bad status line in `{head}`"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Reply {
        status,
        headers,
        body: body.to_string(),
    }
}
