//! The C# P/Invoke layer, generated from `include/mjkit.h`: the `mj_` functions as
//! `[DllImport]`s, the structs as blittable C# structs with the same field names (an array of
//! integers is a `fixed` buffer; an array of structs `melds[N]` is spelled `melds_0` ..
//! `melds_{N-1}`, since C# fixed buffers hold primitive types only), the numeric `#define`s as
//! constants, and the C enums as public C# enums with the header's documentation (`MjStatus` is
//! `Status`, `MJ_STATUS_TOO_MANY_COPIES` is `TooManyCopies`), all in
//! `bindings/csharp/MjKit/NativeMethods.g.cs`. The test
//! fails when that file is not what the header gives; `MJ_BLESS=1 cargo test --test
//! csharp_binding` rewrites it (after `MJ_BLESS=1 cargo test --test header` for an ABI change).
//!
//! The hand-written public wrapper (`Mahjong.cs`, `Riichi.cs`, `Table.cs`) uses the generated
//! types. Sizes and offsets are measured against the C compiler by `scripts/csharp-test.sh`.

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
    /// `X` when the declaration sits inside `#if defined(X)`.
    cfg: Option<String>,
}

/// A field after array expansion: C# type, name, and for a `fixed` buffer its length as the
/// header spells it (a number or an `MJ_` constant).
struct Field {
    ty: String,
    name: String,
    fixed_len: Option<String>,
}

struct CStruct {
    name: String,
    /// None for an opaque struct.
    fields: Option<Vec<Field>>,
}

struct Header {
    /// Every `#define MJ_*` with a number or string value, in header order.
    defines: Vec<(String, String)>,
    functions: Vec<CFunction>,
    structs: Vec<CStruct>,
}

/// The `mj_` functions declared between `#if defined(X)` and its `#endif`, with `X`.
fn conditional_functions(raw: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut cond: Option<String> = None;
    for line in raw.lines() {
        if let Some(rest) = line.strip_prefix("#if defined(") {
            cond = rest.split(')').next().map(str::to_string);
        } else if line.starts_with("#endif") {
            cond = None;
        } else if let Some(c) = &cond {
            if let Some(i) = line.find("mj_") {
                let name: String = line[i..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if line[i + name.len()..].starts_with('(') {
                    out.insert(name, c.clone());
                }
            }
        }
    }
    out
}

fn parse_header(raw: &str) -> Header {
    let defs = defines(raw);
    let conditional = conditional_functions(raw);
    let ordered_defines = raw
        .lines()
        .filter_map(|l| {
            let mut w = l.splitn(3, ' ');
            (w.next()? == "#define").then_some(())?;
            let name = w.next()?;
            let value = w.next()?.trim();
            let numeric = value.parse::<i64>().is_ok();
            let string = value.starts_with('"') && value.ends_with('"');
            (name.starts_with("MJ_") && (numeric || string))
                .then(|| (name.to_string(), value.to_string()))
        })
        .collect();
    let text = strip_comments(raw);
    let enum_names: Vec<String> = doc_enums(raw).into_iter().map(|(n, ..)| n).collect();

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
                        let len: i64 = n
                            .parse()
                            .ok()
                            .or_else(|| defs.get(n).copied())
                            .unwrap_or_else(|| panic!("array length {n} in {name}"));
                        (d.trim(), Some((len, n.to_string())))
                    }
                    None => (decl, None),
                };
                let (t, field) = split_decl(decl);
                let (base, depth) = c_type(&t);
                let cs = cs_of(&base, depth, &enum_names);
                let plain = |ty: &str, name: String| Field {
                    ty: ty.to_string(),
                    name,
                    fixed_len: None,
                };
                match len {
                    // An array of a struct: one field per element.
                    Some((n, _)) if base.starts_with("Mj") && depth == 0 => {
                        for k in 0..n {
                            fields.push(plain(&cs, format!("{field}_{k}")));
                        }
                    }
                    Some((_, spelled)) => fields.push(Field {
                        ty: cs,
                        name: field,
                        fixed_len: Some(if spelled.starts_with("MJ_") {
                            format!("NativeMethods.{spelled}")
                        } else {
                            spelled
                        }),
                    }),
                    None => fields.push(plain(&cs, field)),
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
            cfg: conditional.get(&name).cloned(),
            name,
            params,
        });
        rest = &after_name[close..];
    }
    Header {
        defines: ordered_defines,
        functions,
        structs,
    }
}

