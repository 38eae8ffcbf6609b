//! Fails when `include/mjkit.h` declares something that the C# binding (`bindings/csharp/`)
//! lacks or mirrors differently, so that an ABI addition cannot forget the binding:
//!
//! - every `mj_` function needs a `[DllImport]` with `EntryPoint` = its name,
//!   `CallingConvention.Cdecl` and `ExactSpelling = true`, and the same parameters (names and
//!   blittable types: `uint8_t *` is `byte*`, `size_t` is `UIntPtr`, `MjStatus` is `int`, ...);
//! - every struct needs a C# struct of the same name with the same fields in the same order and
//!   of the same types (an array of structs `melds[N]` is spelled `melds_0` .. `melds_{N-1}`;
//!   an array of integers is a `fixed` buffer); an opaque struct needs a C# type of its name;
//! - every variant of a C enum `MjFoo` (`MJ_FOO_BAR = n`) needs a member `Bar = n` of the C# enum
//!   `Foo`.
//!
//! Sizes and layout are measured against the C compiler by `scripts/csharp-test.sh`.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

/// The header without comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        rest = match rest[i..].find("*/") {
            Some(j) => &rest[i + j + 2..],
            None => "",
        };
    }
    out.push_str(rest);
    out.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Numeric `#define`s of the header.
fn defines(header: &str) -> HashMap<String, i64> {
    header
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            (w.next()? == "#define").then_some(())?;
            let name = w.next()?;
            let value = w.next()?.parse().ok()?;
            Some((name.to_string(), value))
        })
        .collect()
}

/// A C type as (base, pointer depth), `const` dropped: `const uint8_t *` -> ("uint8_t", 1).
fn c_type(t: &str) -> (String, usize) {
    let depth = t.matches('*').count();
    let base = t
        .replace('*', " ")
        .split_whitespace()
        .filter(|w| *w != "const" && *w != "struct" && *w != "enum")
        .collect::<Vec<_>>()
        .join(" ");
    (base, depth)
}

/// The C# spelling of a C type (base, depth).
fn cs_of(base: &str, depth: usize, enums: &[String]) -> String {
    let b = match base {
        "uint8_t" | "char" => "byte".to_string(),
        "int8_t" => "sbyte".to_string(),
        "uint16_t" => "ushort".to_string(),
        "int16_t" => "short".to_string(),
        "uint32_t" => "uint".to_string(),
        "int32_t" => "int".to_string(),
        "uint64_t" => "ulong".to_string(),
        "int64_t" => "long".to_string(),
        "size_t" => "UIntPtr".to_string(),
        "void" => "void".to_string(),
        e if enums.iter().any(|n| n == e) => "int".to_string(),
        other => other.to_string(),
    };
    format!("{b}{}", "*".repeat(depth))
}

/// Splits `type name` (or `type *name`) into the C type and the name.
fn split_decl(decl: &str) -> (String, String) {
    let decl = decl.trim();
    let cut = decl
        .rfind([' ', '*'])
        .unwrap_or_else(|| panic!("declaration {decl:?} has no type"));
    (
        decl[..=cut].trim().to_string(),
        decl[cut + 1..].trim().to_string(),
    )
}

struct CFunction {
    name: String,
    ret: String,
    params: Vec<(String, String)>, // (C# type, name)
}

struct CStruct {
    name: String,
    /// None for an opaque struct.
    fields: Option<Vec<(String, String)>>, // (C# type, name) after array expansion
}

struct Header {
    functions: Vec<CFunction>,
    structs: Vec<CStruct>,
    enums: Vec<(String, Vec<(String, i64)>)>,
}

