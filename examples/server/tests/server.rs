//! The server as a process: its messages' errors over real WebSockets and HTTP, and restarts
//! (killed, and stopped by SIGTERM) in the middle of a hand: the game goes on where it was, and
//! every connection's wire passes the check against the match's record.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use mjkit::ai::{self, BotConfig};
use mjkit::table::{Client, Reader, Rules};
use mjkit_server::check::{Wire, check, view_json};
use mjkit_server::client::{Received, Socket, create_room, http};
use mjkit_server::protocol::{action_json, event_from_json};
use serde_json::{Value, json};

struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(data: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_mjkit-server"))
            .args(["--addr", "127.0.0.1:0", "--web", "/nonexistent"])
            .arg("--data")
            .arg(data)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr }
    }

    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    fn terminate(mut self) {
        let status = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        assert!(self.child.wait().unwrap().success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A seat played by mjkit's bot from its own client's view (the events it received).
struct Player {
    socket: Socket,
    client: Option<Client>,
    frames: Vec<String>,
    token: Option<String>,
    options: Option<u64>,
    errors: Vec<String>,
    closed: Option<Option<u16>>,
    hand_over: bool,
}

impl Player {
    async fn join(addr: &str, room: &str, token: Option<&str>) -> Player {
        let mut socket = Socket::connect(addr, room).await.unwrap();
        socket
            .send(&json!({"type": "join", "seat": "any", "token": token}).to_string())
            .await
            .unwrap();
        let mut p = Player {
            socket,
            client: None,
            frames: Vec::new(),
            token: None,
            options: None,
            errors: Vec::new(),
            closed: None,
            hand_over: false,
        };
        p.read().await;
        assert!(p.client.is_some(), "no welcome: {:?}", p.frames);
        p
    }

    /// Reads one message.
    async fn read(&mut self) {
        let text = match self.socket.recv().await {
            Received::Text(t) => t,
            Received::Closed(code) => {
                self.closed = Some(code);
                return;
            }
        };
        let v: Value = serde_json::from_str(&text).unwrap();
        match v["type"].as_str().unwrap() {
            "welcome" => {
                self.client = Some(Client::new(Rules::taiwan16(), Reader::Seat(0)).unwrap());
                self.token = v["token"].as_str().map(str::to_string);
            }
            "events" => {
                for e in v["events"].as_array().unwrap() {
                    let e = event_from_json(e).unwrap();
                    self.client.as_mut().unwrap().apply(&e).unwrap();
                }
            }
            "options" => self.options = v["next"].as_u64(),
            "hand_over" => self.hand_over = true,
            "error" => self.errors.push(v["code"].as_str().unwrap().to_string()),
            _ => {}
        }
        self.frames.push(text);
    }

    /// Answers the options (mjkit's bot on the client's view); false when there were none.
    async fn act(&mut self) -> bool {
        let Some(next) = self.options.take() else {
            return false;
        };
        let view = self.client.as_ref().unwrap().view().unwrap();
        let a = ai::decide(view, &BotConfig::mjkit());
        let mut m = action_json(&a);
        m["type"] = "act".into();
        m["next"] = next.into();
        self.socket.send(&m.to_string()).await.unwrap();
        true
    }

    /// Plays until `decisions` were made or the hand is over; the number made.
    async fn play(&mut self, decisions: usize) -> usize {
        let mut made = 0;
        let over = |p: &Player| {
            p.client.as_ref().and_then(Client::view).map(|v| v.phase)
                == Some(mjkit::table::Phase::Over)
        };
        while made < decisions && !self.hand_over && !over(self) && self.closed.is_none() {
            if self.act().await {
                made += 1;
                continue;
            }
            self.read().await;
        }
        made
    }

    /// Reads until the server has nothing more to send for now.
    async fn settle(&mut self) {
        while let Ok(()) =
            tokio::time::timeout(std::time::Duration::from_millis(300), self.read()).await
        {
            if self.closed.is_some() {
                break;
            }
        }
    }

    fn wire(&self) -> Wire {
        Wire {
            reader: Reader::Seat(0),
            frames: self.frames.clone(),
            shown: self.client.as_ref().and_then(Client::view).map(view_json),
        }
    }
}

fn fast_room() -> Value {
    json!({"end": "hands:1", "turn_ms": 0, "claim_ms": 0, "hold_claims": false, "bot_ms": 0,
           "next_ms": 0, "seed": 42})
}

async fn restart_mid_hand(graceful: bool) {
    let dir = std::env::temp_dir().join(format!(
        "mjkit-server-test-{}-{graceful}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let server = Server::start(&dir);
    let room = create_room(&server.addr, &fast_room()).await.unwrap();
    let mut first = Player::join(&server.addr, &room, None).await;
    assert_eq!(first.play(6).await, 6);
    first.settle().await;
    let before = first.client.as_ref().unwrap().view().copied().unwrap();
    let token = first.token.clone().unwrap();
    if graceful {
        server.terminate();
        first.settle().await;
        assert_eq!(
            first.closed,
            Some(Some(1012)),
            "closed as 'service restart'"
        );
    } else {
        server.kill();
    }
    let server = Server::start(&dir);
    let mut second = Player::join(&server.addr, &room, Some(&token)).await;
    second.settle().await;
    assert_eq!(
        second.client.as_ref().unwrap().view(),
        Some(&before),
        "after the restart the seat has the hand and scores it had"
    );
    second.play(usize::MAX).await;
    second.settle().await;
    let (status, record) = http(
        &server.addr,
        "GET",
        &format!("/api/rooms/{room}/record"),
        None,
    )
    .await
    .unwrap();
    assert_eq!(status, 200, "{record}");
    let report = check(
        Rules::taiwan16(),
        &[first.wire(), second.wire()],
        Some(&record),
    )
    .unwrap();
    assert_eq!(report.against_record, report.events);
    assert!(second.errors.is_empty() && first.errors.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_killed_server_restarts_and_the_hand_goes_on() {
    restart_mid_hand(false).await;
}

#[tokio::test]
async fn a_stopped_server_restarts_and_the_hand_goes_on() {
    restart_mid_hand(true).await;
}

async fn error_code(s: &mut Socket, text: Option<&str>, binary: bool) -> (String, String) {
    if binary {
        s.send_binary(b"\x00\x01").await.unwrap();
    } else {
        s.send(text.unwrap()).await.unwrap();
    }
    loop {
        match s.recv().await {
            Received::Text(t) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "error" {
                    return (
                        v["code"].as_str().unwrap().to_string(),
                        v["message"].as_str().unwrap().to_string(),
                    );
                }
            }
            Received::Closed(c) => panic!("closed {c:?}"),
        }
    }
}

#[tokio::test]
async fn bad_messages_over_the_wire_get_an_error() {
    let dir = std::env::temp_dir().join(format!("mjkit-server-test-{}-errors", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let server = Server::start(&dir);
    let addr = server.addr.clone();
    // HTTP: bad settings, unknown rooms, a record before the match's end.
    let (status, body) = http(&addr, "POST", "/api/rooms", Some(r#"{"preset":"mcr"}"#))
        .await
        .unwrap();
    assert_eq!(status, 400);
    assert!(body.contains("unknown preset"), "{body}");
    let (status, body) = http(&addr, "POST", "/api/rooms", Some("{not json"))
        .await
        .unwrap();
    assert_eq!(status, 400, "{body}");
    let (status, _) = http(&addr, "GET", "/api/rooms/nope", None).await.unwrap();
    assert_eq!(status, 404);
    assert!(Socket::connect(&addr, "nope").await.is_err());
    let room = create_room(&addr, &fast_room()).await.unwrap();
    let (status, _) = http(&addr, "GET", &format!("/api/rooms/{room}/record"), None)
        .await
        .unwrap();
    assert_eq!(status, 409);
    // WebSocket: before joining, and after.
    let mut s = Socket::connect(&addr, &room).await.unwrap();
    let cases: [(&str, &str); 6] = [
        ("{{{", "malformed"),
        (r#"{"type":"hello"}"#, "unknown_type"),
        (r#"{"type":"act","action":"pass"}"#, "not_joined"),
        (r#"{"type":"join","seat":1}"#, "no_such_seat"),
        (r#"{"type":"join","seat":9}"#, "no_such_seat"),
        (
            r#"{"type":"join","seat":"spectator","lang":"xx"}"#,
            "malformed",
        ),
    ];
    for (text, code) in cases {
        let (c, m) = error_code(&mut s, Some(text), false).await;
        assert_eq!(c, code, "{text}: {m}");
        assert!(!m.is_empty());
    }
    assert_eq!(error_code(&mut s, None, true).await.0, "binary");
    let huge = format!(r#"{{"type":"next","x":"{}"}}"#, "y".repeat(10_000));
    assert_eq!(error_code(&mut s, Some(&huge), false).await.0, "too_large");
    s.close().await;
    let mut p = Player::join(&addr, &room, None).await;
    while p.options.is_none() {
        p.read().await;
    }
    p.settle().await;
    let before = p.client.as_ref().unwrap().view().copied();
    for (text, code) in [
        (
            r#"{"type":"act","action":"discard","tile":"9z"}"#,
            "bad_tile",
        ),
        (
            r#"{"type":"act","action":"win","tile":"1m"}"#,
            "illegal_action",
        ),
        (r#"{"type":"act","action":"pass","next":0}"#, "stale"),
        (r#"{"type":"next"}"#, "hand_not_over"),
        (r#"{"type":"join"}"#, "already_joined"),
    ] {
        let (c, m) = error_code(&mut p.socket, Some(text), false).await;
        assert_eq!(c, code, "{text}: {m}");
    }
    p.settle().await;
    assert_eq!(
        p.client.as_ref().unwrap().view().copied(),
        before,
        "nothing changed"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
