//! mjkit-server: an example game server over mjkit's table (not part of the library). Rooms of
//! one table each, seats taken by WebSocket clients (the browser client in `web/`), empty
//! seats played by mjkit's bots, a timer per person, rooms saved after every change. The
//! protocol and its choices are in `docs/server.md`.

pub mod check;
pub mod client;
pub mod config;
pub mod protocol;
pub mod room;
pub mod server;
pub mod store;
pub mod text;

#[cfg(test)]
mod room_tests;
