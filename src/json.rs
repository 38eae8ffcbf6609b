//! A strict reader of one JSON text (RFC 8259), for what comes from outside programs (MJAI).
//!
//! Why not `serde_json`: the library's runtime dependencies stay libc and once_cell (see
//! docs/mjai.md, "Dependencies"), and the reader must refuse what a general reader accepts
//! silently: a repeated key (a general reader keeps the last one), nesting deeper than
//! [`MAX_DEPTH`], a lone UTF-16 surrogate in a `\u` escape. Integers are kept exactly when they
//! fit an `i64`; any other number (a fraction, an exponent, a huge integer) is kept as its
//! text, so a field that wants an integer refuses it by name instead of rounding it.
//! `tests/mjai_props.rs` compares this reader with `serde_json` on generated and mutated texts.

/// How deep arrays and objects may nest (an MJAI event needs 3; a bot's `meta` a few more).
pub(crate) const MAX_DEPTH: u32 = 32;

/// One JSON value.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Json {
    /// `null`.
    Null,
    /// `true` / `false`.
    Bool(bool),
    /// An integer written without fraction or exponent that fits an `i64`.
    Int(i64),
    /// Any other number, as written (valid JSON number syntax).
    Num(String),
    /// A string, escapes decoded.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object, keys in text order, no key twice.
    Obj(Vec<(String, Json)>),
}

/// Why a text is not one JSON value; `pos` is the byte offset where reading stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct JsonError {
    /// Byte offset in the text.
    pub pos: usize,
    /// What was wrong.
    pub why: &'static str,
}

/// Parses `text` as exactly one JSON value with optional whitespace around it.
pub(crate) fn parse(text: &str) -> Result<Json, JsonError> {
    let mut p = Parser {
        b: text.as_bytes(),
        at: 0,
        depth: 0,
    };
    p.ws();
    let v = p.value()?;
    p.ws();
    if p.at != p.b.len() {
        return Err(p.err("text after the JSON value"));
    }
    Ok(v)
}

struct Parser<'a> {
    b: &'a [u8],
    at: usize,
    depth: u32,
}

