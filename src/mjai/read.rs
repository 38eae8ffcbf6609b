//! The strict MJAI reader: one line to one [`Event`], every key checked.

use super::{Event, Pai};
use crate::json::{self, Json};
use std::fmt;

/// Why an MJAI line or log was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MjaiError {
    /// The 1-based line of a log (0 for a single line read with [`Event::parse`]).
    pub line: usize,
    /// What was wrong, in words.
    pub why: &'static str,
}

impl fmt::Display for MjaiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "bad MJAI event: {}", self.why)
        } else {
            write!(f, "bad MJAI event at line {}: {}", self.line, self.why)
        }
    }
}

impl std::error::Error for MjaiError {}

type Parsed<T> = Result<T, &'static str>;

/// Reads a whole MJAI log, one event per line (a final newline is allowed; any other empty
/// line is refused). The error names the first line it cannot read.
pub fn read_log(text: &str) -> Result<Vec<Event>, MjaiError> {
    let body = text.strip_suffix('\n').unwrap_or(text);
    if body.is_empty() {
        return Err(MjaiError {
            line: 1,
            why: "an empty log",
        });
    }
    body.split('\n')
        .enumerate()
        .map(|(i, l)| Event::parse(l).map_err(|e| MjaiError { line: i + 1, ..e }))
        .collect()
}

impl Event {
    /// Reads one MJAI event (one JSON object; whitespace around it allowed). Refuses malformed
    /// JSON, a repeated, unknown or missing key, a value of the wrong type or out of range
    /// (seats 0..3, scores and deltas within `i32`, counters within 0..255), an unknown tile
    /// name, `?` outside another seat's draw or starting hand, and a meld whose tiles do not
    /// make it (a chi not from the left seat or not a run, a pon or kan of mixed kinds).
    pub fn parse(line: &str) -> Result<Event, MjaiError> {
        parse_event(line).map_err(|why| MjaiError { line: 0, why })
    }
}

/// The keys of an object, each taken at most once; unknown keys are refused at the end.
struct Fields(Vec<(String, Json)>);

impl Fields {
    fn take(&mut self, key: &str) -> Option<Json> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }
    fn need(&mut self, key: &'static str) -> Parsed<Json> {
        self.take(key).ok_or(match key {
            "actor" => "the key \"actor\" is missing",
            "target" => "the key \"target\" is missing",
            "pai" => "the key \"pai\" is missing",
            "consumed" => "the key \"consumed\" is missing",
            "tsumogiri" => "the key \"tsumogiri\" is missing",
            "dora_marker" => "the key \"dora_marker\" is missing",
            "tehais" => "the key \"tehais\" is missing",
            "scores" => "the key \"scores\" is missing",
            _ => "a required key is missing",
        })
    }
    /// Drops keys that other writers add and the referee does not need (any JSON value).
    fn skip(&mut self, keys: &[&str]) {
        self.0.retain(|(k, _)| !keys.contains(&k.as_str()));
    }
    fn done(self) -> Parsed<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err("an unknown key")
        }
    }
}

fn int(v: Json, lo: i64, hi: i64, why: &'static str) -> Parsed<i64> {
    match v {
        Json::Int(n) if (lo..=hi).contains(&n) => Ok(n),
        Json::Int(_) | Json::Num(_) => Err(why),
        _ => Err("a number was expected"),
    }
}

fn seat(v: Json) -> Parsed<u8> {
    int(v, 0, 3, "a seat must be 0..3").map(|n| n as u8)
}

fn small(v: Json) -> Parsed<u8> {
    int(v, 0, 255, "a counter must be 0..255").map(|n| n as u8)
}

fn boolean(v: Json) -> Parsed<bool> {
    match v {
        Json::Bool(b) => Ok(b),
        _ => Err("true or false was expected"),
    }
}

fn text(v: Json) -> Parsed<String> {
    match v {
        Json::Str(s) => Ok(s),
        _ => Err("a string was expected"),
    }
}

fn array(v: Json) -> Parsed<Vec<Json>> {
    match v {
        Json::Arr(a) => Ok(a),
        _ => Err("an array was expected"),
    }
}

/// A tile; `?` only when `unknown_ok`.
fn pai(v: Json, unknown_ok: bool) -> Parsed<Pai> {
    let p = match v {
        Json::Str(s) => Pai::from_name(&s).ok_or("an unknown tile name")?,
        _ => return Err("a tile name was expected"),
    };
    if p.is_unknown() && !unknown_ok {
        return Err("the unknown tile \"?\" where a tile must be shown");
    }
    Ok(p)
}

