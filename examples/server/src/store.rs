//! Rooms on disk, so that a restart loses no game: one directory, three files a room
//! (`<id>.json` its settings and seat tokens, `<id>.snap` the table's snapshot, `<id>.record`
//! the match's record through the last hand start). Each file is written whole to a temporary
//! name and renamed over the old one, so a file is always one complete version. A room is
//! saved after every change and before its connections are told of it: a client never saw a
//! state that a restart (even a killed process) would take back. No `fsync`: a crash of the
//! machine itself may lose the last changes.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The rooms' directory.
#[derive(Debug, Clone)]
pub struct Store {
    dir: PathBuf,
}

/// What was found of one room.
pub struct Saved {
    /// The room file (JSON).
    pub meta: String,
    /// The table's snapshot.
    pub snapshot: Vec<u8>,
    /// The record through the last hand start, if saved.
    pub record: Option<String>,
}

fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    fs::write(&tmp, bytes)?;
    fs::rename(&tmp, path)
}

impl Store {
    /// The store in `dir` (made if missing).
    ///
    /// # Errors
    /// The directory cannot be made.
    pub fn open(dir: &Path) -> io::Result<Store> {
        fs::create_dir_all(dir)?;
        Ok(Store {
            dir: dir.to_path_buf(),
        })
    }

    fn path(&self, id: &str, ext: &str) -> PathBuf {
        self.dir.join(format!("{id}.{ext}"))
    }

    /// Saves a room: the snapshot first, then the room file and the record when given (the
    /// room file changes only when a seat is taken).
    ///
    /// # Errors
    /// A write failed.
    pub fn save(
        &self,
        id: &str,
        meta: Option<&str>,
        snapshot: &[u8],
        record: Option<&str>,
    ) -> io::Result<()> {
        write_atomic(&self.path(id, "snap"), snapshot)?;
        if let Some(m) = meta {
            write_atomic(&self.path(id, "json"), m.as_bytes())?;
        }
        if let Some(r) = record {
            write_atomic(&self.path(id, "record"), r.as_bytes())?;
        }
        Ok(())
    }

    /// Every room saved: `(id, what was found)`, or the error of a room that cannot be read.
    pub fn load_all(&self) -> Vec<(String, io::Result<Saved>)> {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut ids: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                name.strip_suffix(".json").map(str::to_string)
            })
            .collect();
        ids.sort();
        ids.into_iter()
            .map(|id| {
                let saved = (|| {
                    Ok(Saved {
                        meta: fs::read_to_string(self.path(&id, "json"))?,
                        snapshot: fs::read(self.path(&id, "snap"))?,
                        record: fs::read_to_string(self.path(&id, "record")).ok(),
                    })
                })();
                (id, saved)
            })
            .collect()
    }
}
