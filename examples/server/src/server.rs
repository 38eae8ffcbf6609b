//! The network side: an HTTP API to make and list rooms, a WebSocket per connection, the web
//! client's files, and one task per room that owns its [`Room`] (so a room's changes happen
//! one at a time, in the order its messages arrive).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use axum::Router;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{Notify, RwLock, mpsc, oneshot};
use tower_http::services::{ServeDir, ServeFile};

use crate::config::RoomConfig;
use crate::protocol::{ClientMsg, MAX_CLIENT_FRAME, Refusal, parse_client};
use crate::room::{ConnId, Out, Room, random_hex};
use crate::store::Store;

enum Cmd {
    Join {
        conn: ConnId,
        msg: ClientMsg,
        out: mpsc::UnboundedSender<Out>,
        reply: oneshot::Sender<bool>,
    },
    Msg {
        conn: ConnId,
        msg: ClientMsg,
    },
    Leave {
        conn: ConnId,
    },
    Info(oneshot::Sender<Value>),
    Record(oneshot::Sender<Option<String>>),
    Stop(oneshot::Sender<()>),
}

/// The server's shared state.
pub struct App {
    rooms: RwLock<HashMap<String, mpsc::UnboundedSender<Cmd>>>,
    store: Option<Store>,
    next_conn: AtomicU64,
    max_rooms: usize,
    /// Connections whose writer still runs (a stop waits for their close frames to go out).
    writers: AtomicUsize,
    writer_done: Notify,
}

/// The server's settings.
pub struct Options {
    /// The rooms' directory (none: rooms live in memory only).
    pub data: Option<PathBuf>,
    /// The built web client (`index.html` and its assets).
    pub web: PathBuf,
    /// The most rooms at once.
    pub max_rooms: usize,
}

/// Runs a room's task: its commands one at a time, its timers, saving, sending.
async fn run_room(mut room: Room, mut rx: mpsc::UnboundedReceiver<Cmd>, store: Option<Store>) {
    let mut outs: HashMap<ConnId, mpsc::UnboundedSender<Out>> = HashMap::new();
    let mut saved = Saving {
        store,
        meta: String::new(),
    };
    loop {
        let cmd = match room.deadline() {
            Some(at) => tokio::select! {
                c = rx.recv() => c,
                () = tokio::time::sleep_until(at.into()) => {
                    room.tick(Instant::now());
                    finish(&mut room, &mut outs, &mut saved).await;
                    continue;
                }
            },
            None => rx.recv().await,
        };
        let Some(cmd) = cmd else { break };
        let now = Instant::now();
        let mut stop = None;
        match cmd {
            Cmd::Join {
                conn,
                msg,
                out,
                reply,
            } => {
                outs.insert(conn, out);
                let ok = match msg {
                    ClientMsg::Join { want, token, lang } => {
                        room.join(conn, want, token.as_deref(), lang, now).is_ok()
                    }
                    _ => false,
                };
                finish(&mut room, &mut outs, &mut saved).await;
                if !ok {
                    outs.remove(&conn);
                }
                let _ = reply.send(ok);
                continue;
            }
            Cmd::Msg { conn, msg } => room.message(conn, msg, now),
            Cmd::Leave { conn } => {
                room.leave(conn, now);
                outs.remove(&conn);
            }
            Cmd::Info(tx) => {
                let _ = tx.send(room.info());
            }
            Cmd::Record(tx) => {
                let _ = tx.send(room.record());
            }
            Cmd::Stop(tx) => {
                room.close_all(1012, "the server is restarting: rejoin in a moment");
                stop = Some(tx);
            }
        }
        finish(&mut room, &mut outs, &mut saved).await;
        if let Some(tx) = stop {
            let files = room.persist_final();
            saved.save(&room.id, files, true).await;
            let _ = tx.send(());
            break;
        }
    }
}

/// A room's store and the room file it holds now.
struct Saving {
    store: Option<Store>,
    meta: String,
}

impl Saving {
    /// Writes the room's files on the blocking pool (file writes would stall the other
    /// rooms' tasks on this worker thread) and waits for them; the room file only when it
    /// changed, or with `all`.
    async fn save(
        &mut self,
        id: &str,
        (meta, snap, record): (String, Vec<u8>, Option<String>),
        all: bool,
    ) {
        let Some(store) = self.store.clone() else {
            return;
        };
        let new_meta = (all || meta != self.meta).then(|| meta.clone());
        let id2 = id.to_string();
        let wrote = new_meta.is_some();
        let r = tokio::task::spawn_blocking(move || {
            store.save(&id2, new_meta.as_deref(), &snap, record.as_deref())
        })
        .await;
        match r {
            Ok(Ok(())) => {
                if wrote {
                    self.meta = meta;
                }
            }
            Ok(Err(e)) => eprintln!("mjkit-server: room {id}: not saved: {e}"),
            Err(e) => eprintln!("mjkit-server: room {id}: not saved: {e}"),
        }
    }
}