fn pais<const N: usize>(v: Json, unknown_ok: bool) -> Parsed<[Pai; N]> {
    let a = array(v)?;
    if a.len() != N {
        return Err(match N {
            2 => "2 tiles were expected",
            3 => "3 tiles were expected",
            4 => "4 tiles were expected",
            13 => "13 tiles were expected",
            _ => "a wrong number of tiles",
        });
    }
    let mut out = [Pai::UNKNOWN; N];
    for (o, x) in out.iter_mut().zip(a) {
        *o = pai(x, unknown_ok)?;
    }
    Ok(out)
}

fn scores(v: Json) -> Parsed<[i32; 4]> {
    let a = array(v)?;
    if a.len() != 4 {
        return Err("4 numbers were expected (one per seat)");
    }
    let mut out = [0i32; 4];
    for (o, x) in out.iter_mut().zip(a) {
        *o = int(
            x,
            i64::from(i32::MIN),
            i64::from(i32::MAX),
            "a score out of range",
        )? as i32;
    }
    Ok(out)
}

fn kind(p: Pai) -> u8 {
    // Callers pass shown tiles only.
    p.kind().unwrap_or(u8::MAX)
}

fn same_kind(pai: Pai, consumed: &[Pai]) -> Parsed<()> {
    if consumed.iter().all(|&c| kind(c) == kind(pai)) {
        Ok(())
    } else {
        Err("the tiles of a pon or kan must be of one kind")
    }
}

