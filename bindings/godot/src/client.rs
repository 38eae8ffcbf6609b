//! `MjClient`: a client's rebuild of a hand from one reader's events, for GDScript.

use crate::convert;
use crate::values::{out_dict, report, value};
use godot::prelude::*;

/// A client's rebuild of the hand from one reader's events (a seat 0-3 or
/// `MjTable.READER_SPECTATOR`): `MjClient.create(rules, reader)` with the table's rules
/// Dictionary, then `apply(ev)` for each event Dictionary of that reader's stream in order (as
/// `MjTable.events` or the `event` signal give them, or as they arrive over a network); `view()`
/// is then exactly what `MjTable.view(reader)` says. A hand start carries the match as it
/// stands, so a client joins at any hand's first event. Errors go through `godot_error!`;
/// nothing changes on error.
#[derive(GodotClass)]
#[class(base = RefCounted, no_init)]
pub struct MjClient {
    client: mjkit::table::Client,
    base: Base<RefCounted>,
}

#[godot_api]
impl MjClient {
    /// A client of `reader` (0-3 a seat, 5 the spectator) at a table with `rules` (as
    /// `MjTable.create`). `null` on error.
    #[func]
    fn create(rules: VarDictionary, reader: i64) -> Option<Gd<MjClient>> {
        let made = convert::table::rules(&value(&rules.to_variant()))
            .and_then(|r| convert::backend::client(&r, reader));
        match made {
            Ok(client) => Some(Gd::from_init_fn(|base| MjClient { client, base })),
            Err(f) => {
                godot_error!("{}", f);
                None
            }
        }
    }

    /// Folds the next event (a Dictionary of `MjTable.events`) in. `false` on error: out of
    /// sequence, before a hand start, or impossible after the events before it.
    #[func]
    fn apply(&mut self, ev: VarDictionary) -> bool {
        let v = value(&ev.to_variant());
        report(
            convert::backend::client_apply(&mut self.client, &v).map(|()| true),
            || false,
        )
    }

    /// The view the events so far give (the Dictionary of `MjTable.view`); `{}` before a hand
    /// start.
    #[func]
    fn view(&self) -> VarDictionary {
        report(
            convert::backend::client_view(&self.client).map(|o| out_dict(&o)),
            VarDictionary::new,
        )
    }

    /// The index the next event must have (-1 before the first event).
    #[func]
    fn next_index(&self) -> i64 {
        self.client.next_index().map_or(-1, |n| n as i64)
    }
}
