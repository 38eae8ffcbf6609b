//! The shared fixtures `tests/fixtures/hands.tsv` and `tests/fixtures/mcr.tsv`, checked here
//! through the Rust API; `scripts/c-example.sh` checks them through the C ABI (the C demo's
//! `--fixture` mode) and `bindings/csharp/tests` through C#, so every binding gives the same
//! answers. The output columns were generated from the library with
//! `MJ_BLESS=1 cargo test --test fixtures` (which rewrites them from the input columns).

use mjkit::efficiency;
use mjkit::ffi::MjStatus;
use mjkit::mcr::{self, McrHand, Meld};
use mjkit::{Error, Forms, Hand, shanten, tile, win};

/// `!TOO_MANY_COPIES` for an error: the `MJ_STATUS_` name.
fn status(e: Error) -> String {
    let name = format!("{:?}", MjStatus::from(e));
    let mut out = String::from("!");
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

fn cell<T>(r: Result<T, Error>, f: impl FnOnce(T) -> String) -> String {
    r.map_or_else(status, f)
}

/// One tile per kind of `mask`, in notation; `-` for the empty set.
fn mask_text(mask: u64) -> String {
    let mut c = [0u8; 34];
    for (k, v) in c.iter_mut().enumerate() {
        *v = (mask >> k & 1) as u8;
    }
    if mask == 0 {
        "-".into()
    } else {
        tile::format(&c)
    }
}

fn tile_text(kind: usize) -> String {
    mask_text(1 << kind)
}

/// The output columns of a hands.tsv row.
fn analyse(text: &str, forms: u32) -> Vec<String> {
    let hand = tile::parse(text).and_then(|p| Hand::new(&p.counts));
    let hand = match hand {
        Ok(h) => h,
        Err(e) => return vec![status(e); 5],
    };
    let forms = Forms::from_bits(forms);
    let f = |g: &dyn Fn(Forms) -> String| match forms {
        Ok(forms) => g(forms),
        Err(e) => status(e),
    };
    vec![
        f(&|fm| cell(shanten::shanten(hand.counts(), fm), |s| s.to_string())),
        f(&|fm| cell(win::is_win(hand.counts(), fm), |w| u8::from(w).to_string())),
        f(&|fm| cell(win::waits(hand.counts(), fm), mask_text)),
        f(&|fm| {
            cell(efficiency::ukeire(hand.counts(), fm, None), |u| {
                let mut s = u.total.to_string();
                for (k, &n) in u.per_kind.iter().enumerate() {
                    if n > 0 {
                        s += &format!(" {}:{n}", tile_text(k));
                    }
                }
                s
            })
        }),
        f(&|fm| {
            let mut list = Vec::new();
            let r = efficiency::discards(hand.counts(), fm, None, |d| list.push(d)).map(|()| list);
            cell(r, |ds| {
                ds.iter()
                    .map(|d| {
                        format!(
                            "{}/{}/{}/{}",
                            tile_text(d.tile().into()),
                            d.shanten,
                            d.ukeire_count,
                            mask_text(d.ukeire_mask)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
        }),
    ]
}

fn kind_of(text: &str) -> u8 {
    let c = tile::parse(text).expect("fixture tile").counts;
    assert_eq!(c.iter().sum::<u8>(), 1, "one tile: {text}");
    c.iter().position(|&n| n == 1).unwrap() as u8
}

/// The output columns of an mcr.tsv row.
fn score(cols: &[&str]) -> Vec<String> {
    let counts = tile::parse(cols[0]).expect("fixture hand").counts;
    let mut h = McrHand::new(counts, kind_of(cols[2]));
    if cols[1] != "-" {
        for m in cols[1].split(',') {
            let f: Vec<&str> = m.split(':').collect();
            let (t, c) = (kind_of(f[1]), f[2].parse().expect("claimed"));
            h = h.with_meld(match f[0] {
                "chow" => Meld::chow(t, c),
                "pung" => Meld::pung(t, c),
                "kong" => Meld::kong(t, c),
                "ckong" => Meld::concealed_kong(t),
                k => panic!("meld kind {k}"),
            });
        }
    }
    h.seat_wind = cols[3].parse().expect("seat");
    h.prevalent_wind = cols[4].parse().expect("prevalent");
    h.flags = cols[5].parse().expect("flags");
    h.flowers = cols[6].parse().expect("flowers");
    match mcr::score(&h) {
        Ok(s) => vec![
            s.total.to_string(),
            s.base.to_string(),
            s.qualifies.to_string(),
            s.fan_list()
                .map(|(id, n)| format!("{id}*{n}"))
                .collect::<Vec<_>>()
                .join(" "),
        ],
        Err(e) => vec![status(e), "-".into(), "-".into(), "-".into()],
    }
}

/// Checks (or with MJ_BLESS rewrites) a fixture: `inputs` leading columns, the rest computed.
fn check(name: &str, inputs: usize, compute: impl Fn(&[&str]) -> Vec<String>) -> usize {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("read fixture");
    let mut fresh = String::new();
    let mut rows = 0;
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            fresh += line;
            fresh.push('\n');
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert!(cols.len() >= inputs, "{name}: short row {line:?}");
        let mut out: Vec<String> = cols[..inputs].iter().map(|s| s.to_string()).collect();
        out.extend(compute(&cols[..inputs]));
        fresh += &out.join("\t");
        fresh.push('\n');
        rows += 1;
    }
    if std::env::var_os("MJ_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write fixture");
    }
    let diffs: Vec<String> = text
        .lines()
        .zip(fresh.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("file:    {a}\nlibrary: {b}"))
        .collect();
    assert!(
        diffs.is_empty() && text.lines().count() == fresh.lines().count(),
        "{name}: {} rows differ from the library (regenerate with MJ_BLESS=1 only if the change is intended):\n{}",
        diffs.len(),
        diffs.join("\n")
    );
    rows
}

#[test]
fn hands_fixture() {
    let rows = check("hands.tsv", 2, |c| {
        analyse(c[0], c[1].parse().expect("forms column"))
    });
    assert!(rows >= 30, "{rows} rows");
}

#[test]
fn mcr_fixture() {
    let rows = check("mcr.tsv", 7, score);
    assert!(rows >= 15, "{rows} rows");
}
