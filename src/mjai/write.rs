//! The MJAI writer: one [`Event`] to one line, `type` first, then the keys in the protocol's
//! order, no spaces.

use super::{Event, Pai};
use std::fmt::Write;

fn key(out: &mut String, k: &str) {
    out.push_str(",\"");
    out.push_str(k);
    out.push_str("\":");
}

fn num(out: &mut String, k: &str, v: impl std::fmt::Display) {
    key(out, k);
    let _ = write!(out, "{v}");
}

fn pai(out: &mut String, p: Pai) {
    out.push('"');
    out.push_str(p.name());
    out.push('"');
}

/// The keys of a call on another seat's discard (chi, pon, daiminkan).
fn claim(out: &mut String, actor: u8, target: u8, p: Pai, consumed: &[Pai]) {
    num(out, "actor", actor);
    num(out, "target", target);
    key(out, "pai");
    pai(out, p);
    pais(out, "consumed", consumed);
}

fn pais(out: &mut String, k: &str, ps: &[Pai]) {
    key(out, k);
    out.push('[');
    for (i, &p) in ps.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        pai(out, p);
    }
    out.push(']');
}

fn ints(out: &mut String, k: &str, v: &[i32; 4]) {
    key(out, k);
    let _ = write!(out, "[{},{},{},{}]", v[0], v[1], v[2], v[3]);
}

/// A JSON string with the escapes RFC 8259 requires (quote, backslash, control characters).
fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Event {
    /// Appends the event as one MJAI JSON line (without the newline) to `out`.
    pub fn write(&self, out: &mut String) {
        out.push_str("{\"type\":\"");
        out.push_str(self.kind_name());
        out.push('"');
        match self {
            Event::None | Event::EndKyoku | Event::EndGame => {}
            Event::StartGame { names, id } => {
                if let Some(id) = id {
                    num(out, "id", id);
                }
                if let Some(names) = names {
                    key(out, "names");
                    out.push('[');
                    for (i, n) in names.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        string(out, n);
                    }
                    out.push(']');
                }
            }
            Event::StartKyoku {
                bakaze,
                kyoku,
                honba,
                kyotaku,
                oya,
                scores,
                dora_marker,
                tehais,
            } => {
                key(out, "bakaze");
                out.push_str(["\"E\"", "\"S\"", "\"W\"", "\"N\""][usize::from(*bakaze & 3)]);
                key(out, "dora_marker");
                pai(out, *dora_marker);
                num(out, "kyoku", kyoku);
                num(out, "honba", honba);
                num(out, "kyotaku", kyotaku);
                num(out, "oya", oya);
                ints(out, "scores", scores);
                key(out, "tehais");
                out.push('[');
                for (s, hand) in tehais.iter().enumerate() {
                    if s > 0 {
                        out.push(',');
                    }
                    out.push('[');
                    for (i, &p) in hand.iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        pai(out, p);
                    }
                    out.push(']');
                }
                out.push(']');
            }
            Event::Tsumo { actor, pai: p } => {
                num(out, "actor", actor);
                key(out, "pai");
                pai(out, *p);
            }
            Event::Dahai {
                actor,
                pai: p,
                tsumogiri,
            } => {
                num(out, "actor", actor);
                key(out, "pai");
                pai(out, *p);
                num(out, "tsumogiri", tsumogiri);
            }
            Event::Chi {
                actor,
                target,
                pai: p,
                consumed,
            }
            | Event::Pon {
                actor,
                target,
                pai: p,
                consumed,
            } => {
                claim(out, *actor, *target, *p, consumed);
            }
            Event::Daiminkan {
                actor,
                target,
                pai: p,
                consumed,
            } => {
                claim(out, *actor, *target, *p, consumed);
            }
            Event::Kakan {
                actor,
                pai: p,
                consumed,
            } => {
                num(out, "actor", actor);
                key(out, "pai");
                pai(out, *p);
                pais(out, "consumed", consumed);
            }
            Event::Ankan { actor, consumed } => {
                num(out, "actor", actor);
                pais(out, "consumed", consumed);
            }
            Event::Dora { dora_marker } => {
                key(out, "dora_marker");
                pai(out, *dora_marker);
            }
            Event::Reach { actor } | Event::ReachAccepted { actor } => num(out, "actor", actor),
            Event::Hora {
                actor,
                target,
                pai: p,
                deltas,
                ura_markers,
            } => {
                num(out, "actor", actor);
                num(out, "target", target);
                if let Some(p) = p {
                    key(out, "pai");
                    pai(out, *p);
                }
                if let Some(d) = deltas {
                    ints(out, "deltas", d);
                }
                if let Some(u) = ura_markers {
                    pais(out, "ura_markers", u);
                }
            }
            Event::Ryukyoku { reason, deltas } => {
                if let Some(r) = reason {
                    key(out, "reason");
                    string(out, r);
                }
                if let Some(d) = deltas {
                    ints(out, "deltas", d);
                }
            }
        }
        out.push('}');
    }

    /// The event as one MJAI JSON line (without the newline).
    pub fn to_line(&self) -> String {
        let mut s = String::with_capacity(64);
        self.write(&mut s);
        s
    }
}
