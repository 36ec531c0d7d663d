//! Who may ask: the `Host` allow-list and the same-origin checks, as plain
//! functions of header values.
//!
//! - **DNS rebinding**: a hostile site makes its own name resolve to
//!   127.0.0.1, and the browser then sends `Host: evil.example:8470`. Only
//!   hosts that no outside DNS answer can name are served: IP addresses,
//!   `localhost`, the `--host` given and the `--allow-host` names, with the
//!   server's own port.
//! - **Cross-site requests**: a page elsewhere may send requests here
//!   (forms, `fetch` with `mode: "no-cors"`, "simple" `text/plain` POSTs
//!   that need no preflight). The API answers only a request whose
//!   `Origin`, if sent, is this server's own, and whose `Sec-Fetch-Site`,
//!   if sent, is `same-origin` or `none` (typed in the address bar). A POST
//!   must also say `Content-Type: application/json`, which no cross-site
//!   request can send without a CORS preflight, and the server grants no
//!   CORS at all.

use std::net::{Ipv4Addr, Ipv6Addr};

/// The names the server answers to, and its port.
#[derive(Clone, Debug)]
pub(crate) struct Hosts {
    port: u16,
    names: Vec<String>,
}

impl Hosts {
    pub(crate) fn new(port: u16, names: &[String]) -> Hosts {
        let mut all = vec!["localhost".to_string()];
        all.extend(names.iter().map(|n| n.trim_matches(['[', ']']).to_ascii_lowercase()));
        Hosts { port, names: all }
    }

    /// Checks a `Host` header: Err is the reason to refuse.
    pub(crate) fn check(&self, host: Option<&str>) -> Result<(), String> {
        let Some(host) = host else {
            return Err("the request has no Host header".into());
        };
        let (name, port) = split_host(host).ok_or_else(|| format!("`{}` is not a host", shown(host)))?;
        let port = match port {
            None => 80,
            Some(p) => p
                .parse::<u16>()
                .map_err(|_| format!("`{}` has no valid port", shown(host)))?,
        };
        if port != self.port {
            return Err(format!("this server is on port {}, not {port}", self.port));
        }
        let name = name.to_ascii_lowercase();
        let literal = name.parse::<Ipv4Addr>().is_ok() || name.parse::<Ipv6Addr>().is_ok();
        if literal || self.names.contains(&name) {
            Ok(())
        } else {
            Err(format!(
                "host `{}` is not served (DNS rebinding guard): use http://127.0.0.1:{}/ or http://localhost:{}/, or start the server with --allow-host {}",
                shown(&name),
                self.port,
                self.port,
                shown(&name)
            ))
        }
    }
}

/// Splits `name:port`, `[v6]:port`, `name` or `[v6]`.
fn split_host(host: &str) -> Option<(&str, Option<&str>)> {
    if let Some(rest) = host.strip_prefix('[') {
        let (v6, after) = rest.split_once(']')?;
        return match after {
            "" => Some((v6, None)),
            _ => Some((v6, Some(after.strip_prefix(':')?))),
        };
    }
    let (name, port) = match host.rsplit_once(':') {
        Some((n, p)) => (n, Some(p)),
        None => (host, None),
    };
    (!name.is_empty() && !name.contains(':')).then_some((name, port))
}

/// Checks that a request comes from the page itself: `origin` and
/// `fetch_site` are its `Origin` and `Sec-Fetch-Site` headers, `host` its
/// (already checked) `Host`.
pub(crate) fn same_origin(origin: Option<&str>, fetch_site: Option<&str>, host: &str) -> Result<(), String> {
    if let Some(site) = fetch_site
        && !site.eq_ignore_ascii_case("same-origin")
        && !site.eq_ignore_ascii_case("none")
    {
        return Err(format!(
            "a {} request (Sec-Fetch-Site): the API answers only its own page",
            shown(site)
        ));
    }
    if let Some(origin) = origin {
        let own = format!("http://{host}");
        if !origin.eq_ignore_ascii_case(&own) {
            return Err(format!(
                "a request from origin `{}`: the API answers only its own page, {own}",
                shown(origin)
            ));
        }
    }
    Ok(())
}

/// A header value as shown in an error: at most 100 characters, and no
/// control characters.
fn shown(text: &str) -> String {
    let mut out: String = text
        .chars()
        .take(100)
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect();
    if text.chars().count() > 100 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts() -> Hosts {
        Hosts::new(8470, &["127.0.0.1".into(), "board.lan".into()])
    }

    #[test]
    fn ip_literals_localhost_and_given_names_are_served() {
        let h = hosts();
        for ok in [
            "127.0.0.1:8470",
            "localhost:8470",
            "LocalHost:8470",
            "[::1]:8470",
            "10.0.0.7:8470",
            "board.lan:8470",
        ] {
            assert_eq!(h.check(Some(ok)), Ok(()), "{ok}");
        }
    }

    #[test]
    fn rebinding_names_other_ports_and_junk_are_refused() {
        let h = hosts();
        for bad in [
            "evil.example:8470",
            "localhost.evil.example:8470",
            "127.0.0.1.nip.io:8470",
            "localhost:8471",
            "localhost",
            "localhost:",
            "localhost:99999",
            ":8470",
            "[::1",
            "[::1]x",
            "::1:8470",
            "",
        ] {
            assert!(h.check(Some(bad)).is_err(), "{bad}");
        }
        assert!(h.check(None).is_err());
        assert!(h.check(Some("evil.example:8470")).unwrap_err().contains("--allow-host"));
    }

    #[test]
    fn only_the_own_origin_and_same_origin_fetches_pass() {
        let host = "127.0.0.1:8470";
        assert_eq!(same_origin(None, None, host), Ok(()));
        assert_eq!(
            same_origin(Some("http://127.0.0.1:8470"), Some("same-origin"), host),
            Ok(())
        );
        assert_eq!(same_origin(None, Some("none"), host), Ok(()));
        for (origin, site) in [
            (Some("https://evil.example"), None),
            (Some("null"), None),
            (Some("http://127.0.0.1:8471"), None),
            (Some("http://localhost:8470"), None),
            (None, Some("cross-site")),
            (None, Some("same-site")),
            (Some("http://127.0.0.1:8470"), Some("cross-site")),
        ] {
            assert!(same_origin(origin, site, host).is_err(), "{origin:?} {site:?}");
        }
    }
}
