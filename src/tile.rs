//! Tile kinds, count arrays and text notation.
//!
//! A hand is a [`Counts`] array: slot `k` holds how many tiles of kind `k` there are.
//!
//! | kinds  | tiles                                         | notation        |
//! |--------|-----------------------------------------------|-----------------|
//! | 0-8    | 1-9 characters (man)                          | `1m`..`9m`      |
//! | 9-17   | 1-9 dots (pin)                                | `1p`..`9p`      |
//! | 18-26  | 1-9 bamboo (sou)                              | `1s`..`9s`      |
//! | 27-33  | East South West North, White Green Red dragon | `1z`..`7z`      |
//!
//! Notation groups digits before a suit letter: `123m456p789s11z`. A `0` in a suit is a red five
//! (counted as a five, and reported separately). Honours may also be written with the letters
//! `E S W N P F C` (East, South, West, North, white "P"aifu, green "F"a, red "C"hun).
//! ASCII whitespace is ignored anywhere.

use crate::error::Error;

/// Number of tile kinds.
pub const TILE_KINDS: usize = 34;

/// Copies of each kind in a set.
pub const COPIES: u8 = 4;

/// Tile counts indexed by kind (see the module docs for the order).
pub type Counts = [u8; TILE_KINDS];

/// First kind of the honours (East).
pub const HONOR_START: usize = 27;

/// Kinds of the terminals and honours, in kind order (the thirteen orphans).
pub const TERMINALS_AND_HONORS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// Bit mask (bit i = kind i) of the terminals and honours.
pub const TERMINALS_AND_HONORS_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < TERMINALS_AND_HONORS.len() {
        m |= 1 << TERMINALS_AND_HONORS[i];
        i += 1;
    }
    m
};

/// Bit mask of all 34 kinds.
pub const ALL_KINDS_MASK: u64 = (1u64 << TILE_KINDS) - 1;

/// True for the seven honour kinds (27..34).
pub const fn is_honor(kind: usize) -> bool {
    kind >= HONOR_START && kind < TILE_KINDS
}

/// True for a 1 or 9 of a suit.
pub const fn is_terminal(kind: usize) -> bool {
    kind < HONOR_START && (kind % 9 == 0 || kind % 9 == 8)
}

/// True for a terminal or an honour.
pub const fn is_terminal_or_honor(kind: usize) -> bool {
    is_terminal(kind) || is_honor(kind)
}

/// Suit of a kind: 0 characters (m), 1 dots (p), 2 bamboo (s), 3 honours (z).
pub const fn suit(kind: usize) -> usize {
    kind / 9
}

/// Face number of a kind: 1..=9 in a suit, 1..=7 for honours (East = 1 ... Red = 7).
pub const fn number(kind: usize) -> usize {
    kind % 9 + 1
}

/// The kind with face `number` (1-based) in `suit` (0 m, 1 p, 2 s, 3 z).
pub const fn kind_of(suit: usize, number: usize) -> usize {
    suit * 9 + number - 1
}

/// Tile code of the red five of characters (`0m`); dots `0p` is 43 and bamboo `0s` 44. Tile
/// codes name physical tiles where a table needs them: 0..33 the kinds, 34..41 the flowers,
/// 42..44 the red fives.
pub const RED_FIVE_CODE: u8 = 42;

/// The kind (0..33) of tile code `code`: a red five (42..44) is a five; every other code is
/// returned as it is.
#[inline(always)]
pub const fn code_kind(code: u8) -> u8 {
    match code {
        42 => 4,
        43 => 13,
        44 => 22,
        _ => code,
    }
}

/// Whether `code` is a red five (42..44).
#[inline(always)]
pub const fn is_red_code(code: u8) -> bool {
    matches!(code, 42..=44)
}

/// The red five's code of suit `suit` (0 characters, 1 dots, 2 bamboo).
#[inline(always)]
pub const fn red_code(suit: usize) -> u8 {
    RED_FIVE_CODE + suit as u8
}