/// Saves the room if it changed, then sends what it left in its outbox (saved first: nobody
/// is told of a change a restart would take back).
async fn finish(
    room: &mut Room,
    outs: &mut HashMap<ConnId, mpsc::UnboundedSender<Out>>,
    saved: &mut Saving,
) {
    if room.take_dirty() && saved.store.is_some() {
        let files = room.persist();
        saved.save(&room.id, files, false).await;
    }
    for (conn, out) in room.outbox.drain(..) {
        if let Some(tx) = outs.get(&conn) {
            let close = matches!(out, Out::Close(..));
            let _ = tx.send(out);
            if close {
                outs.remove(&conn);
            }
        }
    }
}

impl App {
    /// The server's state: the rooms found in the store, each with its task started.
    pub fn new(opts: &Options) -> std::io::Result<Arc<App>> {
        let store = opts.data.as_deref().map(Store::open).transpose()?;
        let app = Arc::new(App {
            rooms: RwLock::new(HashMap::new()),
            store: store.clone(),
            next_conn: AtomicU64::new(1),
            max_rooms: opts.max_rooms,
            writers: AtomicUsize::new(0),
            writer_done: Notify::new(),
        });
        if let Some(s) = &store {
            let mut rooms = app.rooms.try_write().expect("not shared yet");
            for (id, saved) in s.load_all() {
                let room = saved
                    .map_err(|e| e.to_string())
                    .and_then(|f| Room::restore(&f.meta, &f.snapshot, f.record.as_deref()));
                match room {
                    Ok(room) => {
                        let (tx, rx) = mpsc::unbounded_channel();
                        tokio::spawn(run_room(room, rx, store.clone()));
                        rooms.insert(id, tx);
                    }
                    Err(e) => eprintln!("mjkit-server: room {id} not restored: {e}"),
                }
            }
        }
        Ok(app)
    }

    /// The number of rooms.
    pub async fn room_count(&self) -> usize {
        self.rooms.read().await.len()
    }

    /// Makes a room.
    ///
    /// # Errors
    /// The configuration's error, or the room limit.
    pub async fn create(&self, config: RoomConfig) -> Result<Value, (StatusCode, String)> {
        config.check().map_err(|e| (StatusCode::BAD_REQUEST, e))?;
        let seed = config.seed.unwrap_or_else(|| {
            let mut b = [0u8; 8];
            getrandom::fill(&mut b).expect("the system's random source");
            u64::from_le_bytes(b)
        });
        let mut rooms = self.rooms.write().await;
        if rooms.len() >= self.max_rooms {
            return Err((
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the server holds its limit of {} rooms", self.max_rooms),
            ));
        }
        let id = loop {
            let id = random_hex(5);
            if !rooms.contains_key(&id) {
                break id;
            }
        };
        let mut room =
            Room::new(id.clone(), config, seed).map_err(|e| (StatusCode::BAD_REQUEST, e))?;
        if let Some(s) = &self.store {
            let (meta, snap, record) = room.persist();
            s.save(&id, Some(&meta), &snap, record.as_deref())
                .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, format!("not saved: {e}")))?;
        }
        room.take_dirty();
        let info = room.info();
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(run_room(room, rx, self.store.clone()));
        rooms.insert(id, tx);
        Ok(info)
    }

    async fn room(&self, id: &str) -> Option<mpsc::UnboundedSender<Cmd>> {
        self.rooms.read().await.get(id).cloned()
    }

    /// Stops every room: connections are closed (code 1012, they may rejoin the restarted
    /// server) and every room is saved.
    pub async fn stop(&self) {
        let rooms: Vec<_> = self.rooms.read().await.values().cloned().collect();
        let mut acks = Vec::new();
        for tx in rooms {
            let (atx, arx) = oneshot::channel();
            if tx.send(Cmd::Stop(atx)).is_ok() {
                acks.push(arx);
            }
        }
        for a in acks {
            let _ = a.await;
        }
        // The close frames the rooms queued go out before the process ends (a client that
        // stalls does not hold the stop more than two seconds).
        let until = tokio::time::Instant::now() + std::time::Duration::from_secs(2);
        loop {
            let done = self.writer_done.notified();
            if self.writers.load(Ordering::Acquire) == 0 {
                break;
            }
            if tokio::time::timeout_at(until, done).await.is_err() {
                break;
            }
        }
    }
}

fn error(status: StatusCode, msg: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": msg.into()}))).into_response()
}

async fn create_room(State(app): State<Arc<App>>, body: axum::body::Bytes) -> Response {
    let config: RoomConfig = if body.is_empty() {
        RoomConfig::default()
    } else {
        match serde_json::from_slice(&body) {
            Ok(c) => c,
            Err(e) => return error(StatusCode::BAD_REQUEST, format!("room settings: {e}")),
        }
    };
    match app.create(config).await {
        Ok(info) => (StatusCode::CREATED, axum::Json(info)).into_response(),
        Err((s, m)) => error(s, m),
    }
}