fn parse_header(raw: &str) -> Header {
    let defs = defines(raw);
    let text = strip_comments(raw);
    // Enums: `enum MjFoo ... { MJ_FOO_BAR = n, ... };`
    let mut enums = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("\nenum ") {
        let after = &rest[i + 6..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let open = after.find('{').expect("enum body");
        let close = after.find("};").expect("enum end");
        let variants = after[open + 1..close]
            .split(',')
            .filter_map(|v| {
                let (n, val) = v.split_once('=')?;
                Some((n.trim().to_string(), val.trim().parse().ok()?))
            })
            .collect();
        enums.push((name, variants));
        rest = &after[close..];
    }
    let enum_names: Vec<String> = enums.iter().map(|(n, _)| n.clone()).collect();

    // Structs: `typedef struct { fields } Name;` and opaque `typedef struct Name Name;`.
    let mut structs = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("typedef struct") {
        let after = &rest[i + "typedef struct".len()..];
        let end = after.find(';').expect("typedef end");
        let brace = after.find('{');
        if brace.is_some_and(|b| b < end) {
            let open = brace.unwrap();
            let close = after.find('}').expect("struct end");
            let name_end = close + after[close..].find(';').expect("struct name");
            let name = after[close + 1..name_end].trim().to_string();
            let mut fields = Vec::new();
            for decl in after[open + 1..close].split(';') {
                let decl = decl.trim();
                if decl.is_empty() {
                    continue;
                }
                let (decl, len) = match decl.split_once('[') {
                    Some((d, n)) => {
                        let n = n.trim_end_matches(']').trim();
                        let len = n
                            .parse()
                            .ok()
                            .or_else(|| defs.get(n).copied())
                            .unwrap_or_else(|| panic!("array length {n} in {name}"));
                        (d.trim(), Some(len))
                    }
                    None => (decl, None),
                };
                let (t, field) = split_decl(decl);
                let (base, depth) = c_type(&t);
                let cs = cs_of(&base, depth, &enum_names);
                match len {
                    // An array of a struct: one field per element.
                    Some(n) if base.starts_with("Mj") && depth == 0 => {
                        for k in 0..n {
                            fields.push((cs.clone(), format!("{field}_{k}")));
                        }
                    }
                    Some(n) => fields.push((format!("fixed {cs}[{n}]"), field)),
                    None => fields.push((cs, field)),
                }
            }
            structs.push(CStruct {
                name,
                fields: Some(fields),
            });
            rest = &after[name_end..];
        } else {
            let name = after[..end]
                .split_whitespace()
                .last()
                .unwrap_or("")
                .to_string();
            structs.push(CStruct { name, fields: None });
            rest = &after[end..];
        }
    }

    // Functions: `<ret> mj_name(params);`, possibly over several lines.
    let mut functions = Vec::new();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut rest = flat.as_str();
    while let Some(i) = rest
        .match_indices("mj_")
        .map(|(i, _)| i)
        .find(|&i| i > 0 && matches!(rest.as_bytes()[i - 1], b' ' | b'*'))
        .map(|i| i - 1)
    {
        let start = i + 1;
        let after = &rest[start..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let after_name = &after[name.len()..];
        if !after_name.starts_with('(') {
            rest = &rest[start + name.len()..];
            continue;
        }
        let close = after_name.find(')').expect("parameter list end");
        // Return type: the text since the previous ';', '}' or preprocessor line end.
        let before = &rest[..start];
        let from = before.rfind([';', '}', '{']).map_or(0, |p| p + 1);
        let mut ret = before[from..].trim().to_string();
        if let Some(p) = ret.rfind("#endif") {
            ret = ret[p..]
                .split_whitespace()
                .skip(1)
                .collect::<Vec<_>>()
                .join(" ");
        }
        if let Some(p) = ret.rfind("#if") {
            // `#if defined(X) <ret>`: drop the condition.
            ret = ret[p..]
                .split_whitespace()
                .skip(2)
                .collect::<Vec<_>>()
                .join(" ");
        }
        let (rbase, rdepth) = c_type(&ret);
        let params_text = after_name[1..close].trim();
        let params = if params_text.is_empty() || params_text == "void" {
            Vec::new()
        } else {
            params_text
                .split(',')
                .map(|p| {
                    let (t, n) = split_decl(p);
                    let (base, depth) = c_type(&t);
                    (cs_of(&base, depth, &enum_names), n)
                })
                .collect()
        };
        functions.push(CFunction {
            ret: cs_of(&rbase, rdepth, &enum_names),
            name,
            params,
        });
        rest = &after_name[close..];
    }
    Header {
        functions,
        structs,
        enums,
    }
}

/// Every `.cs` file under `dir`, concatenated, comments removed.
fn csharp_sources(dir: &Path) -> String {
    let mut out = String::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).expect("read bindings/csharp") {
            let p = e.expect("dir entry").path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "tests") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "cs") {
                out.push_str(&strip_comments(&fs::read_to_string(&p).expect("read .cs")));
                out.push('\n');
            }
        }
    }
    out
}

/// The body (between the braces) of the first `<keyword> <name>` declaration in `src`.
fn cs_body<'a>(src: &'a str, keyword: &str, name: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(i) = src[from..].find(&format!("{keyword} {name}")) {
        let at = from + i + keyword.len() + 1 + name.len();
        let next = src[at..].chars().next().unwrap_or(' ');
        if next.is_alphanumeric() || next == '_' {
            from = at;
            continue;
        }
        let open = at + src[at..].find('{')?;
        let mut depth = 0;
        for (j, c) in src[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(&src[open + 1..open + j]);
                    }
                }
                _ => {}
            }
        }
        return None;
    }
    None
}

