//! What the protocols read, made safe once for every door: lines of
//! bounded length with non-UTF-8 bytes kept ([`LineReader`]), numbers that
//! saturate or are refused but never overflow ([`count`], [`integer`],
//! [`seconds`], [`millis`]), and text echoed back to a GUI with its
//! control characters and stray bytes escaped ([`shown`]).
//!
//! XBoard and USI read their commands through these, and the referee reads
//! the engines' output through the same [`LineReader`].

use crate::diagnostics::hides_text;
use std::io::{self, BufRead};
use std::sync::mpsc::{Receiver, sync_channel};
use std::time::Duration;

/// The longest line read, in bytes (the newline excluded). A USI
/// `position` of some 9 000 plies fits; a longer line is refused.
pub const MAX_LINE: usize = 64 << 10;

/// The largest time any field may set: about 31 years. Larger values
/// saturate here, so sums of times never overflow a `Duration`.
pub const MAX_SECONDS: u64 = 1_000_000_000;

/// One line of input.
#[derive(Debug, PartialEq)]
pub enum Line {
    /// A line of UTF-8 text, without its line ending.
    Text(String),
    /// A line that is not UTF-8: its bytes as they came.
    NotUtf8(Vec<u8>),
    /// A line longer than the limit: its first bytes. The rest of it, up
    /// to the next newline, is skipped.
    TooLong(Vec<u8>),
}

impl Line {
    /// The line as text: non-UTF-8 bytes replaced (for readers that only
    /// match words), `None` for a line too long.
    pub fn lossy(self) -> Option<String> {
        match self {
            Line::Text(t) => Some(t),
            Line::NotUtf8(b) => Some(String::from_utf8_lossy(&b).into_owned()),
            Line::TooLong(_) => None,
        }
    }
}

/// Reads lines of at most `limit` bytes, holding no more than that.
pub struct LineReader<R> {
    inner: R,
    limit: usize,
    /// Inside a line already reported as too long.
    skipping: bool,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R, limit: usize) -> LineReader<R> {
        LineReader {
            inner,
            limit,
            skipping: false,
        }
    }

    /// The next line, `None` at the end of the input. A line that grows
    /// past the limit is returned as [`Line::TooLong`] as soon as it does
    /// (a line that never ends is reported, not waited for); the rest of
    /// it is skipped. A last line without a newline counts.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut buf = Vec::new();
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.skipping = false;
                return Ok((!buf.is_empty()).then(|| finish(buf)));
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(chunk.len());
            if self.skipping {
                self.inner.consume(take + usize::from(newline.is_some()));
                if newline.is_some() {
                    self.skipping = false;
                }
                continue;
            }
            let room = self.limit - buf.len();
            if take > room {
                buf.extend_from_slice(&chunk[..room]);
                self.inner.consume(room);
                self.skipping = true;
                return Ok(Some(Line::TooLong(buf)));
            }
            buf.extend_from_slice(&chunk[..take]);
            self.inner.consume(take + usize::from(newline.is_some()));
            if newline.is_some() {
                return Ok(Some(finish(buf)));
            }
        }
    }
}

fn finish(mut buf: Vec<u8>) -> Line {
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    match String::from_utf8(buf) {
        Ok(t) => Line::Text(t),
        Err(e) => Line::NotUtf8(e.into_bytes()),
    }
}

/// Lines read ahead of the command loop at most: a GUI that floods commands
/// waits for the engine instead of filling its memory.
pub const QUEUE: usize = 64;

/// Reads `input` on a thread of its own, line by line, into a queue of at
/// most [`QUEUE`] lines. `watch` sees every text line as soon as it is
/// read (to stop a running search at once), and `None` at the end of the
/// input (or at a read error), where the queue ends.
pub fn spawn_reader<R, W>(input: R, watch: W) -> Receiver<Line>
where
    R: BufRead + Send + 'static,
    W: Fn(Option<&str>) + Send + 'static,
{
    let (tx, rx) = sync_channel(QUEUE);
    std::thread::spawn(move || {
        let mut lines = LineReader::new(input, MAX_LINE);
        while let Ok(Some(line)) = lines.next_line() {
            if let Line::Text(t) = &line {
                watch(Some(t));
            }
            if tx.send(line).is_err() {
                return;
            }
        }
        watch(None);
    });
    rx
}

/// Bytes echoed back, at most this many characters of them.
const SHOWN: usize = 120;

/// Text fit to echo in a one-line reply: the characters that
/// [`hides_text`] (controls, bidirectional and other invisible ones) and
/// bytes that are not UTF-8 escaped (`\u{7f}`, `\u{202e}`, `\xff`), cut
/// after 120 characters with the length of the whole.
pub fn shown(bytes: &[u8]) -> String {
    let mut s = String::new();
    let mut n = 0;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if n == SHOWN {
                return format!("{s}... ({} bytes)", bytes.len());
            }
            if hides_text(c) {
                s.extend(c.escape_default());
            } else {
                s.push(c);
            }
            n += 1;
        }
        for b in chunk.invalid() {
            if n == SHOWN {
                return format!("{s}... ({} bytes)", bytes.len());
            }
            s.push_str(&format!("\\x{b:02x}"));
            n += 1;
        }
    }
    s
}

/// What a refused line says about itself, for an error reply.
pub fn refusal(line: &Line) -> String {
    match line {
        Line::Text(t) => shown(t.as_bytes()),
        Line::NotUtf8(b) => format!("not UTF-8: {}", shown(b)),
        Line::TooLong(b) => format!("a line longer than {MAX_LINE} bytes: {}", shown(b)),
    }
}

