//! Hints for a human player: what mjkit's bot reads from a seat's view and why it would play
//! what it plays ([`hint`]).

/// Why the bot chose its action: the rule of the bot that decided it. Each has a fixed code
/// (`as u8`, the C ABI's `MJ_HINT_REASON_*`) and a sentence for a player ([`Reason::text`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[repr(u8)]
pub enum Reason {
    /// The only action the seat has.
    Only = 0,
    /// A win: the bot takes every win (under tai, unless passing pays more).
    Win = 1,
    /// A flower win (八仙過海, 七搶一).
    FlowerWin = 2,
    /// Under tai: passes a win on a discard because winning later, weighed by its chance, is
    /// worth more than this win's payment.
    PassWinForValue = 3,
    /// A level's lapse: overlooks a win on a discard.
    OverlookedWin = 4,
    /// The most efficient discard (lowest shanten, then the most live tiles accepted), safe
    /// enough to play.
    Efficient = 5,
    /// A discard close to the most efficient one that leaves more good draws two steps ahead.
    LookAhead = 6,
    /// Under tai: a discard that keeps a hand worth more, where its chance to win times its
    /// value is higher.
    Value = 7,
    /// The efficient discard is dangerous: a safer discard, whose trade of winning chance
    /// against danger is the best (folding, or half-folding).
    Defend = 8,
    /// The efficient discard is dangerous but still the best trade of winning chance against
    /// danger: pushing.
    Push = 9,
    /// A concealed or added kong that keeps the shanten number (a free draw).
    Kong = 10,
    /// A chow, pung or exposed kong that brings the hand closer to ready (a kong: keeps the
    /// shanten number).
    Claim = 11,
    /// No claim brings the hand closer.
    PassClaim = 12,
    /// Under tai: a claim would bring the hand closer but lower its chance to win times its
    /// value (a claim gives up 門清 and, on a self-draw, 不求 / 門清自摸).
    PassClaimForValue = 13,
    /// A level's lapse: overlooks a claim it would make.
    OverlookedClaim = 14,
    /// A level's habit: keeps a pair or a tile it likes rather than the most efficient discard.
    Habit = 15,
    /// A beginner's discard: the tile that connects least with the hand.
    Loneliest = 16,
}

impl Reason {
    /// Every reason, in code order.
    pub const ALL: [Reason; 17] = [
        Reason::Only,
        Reason::Win,
        Reason::FlowerWin,
        Reason::PassWinForValue,
        Reason::OverlookedWin,
        Reason::Efficient,
        Reason::LookAhead,
        Reason::Value,
        Reason::Defend,
        Reason::Push,
        Reason::Kong,
        Reason::Claim,
        Reason::PassClaim,
        Reason::PassClaimForValue,
        Reason::OverlookedClaim,
        Reason::Habit,
        Reason::Loneliest,
    ];

    /// The reason of code `code`, or `None`.
    pub fn from_code(code: u8) -> Option<Reason> {
        Reason::ALL.get(usize::from(code)).copied()
    }

    /// A sentence for a player (English, static).
    pub const fn text(self) -> &'static str {
        match self {
            Reason::Only => "the only action",
            Reason::Win => "a win",
            Reason::FlowerWin => "a flower win",
            Reason::PassWinForValue => {
                "passes this win: winning later is worth more than this win pays"
            }
            Reason::OverlookedWin => "overlooks the win (an easy level's lapse)",
            Reason::Efficient => "the most efficient discard, and safe enough",
            Reason::LookAhead => "a close discard that leaves more good draws two steps ahead",
            Reason::Value => "keeps a hand worth more (chance to win times value)",
            Reason::Defend => "the efficient discard is dangerous: a safer tile",
            Reason::Push => "the efficient discard is dangerous, but the hand is worth pushing",
            Reason::Kong => "a kong that keeps the hand as close to ready (a free draw)",
            Reason::Claim => "the claim brings the hand closer to ready",
            Reason::PassClaim => "no claim brings the hand closer to ready",
            Reason::PassClaimForValue => {
                "the claim would bring the hand closer but lower its chance to win times value"
            }
            Reason::OverlookedClaim => "overlooks the claim (an easy level's lapse)",
            Reason::Habit => "keeps a pair or a tile it likes (an easy level's habit)",
            Reason::Loneliest => "throws the tile that connects least (a beginner's discard)",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reason_codes_are_their_place_in_all() {
        for (i, r) in Reason::ALL.iter().enumerate() {
            assert_eq!(*r as u8 as usize, i);
            assert_eq!(Reason::from_code(i as u8), Some(*r));
            assert!(!r.text().is_empty());
        }
        assert_eq!(Reason::from_code(Reason::ALL.len() as u8), None);
    }
}