impl Parser<'_> {
    fn err(&self, why: &'static str) -> JsonError {
        JsonError { pos: self.at, why }
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }
    fn eat(&mut self, c: u8, why: &'static str) -> Result<(), JsonError> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.err(why))
        }
    }
    fn literal(&mut self, word: &[u8], v: Json) -> Result<Json, JsonError> {
        if self.b[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(v)
        } else {
            Err(self.err("malformed JSON"))
        }
    }
    fn value(&mut self) -> Result<Json, JsonError> {
        match self.peek() {
            Some(b'{') => self.nested(Self::object),
            Some(b'[') => self.nested(Self::array),
            Some(b'"') => Ok(Json::Str(self.string()?)),
            Some(b't') => self.literal(b"true", Json::Bool(true)),
            Some(b'f') => self.literal(b"false", Json::Bool(false)),
            Some(b'n') => self.literal(b"null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            None => Err(self.err("unexpected end of text")),
            Some(_) => Err(self.err("malformed JSON")),
        }
    }
    fn nested(&mut self, f: fn(&mut Self) -> Result<Json, JsonError>) -> Result<Json, JsonError> {
        if self.depth == MAX_DEPTH {
            return Err(self.err("JSON nested too deep"));
        }
        self.depth += 1;
        let v = f(self);
        self.depth -= 1;
        v
    }
    fn object(&mut self) -> Result<Json, JsonError> {
        self.at += 1;
        let mut kv: Vec<(String, Json)> = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Json::Obj(kv));
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(self.err("an object key must be a string"));
            }
            let key_at = self.at;
            let k = self.string()?;
            if kv.iter().any(|(x, _)| *x == k) {
                return Err(JsonError {
                    pos: key_at,
                    why: "a key appears twice in an object",
                });
            }
            self.ws();
            self.eat(b':', "':' expected after an object key")?;
            self.ws();
            let v = self.value()?;
            kv.push((k, v));
            self.ws();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Obj(kv));
                }
                _ => return Err(self.err("',' or '}' expected in an object")),
            }
        }
    }
    fn array(&mut self) -> Result<Json, JsonError> {
        self.at += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Json::Arr(items));
        }
        loop {
            self.ws();
            items.push(self.value()?);
            self.ws();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::Arr(items));
                }
                _ => return Err(self.err("',' or ']' expected in an array")),
            }
        }
    }
    fn digits(&mut self) -> usize {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        self.at - start
    }
    fn number(&mut self) -> Result<Json, JsonError> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let int_at = self.at;
        let n = self.digits();
        if n == 0 {
            return Err(self.err("malformed number"));
        }
        if n > 1 && self.b[int_at] == b'0' {
            return Err(JsonError {
                pos: int_at,
                why: "a number has a leading zero",
            });
        }
        let mut integral = true;
        if self.peek() == Some(b'.') {
            self.at += 1;
            integral = false;
            if self.digits() == 0 {
                return Err(self.err("malformed number"));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            integral = false;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.err("malformed number"));
            }
        }
        // The slice is ASCII digits and signs: valid UTF-8.
        let text = std::str::from_utf8(&self.b[start..self.at]).unwrap_or_default();
        match text.parse::<i64>() {
            Ok(i) if integral => Ok(Json::Int(i)),
            _ => Ok(Json::Num(text.to_string())),
        }
    }
    fn hex4(&mut self) -> Result<u32, JsonError> {
        let mut v = 0u32;
        for _ in 0..4 {
            let d = match self.peek() {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.err("malformed \\u escape")),
            };
            v = v * 16 + u32::from(d);
            self.at += 1;
        }
        Ok(v)
    }
    fn string(&mut self) -> Result<String, JsonError> {
        self.at += 1;
        let mut out = String::new();
        let mut run = self.at;
        loop {
            match self.peek() {
                Some(b'"') => {
                    out.push_str(self.slice(run)?);
                    self.at += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    out.push_str(self.slice(run)?);
                    self.at += 1;
                    let c = match self.peek() {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.at += 1;
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !self.b[self.at..].starts_with(b"\\u") {
                                    return Err(self.err("a lone UTF-16 surrogate"));
                                }
                                self.at += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.err("a lone UTF-16 surrogate"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else if (0xDC00..0xE000).contains(&hi) {
                                return Err(self.err("a lone UTF-16 surrogate"));
                            } else {
                                hi
                            };
                            self.at -= 1;
                            char::from_u32(code).ok_or(self.err("malformed \\u escape"))?
                        }
                        _ => return Err(self.err("unknown escape in a string")),
                    };
                    out.push(c);
                    self.at += 1;
                    run = self.at;
                }
                Some(c) if c < 0x20 => return Err(self.err("a control character in a string")),
                Some(_) => self.at += 1,
                None => return Err(self.err("unterminated string")),
            }
        }
    }
    fn slice(&self, from: usize) -> Result<&str, JsonError> {
        // `from..at` never splits a UTF-8 sequence (it is bounded by ASCII bytes) of a &str.
        std::str::from_utf8(&self.b[from..self.at]).map_err(|_| self.err("invalid UTF-8"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad(t: &str) -> &'static str {
        parse(t).unwrap_err().why
    }

    #[test]
    fn values() {
        assert_eq!(parse(" null ").unwrap(), Json::Null);
        assert_eq!(
            parse("[true,false]").unwrap(),
            Json::Arr(vec![Json::Bool(true), Json::Bool(false)])
        );
        assert_eq!(parse("-0").unwrap(), Json::Int(0));
        assert_eq!(parse("9223372036854775807").unwrap(), Json::Int(i64::MAX));
        assert_eq!(parse("-9223372036854775808").unwrap(), Json::Int(i64::MIN));
        assert_eq!(
            parse("9223372036854775808").unwrap(),
            Json::Num("9223372036854775808".into())
        );
        assert_eq!(parse("1.5e3").unwrap(), Json::Num("1.5e3".into()));
        assert_eq!(parse("1E+2").unwrap(), Json::Num("1E+2".into()));
        assert_eq!(
            parse(r#"{"a":"x\"\\\/\b\f\n\r\t\u00e9\ud83c\udc00","b":{}}"#).unwrap(),
            Json::Obj(vec![
                (
                    "a".into(),
                    Json::Str("x\"\\/\u{8}\u{c}\n\r\t\u{e9}\u{1f000}".into())
                ),
                ("b".into(), Json::Obj(vec![])),
            ])
        );
        assert_eq!(parse("\"五萬\"").unwrap(), Json::Str("五萬".into()));
    }

    #[test]
    fn refusals() {
        assert_eq!(bad(""), "unexpected end of text");
        assert_eq!(bad("{\"a\":1,\"a\":2}"), "a key appears twice in an object");
        assert_eq!(bad("01"), "a number has a leading zero");
        assert_eq!(bad("1."), "malformed number");
        assert_eq!(bad("1e"), "malformed number");
        assert_eq!(bad("-"), "malformed number");
        assert_eq!(bad("+1"), "malformed JSON");
        assert_eq!(bad("\"\\ud800\""), "a lone UTF-16 surrogate");
        assert_eq!(bad("\"\\udc00\""), "a lone UTF-16 surrogate");
        assert_eq!(bad("\"\\ud800\\u0041\""), "a lone UTF-16 surrogate");
        assert_eq!(bad("\"\\x\""), "unknown escape in a string");
        assert_eq!(bad("\"a\nb\""), "a control character in a string");
        assert_eq!(bad("\"abc"), "unterminated string");
        assert_eq!(bad("[1,]"), "malformed JSON");
        assert_eq!(bad("[1 2]"), "',' or ']' expected in an array");
        assert_eq!(bad("{1:2}"), "an object key must be a string");
        assert_eq!(bad("{\"a\" 2}"), "':' expected after an object key");
        assert_eq!(bad("{} {}"), "text after the JSON value");
        assert_eq!(bad("tru"), "malformed JSON");
        let deep = "[".repeat(MAX_DEPTH as usize + 1) + &"]".repeat(MAX_DEPTH as usize + 1);
        assert_eq!(bad(&deep), "JSON nested too deep");
        let ok = "[".repeat(MAX_DEPTH as usize) + &"]".repeat(MAX_DEPTH as usize);
        assert!(parse(&ok).is_ok());
    }

    /// SplitMix64, for the generated texts.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn ws(r: &mut Rng, out: &mut String) {
        for _ in 0..r.below(3).saturating_sub(1) {
            out.push([' ', '\t', '\n', '\r'][r.below(4) as usize]);
        }
    }

    fn gen_string(r: &mut Rng, out: &mut String) {
        out.push('"');
        for _ in 0..r.below(6) {
            let c = match r.below(8) {
                0 => '"',
                1 => '\\',
                2 => char::from_u32(r.below(0x20) as u32).unwrap_or('a'),
                3 => '東',
                4 => '\u{1F000}',
                _ => char::from(b'a' + r.below(26) as u8),
            };
            match (c, r.below(3)) {
                ('"', _) => out.push_str("\\\""),
                ('\\', _) => out.push_str("\\\\"),
                (c, 0) if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04X}", c as u32)),
                (c, 0) => {
                    let v = c as u32 - 0x10000;
                    out.push_str(&format!(
                        "\\u{:04x}\\u{:04x}",
                        0xD800 + (v >> 10),
                        0xDC00 + (v & 0x3FF)
                    ));
                }
                (c, _) if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                (c, _) => out.push(c),
            }
        }
        out.push('"');
    }

    fn generate(r: &mut Rng, depth: u32, out: &mut String) {
        ws(r, out);
        match r.below(if depth > 4 { 5 } else { 7 }) {
            0 => out.push_str(["null", "true", "false"][r.below(3) as usize]),
            1 | 2 => {
                let n = match r.below(4) {
                    0 => (r.below(10) as i64).to_string(),
                    1 => (r.next() as i64).to_string(),
                    2 => format!("{}", r.next()),
                    _ => format!(
                        "-{}.{}e{}",
                        r.below(100),
                        r.below(1000),
                        r.below(20) as i64 - 10
                    ),
                };
                out.push_str(&n);
            }
            3 | 4 => gen_string(r, out),
            5 => {
                out.push('[');
                for i in 0..r.below(4) {
                    if i > 0 {
                        out.push(',');
                    }
                    generate(r, depth + 1, out);
                }
                ws(r, out);
                out.push(']');
            }
            _ => {
                out.push('{');
                for i in 0..r.below(4) {
                    if i > 0 {
                        out.push(',');
                    }
                    ws(r, out);
                    out.push_str(&format!("\"k{}\"", r.below(5)));
                    ws(r, out);
                    out.push(':');
                    generate(r, depth + 1, out);
                }
                ws(r, out);
                out.push('}');
            }
        }
        ws(r, out);
    }

    fn to_serde(v: &Json) -> serde_json::Value {
        use serde_json::Value;
        match v {
            Json::Null => Value::Null,
            Json::Bool(b) => Value::Bool(*b),
            Json::Int(i) => Value::from(*i),
            Json::Num(t) => serde_json::from_str(t).unwrap(),
            Json::Str(s) => Value::String(s.clone()),
            Json::Arr(a) => Value::Array(a.iter().map(to_serde).collect()),
            Json::Obj(kv) => {
                Value::Object(kv.iter().map(|(k, v)| (k.clone(), to_serde(v))).collect())
            }
        }
    }

    /// Equal values; numbers by value (serde_json reads `-0` as the float -0.0, this reader as
    /// the integer 0).
    fn same(a: &serde_json::Value, b: &serde_json::Value) -> bool {
        use serde_json::Value;
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => x == y || x.as_f64() == y.as_f64(),
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
            }
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
            }
            _ => a == b,
        }
    }

    /// This reader against serde_json on generated texts and on texts with a few bytes
    /// changed: both accept the same texts with the same values, except where this reader is
    /// stricter by design (a repeated key, nesting past MAX_DEPTH) or keeps a number serde_json
    /// cannot hold in an f64 (an exponent past its range) as text.
    #[test]
    fn agrees_with_serde_json() {
        let mut r = Rng(28);
        let (mut accepted, mut refused, mut stricter) = (0, 0, 0);
        for i in 0..60_000 {
            let mut text = String::new();
            generate(&mut r, 0, &mut text);
            if i % 2 == 1 {
                let mut b = text.into_bytes();
                for _ in 0..1 + r.below(3) {
                    let at = r.below(b.len() as u64 + 1) as usize;
                    let alphabet = b"{}[],:\"\\ 0123456789.eE+-tfnulr\x01\xe6";
                    let c = alphabet[r.below(alphabet.len() as u64) as usize];
                    match r.below(3) {
                        0 if at < b.len() => b[at] = c,
                        1 if at < b.len() => {
                            b.remove(at);
                        }
                        _ => b.insert(at, c),
                    }
                }
                text = match String::from_utf8(b) {
                    Ok(t) => t,
                    Err(_) => continue,
                };
            }
            let ours = parse(&text);
            let theirs = serde_json::from_str::<serde_json::Value>(&text);
            match (&ours, &theirs) {
                (Ok(a), Ok(b)) => {
                    assert!(
                        same(&to_serde(a), b),
                        "{text:?}: ours {a:?}, serde_json {b:?}"
                    );
                    accepted += 1;
                }
                (Err(_), Err(_)) => refused += 1,
                (Err(e), Ok(_))
                    if e.why == "a key appears twice in an object"
                        || e.why == "JSON nested too deep" =>
                {
                    stricter += 1
                }
                (Ok(_), Err(e)) if e.to_string().starts_with("number out of range") => {
                    stricter += 1
                }
                _ => panic!("{text:?}: ours {ours:?}, serde_json {theirs:?}"),
            }
        }
        assert!(
            accepted > 20_000 && refused > 5_000 && stricter > 100,
            "{accepted} {refused} {stricter}"
        );
    }
}