/// The generated file, relative to the repository root.
const GENERATED: &str = "bindings/csharp/MjKit/NativeMethods.g.cs";

/// A C identifier as a C# identifier (`@` before a C# keyword).
fn cs_ident(name: &str) -> String {
    const KEYWORDS: &[&str] = &[
        "abstract",
        "as",
        "base",
        "bool",
        "break",
        "byte",
        "case",
        "catch",
        "char",
        "checked",
        "class",
        "const",
        "continue",
        "decimal",
        "default",
        "delegate",
        "do",
        "double",
        "else",
        "enum",
        "event",
        "explicit",
        "extern",
        "false",
        "finally",
        "fixed",
        "float",
        "for",
        "foreach",
        "goto",
        "if",
        "implicit",
        "in",
        "int",
        "interface",
        "internal",
        "is",
        "lock",
        "long",
        "namespace",
        "new",
        "null",
        "object",
        "operator",
        "out",
        "override",
        "params",
        "private",
        "protected",
        "public",
        "readonly",
        "ref",
        "return",
        "sbyte",
        "sealed",
        "short",
        "sizeof",
        "stackalloc",
        "static",
        "string",
        "struct",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "uint",
        "ulong",
        "unchecked",
        "unsafe",
        "ushort",
        "using",
        "virtual",
        "void",
        "volatile",
        "while",
    ];
    if KEYWORDS.contains(&name) {
        format!("@{name}")
    } else {
        name.to_string()
    }
}

/// The lines of the `/** ... */` comment that ends right before byte `pos` of `raw` (empty
/// when none does), without the comment markers.
fn doc_before(raw: &str, pos: usize) -> Vec<String> {
    let before = raw[..pos].trim_end();
    let Some(body) = before.strip_suffix("*/") else {
        return Vec::new();
    };
    let Some(start) = body.rfind("/**") else {
        return Vec::new();
    };
    body[start + 3..]
        .lines()
        .map(|l| l.trim().trim_start_matches('*').trim().to_string())
        .skip_while(String::is_empty)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .skip_while(String::is_empty)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect()
}

/// A C enum of the header with its documentation: (name, doc, [(variant, value, doc)]).
type DocEnum = (String, Vec<String>, Vec<(String, i64, Vec<String>)>);

/// The C enums of the header (`enum MjFoo { MJ_FOO_BAR = n, ... };`) with their doc comments.
fn doc_enums(raw: &str) -> Vec<DocEnum> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = raw[from..].find("\nenum ") {
        let at = from + i + 1;
        let name: String = raw[at + 5..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let open = at + raw[at..].find("\n {").expect("enum body") + 3;
        let close = at + raw[at..].find("};").expect("enum end");
        let mut variants = Vec::new();
        let mut pos = open;
        while let Some(eq) = raw[pos..close].find(" = ") {
            let line_start = raw[..pos + eq].rfind('\n').map_or(0, |p| p + 1);
            let v = raw[line_start..pos + eq].trim().to_string();
            let end = pos + eq + raw[pos + eq..].find(',').expect("variant end");
            let value = raw[pos + eq + 3..end]
                .trim()
                .parse()
                .expect("variant value");
            variants.push((v, value, doc_before(raw, line_start)));
            pos = end + 1;
        }
        out.push((name, doc_before(raw, at), variants));
        from = close;
    }
    out
}

