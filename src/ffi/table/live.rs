//! The live table behind an `MjTable` handle (used by the table's and the backend's functions;
//! here so that neither module needs the other's internals).

use super::MjTable;
use crate::table::Table;
use crate::table::record::Recorder;
use std::sync::Mutex;

/// A live table behind an `MjTable` handle: the table and the record of its play so far. The
/// record is kept cheaply: the events of a hand are copied (not formatted) when the next hand is
/// dealt, and formatted as JSON Lines only when the record is read.
pub(crate) struct Live {
    pub(crate) table: Table,
    pub(crate) record: Recorder,
}

impl std::ops::Deref for Live {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl std::ops::DerefMut for Live {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.table
    }
}

impl Live {
    /// Keeps the events logged since the last call in the record. Called before a deal (the
    /// only change that drops events from the table's log), so no event is ever lost.
    pub(crate) fn keep_record(&mut self) {
        self.record
            .keep(&self.table)
            .expect("the record is kept before every deal");
    }
}

/// A new handle owning `table`, its record starting with the current hand.
pub(crate) fn into_handle(table: Table) -> *mut MjTable {
    into_handle_with(Recorder::new(&table), table)
}

pub(crate) fn into_handle_with(record: Recorder, table: Table) -> *mut MjTable {
    Box::into_raw(Box::new(MjTable {
        inner: Mutex::new(Live { table, record }),
    }))
}