/// A whole number, `-` allowed: decimal digits after an optional sign.
/// Values past `i64`'s range saturate at its ends.
pub fn integer(text: &str) -> Result<i64, String> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let magnitude =
        digits_value(digits).ok_or_else(|| format!("expected a whole number, got `{}`", shown(text.as_bytes())))?;
    Ok(if negative {
        0i64.saturating_sub_unsigned(magnitude)
    } else {
        i64::try_from(magnitude).unwrap_or(i64::MAX)
    })
}

/// A count: a whole number of zero or more. Values past `u64`'s range
/// saturate; a sign `-` is refused.
pub fn count(text: &str) -> Result<u64, String> {
    digits_value(text.strip_prefix('+').unwrap_or(text))
        .ok_or_else(|| format!("expected a whole number of 0 or more, got `{}`", shown(text.as_bytes())))
}

/// Decimal digits (at least one) as a number, saturating.
fn digits_value(digits: &str) -> Option<u64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(
        digits
            .bytes()
            .fold(0u64, |n, b| n.saturating_mul(10).saturating_add(u64::from(b - b'0'))),
    )
}

/// Seconds with an optional fraction (`10`, `0.5`, `.5`), capped at
/// [`MAX_SECONDS`]. Signs, exponents, `inf` and `nan` are refused.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let bad = || format!("expected seconds such as 10 or 0.5, got `{}`", shown(text.as_bytes()));
    let t = text.strip_prefix('+').unwrap_or(text);
    let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !digits(whole) || !digits(fraction) {
        return Err(bad());
    }
    let value: f64 = t.parse().map_err(|_| bad())?;
    Ok(if value >= MAX_SECONDS as f64 {
        Duration::from_secs(MAX_SECONDS)
    } else {
        Duration::try_from_secs_f64(value).map_err(|_| bad())?
    })
}

/// A count of milliseconds (USI's times), capped at [`MAX_SECONDS`].
pub fn millis(text: &str) -> Result<Duration, String> {
    count(text).map(|ms| Duration::from_millis(ms.min(MAX_SECONDS * 1000)))
}

/// A count of centiseconds (XBoard's `time`, `otim`); a negative value
/// (a clock past zero) is none left. Capped at [`MAX_SECONDS`].
pub fn centis(text: &str) -> Result<Duration, String> {
    integer(text).map(|cs| Duration::from_millis((cs.max(0) as u64).min(MAX_SECONDS * 100) * 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], limit: usize) -> Vec<Line> {
        let mut r = LineReader::new(input, limit);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn long_lines_are_cut_and_skipped_and_bad_bytes_kept() {
        let got = lines(b"go\r\nabcdefgh\nx\xffy\nlast", 4);
        assert_eq!(
            got,
            [
                Line::Text("go".into()),
                Line::TooLong(b"abcd".to_vec()),
                Line::NotUtf8(b"x\xffy".to_vec()),
                Line::Text("last".into()),
            ]
        );
        // A line exactly at the limit is a line.
        assert_eq!(lines(b"abcd\n", 4), [Line::Text("abcd".into())]);
    }

    #[test]
    fn a_line_that_never_ends_is_reported_before_its_end() {
        // A reader that would give 'a' forever: the first line comes back
        // after `limit` bytes.
        let mut r = LineReader::new(io::BufReader::with_capacity(16, io::repeat(b'a')), 100);
        assert_eq!(r.next_line().unwrap(), Some(Line::TooLong(vec![b'a'; 100])));
    }

    #[test]
    fn numbers_saturate_or_are_refused() {
        assert_eq!(count("99999999999999999999999"), Ok(u64::MAX));
        assert_eq!(count("+7"), Ok(7));
        assert!(count("-1").is_err() && count("").is_err() && count("1e3").is_err() && count("٣").is_err());
        assert_eq!(integer("-99999999999999999999999"), Ok(i64::MIN));
        assert_eq!(integer("99999999999999999999999"), Ok(i64::MAX));
        assert_eq!(integer("-5"), Ok(-5));
        assert!(integer("--5").is_err() && integer("-").is_err());
        assert_eq!(seconds("0.5"), Ok(Duration::from_millis(500)));
        assert_eq!(seconds(".5"), Ok(Duration::from_millis(500)));
        assert_eq!(seconds(&"9".repeat(400)), Ok(Duration::from_secs(MAX_SECONDS)));
        for bad in ["", ".", "-1", "inf", "nan", "1e9", "1..2", "0x10"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(millis("18446744073709551615"), Ok(Duration::from_secs(MAX_SECONDS)));
        assert_eq!(centis("-300"), Ok(Duration::ZERO));
        assert_eq!(centis("9223372036854775807"), Ok(Duration::from_secs(MAX_SECONDS)));
    }

    #[test]
    fn shown_text_escapes_controls_and_bad_bytes_and_is_cut() {
        assert_eq!(shown(b"a\x7f\x00\xffb \xe5\xb0\x86"), "a\\u{7f}\\u{0}\\xffb 将");
        assert_eq!(shown("chu\u{202e}".as_bytes()), "chu\\u{202e}");
        let long = shown(&[b'x'; 1000]);
        assert!(long.ends_with("... (1000 bytes)") && long.len() < 200, "{long}");
    }
}