fn parse_event(line: &str) -> Parsed<Event> {
    let mut f = match json::parse(line).map_err(|e| e.why)? {
        Json::Obj(kv) => Fields(kv),
        _ => return Err("an MJAI event must be a JSON object"),
    };
    let ty = text(f.take("type").ok_or("the key \"type\" is missing")?)?;
    f.skip(&["meta"]);
    let e = match ty.as_str() {
        "none" => Event::None,
        "start_game" => {
            f.skip(&["seed"]);
            let names = match f.take("names") {
                None => None,
                Some(v) => {
                    let a = array(v)?;
                    if a.len() != 4 {
                        return Err("4 names were expected");
                    }
                    let mut n: [String; 4] = Default::default();
                    for (o, x) in n.iter_mut().zip(a) {
                        *o = text(x)?;
                    }
                    Some(n)
                }
            };
            let id = f.take("id").map(seat).transpose()?;
            Event::StartGame { names, id }
        }
        "start_kyoku" => {
            let bakaze =
                match text(f.take("bakaze").ok_or("the key \"bakaze\" is missing")?)?.as_str() {
                    "E" => 0,
                    "S" => 1,
                    "W" => 2,
                    "N" => 3,
                    _ => return Err("bakaze must be E, S, W or N"),
                };
            let kyoku = int(
                f.take("kyoku").ok_or("the key \"kyoku\" is missing")?,
                1,
                4,
                "kyoku must be 1..4",
            )? as u8;
            let honba = small(f.take("honba").ok_or("the key \"honba\" is missing")?)?;
            // The original protocol's spelling, and RiichiEnv's alias.
            let kyotaku = match (f.take("kyotaku"), f.take("kyoutaku")) {
                (Some(v), None) | (None, Some(v)) => small(v)?,
                (None, None) => return Err("the key \"kyotaku\" is missing"),
                (Some(_), Some(_)) => return Err("both kyotaku and kyoutaku"),
            };
            let oya = seat(f.take("oya").ok_or("the key \"oya\" is missing")?)?;
            let scores = scores(f.need("scores")?)?;
            let dora_marker = pai(f.need("dora_marker")?, false)?;
            let hands = array(f.need("tehais")?)?;
            if hands.len() != 4 {
                return Err("4 starting hands were expected");
            }
            let mut tehais = [[Pai::UNKNOWN; 13]; 4];
            for (o, h) in tehais.iter_mut().zip(hands) {
                *o = pais::<13>(h, true)?;
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
            }
        }
        "tsumo" => Event::Tsumo {
            actor: seat(f.need("actor")?)?,
            pai: pai(f.need("pai")?, true)?,
        },
        "dahai" => Event::Dahai {
            actor: seat(f.need("actor")?)?,
            pai: pai(f.need("pai")?, false)?,
            tsumogiri: boolean(f.need("tsumogiri")?)?,
        },
        "chi" | "pon" => {
            let actor = seat(f.need("actor")?)?;
            let target = seat(f.need("target")?)?;
            let p = pai(f.need("pai")?, false)?;
            let consumed = pais::<2>(f.need("consumed")?, false)?;
            if ty == "pon" {
                if target == actor {
                    return Err("a call from the caller itself");
                }
                same_kind(p, &consumed)?;
                Event::Pon {
                    actor,
                    target,
                    pai: p,
                    consumed,
                }
            } else {
                if (target + 1) % 4 != actor {
                    return Err("a chi must take the discard of the seat on the left");
                }
                let mut k = [kind(p), kind(consumed[0]), kind(consumed[1])];
                k.sort_unstable();
                if k[0] >= 27 || k[0] / 9 != k[2] / 9 || k[1] != k[0] + 1 || k[2] != k[0] + 2 {
                    return Err("a chi must make a run of three in one suit");
                }
                Event::Chi {
                    actor,
                    target,
                    pai: p,
                    consumed,
                }
            }
        }
        "daiminkan" => {
            let actor = seat(f.need("actor")?)?;
            let target = seat(f.need("target")?)?;
            let p = pai(f.need("pai")?, false)?;
            let consumed = pais::<3>(f.need("consumed")?, false)?;
            if target == actor {
                return Err("a call from the caller itself");
            }
            same_kind(p, &consumed)?;
            Event::Daiminkan {
                actor,
                target,
                pai: p,
                consumed,
            }
        }
        "kakan" => {
            let actor = seat(f.need("actor")?)?;
            let p = pai(f.need("pai")?, false)?;
            let consumed = pais::<3>(f.need("consumed")?, false)?;
            same_kind(p, &consumed)?;
            Event::Kakan {
                actor,
                pai: p,
                consumed,
            }
        }
        "ankan" => {
            let actor = seat(f.need("actor")?)?;
            let consumed = pais::<4>(f.need("consumed")?, false)?;
            same_kind(consumed[0], &consumed)?;
            // RiichiEnv names one of the four tiles as `pai`.
            if let Some(v) = f.take("pai") {
                same_kind(consumed[0], &[pai(v, false)?])?;
            }
            Event::Ankan { actor, consumed }
        }
        "dora" => Event::Dora {
            dora_marker: pai(f.need("dora_marker")?, false)?,
        },
        "reach" => Event::Reach {
            actor: seat(f.need("actor")?)?,
        },
        "reach_accepted" => {
            f.skip(&["deltas", "scores"]);
            Event::ReachAccepted {
                actor: seat(f.need("actor")?)?,
            }
        }
        "hora" => {
            f.skip(&["hora_tehais", "yakus", "fu", "fan", "hora_points", "scores"]);
            let actor = seat(f.need("actor")?)?;
            let target = seat(f.need("target")?)?;
            let p = f.take("pai").map(|v| pai(v, false)).transpose()?;
            let deltas = f.take("deltas").map(scores).transpose()?;
            if let Some(v) = f.take("tsumo") {
                if boolean(v)? != (actor == target) {
                    return Err("\"tsumo\" disagrees with actor and target");
                }
            }
            let ura = match (f.take("ura_markers"), f.take("uradora_markers")) {
                (Some(v), None) | (None, Some(v)) => Some(v),
                (None, None) => None,
                (Some(_), Some(_)) => return Err("both ura_markers and uradora_markers"),
            };
            let ura_markers = match ura {
                None => None,
                Some(v) => {
                    let a = array(v)?;
                    if a.len() > 5 {
                        return Err("more than 5 ura indicators");
                    }
                    Some(
                        a.into_iter()
                            .map(|x| pai(x, false))
                            .collect::<Parsed<Vec<Pai>>>()?,
                    )
                }
            };
            Event::Hora {
                actor,
                target,
                pai: p,
                deltas,
                ura_markers,
            }
        }
        "ryukyoku" => {
            f.skip(&["tehais", "tenpais", "scores"]);
            Event::Ryukyoku {
                reason: f.take("reason").map(text).transpose()?,
                deltas: f.take("deltas").map(scores).transpose()?,
            }
        }
        "end_kyoku" => Event::EndKyoku,
        "end_game" => {
            f.skip(&["scores"]);
            Event::EndGame
        }
        _ => return Err("an unknown event type"),
    };
    f.done()?;
    Ok(e)
}
