//! `MjTable`'s MJAI methods (a secondary `#[godot_api]` block of the class in lib.rs): a bot's
//! response line played as a seat's action, a game log replayed into a table.

use crate::MjTable;
use crate::convert;
use crate::values::{out_dict, report, value};
use godot::prelude::*;

#[godot_api(secondary)]
impl MjTable {
    /// Plays a bot's MJAI response `line` (docs/mjai.md: `none`, `dahai`, `reach`, `chi`,
    /// `pon`, `daiminkan`, `kakan`, `ankan`, `hora`, `ryukyoku`) as `seat`'s action at a riichi
    /// table: the action applied, as `legal_actions` gives it, with `applied: true`; a `none`
    /// from a seat the table does not wait for changes nothing (`applied: false`). `{}` on error
    /// (the MJAI key at fault and why are reported; nothing changes).
    #[func]
    fn respond(&mut self, seat: i64, line: GString) -> VarDictionary {
        let out = report(
            convert::mjai::respond(&mut self.table, seat, &line.to_string()).map(|o| out_dict(&o)),
            VarDictionary::new,
        );
        self.emit_events();
        out
    }

    /// The table at the end of a whole-game MJAI log (every tile shown) replayed through the
    /// referee: `rules` a riichi table's (as `create` takes them), `match_rules` the log's match
    /// (as `create_match` takes it). Every draw, dora and ura indicator, move and score change
    /// is checked. `null` on error (the line the referee cannot accept is reported).
    #[func]
    fn from_mjai(
        log: GString,
        rules: VarDictionary,
        match_rules: VarDictionary,
    ) -> Option<Gd<MjTable>> {
        match convert::mjai::from_mjai(
            &log.to_string(),
            &value(&rules.to_variant()),
            &value(&match_rules.to_variant()),
        ) {
            Ok(t) => Some(MjTable::wrap(t, None)),
            Err(f) => {
                godot_error!("{}", f);
                None
            }
        }
    }
}
