//! A room's settings: the rules preset, which seats are for people, the bot of the other seats,
//! the match's length and the timers. Chosen when the room is made (`POST /api/rooms`), kept
//! with the room's snapshot.

use mjkit::ai::BotConfig;
use mjkit::table::{ClaimWindow, MatchEnd, MatchRules, Rules, SEATS};
use serde::{Deserialize, Serialize};

/// The settings of a room. Every field has a default, so `{}` makes a room: Taiwanese 16-tile
/// with tai, one person in seat 0 against three of mjkit's bots, an East round, 20 s a turn,
/// claim windows held to 2.5 s.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RoomConfig {
    /// The rules: `taiwan16` (tai, ATAWMJ preset), `taiwan16_common` (the common game's tai),
    /// `thirteen` (13-tile, the thesis' points) or `thesis` (the thesis' table).
    pub preset: String,
    /// The claim window: `every_seat` (every seat answers every discard, so nobody learns who
    /// could claim; the default) or `claimants`.
    pub claim_window: String,
    /// Each seat: `human` (taken by a browser) or `bot`.
    pub seats: [String; SEATS],
    /// The bot of the bot seats, by its name in mjkit (`mjkit`, `greedy`, `thesis:N`, ...).
    pub bot: String,
    /// When the match ends: `east` (an East round), `full` (four wind rounds), `rounds:N`,
    /// `hands:N` or `never`.
    pub end: String,
    /// The first dealer (0..3).
    pub first_dealer: u8,
    /// Every seat's score at the start.
    pub start_score: i64,
    /// A person's time for a turn (ms); 0: no limit. When it runs out the server plays the
    /// seat's default action.
    pub turn_ms: u64,
    /// A person's time to answer a claim window or a flower offer (ms); 0: no limit.
    pub claim_ms: u64,
    /// Whether a claim window that asks a person is resolved exactly `claim_ms` after it
    /// opened, however early the answers came, so that its length tells nobody whether that
    /// person could claim (needs `claim_ms` > 0).
    pub hold_claims: bool,
    /// How long after a hand ends the next is dealt when not every connected person has asked
    /// for it (ms); 0: wait for them.
    pub next_ms: u64,
    /// How long a bot waits before its turn's action (ms), so people can follow; 0: at once.
    pub bot_ms: u64,
    /// When a person's time runs out, the bot plays the seat instead of the default action
    /// (a pass, the drawn tile).
    pub timeout_bot: bool,
    /// Whether a person's options carry mjkit's hint (its full bot's reading of that seat's
    /// view: each option's shanten, live tiles, danger and chance to win, and the bot's choice
    /// with its reason). Off for a table where players play unaided.
    pub hints: bool,
    /// The table's seed (the walls); a random one when absent.
    pub seed: Option<u64>,
}

impl Default for RoomConfig {
    fn default() -> RoomConfig {
        RoomConfig {
            preset: "taiwan16".into(),
            claim_window: "every_seat".into(),
            seats: ["human", "bot", "bot", "bot"].map(String::from),
            bot: "mjkit".into(),
            end: "east".into(),
            first_dealer: 0,
            start_score: 0,
            turn_ms: 20_000,
            claim_ms: 2_500,
            hold_claims: true,
            next_ms: 30_000,
            bot_ms: 500,
            timeout_bot: false,
            hints: true,
            seed: None,
        }
    }
}

/// The most milliseconds a timer may be set to (a day).
const MAX_MS: u64 = 86_400_000;

/// What a valid configuration gives the table.
#[derive(Debug, Clone, Copy)]
pub struct Checked {
    /// The table's rules.
    pub rules: Rules,
    /// The match's rules.
    pub match_rules: MatchRules,
    /// The bot of the bot seats.
    pub bot: BotConfig,
    /// Bit s set when seat s is for a person.
    pub humans: u8,
}