async fn list_rooms(State(app): State<Arc<App>>) -> Response {
    let rooms: Vec<_> = app.rooms.read().await.values().cloned().collect();
    let mut out = Vec::new();
    for tx in rooms {
        let (itx, irx) = oneshot::channel();
        if tx.send(Cmd::Info(itx)).is_ok() {
            if let Ok(v) = irx.await {
                out.push(v);
            }
        }
    }
    axum::Json(json!({"rooms": out})).into_response()
}

async fn room_info(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let Some(tx) = app.room(&id).await else {
        return error(StatusCode::NOT_FOUND, format!("no room {id:?}"));
    };
    let (itx, irx) = oneshot::channel();
    let _ = tx.send(Cmd::Info(itx));
    match irx.await {
        Ok(v) => axum::Json(v).into_response(),
        Err(_) => error(StatusCode::GONE, "the room stopped"),
    }
}

async fn room_record(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let Some(tx) = app.room(&id).await else {
        return error(StatusCode::NOT_FOUND, format!("no room {id:?}"));
    };
    let (rtx, rrx) = oneshot::channel();
    let _ = tx.send(Cmd::Record(rtx));
    match rrx.await {
        Ok(Some(text)) => (
            [(
                axum::http::header::CONTENT_TYPE,
                "application/jsonl; charset=utf-8",
            )],
            text,
        )
            .into_response(),
        Ok(None) => error(
            StatusCode::CONFLICT,
            "the record is published when the match is over (it shows every seat's tiles)",
        ),
        Err(_) => error(StatusCode::GONE, "the room stopped"),
    }
}

async fn ws_upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    ws: WebSocketUpgrade,
) -> Response {
    let Some(tx) = app.room(&id).await else {
        return error(StatusCode::NOT_FOUND, format!("no room {id:?}"));
    };
    let conn = app.next_conn.fetch_add(1, Ordering::Relaxed);
    ws.max_message_size(MAX_CLIENT_FRAME * 4)
        .on_upgrade(move |socket| connection(socket, tx, conn, app))
}

/// One WebSocket: frames in are parsed here (a bad one is refused at once, the room never
/// sees it), the rest go to the room's task; what the room sends goes out in order.
async fn connection(
    socket: WebSocket,
    room: mpsc::UnboundedSender<Cmd>,
    conn: ConnId,
    app: Arc<App>,
) {
    let (mut sink, mut stream) = socket.split();
    let (out_tx, mut out_rx) = mpsc::unbounded_channel::<Out>();
    app.writers.fetch_add(1, Ordering::AcqRel);
    let writer = tokio::spawn(async move {
        // Counted down however the writer ends (a close sent, the socket failed, dropped).
        struct Live(Arc<App>);
        impl Drop for Live {
            fn drop(&mut self) {
                self.0.writers.fetch_sub(1, Ordering::AcqRel);
                self.0.writer_done.notify_waiters();
            }
        }
        let _live = Live(app);
        while let Some(out) = out_rx.recv().await {
            let r = match out {
                Out::Text(t) => sink.send(Message::Text(Utf8Bytes::from(t))).await,
                Out::Close(code, why) => {
                    let _ = sink
                        .send(Message::Close(Some(CloseFrame {
                            code,
                            reason: Utf8Bytes::from(why),
                        })))
                        .await;
                    break;
                }
            };
            if r.is_err() {
                break;
            }
        }
    });
    let refuse = |r: Refusal| {
        let _ = out_tx.send(Out::Text(r.to_json()));
    };
    let mut joined = false;
    while let Some(Ok(frame)) = stream.next().await {
        let text = match frame {
            Message::Text(t) => t,
            Message::Binary(_) => {
                refuse(Refusal::new("binary", "messages are JSON text frames"));
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        let msg = match parse_client(text.as_str()) {
            Ok(m) => m,
            Err(r) => {
                refuse(r);
                continue;
            }
        };
        match (&msg, joined) {
            (ClientMsg::Join { .. }, false) => {
                let (rtx, rrx) = oneshot::channel();
                let cmd = Cmd::Join {
                    conn,
                    msg,
                    out: out_tx.clone(),
                    reply: rtx,
                };
                if room.send(cmd).is_err() {
                    break;
                }
                joined = rrx.await.unwrap_or(false);
            }
            (_, false) => refuse(Refusal::new(
                "not_joined",
                "join a seat first: {\"type\":\"join\",\"seat\":\"any\"}",
            )),
            (_, true) => {
                if room.send(Cmd::Msg { conn, msg }).is_err() {
                    break;
                }
            }
        }
        if writer.is_finished() {
            break;
        }
    }
    if joined {
        let _ = room.send(Cmd::Leave { conn });
    }
    drop(out_tx);
    let _ = writer.await;
}

/// The server's routes.
pub fn router(app: Arc<App>, web: PathBuf) -> Router {
    let index = web.join("index.html");
    Router::new()
        .route("/api/rooms", get(list_rooms).post(create_room))
        .route("/api/rooms/{id}", get(room_info))
        .route("/api/rooms/{id}/record", get(room_record))
        .route("/ws/{id}", get(ws_upgrade))
        .fallback_service(ServeDir::new(web).fallback(ServeFile::new(index)))
        .with_state(app)
}
