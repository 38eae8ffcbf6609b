//! A client of the server for programs (the load program, the tests): JSON over HTTP to make
//! rooms and read records, and a WebSocket that reads the server's messages.

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Why a request failed.
pub type Failure = String;

/// An HTTP request to the server at `addr` (`127.0.0.1:8080`): the status and the body.
///
/// # Errors
/// The connection or the request failed.
pub async fn http(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), Failure> {
    let stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect {addr}: {e}"))?;
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(|e| format!("handshake: {e}"))?;
    tokio::spawn(conn);
    let req = hyper::Request::builder()
        .method(method)
        .uri(path)
        .header("host", addr)
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.unwrap_or("").to_string())))
        .map_err(|e| e.to_string())?;
    let res = sender
        .send_request(req)
        .await
        .map_err(|e| format!("{method} {path}: {e}"))?;
    let status = res.status().as_u16();
    let bytes = res
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes();
    Ok((status, String::from_utf8_lossy(&bytes).into_owned()))
}

/// Makes a room with the settings `config` (JSON); its id.
///
/// # Errors
/// The request failed or the server refused the settings (its message).
pub async fn create_room(addr: &str, config: &Value) -> Result<String, Failure> {
    let (status, body) = http(addr, "POST", "/api/rooms", Some(&config.to_string())).await?;
    let v: Value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    if status != 201 {
        return Err(format!("{status}: {}", v["error"]));
    }
    v["id"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| "no id".into())
}

/// A WebSocket to a room.
pub struct Socket {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// What came out of a socket.
#[derive(Debug, Clone, PartialEq)]
pub enum Received {
    /// A text frame (a server message).
    Text(String),
    /// The server closed the connection with this code.
    Closed(Option<u16>),
}

impl Socket {
    /// Connects to room `room`.
    ///
    /// # Errors
    /// The connection failed (an unknown room is refused with 404).
    pub async fn connect(addr: &str, room: &str) -> Result<Socket, Failure> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/{room}"))
            .await
            .map_err(|e| format!("ws {room}: {e}"))?;
        Ok(Socket { ws })
    }

    /// Sends a text frame.
    ///
    /// # Errors
    /// The socket failed.
    pub async fn send(&mut self, text: &str) -> Result<(), Failure> {
        self.ws
            .send(Message::text(text))
            .await
            .map_err(|e| e.to_string())
    }

    /// Sends a binary frame (which the server refuses).
    ///
    /// # Errors
    /// The socket failed.
    pub async fn send_binary(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.ws
            .send(Message::binary(bytes.to_vec()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next text frame, or the close.
    pub async fn recv(&mut self) -> Received {
        while let Some(m) = self.ws.next().await {
            match m {
                Ok(Message::Text(t)) => return Received::Text(t.to_string()),
                Ok(Message::Close(c)) => return Received::Closed(c.map(|c| u16::from(c.code))),
                Ok(_) => {}
                Err(_) => return Received::Closed(None),
            }
        }
        Received::Closed(None)
    }

    /// Closes the connection.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