impl RoomConfig {
    /// Checks every field and gives the table's rules.
    ///
    /// # Errors
    /// A message naming the field that is wrong and what it may be.
    pub fn check(&self) -> Result<Checked, String> {
        let mut rules = match self.preset.as_str() {
            "taiwan16" => Rules::taiwan16(),
            "taiwan16_common" => Rules::taiwan16_common(),
            "thirteen" => Rules::thirteen(),
            "thesis" => Rules::thesis(),
            p => {
                return Err(format!(
                    "unknown preset {p:?}: taiwan16, taiwan16_common, thirteen or thesis"
                ));
            }
        };
        rules.claim_window = match self.claim_window.as_str() {
            "every_seat" => ClaimWindow::EverySeat,
            "claimants" => ClaimWindow::Claimants,
            c => {
                return Err(format!(
                    "unknown claim_window {c:?}: every_seat or claimants"
                ));
            }
        };
        let mut humans = 0u8;
        for (s, kind) in self.seats.iter().enumerate() {
            match kind.as_str() {
                "human" => humans |= 1 << s,
                "bot" => {}
                k => return Err(format!("seat {s} is {k:?}: human or bot")),
            }
        }
        let bot: BotConfig = self
            .bot
            .parse()
            .map_err(|e: mjkit::ai::ParseBotError| format!("bot: {e}"))?;
        let number = |s: &str, what: &str| -> Result<u32, String> {
            s.parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("end {what}:{s}: a whole number above 0"))
        };
        let end = match self.end.as_str() {
            "east" => MatchEnd::WindRounds(1),
            "full" => MatchEnd::WindRounds(4),
            "never" => MatchEnd::Never,
            e => match e.split_once(':') {
                Some(("hands", n)) => MatchEnd::Hands(number(n, "hands")?),
                Some(("rounds", n)) => match number(n, "rounds")? {
                    n @ 1..=4 => MatchEnd::WindRounds(n as u8),
                    _ => return Err("end rounds:N: N from 1 to 4".into()),
                },
                _ => {
                    return Err(format!(
                        "unknown end {e:?}: east, full, rounds:N, hands:N or never"
                    ));
                }
            },
        };
        if usize::from(self.first_dealer) >= SEATS {
            return Err("first_dealer: a seat from 0 to 3".into());
        }
        for (name, ms) in [
            ("turn_ms", self.turn_ms),
            ("claim_ms", self.claim_ms),
            ("next_ms", self.next_ms),
            ("bot_ms", self.bot_ms),
        ] {
            if ms > MAX_MS {
                return Err(format!("{name}: at most {MAX_MS} (a day)"));
            }
        }
        if self.hold_claims && self.claim_ms == 0 && humans != 0 {
            return Err("hold_claims needs claim_ms above 0 (the time every window lasts)".into());
        }
        let match_rules = MatchRules {
            start_score: self.start_score,
            first_dealer: self.first_dealer,
            end,
            ..MatchRules::endless()
        };
        match_rules
            .validate()
            .map_err(|_| "the match rules are out of range".to_string())?;
        Ok(Checked {
            rules,
            match_rules,
            bot,
            humans,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_default_is_an_east_round_of_taiwan16() {
        let c = RoomConfig::default().check().unwrap();
        assert_eq!(c.rules, Rules::taiwan16());
        assert_eq!(c.match_rules.end, MatchEnd::WindRounds(1));
        assert_eq!(c.humans, 1);
        let empty: RoomConfig = serde_json::from_str("{}").unwrap();
        assert_eq!(empty, RoomConfig::default());
    }

    #[test]
    fn check_names_the_wrong_field() {
        let cases: [(&str, &str); 10] = [
            (r#"{"preset":"riichi"}"#, "preset"),
            (r#"{"claim_window":"some"}"#, "claim_window"),
            (r#"{"seats":["human","bot","bot","cat"]}"#, "seat 3"),
            (r#"{"bot":"mjkit:99"}"#, "bot"),
            (r#"{"end":"hands:0"}"#, "hands"),
            (r#"{"end":"rounds:5"}"#, "rounds"),
            (r#"{"end":"later"}"#, "end"),
            (r#"{"first_dealer":4}"#, "first_dealer"),
            (r#"{"turn_ms":100000000000}"#, "turn_ms"),
            (r#"{"claim_ms":0}"#, "hold_claims"),
        ];
        for (json, field) in cases {
            let c: RoomConfig = serde_json::from_str(json).unwrap();
            let e = c.check().unwrap_err();
            assert!(e.contains(field), "{json}: {e}");
        }
        assert!(serde_json::from_str::<RoomConfig>(r#"{"color":"red"}"#).is_err());
    }
}
