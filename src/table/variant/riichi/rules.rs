//! The riichi table's rules: the scorer's switches plus every switch of the table and the match,
//! with the Tenhou-like and Mahjong Soul-like presets.

/// When the indicator of a kong's new dora (kan dora) is turned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KanDora {
    /// At once, before the replacement draw.
    Immediate,
    /// After the kong's seat discards (before that discard is offered), or when another kong is
    /// declared first.
    AfterDiscard,
}

/// The rules of a riichi table ([`super::super::super::Rules::riichi`], in C `MjRiichiTableRules`
/// inside `MjRules`): the scorer's switches and the table's. Every switch the platforms disagree
/// on is here with the value of each preset ([`RiichiTableRules::tenhou`],
/// [`RiichiTableRules::mahjong_soul`]; the presets set RiichiEnv's `GameRule.default_tenhou()`
/// and `default_mjsoul()` switch for switch).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RiichiTableRules {
    /// The scorer's switches (`riichi::score`): open tanyao, aka dora, double yakuman, kazoe, ...
    /// Its `three_player` switch must be off at a four-seat table.
    pub scoring: crate::riichi::Rules,
    /// Red fives in the wall: 0, 3 (one of each suit) or 4 (two of dots).
    pub red_fives: u8,
    /// Kuikae forbidden: after a chi or pon the seat may not discard the claimed kind, nor (after
    /// a chi claimed at one end) the kind at the other end of the run (on in both presets).
    pub kuikae: bool,
    /// When a concealed kong's dora is revealed (both presets: at once).
    pub kan_dora_concealed: KanDora,
    /// When an exposed kong's dora is revealed (both presets: after the discard).
    pub kan_dora_exposed: KanDora,
    /// When an added kong's dora is revealed (both presets: after the discard).
    pub kan_dora_added: KanDora,
    /// Thirteen orphans may rob a concealed kong (Tenhou: no; Mahjong Soul: yes).
    pub kokushi_robs_concealed_kong: bool,
    /// Three seats winning on one discard make an abortive draw (Tenhou: yes; Mahjong Soul: no,
    /// all three win).
    pub triple_ron_draw: bool,
    /// Nine different terminals and honours in the first draw may abort the hand.
    pub nine_terminals: bool,
    /// The same wind discarded by all four seats in the first go-around aborts the hand.
    pub four_winds: bool,
    /// Four seats in riichi abort the hand once the fourth riichi is accepted.
    pub four_riichi: bool,
    /// A fourth kong declared by more than one seat aborts the hand when the discard after it
    /// passes.
    pub four_kongs: bool,
    /// Renhou: a non-dealer's win on a discard before its first draw, nobody having called, is
    /// a yaku (5 han, or yakuman under the scorer's `renhou_as_yakuman`; both presets: off).
    pub renhou: bool,
    /// Nagashi mangan: at the exhaustive draw, a seat whose discards were all terminals and
    /// honours and none claimed is paid a mangan by self-draw.
    pub nagashi: bool,
    /// Pao: the seat that fed the last dragon pung of big three dragons, or the last wind pung of
    /// big four winds, is liable for the yakuman.
    pub pao: bool,
    /// Under pao: the liable seat pays only the yakuman it is liable for, the rest is paid as
    /// usual (Mahjong Soul); otherwise it pays the whole hand on a self-draw and half on a win on
    /// another seat's discard (Tenhou).
    pub pao_liability_only: bool,
    /// The dealer's 14th tile counts as its draw for its first discard (a tsumogiri when thrown;
    /// Tenhou: yes; Mahjong Soul: no, the first discard is always from the hand).
    pub dealer_first_discard_drawn: bool,
    /// A score below 0 ends the match (busting).
    pub bust: bool,
    /// The score first place needs to end the match at the last hand; below it the match goes
    /// on into the extension round (0: no target).
    pub target: i32,
    /// The extension (the south round of an east-only match, the west round of a hanchan): played
    /// hand by hand until a seat reaches `target`, at most one round.
    pub extension: bool,
    /// Agari-yame: at the last hand (or later), a dealer who wins and is first with at least
    /// `target` ends the match.
    pub agari_yame: bool,
    /// Tenpai-yame: the same for a dealer who is ready at the exhaustive draw.
    pub tenpai_yame: bool,
    /// Riichi sticks left on the table when the match ends go to first place.
    pub sticks_to_first: bool,
    /// The score the final points are counted from (30,000 with a 25,000 start: the oka, the
    /// difference times the seats, goes to first place).
    pub return_score: i32,
    /// Uma by rank, first to fourth, in points (Tenhou 20-10: 20,000, 10,000, -10,000, -20,000).
    pub uma: [i32; 4],
}

impl RiichiTableRules {
    /// Tenhou-like: the scorer's Tenhou switches ([`crate::riichi::Rules::TENHOU`]), three red
    /// fives, kuikae forbidden, kan dora at once for a concealed kong and after the discard for
    /// the others, no kokushi on a concealed kong, three rons abort, every abortive draw,
    /// nagashi mangan, pao paying the whole hand, the dealer's 14th tile counted as drawn,
    /// busting, 30,000 target with the extension, agari-yame and tenpai-yame, sticks to first
    /// place, 30,000 returned, uma 20-10.
    pub const fn tenhou() -> RiichiTableRules {
        RiichiTableRules {
            scoring: crate::riichi::Rules::TENHOU,
            red_fives: 3,
            kuikae: true,
            kan_dora_concealed: KanDora::Immediate,
            kan_dora_exposed: KanDora::AfterDiscard,
            kan_dora_added: KanDora::AfterDiscard,
            kokushi_robs_concealed_kong: false,
            triple_ron_draw: true,
            nine_terminals: true,
            four_winds: true,
            four_riichi: true,
            four_kongs: true,
            renhou: false,
            nagashi: true,
            pao: true,
            pao_liability_only: false,
            dealer_first_discard_drawn: true,
            bust: true,
            target: 30_000,
            extension: true,
            agari_yame: true,
            tenpai_yame: true,
            sticks_to_first: true,
            return_score: 30_000,
            uma: [20_000, 10_000, -10_000, -20_000],
        }
    }

    /// Mahjong Soul-like: [`RiichiTableRules::tenhou`] with the scorer's Mahjong Soul switches
    /// (double yakuman), kokushi robbing a concealed kong, three rons all winning, pao paying only
    /// the yakuman it is liable for, the dealer's first discard always from the hand, 25,000
    /// returned (no oka) and uma 15-5.
    pub const fn mahjong_soul() -> RiichiTableRules {
        let mut r = RiichiTableRules::tenhou();
        r.scoring = crate::riichi::Rules::MAHJONG_SOUL;
        r.kokushi_robs_concealed_kong = true;
        r.triple_ron_draw = false;
        r.pao_liability_only = true;
        r.dealer_first_discard_drawn = false;
        r.return_score = 25_000;
        r.uma = [15_000, 5_000, -5_000, -15_000];
        r
    }

    /// Whether the fields are in range: the scorer's switches valid and four-player, 0, 3 or 4
    /// red fives.
    pub const fn is_valid(&self) -> bool {
        self.scoring.is_valid()
            && self.scoring.three_player == 0
            && matches!(self.red_fives, 0 | 3 | 4)
    }
}

impl Default for RiichiTableRules {
    fn default() -> RiichiTableRules {
        RiichiTableRules::tenhou()
    }
}