/// `MJ_STATUS_TOO_MANY_COPIES` of the C enum `MjStatus` as the C# member `TooManyCopies`.
fn cs_member(enum_name: &str, variant: &str) -> String {
    let prefix = format!(
        "MJ_{}_",
        enum_name
            .strip_prefix("Mj")
            .unwrap_or(enum_name)
            .chars()
            .flat_map(|c| c.to_uppercase())
            .collect::<String>()
    );
    variant
        .strip_prefix(&prefix)
        .unwrap_or(variant)
        .split('_')
        .map(|w| {
            let lower = w.to_lowercase();
            let mut c = lower.chars();
            c.next()
                .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A `<summary>` doc comment at `indent` from header doc lines (XML-escaped).
fn cs_doc(doc: &[String], indent: &str) -> String {
    if doc.is_empty() {
        return String::new();
    }
    let mut o = format!("{indent}/// <summary>\n");
    for l in doc {
        let l = l
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;");
        if l.is_empty() {
            o.push_str(&format!("{indent}///\n"));
        } else {
            o.push_str(&format!("{indent}/// {l}\n"));
        }
    }
    o.push_str(&format!("{indent}/// </summary>\n"));
    o
}

/// A public C# enum made of `#define` families of the header. Every `#define` whose name starts
/// with one of `prefixes` (and, with a `tag`, whose doc comment starts with it) is a member,
/// named as [`cs_member`] names the rest of its name and documented by its comment, except a
/// constant that the header uses as an array length.
struct DefineEnum {
    /// The C# name.
    name: &'static str,
    /// The underlying C# type.
    ty: &'static str,
    /// The name prefixes of the family.
    prefixes: &'static [&'static str],
    /// The first word of every member's doc comment, where the prefix alone is shared with
    /// other families (`Condition:` of the `MJ_RIICHI_*` conditions).
    tag: Option<&'static str>,
    /// A bit set: `[Flags]` and a `None = 0` member (documented by `none`), when set.
    none: Option<&'static str>,
    /// The C# summary.
    summary: &'static str,
}

const fn family(
    name: &'static str,
    ty: &'static str,
    prefix: &'static [&'static str],
    summary: &'static str,
) -> DefineEnum {
    DefineEnum {
        name,
        ty,
        prefixes: prefix,
        tag: None,
        none: None,
        summary,
    }
}

#[rustfmt::skip]
const DEFINE_ENUMS: &[DefineEnum] = &[
    DefineEnum {
        none: Some("No form (an empty set)."),
        ..family("Forms", "uint", &["MJ_FORM_", "MJ_FORMS_"], "Form bits: which complete shapes count")
    },
    family("Wind", "byte", &["MJ_WIND_"], "Seat or prevalent (round) wind"),
    family("MeldKind", "byte", &["MJ_MCR_MELD_"], "Kind of a declared meld of an MCR hand"),
    DefineEnum {
        none: Some("Won on a discard, nothing special."),
        ..family("WinFlags", "uint", &["MJ_MCR_WIN_"], "MCR win flags")
    },
    family("RiichiMeldKind", "byte", &["MJ_RIICHI_MELD_"], "Kind of a declared meld of a riichi hand"),
    DefineEnum {
        tag: Some("Condition:"),
        none: Some("Won on a discard (ron), nothing special."),
        ..family("RiichiConditions", "uint", &["MJ_RIICHI_"], "Riichi win conditions")
    },
    family("RiichiPreset", "uint", &["MJ_RIICHI_PRESET_"], "A riichi rule preset"),
    family("Kazoe", "byte", &["MJ_RIICHI_KAZOE_"], "The limit of counted (kazoe) han"),
    family("RiichiLimit", "byte", &["MJ_RIICHI_LIMIT_"], "The limit a riichi hand reached"),
    family("FuReason", "byte", &["MJ_RIICHI_FU_"], "Why a riichi hand gets fu"),
    family("Variant", "byte", &["MJ_VARIANT_"], "Which game a table deals"),
    family("MultiWin", "byte", &["MJ_MULTI_WIN_"], "Several seats winning on one discard"),
    family("Scoring", "byte", &["MJ_SCORING_"], "How a hand is paid"),
    family("PassLock", "byte", &["MJ_PASS_LOCK_"], "過水: what passing a win locks, and until when"),
    family("ClaimWindow", "byte", &["MJ_CLAIM_WINDOW_"], "Which seats answer a claim window"),
    family("Phase", "byte", &["MJ_PHASE_"], "What the table waits for"),
    family("Offer", "byte", &["MJ_OFFER_"], "What is offered in the claim phase"),
    family("ActionKind", "byte", &["MJ_ACTION_"], "Kind of a decision"),
    family("TableMeldKind", "byte", &["MJ_MELD_"], "Kind of a meld declared at a table (not the MCR scorer's MeldKind)"),
    family("HandEnd", "byte", &["MJ_END_"], "How a hand ended"),
    family("BotKind", "byte", &["MJ_BOT_"], "Which bot decides"),
    family("TaiWinHow", "byte", &["MJ_TAI_WIN_"], "How a Taiwanese win came"),
    DefineEnum {
        none: Some("No special fact."),
        ..family("TaiFlags", "uint", &["MJ_TAI_FLAG_"], "Facts of a Taiwanese win (bits)")
    },
    family("TaiPreset", "uint", &["MJ_TAI_PRESET_"], "A tai rule preset"),
    family("EventKind", "byte", &["MJ_EVENT_"], "Kind of a table event"),
    family("Reason", "byte", &["MJ_REASON_"], "Why a claim lost or a payment was made"),
    DefineEnum {
        none: Some("No flag."),
        ..family("EventFlags", "uint", &["MJ_FLAG_"], "Flag bits of a table event")
    },
    family("DealerRule", "byte", &["MJ_DEALER_"], "When the dealer keeps the deal"),
    family("MatchEnd", "byte", &["MJ_MATCH_END_"], "When a match ends"),
    family("HintReason", "byte", &["MJ_HINT_REASON_"], "The rule of the bot that made a hint's choice"),
    family("HintUnit", "byte", &["MJ_HINT_UNIT_"], "The unit of a hint option's value"),
    family("HintVariant", "byte", &["MJ_HINT_VARIANT_"], "Which variant part of a hint is filled"),
    family("TileStyle", "uint", &["MJ_TILE_STYLE_"], "How a tile name is written"),
    family("SeatStyle", "uint", &["MJ_SEAT_STYLE_"], "How a seat name is written"),
    family("Lang", "uint", &["MJ_LANG_"], "Language of a name"),
];

/// Every `#define MJ_* <integer>` of the header with its value and doc comment, in order.
fn documented_defines(raw: &str) -> Vec<(String, i64, Vec<String>)> {
    let mut out = Vec::new();
    let mut pos = 0;
    for line in raw.split_inclusive('\n') {
        let mut w = line.split_whitespace();
        if w.next() == Some("#define") {
            if let (Some(name), Some(Ok(v))) = (w.next(), w.next().map(str::parse::<i64>)) {
                if name.starts_with("MJ_") {
                    out.push((name.to_string(), v, doc_before(raw, pos)));
                }
            }
        }
        pos += line.len();
    }
    out
}

/// The `#define` families of [`DEFINE_ENUMS`] as public C# enums.
fn define_enums(raw: &str) -> String {
    let defines = documented_defines(raw);
    // A define used as an array length is a size, not a member (MJ_MELD_SLOTS).
    let text = strip_comments(raw);
    let is_length = |name: &str| text.contains(&format!("[{name}]"));
    let mut o = String::new();
    for e in DEFINE_ENUMS {
        let members: Vec<_> = defines
            .iter()
            .filter(|(n, _, doc)| {
                e.prefixes.iter().any(|p| n.starts_with(p))
                    && !is_length(n)
                    && e.tag
                        .is_none_or(|t| doc.first().is_some_and(|d| d.starts_with(t)))
            })
            .collect();
        assert!(
            !members.is_empty(),
            "no #define {:?} in the header for {}",
            e.prefixes,
            e.name
        );
        let spelled = e
            .prefixes
            .iter()
            .map(|p| format!("{p}*"))
            .collect::<Vec<_>>()
            .join(", ");
        o.push_str(&format!(
            "    /// <summary>{} ({spelled}).</summary>\n",
            e.summary
        ));
        if e.none.is_some() {
            o.push_str("    [Flags]\n");
        }
        o.push_str(&format!("    public enum {} : {}\n    {{\n", e.name, e.ty));
        if let Some(none) = e.none {
            o.push_str(&format!(
                "        /// <summary>{none}</summary>\n        None = 0,\n"
            ));
        }
        for (n, v, doc) in members {
            o.push_str(&cs_doc(doc, "        "));
            let prefix = e
                .prefixes
                .iter()
                .find(|p| n.starts_with(*p))
                .copied()
                .unwrap_or("");
            let member = n.strip_prefix(prefix).unwrap_or(n);
            o.push_str(&format!("        {} = {v},\n", cs_member("", member)));
        }
        o.push_str("    }\n\n");
    }
    o
}

/// `NativeMethods.g.cs` for the header text `raw`.
fn generate(raw: &str) -> String {
    let h = parse_header(raw);
    let mut o = String::new();
    o.push_str(
        "// <auto-generated>\n\
         // Generated from include/mjkit.h by tests/csharp_binding.rs; do not edit.\n\
         // Regenerate: MJ_BLESS=1 cargo test --test csharp_binding\n\
         // </auto-generated>\n\
         // The raw C ABI: one blittable struct per C struct, field for field, and one [DllImport]\n\
         // per mj_ function (pointers, fixed-width integers, the structs; size_t is UIntPtr, a C\n\
         // enum is int). Internal: the public API is the wrapper (Mahjong.cs, Riichi.cs, Table.cs).\n\
         using System;\n\
         using System.Runtime.InteropServices;\n\
         \n\
         namespace MjKit\n\
         {\n",
    );
    for (name, doc, variants) in doc_enums(raw) {
        // The C enum as a public C# enum: `MjStatus` is `Status`, `MJ_STATUS_OK` is `Ok`.
        o.push_str(&cs_doc(&doc, "    "));
        o.push_str(&format!(
            "    public enum {}\n    {{\n",
            name.strip_prefix("Mj").unwrap_or(&name)
        ));
        for (v, value, vdoc) in &variants {
            o.push_str(&cs_doc(vdoc, "        "));
            o.push_str(&format!("        {} = {value},\n", cs_member(&name, v)));
        }
        o.push_str("    }\n\n");
    }
    o.push_str(&define_enums(raw));
    for s in &h.structs {
        let Some(fields) = &s.fields else {
            o.push_str(&format!(
                "    /// <summary>{0}: opaque, only ever used through a pointer.</summary>\n    \
                 internal struct {0}\n    {{\n    }}\n\n",
                s.name
            ));
            continue;
        };
        // Fixed buffers and pointer fields (a static name string) need an unsafe struct.
        let fixed = fields
            .iter()
            .any(|f| f.fixed_len.is_some() || f.ty.ends_with('*'));
        o.push_str(&format!(
            "    [StructLayout(LayoutKind.Sequential)]\n    internal {}struct {}\n    {{\n",
            if fixed { "unsafe " } else { "" },
            s.name
        ));
        for f in fields {
            match &f.fixed_len {
                Some(n) => o.push_str(&format!(
                    "        public fixed {} {}[{n}];\n",
                    f.ty,
                    cs_ident(&f.name)
                )),
                None => o.push_str(&format!("        public {} {};\n", f.ty, cs_ident(&f.name))),
            }
        }
        o.push_str("    }\n\n");
    }
    o.push_str(
        "    internal static unsafe class NativeMethods\n    {\n\
         #if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR\n        \
         // Statically linked into the player: libmjkit.a in Plugins/iOS, or the WebAssembly build.\n        \
         internal const string Lib = \"__Internal\";\n\
         #else\n        \
         // libmjkit.so (Linux, Android), mjkit.dll (Windows), libmjkit.dylib (macOS).\n        \
         internal const string Lib = \"mjkit\";\n\
         #endif\n\n",
    );
    for (name, value) in &h.defines {
        let ty = match value.parse::<i64>() {
            Ok(v) if i32::try_from(v).is_ok() => "int",
            Ok(_) => "long",
            Err(_) => "string",
        };
        o.push_str(&format!("        internal const {ty} {name} = {value};\n"));
    }
    for f in &h.functions {
        o.push('\n');
        if let Some(c) = &f.cfg {
            o.push_str(&format!("#if {c}\n"));
        }
        let params = f
            .params
            .iter()
            .map(|(t, n)| format!("{t} {}", cs_ident(n)))
            .collect::<Vec<_>>()
            .join(", ");
        o.push_str(&format!(
            "        [DllImport(Lib, EntryPoint = \"{0}\", CallingConvention = CallingConvention.Cdecl, ExactSpelling = true)]\n        \
             internal static extern {1} {0}({params});\n",
            f.name, f.ret
        ));
        if f.cfg.is_some() {
            o.push_str("#endif\n");
        }
    }
    o.push_str("    }\n}\n");
    o
}

#[test]
fn csharp_native_methods_are_generated_from_the_header() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let header = fs::read_to_string(format!("{dir}/include/mjkit.h")).expect("read header");
    let fresh = generate(&header);
    let path = Path::new(dir).join(GENERATED);
    if std::env::var_os("MJ_BLESS").is_some() {
        fs::write(&path, &fresh).expect("write the generated C#");
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "{GENERATED} is stale: regenerate it with `MJ_BLESS=1 cargo test --test csharp_binding` and commit it"
    );
}