/// Sum of all counts.
pub fn total(counts: &Counts) -> u32 {
    counts.iter().map(|&c| u32::from(c)).sum()
}

/// Checks that no kind has more than [`COPIES`] tiles and returns the total.
///
/// # Errors
/// [`Error::TooManyCopies`] naming the first kind above 4.
#[inline(always)]
pub fn check_counts(counts: &Counts) -> Result<u32, Error> {
    let words = count_words(counts);
    if over_four(&words) != 0 {
        return Err(too_many_copies(counts));
    }
    Ok(words_total(&words))
}

/// Nonzero when a count of [`count_words`] is above 4: five word additions, no per-kind test.
///
/// Per byte `b`, bit 7 of `b | (b + 0x7b)` is set exactly when `b > 4`: for `b <= 0x7f` the sum
/// stays inside the byte and reaches 0x80 from `b = 5` on; a larger `b` has its own bit 7 set.
/// A carry out of such a byte can only set bits in the next byte, so it never hides a bad
/// count (it may flag a good neighbour of a bad one, which only the rare error path looks at).
#[inline(always)]
pub(crate) fn over_four(words: &[u64; 5]) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ADD: u64 = 0x7b7b_7b7b_7b7b_7b7b;
    // The plain OR first, in the same order as the form tests' (so that it is computed once).
    let w = words;
    let all = w[0] | w[1] | w[2] | w[3] | w[4];
    let added = w[0].wrapping_add(ADD)
        | w[1].wrapping_add(ADD)
        | w[2].wrapping_add(ADD)
        | w[3].wrapping_add(ADD)
        | w[4].wrapping_add(ADD);
    (all | added) & HIGH
}

