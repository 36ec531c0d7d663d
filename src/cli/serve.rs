//! `gunbai serve`: the web playground. Reads the extra rule files once,
//! binds, prints the URL and answers requests until stopped; the server
//! itself is `gunbai::unstable::serve`.

use super::{Failure, fail};
use gunbai::unstable::compile::compile;
use gunbai::unstable::diagnostics::Style;
use gunbai::unstable::rules::variant_source;
use gunbai::unstable::serve::{Server, api::Api};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "The page and its JSON API (docs/api.md) are served from the binary: nothing is fetched from elsewhere and nothing is written to disk. Rule files given as arguments are read once, at start.\n\nExamples:\n  gunbai serve\n  gunbai serve --open my_variant.toml\n  gunbai serve --port 0 --host 0.0.0.0 --allow-host board.lan"
)]
pub struct Args {
    /// Extra rule files to offer beside the bundled variants.
    files: Vec<PathBuf>,
    /// Address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8470)]
    port: u16,
    /// Also answer requests addressed to this host name (the `Host`
    /// header). IP addresses and `localhost` are always answered; any other
    /// name is refused, so that a web page cannot reach the server through
    /// a name of its own that resolves here (DNS rebinding).
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_host: Vec<String>,
    /// Seconds one computing request (a game, moves, a rule file) may take
    /// before it is stopped with a 503, 1 to 50 (below the 60 s every
    /// exchange is cut at).
    #[arg(long = "time-budget", value_name = "SECONDS", default_value_t = 10,
          value_parser = clap::value_parser!(u64).range(1..=50))]
    time_budget: u64,
    /// Open the page in a web browser (xdg-open, open or start).
    #[arg(long)]
    open: bool,
}

pub fn run(a: Args, style: Style) -> Result<ExitCode, Failure> {
    let mut extra = Vec::new();
    for path in &a.files {
        // Read as every command reads a rule file (same size and encoding
        // checks); a bare name is made a path so that it is never taken
        // for a bundled variant.
        let spec = path.display().to_string();
        let spec = if spec.contains('/') || spec.contains('\\') {
            spec
        } else {
            format!("./{spec}")
        };
        let source = variant_source(&spec)?;
        let name = path
            .file_stem()
            .map_or_else(|| "rules".into(), |s| s.to_string_lossy().into_owned());
        // A broken file is still offered, to be mended in the editor; say so now.
        if let Err(report) = compile(&source, &[]) {
            super::report(&report, style);
        }
        extra.push((name, path.display().to_string(), source.text));
    }
    let api = Api::new(extra).with_time_budget(std::time::Duration::from_secs(a.time_budget));
    let server = Server::bind(&a.host, a.port, &a.allow_host, api).map_err(fail)?;
    outln!("gunbai playground at {}", server.url());
    if a.open {
        open_browser(server.url());
    }
    server.run().map_err(fail)?;
    Ok(ExitCode::SUCCESS)
}

/// Asks the desktop to open `url`; a failure is a note, not an error.
fn open_browser(url: &str) {
    let (program, args): (&str, Vec<&str>) = if cfg!(target_os = "macos") {
        ("open", vec![url])
    } else if cfg!(windows) {
        ("cmd", vec!["/C", "start", "", url])
    } else {
        ("xdg-open", vec![url])
    };
    if let Err(e) = std::process::Command::new(program).args(&args).spawn() {
        note!("note: could not open a browser ({program}: {e}); open {url} yourself");
    }
}