/// Normalises a C# type or fixed buffer: resolves `NativeMethods.MJ_X` lengths, drops spaces.
fn cs_norm(t: &str, defs: &HashMap<String, i64>) -> String {
    let t = t.replace("NativeMethods.", "");
    match (t.find('['), t.find(']')) {
        (Some(a), Some(b)) => {
            let n = t[a + 1..b].trim();
            let n = defs.get(n).map_or(n.to_string(), |v| v.to_string());
            format!("{}[{n}]", t[..a].replace(' ', "")).replace("fixed", "fixed ")
        }
        _ => t.replace(' ', ""),
    }
}

fn check(header: &str, cs: &str) -> Vec<String> {
    let defs = defines(header);
    let h = parse_header(header);
    let mut errors = Vec::new();
    assert!(
        h.functions.len() >= 14,
        "parsed only {} functions from the header",
        h.functions.len()
    );
    assert!(!h.structs.is_empty(), "parsed no structs from the header");

    for f in &h.functions {
        let Some(at) = cs.find(&format!(" {}(", f.name)) else {
            errors.push(format!(
                "{}: declared in include/mjkit.h, not bound in bindings/csharp (NativeMethods)",
                f.name
            ));
            continue;
        };
        let line_start = cs[..at].rfind('\n').map_or(0, |p| p + 1);
        let close = at + cs[at..].find(')').unwrap_or(0);
        let decl = &cs[line_start..=close];
        let attr_start = cs[..line_start.saturating_sub(1)]
            .rfind('\n')
            .map_or(0, |p| p + 1);
        let attr = &cs[attr_start..line_start];
        let want_attr = format!("EntryPoint = \"{}\"", f.name);
        if !(attr.contains("[DllImport(Lib")
            && attr.contains(&want_attr)
            && attr.contains("CallingConvention.Cdecl")
            && attr.contains("ExactSpelling = true"))
        {
            errors.push(format!(
                "{}: the line above its extern needs [DllImport(Lib, {want_attr}, CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)], found {attr:?}",
                f.name
            ));
        }
        let Some(sig) = decl.split("static extern ").nth(1) else {
            errors.push(format!("{}: not a static extern: {decl:?}", f.name));
            continue;
        };
        let ret = sig.split_whitespace().next().unwrap_or("");
        if ret != f.ret {
            errors.push(format!("{}: returns {ret} in C#, {} in C", f.name, f.ret));
        }
        let params_text = &sig[sig.find('(').map_or(sig.len(), |p| p + 1)..]
            .trim_end_matches(')')
            .trim();
        let got: Vec<(String, String)> = if params_text.is_empty() {
            Vec::new()
        } else {
            params_text
                .split(',')
                .map(|p| {
                    let (t, n) = split_decl(p);
                    (cs_norm(&t, &defs), n.trim_start_matches('@').to_string())
                })
                .collect()
        };
        if got != f.params {
            errors.push(format!(
                "{}: parameters {:?} in C#, want {:?}",
                f.name, got, f.params
            ));
        }
    }

    for s in &h.structs {
        let body = cs_body(cs, "struct", &s.name).or_else(|| cs_body(cs, "class", &s.name));
        let Some(body) = body else {
            errors.push(format!(
                "struct {}: declared in include/mjkit.h, no C# type of that name in bindings/csharp",
                s.name
            ));
            continue;
        };
        let Some(want) = &s.fields else { continue };
        let got: Vec<(String, String)> = body
            .split(';')
            .map(str::trim)
            .filter(|d| d.starts_with("public ") && !d.contains('(') && !d.contains('{'))
            .map(|d| {
                let d = d.trim_start_matches("public ").trim();
                let (t, n) = match d.split_once('[') {
                    Some((tn, len)) => {
                        let (t, n) = split_decl(tn);
                        (format!("{t}[{len}"), n)
                    }
                    None => split_decl(d),
                };
                let (t, n) = if t.contains('[') {
                    // `fixed byte[N] counts` normalised from `fixed byte counts[N]`.
                    let (ty, len) = t.split_once('[').unwrap();
                    (format!("{ty}[{len}"), n)
                } else {
                    (t, n)
                };
                (cs_norm(&t, &defs), n.trim_start_matches('@').to_string())
            })
            .collect();
        if &got != want {
            errors.push(format!(
                "struct {}: C# fields {:?}, header fields {:?}",
                s.name, got, want
            ));
        }
    }

    for (name, variants) in &h.enums {
        let cs_name = name.strip_prefix("Mj").unwrap_or(name);
        let prefix = format!(
            "MJ_{}_",
            cs_name
                .chars()
                .flat_map(|c| c.to_uppercase())
                .collect::<String>()
        );
        let Some(body) = cs_body(cs, "enum", cs_name) else {
            errors.push(format!("enum {name}: no C# enum {cs_name}"));
            continue;
        };
        let members: HashMap<String, i64> = body
            .split(',')
            .filter_map(|m| {
                let (n, v) = m.split_once('=')?;
                Some((n.trim().to_string(), v.trim().parse().ok()?))
            })
            .collect();
        for (v, value) in variants {
            let camel: String = v
                .strip_prefix(&prefix)
                .unwrap_or(v)
                .split('_')
                .map(|w| {
                    let lower = w.to_lowercase();
                    let mut c = lower.chars();
                    c.next()
                        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                        .unwrap_or_default()
                })
                .collect();
            if members.get(&camel) != Some(value) {
                errors.push(format!(
                    "{v} = {value}: the C# enum {cs_name} needs {camel} = {value}"
                ));
            }
        }
    }
    errors
}