/// The generator follows the header: a new function (with a struct pointer, a `size_t` and a
/// C# keyword as parameter name), a new struct (fixed buffer, array of structs), an opaque
/// struct, a conditional function, a new status with its doc and a changed field all show up
/// in the output.
#[test]
fn generator_follows_header_changes() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let header = fs::read_to_string(format!("{dir}/include/mjkit.h")).expect("read header");
    let extra = header.replace(
        "#ifdef __cplusplus\n}",
        "MjStatus mj_league_new(const MjLeagueConfig *config, size_t params, MjLeague **out_league);\n\n\
         #if defined(MJ_LEAGUE_HOOKS)\nvoid mj_league_hook(void);\n#endif\n\n#ifdef __cplusplus\n}",
    );
    let extra = extra.replace(
        "#ifdef __cplusplus\nextern \"C\" {",
        "typedef struct MjLeague MjLeague;\n\ntypedef struct {\n  uint32_t seed;\n  uint8_t seats[MJ_SEATS];\n  MjAction moves[2];\n} MjLeagueConfig;\n\n#ifdef __cplusplus\nextern \"C\" {",
    );
    let extra = extra.replace(
        "MJ_STATUS_PANIC = 99,",
        "/**\n   * No such league & no <league>.\n   */\n  MJ_STATUS_BAD_LEAGUE = 29,\n  MJ_STATUS_PANIC = 99,",
    );
    let extra = extra.replacen("uint8_t claimed;", "uint16_t claimed;", 1);
    // A new member of a tagged flag family, and a constant of the same prefix without the tag.
    let extra = extra.replace(
        "#define MJ_RIICHI_OPEN_RIICHI 4096\n",
        "#define MJ_RIICHI_OPEN_RIICHI 4096\n\n/**\n * Condition: kan dora burst.\n */\n#define MJ_RIICHI_KAN_BURST 8192\n\n/**\n * Not a condition.\n */\n#define MJ_RIICHI_OTHER_THING 16384\n",
    );
    assert_ne!(extra, header);
    let old = generate(&header);
    let new = generate(&extra);
    assert!(
        !new.contains("OtherThing = 16384"),
        "an untagged constant in a tagged family"
    );
    for want in [
        "internal static extern int mj_league_new(MjLeagueConfig* config, UIntPtr @params, MjLeague** out_league);",
        "#if MJ_LEAGUE_HOOKS\n        [DllImport(Lib, EntryPoint = \"mj_league_hook\"",
        "internal static extern void mj_league_hook();\n#endif\n",
        "internal struct MjLeague\n    {\n    }",
        "internal unsafe struct MjLeagueConfig\n    {\n        public uint seed;\n        public fixed byte seats[NativeMethods.MJ_SEATS];\n        public MjAction moves_0;\n        public MjAction moves_1;\n    }",
        "        /// <summary>\n        /// No such league &amp; no &lt;league&gt;.\n        /// </summary>\n        BadLeague = 29,",
        "public ushort claimed;",
        "/// Condition: kan dora burst.\n        /// </summary>\n        KanBurst = 8192,\n    }",
    ] {
        assert!(new.contains(want), "no {want:?} in the generated C#");
        assert!(
            !old.contains(want),
            "{want:?} already generated from the real header"
        );
    }
}
