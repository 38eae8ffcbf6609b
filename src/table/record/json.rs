//! A small strict JSON reader for records: objects, arrays, integers, `true`/`false` and
//! strings without escapes; every key taken at most once, unknown keys refused.

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Json {
    Bool(bool),
    Int(i128),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

struct Parser<'a> {
    b: &'a [u8],
    at: usize,
    depth: u32,
}

pub(super) type Parsed<T> = Result<T, &'static str>;

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }
    fn eat(&mut self, c: u8) -> Parsed<()> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err("malformed JSON")
        }
    }
    fn value(&mut self) -> Parsed<Json> {
        self.depth += 1;
        if self.depth > 5 {
            return Err("JSON nested too deep");
        }
        let v = match self.peek() {
            Some(b'{') => {
                self.at += 1;
                let mut kv: Vec<(String, Json)> = Vec::new();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                } else {
                    loop {
                        let k = self.string()?;
                        if kv.iter().any(|(x, _)| *x == k) {
                            return Err("repeated key");
                        }
                        self.eat(b':')?;
                        kv.push((k, self.value()?));
                        match self.peek() {
                            Some(b',') => self.at += 1,
                            Some(b'}') => {
                                self.at += 1;
                                break;
                            }
                            _ => return Err("malformed JSON"),
                        }
                    }
                }
                Json::Obj(kv)
            }
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if self.peek() == Some(b']') {
                    self.at += 1;
                } else {
                    loop {
                        items.push(self.value()?);
                        if items.len() > 64 {
                            return Err("array too long");
                        }
                        match self.peek() {
                            Some(b',') => self.at += 1,
                            Some(b']') => {
                                self.at += 1;
                                break;
                            }
                            _ => return Err("malformed JSON"),
                        }
                    }
                }
                Json::Arr(items)
            }
            Some(b'"') => Json::Str(self.string()?),
            Some(b't') | Some(b'f') => {
                if self.b[self.at..].starts_with(b"true") {
                    self.at += 4;
                    Json::Bool(true)
                } else if self.b[self.at..].starts_with(b"false") {
                    self.at += 5;
                    Json::Bool(false)
                } else {
                    return Err("malformed JSON");
                }
            }
            Some(b'-') | Some(b'0'..=b'9') => {
                let start = self.at;
                if self.peek() == Some(b'-') {
                    self.at += 1;
                }
                let digits = self.at;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.at += 1;
                }
                let n = self.at - digits;
                if n == 0 || n > 20 || (n > 1 && self.b[digits] == b'0') {
                    return Err("malformed number");
                }
                let text = std::str::from_utf8(&self.b[start..self.at]).map_err(|_| "bad UTF-8")?;
                Json::Int(text.parse().map_err(|_| "malformed number")?)
            }
            _ => return Err("malformed JSON"),
        };
        self.depth -= 1;
        Ok(v)
    }
    fn string(&mut self) -> Parsed<String> {
        self.eat(b'"')?;
        let start = self.at;
        loop {
            match self.peek() {
                Some(b'"') => break,
                Some(b'\\') => return Err("escapes are not used in records"),
                Some(c) if c < 0x20 => return Err("control character in a string"),
                Some(_) => self.at += 1,
                None => return Err("unterminated string"),
            }
        }
        let s = std::str::from_utf8(&self.b[start..self.at]).map_err(|_| "bad UTF-8")?;
        self.at += 1;
        Ok(s.to_string())
    }
}

pub(super) fn parse(line: &str) -> Parsed<Vec<(String, Json)>> {
    let mut p = Parser {
        b: line.as_bytes(),
        at: 0,
        depth: 0,
    };
    let v = p.value()?;
    if p.at != p.b.len() {
        return Err("text after the JSON object");
    }
    match v {
        Json::Obj(kv) => Ok(kv),
        _ => Err("a line must be a JSON object"),
    }
}

/// The keys of an object, each taken at most once; unknown keys are refused at the end.
pub(super) struct Fields(pub(super) Vec<(String, Json)>);

impl Fields {
    pub(super) fn take(&mut self, key: &str) -> Option<Json> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.swap_remove(i).1)
    }
    pub(super) fn need(&mut self, key: &str) -> Parsed<Json> {
        self.take(key).ok_or("a required key is missing")
    }
    pub(super) fn done(self) -> Parsed<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err("unknown key")
        }
    }
}

pub(super) fn int<T: TryFrom<i128>>(v: Json) -> Parsed<T> {
    match v {
        Json::Int(n) => T::try_from(n).map_err(|_| "number out of range"),
        _ => Err("a number was expected"),
    }
}

pub(super) fn boolean(v: Json) -> Parsed<bool> {
    match v {
        Json::Bool(b) => Ok(b),
        _ => Err("true or false was expected"),
    }
}

pub(super) fn name<T: Copy>(v: Json, names: &[&str], all: &[T]) -> Parsed<T> {
    match v {
        Json::Str(s) => names
            .iter()
            .position(|n| *n == s)
            .map(|i| all[i])
            .ok_or("unknown name"),
        _ => Err("a name was expected"),
    }
}

pub(super) fn object(v: Json) -> Parsed<Fields> {
    match v {
        Json::Obj(kv) => Ok(Fields(kv)),
        _ => Err("an object was expected"),
    }
}

/// An array of exactly `N` integers.
pub(super) fn int_array<T: TryFrom<i128> + Copy + Default, const N: usize>(
    v: Json,
) -> Parsed<[T; N]> {
    let Json::Arr(list) = v else {
        return Err("an array was expected");
    };
    if list.len() != N {
        return Err("an array of the wrong length");
    }
    let mut out = [T::default(); N];
    for (o, v) in out.iter_mut().zip(list) {
        *o = int(v)?;
    }
    Ok(out)
}