/// Sum of the counts of [`count_words`], every count at most 4: the five words add bytewise
/// without carries (at most 20 a byte), and the top byte of the sum times `0x0101..01` is the
/// sum of its eight bytes (at most 160).
#[inline(always)]
pub(crate) fn words_total(words: &[u64; 5]) -> u32 {
    let s = words.iter().fold(0u64, |acc, &x| acc.wrapping_add(x));
    (s.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The error for the first kind above 4 (kept out of line: it is the rare path).
#[cold]
#[inline(never)]
pub(crate) fn too_many_copies(counts: &Counts) -> Error {
    let kind = counts.iter().position(|&c| c > COPIES).unwrap_or(0);
    Error::TooManyCopies { kind: kind as u8 }
}

/// Counts `at..at + 8` as one little-endian word (one count per byte).
#[inline(always)]
pub(crate) fn load8(c: &Counts, at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&c[at..at + 8]);
    u64::from_le_bytes(b)
}

/// The counts as five little-endian words of eight bytes (the last holds kinds 32 and 33, read
/// as one 2-byte load).
///
/// Hot paths read counts this way, at offsets 0, 8, 16, 24 and 32, and never as unaligned words
/// at the suit offsets 9, 18 or 26: an 8-byte read that straddles two of the stores that wrote a
/// freshly copied count array defeats store forwarding and costs about 18 ns (measured).
#[inline(always)]
pub(crate) fn count_words(c: &Counts) -> [u64; 5] {
    [
        load8(c, 0),
        load8(c, 8),
        load8(c, 16),
        load8(c, 24),
        u64::from(u16::from_le_bytes([c[32], c[33]])),
    ]
}

/// [`block_words_of`] of counts (tests).
#[cfg(test)]
pub(crate) fn block_words(c: &Counts) -> ([u64; 4], [u32; 3]) {
    block_words_of(&count_words(c))
}

/// The first eight counts of each block as a word (byte `i` = count of the block's `i`-th kind:
/// characters, dots and bamboo 1-8, then the seven honours with a zero top byte), and the counts
/// of the three nines, from the [`count_words`] already read, by shifts only.
#[inline(always)]
pub(crate) fn block_words_of(w: &[u64; 5]) -> ([u64; 4], [u32; 3]) {
    let [w0, w1, w2, w3, w4] = *w;
    (
        [
            w0,
            (w1 >> 8) | (w2 << 56),
            (w2 >> 16) | (w3 << 48),
            (w3 >> 24) | (w4 << 40),
        ],
        [
            (w1 & 0xff) as u32,
            ((w2 >> 8) & 0xff) as u32,
            ((w3 >> 16) & 0xff) as u32,
        ],
    )
}

/// Masks of the kinds by the bits of their counts (bit i = kind i), for counts of at most 4:
/// `[bit 0 set, bit 1 set, bit 2 set]`. From these, "held" is `p0 | p1 | p2`, "odd" is `p0`,
/// "exactly two" is `p1 & !p0`, "four" is `p2`. Branch-free: eight kinds per 64-bit word.
#[inline]
pub fn count_planes(counts: &Counts) -> [u64; 3] {
    // Gathers bit 0 of each of 8 bytes into 8 bits (byte i -> bit i).
    #[inline(always)]
    fn gather(x: u64) -> u64 {
        (x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56
    }
    let mut planes = [0u64; 3];
    for (w, x) in count_words(counts).into_iter().enumerate() {
        for (bit, plane) in planes.iter_mut().enumerate() {
            *plane |= gather(x >> bit) << (w * 8);
        }
    }
    planes
}

/// Longest text [`format()`] can produce for counts of at most 4 each (136 digits and 4 suit
/// letters), not counting a terminating NUL.
pub const FORMAT_MAX_LEN: usize = 140;

/// A parsed notation string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parsed {
    /// Counts by kind; red fives are included as fives.
    pub counts: Counts,
    /// How many of the fives are red, per suit: `[m, p, s]`.
    pub red_fives: [u8; 3],
}

const SUIT_LETTERS: [u8; 4] = [b'm', b'p', b's', b'z'];
const HONOR_LETTERS: [u8; 7] = [b'E', b'S', b'W', b'N', b'P', b'F', b'C'];

/// Parses notation such as `"123m406p789s11z"` or `"123m456p789s EE"`.
///
/// # Errors
/// [`Error::BadNotation`] with the byte offset of the first bad character (or of the first digit
/// of a group that has no suit letter); [`Error::TooManyCopies`] when a kind appears more than
/// four times.
pub fn parse(text: &str) -> Result<Parsed, Error> {
    parse_bytes(text.as_bytes())
}

/// [`parse`] over raw bytes (for text that arrives from C); any non-ASCII byte is
/// [`Error::BadNotation`].
///
/// One verdict per text: malformed notation anywhere is [`Error::BadNotation`] (at the first
/// bad character), even when a kind also appears a fifth time before it; only well-formed text
/// can be [`Error::TooManyCopies`]. [`notation_error_pos`] reports from this same parse.
///
/// # Errors
/// As [`parse`].
pub fn parse_bytes(bytes: &[u8]) -> Result<Parsed, Error> {
    let mut counts = [0u8; TILE_KINDS];
    let mut red_fives = [0u8; 3];
    // The whole text is scanned before copies are counted against the limit, so that a
    // notation error after a fifth copy is still the verdict.
    scan(bytes, |kind, red| {
        counts[kind] = counts[kind].saturating_add(1);
        if red {
            red_fives[suit(kind)] = red_fives[suit(kind)].saturating_add(1);
        }
    })?;
    if let Some(kind) = counts.iter().position(|&c| c > COPIES) {
        return Err(Error::TooManyCopies { kind: kind as u8 });
    }
    Ok(Parsed { counts, red_fives })
}

/// The notation grammar: calls `tile(kind, is_red_five)` for each tile in order and stops at
/// the first malformed character.
fn scan(bytes: &[u8], mut tile: impl FnMut(usize, bool)) -> Result<(), Error> {
    // Pending digits: (value, byte offset).
    let mut pending: [(u8, usize); 64] = [(0, 0); 64];
    let mut n_pending = 0usize;
    for (pos, &b) in bytes.iter().enumerate() {
        match b {
            b'0'..=b'9' => {
                if n_pending == pending.len() {
                    return Err(Error::BadNotation { pos });
                }
                pending[n_pending] = (b - b'0', pos);
                n_pending += 1;
            }
            b'm' | b'p' | b's' | b'z' => {
                let s = SUIT_LETTERS.iter().position(|&l| l == b).unwrap_or(0);
                if n_pending == 0 {
                    return Err(Error::BadNotation { pos });
                }
                for &(digit, dpos) in &pending[..n_pending] {
                    match (s, digit) {
                        (3, 1..=7) => tile(kind_of(3, digit as usize), false),
                        (3, _) => return Err(Error::BadNotation { pos: dpos }),
                        (_, 0) => tile(kind_of(s, 5), true),
                        _ => tile(kind_of(s, digit as usize), false),
                    }
                }
                n_pending = 0;
            }
            b'E' | b'S' | b'W' | b'N' | b'P' | b'F' | b'C' if n_pending == 0 => {
                let h = HONOR_LETTERS.iter().position(|&l| l == b).unwrap_or(0);
                tile(HONOR_START + h, false);
            }
            b' ' | b'\t' | b'\n' | b'\r' => {}
            _ => return Err(Error::BadNotation { pos }),
        }
    }
    if n_pending > 0 {
        return Err(Error::BadNotation { pos: pending[0].1 });
    }
    Ok(())
}

/// The byte offset of the first malformed character of `bytes` as [`parse_bytes`] reports it,
/// or `None` when the text is well-formed notation (a fifth copy is a counting error, not a
/// notation error). It is [`parse_bytes`]' own verdict, so the two never disagree.
pub fn notation_error_pos(bytes: &[u8]) -> Option<usize> {
    match parse_bytes(bytes) {
        Err(Error::BadNotation { pos }) => Some(pos),
        _ => None,
    }
}

/// Formats counts in canonical notation (`"123m456p789s11z"`); the empty hand is `""`.
///
/// Counts above 9 per kind are not meaningful and are written digit by digit as given.
pub fn format(counts: &Counts) -> String {
    format_with_red(counts, &[0; 3])
}

/// Formats counts, writing `red_fives[s]` of the fives of suit `s` as `0` (placed where the
/// fives go, e.g. `"340m"`). More red fives than fives are capped at the number of fives.
pub fn format_with_red(counts: &Counts, red_fives: &[u8; 3]) -> String {
    let mut out = String::with_capacity(48);
    for s in 0..4 {
        let len = if s == 3 { 7 } else { 9 };
        let start = out.len();
        for n in 1..=len {
            let c = counts[kind_of(s, n)];
            let red = if s < 3 && n == 5 {
                red_fives[s].min(c)
            } else {
                0
            };
            for _ in 0..red {
                out.push('0');
            }
            for _ in red..c {
                out.push(char::from(b'0' + n as u8));
            }
        }
        if out.len() > start {
            out.push(char::from(SUIT_LETTERS[s]));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_basic_groups() {
        let p = parse("123m456p789s1234567z").unwrap();
        assert_eq!(total(&p.counts), 16);
        assert_eq!(p.counts[0], 1);
        assert_eq!(p.counts[13], 1);
        assert_eq!(p.counts[26], 1);
        assert_eq!(p.counts[33], 1);
        assert_eq!(p.red_fives, [0, 0, 0]);
    }

    #[test]
    fn parse_red_fives_count_as_fives() {
        let p = parse("055m0p").unwrap();
        assert_eq!(p.counts[4], 3);
        assert_eq!(p.counts[13], 1);
        assert_eq!(p.red_fives, [1, 1, 0]);
        assert_eq!(format_with_red(&p.counts, &p.red_fives), "055m0p");
    }

    #[test]
    fn parse_honor_letters_and_whitespace() {
        let a = parse(" 123m  ESWN PFC ").unwrap();
        let b = parse("123m1234567z").unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn parse_errors_name_the_byte() {
        assert_eq!(parse("123x"), Err(Error::BadNotation { pos: 3 }));
        assert_eq!(parse("12m34"), Err(Error::BadNotation { pos: 3 }));
        assert_eq!(parse("m"), Err(Error::BadNotation { pos: 0 }));
        assert_eq!(parse("18z"), Err(Error::BadNotation { pos: 1 }));
        assert_eq!(parse("0z"), Err(Error::BadNotation { pos: 0 }));
        assert_eq!(parse("11111m"), Err(Error::TooManyCopies { kind: 0 }));
        assert_eq!(parse("1E"), Err(Error::BadNotation { pos: 1 }));
    }

    #[test]
    fn notation_error_pos_agrees_with_parse() {
        let cases = [
            "123m456p789s11z",
            "123x",
            "12m34",
            "m",
            "18z",
            "0z",
            "1E",
            "12 3z9",
            " 1 m",
            "",
            "11111m",
            "E1z",
            "1234567z",
            "10m",
            "z",
            "\u{e9}1m",
            "11z 8z",
        ];
        for text in cases {
            let want = match parse(text) {
                Err(Error::BadNotation { pos }) => Some(pos),
                _ => None,
            };
            assert_eq!(notation_error_pos(text.as_bytes()), want, "{text:?}");
        }
    }

    #[test]
    fn parse_empty_is_empty_hand() {
        assert_eq!(parse("").unwrap().counts, [0; TILE_KINDS]);
        assert_eq!(format(&[0; TILE_KINDS]), "");
    }

    #[test]
    fn format_round_trips_canonical() {
        for s in [
            "123m456p789s11z",
            "1112345678999m",
            "19m19p19s1234567z",
            "5z",
            "44445555m",
        ] {
            assert_eq!(format(&parse(s).unwrap().counts), s);
        }
        // Non-canonical input comes back canonical.
        assert_eq!(format(&parse("321m EE").unwrap().counts), "123m11z");
    }

    #[test]
    fn check_counts_every_value_in_every_slot() {
        for kind in 0..TILE_KINDS {
            for v in 0..=255u8 {
                let mut c = [1u8; TILE_KINDS];
                c[kind] = v;
                let want = if v > 4 {
                    Err(Error::TooManyCopies { kind: kind as u8 })
                } else {
                    Ok(33 + u32::from(v))
                };
                assert_eq!(check_counts(&c), want, "kind {kind} value {v}");
            }
        }
        assert_eq!(check_counts(&[4; TILE_KINDS]), Ok(136));
    }

    #[test]
    fn count_planes_match_counts() {
        let c = parse("1112223333m4444p5s").unwrap().counts;
        let [p0, p1, p2] = count_planes(&c);
        for (k, &n) in c.iter().enumerate() {
            assert_eq!(
                (p0 >> k & 1, p1 >> k & 1, p2 >> k & 1),
                (
                    u64::from(n & 1),
                    u64::from(n >> 1 & 1),
                    u64::from(n >> 2 & 1)
                )
            );
        }
    }

    #[test]
    fn block_words_follow_counts() {
        let c = parse("123456789m1199p2s1234567z").unwrap().counts;
        let (w, nines) = block_words(&c);
        assert_eq!(w[0], 0x0101_0101_0101_0101);
        assert_eq!(w[1], 0x0000_0000_0000_0002);
        assert_eq!(w[2], 0x0000_0000_0000_0100);
        assert_eq!(w[3], 0x0001_0101_0101_0101);
        assert_eq!(nines, [1, 2, 0]);
    }

    #[test]
    fn kind_helpers() {
        assert!(is_terminal(0) && is_terminal(8) && is_terminal(26) && !is_terminal(27));
        assert!(is_honor(27) && is_honor(33) && !is_honor(26));
        assert_eq!((suit(13), number(13)), (1, 5));
        assert_eq!(kind_of(3, 7), 33);
        assert_eq!(TERMINALS_AND_HONORS_MASK.count_ones(), 13);
    }
}
