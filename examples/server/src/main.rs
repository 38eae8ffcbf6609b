//! `mjkit-server`: the example game server (see `docs/server.md`).
//!
//! ```text
//! mjkit-server [--addr 127.0.0.1:8080] [--data DIR] [--web DIR]   serve
//! mjkit-server check WIRE.json                                     the wire check
//! ```

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use mjkit::table::Reader;
use mjkit_server::check::{Wire, check};
use mjkit_server::config::RoomConfig;
use mjkit_server::server::{App, Options, router};
use serde_json::Value;

#[derive(Parser)]
#[command(
    version,
    about = "An example mahjong game server over mjkit's table",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    #[command(flatten)]
    serve: Serve,
}

#[derive(Subcommand)]
enum Cmd {
    /// Serve (the default).
    Serve(Serve),
    /// Check what clients received (a JSON file: {"preset", "connections": [{"reader",
    /// "frames", "shown"}], "record"}) by the library's reader rules; exit 1 on a violation.
    Check {
        /// The file.
        file: PathBuf,
    },
}

#[derive(Args, Clone)]
struct Serve {
    /// Address to listen on (port 0: any free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,
    /// Directory the rooms are saved in (made if missing); rooms found there are restored.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/mjkit-server/rooms"))]
    data: PathBuf,
    /// Keep rooms in memory only (a restart loses them).
    #[arg(long)]
    memory: bool,
    /// The built web client.
    #[arg(long, default_value = concat!(env!("CARGO_MANIFEST_DIR"), "/web/dist"))]
    web: PathBuf,
    /// The most rooms at once.
    #[arg(long, default_value_t = 10_000)]
    max_rooms: usize,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.cmd {
        Some(Cmd::Check { file }) => run_check(&file),
        Some(Cmd::Serve(s)) => serve(s),
        None => serve(cli.serve),
    }
}

fn serve(s: Serve) -> ExitCode {
    let rt = tokio::runtime::Runtime::new().expect("a tokio runtime");
    rt.block_on(async move {
        let opts = Options {
            data: (!s.memory).then(|| s.data.clone()),
            web: s.web.clone(),
            max_rooms: s.max_rooms,
        };
        let app = match App::new(&opts) {
            Ok(a) => a,
            Err(e) => {
                eprintln!("mjkit-server: {}: {e}", s.data.display());
                return ExitCode::FAILURE;
            }
        };
        let listener = match tokio::net::TcpListener::bind(&s.addr).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("mjkit-server: cannot listen on {}: {e}", s.addr);
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().expect("a bound address");
        if !s.web.join("index.html").exists() {
            eprintln!(
                "mjkit-server: no web client in {} (build it: cd examples/server/web && npm ci && npm run build); the API and WebSocket work without it",
                s.web.display()
            );
        }
        println!(
            "mjkit-server: listening on http://{addr}/ ({} rooms restored{})",
            app.room_count().await,
            if opts.data.is_some() { format!(", saved in {}", s.data.display()) } else { ", in memory".into() }
        );
        let app2 = app.clone();
        let server = axum::serve(listener, router(app.clone(), s.web.clone()));
        tokio::select! {
            r = server.into_future() => {
                if let Err(e) = r {
                    eprintln!("mjkit-server: {e}");
                    return ExitCode::FAILURE;
                }
            }
            () = shutdown_signal() => {
                app2.stop().await;
                println!("mjkit-server: stopped, every room saved");
            }
        }
        ExitCode::SUCCESS
    })
}

async fn shutdown_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .expect("a SIGTERM handler");
    tokio::select! {
        _ = ctrl_c => {}
        _ = term.recv() => {}
    }
}

fn run_check(file: &PathBuf) -> ExitCode {
    let input: Value = match std::fs::read_to_string(file)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(v) => v,
        Err(e) => {
            eprintln!("check: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    let config = RoomConfig {
        preset: input["preset"].as_str().unwrap_or("taiwan16").to_string(),
        ..RoomConfig::default()
    };
    let rules = match config.check() {
        Ok(c) => c.rules,
        Err(e) => {
            eprintln!("check: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut wires = Vec::new();
    for c in input["connections"].as_array().into_iter().flatten() {
        let reader = match &c["reader"] {
            Value::Number(n) if n.as_u64().is_some_and(|s| s < 4) => {
                Reader::Seat(n.as_u64().unwrap_or(0) as u8)
            }
            Value::String(s) if s == "spectator" => Reader::Spectator,
            r => {
                eprintln!("check: unknown reader {r}");
                return ExitCode::FAILURE;
            }
        };
        let frames = c["frames"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str().map(str::to_string))
            .collect();
        let shown = c.get("shown").filter(|v| !v.is_null()).cloned();
        wires.push(Wire {
            reader,
            frames,
            shown,
        });
    }
    match check(rules, &wires, input["record"].as_str()) {
        Ok(r) => {
            println!(
                "wire check: {} connections, {} events ({} with hidden tiles), {} options ({} with the library's hint for the seat's view), {} events matched to the record, {} states equal to the library's client: no violation",
                r.connections, r.events, r.masked, r.options, r.hints, r.against_record, r.states
            );
            ExitCode::SUCCESS
        }
        Err(errors) => {
            for e in &errors {
                eprintln!("check: {e}");
            }
            eprintln!("wire check: {} violations", errors.len());
            ExitCode::FAILURE
        }
    }
}