#[test]
fn csharp_binding_covers_the_header() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let header = fs::read_to_string(format!("{dir}/include/mjkit.h")).expect("read header");
    let cs = csharp_sources(&Path::new(dir).join("bindings/csharp"));
    let errors = check(&header, &cs);
    assert!(
        errors.is_empty(),
        "the C# binding does not mirror include/mjkit.h:\n{}",
        errors.join("\n")
    );
}

/// The check itself fails for a function, a struct field, an opaque struct and a status that
/// the binding lacks (fake names: the real table ABI is bound), and for mirrored types that differ.
#[test]
fn check_detects_missing_bindings() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let header = fs::read_to_string(format!("{dir}/include/mjkit.h")).expect("read header");
    let cs = csharp_sources(&Path::new(dir).join("bindings/csharp"));
    let extra = header.replace(
        "#ifdef __cplusplus\n}",
        "MjStatus mj_league_new(const MjLeagueConfig *config, MjLeague **out_league);\n\n#ifdef __cplusplus\n}",
    );
    let extra = extra.replace(
        "#ifdef __cplusplus\nextern \"C\" {",
        "typedef struct MjLeague MjLeague;\n\ntypedef struct {\n  uint32_t seed;\n  uint8_t seats[4];\n} MjLeagueConfig;\n\n#ifdef __cplusplus\nextern \"C\" {",
    );
    let extra = extra.replace(
        "MJ_STATUS_PANIC = 99,",
        "MJ_STATUS_BAD_LEAGUE = 29,\n  MJ_STATUS_PANIC = 99,",
    );
    // The first meld struct only (MjMcrMeld; MjRiichiMeld has the same fields).
    let extra = extra.replacen(
        "uint8_t claimed;",
        "uint8_t claimed;\n  uint8_t from_seat;",
        1,
    );
    assert_ne!(extra, header);
    let errors = check(&extra, &cs);
    let joined = errors.join("\n");
    for want in [
        "mj_league_new: declared",
        "struct MjLeague: declared",
        "struct MjLeagueConfig: declared",
        "MJ_STATUS_BAD_LEAGUE = 29",
        "struct MjMcrMeld: C# fields",
    ] {
        assert!(joined.contains(want), "no error {want:?} in:\n{joined}");
    }
    assert_eq!(errors.len(), 5, "{joined}");
    // A parameter type that differs is caught too.
    let wrong = cs.replace(
        "mj_shanten(byte* counts, uint forms, int* out_shanten)",
        "mj_shanten(byte* counts, int forms, int* out_shanten)",
    );
    assert_ne!(wrong, cs);
    let errors = check(&header, &wrong);
    assert!(
        errors.len() == 1 && errors[0].starts_with("mj_shanten: parameters"),
        "{errors:?}"
    );
    // A struct passed by value where C passes it by value (mj_table_apply's MjAction), a field
    // of a fixed buffer's length, and a field type inside the largest struct.
    for (from, to, want) in [
        (
            "mj_table_apply(MjTable* table, byte seat, MjAction action)",
            "mj_table_apply(MjTable* table, byte seat, MjAction* action)",
            "mj_table_apply: parameters",
        ),
        (
            "fixed byte discard_drawn[NativeMethods.MJ_MAX_DISCARDS]",
            "fixed byte discard_drawn[NativeMethods.MJ_MAX_ACTIONS]",
            "struct MjView: C# fields",
        ),
        (
            "public ushort wall_left;",
            "public uint wall_left;",
            "struct MjView: C# fields",
        ),
    ] {
        let wrong = cs.replace(from, to);
        assert_ne!(wrong, cs, "{from} not in the binding");
        let errors = check(&header, &wrong);
        assert!(
            errors.len() == 1 && errors[0].starts_with(want),
            "{from} -> {to}: {errors:?}"
        );
    }
}
