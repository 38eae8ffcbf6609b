//! Declared melds of the Chinese-style variants: one type for MCR ([`crate::mcr`]) and
//! Taiwanese 16-tile scoring ([`crate::tai`]).
//!
//! A meld is its kind, its tile and one byte about the claim, `claimed`, which means the same
//! in both scorers (the convention of the reference MCR calculator, `pymahjonggb`'s pack
//! "offer"): for a pung, an exposed kong or an added kong, the seat the claimed tile came from
//! relative to the meld's owner (1 the seat before, 2 opposite, 3 the seat after); for a chow,
//! which of its three tiles was taken (1..=3: its seat is always the one before); for a
//! concealed kong, 0. Riichi has its own kinds (added kan, closed kan) in
//! [`crate::riichi::MeldKind`].

/// Meld kind: a claimed chow; `tile` is its lowest tile, `claimed` which tile (1, 2, 3) was taken.
pub const KIND_CHOW: u8 = 1;
/// Meld kind: a claimed pung; `claimed` is the seat it came from (1 left, 2 opposite, 3 right).
pub const KIND_PUNG: u8 = 2;
/// Meld kind: an exposed kong, claimed from a discard (MCR also takes it for a kong added to a
/// pung); `claimed` as for a pung.
pub const KIND_KONG: u8 = 3;
/// Meld kind: a concealed kong; `claimed` must be 0.
pub const KIND_CONCEALED_KONG: u8 = 4;
/// Meld kind: a kong added to a claimed pung (加槓); `claimed` is the seat the pung was claimed
/// from, as for a pung. MCR scores it as `MJ_MCR_MELD_KONG` (a melded kong); tai tells them
/// apart (不求, 槓上開花).
pub const KIND_ADDED_KONG: u8 = 5;

/// Kind of a declared meld. The discriminants are the C ABI's `MJ_MCR_MELD_*` values.
///
/// cbindgen:ignore
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MeldKind {
    /// A claimed chow (吃); `tile` is its lowest tile.
    Chow = KIND_CHOW,
    /// A claimed pung (碰).
    Pung = KIND_PUNG,
    /// An exposed kong (明杠 from a discard; MCR also takes it for an added kong).
    Kong = KIND_KONG,
    /// A concealed kong (暗杠).
    ConcealedKong = KIND_CONCEALED_KONG,
    /// A kong added to a claimed pung (加槓).
    AddedKong = KIND_ADDED_KONG,
}

impl MeldKind {
    /// The kind whose discriminant is `value` (1..=5), if any.
    pub const fn from_u8(value: u8) -> Option<MeldKind> {
        match value {
            KIND_CHOW => Some(MeldKind::Chow),
            KIND_PUNG => Some(MeldKind::Pung),
            KIND_KONG => Some(MeldKind::Kong),
            KIND_CONCEALED_KONG => Some(MeldKind::ConcealedKong),
            KIND_ADDED_KONG => Some(MeldKind::AddedKong),
            _ => None,
        }
    }
}

/// A declared meld of an `MjMcrHand` or an `MjTaiHand` (MCR and tai scoring read the same
/// struct, with the same meaning).
///
/// In C the three fields are filled directly; in Rust build melds with `Meld::chow` and the
/// other constructors and read the kind with `Meld::kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(C)]
pub struct Meld {
    /// `MJ_MCR_MELD_CHOW`, `MJ_MCR_MELD_PUNG`, `MJ_MCR_MELD_KONG` (exposed),
    /// `MJ_MCR_MELD_ADDED_KONG` or `MJ_MCR_MELD_CONCEALED_KONG` (in Rust a `MeldKind`
    /// discriminant).
    pub kind: u8,
    /// Tile kind 0..33: the lowest tile of a chow, the tile of a pung or kong.
    pub tile: u8,
    /// The claim: for a pung, an exposed kong or an added kong, the seat the claimed tile came
    /// from relative to the meld's owner (1 the seat before, 2 opposite, 3 the seat after); for
    /// a chow (always from the seat before), which of its tiles was taken (1 the lowest .. 3 the
    /// highest); for a concealed kong, 0. Both scorers refuse any other value.
    pub claimed: u8,
}

impl Meld {
    /// A meld of `kind` at `tile` with claim byte `claimed`.
    pub const fn new(kind: MeldKind, tile: u8, claimed: u8) -> Meld {
        Meld {
            kind: kind as u8,
            tile,
            claimed,
        }
    }
    /// A chow starting at `first`, with `claimed` the tile taken (1..=3).
    pub const fn chow(first: u8, claimed: u8) -> Meld {
        Meld::new(MeldKind::Chow, first, claimed)
    }
    /// A pung of `tile` claimed from `from`, the seat relative to the owner (1..=3).
    pub const fn pung(tile: u8, from: u8) -> Meld {
        Meld::new(MeldKind::Pung, tile, from)
    }
    /// An exposed kong of `tile` claimed from `from` (as for [`Meld::pung`]).
    pub const fn kong(tile: u8, from: u8) -> Meld {
        Meld::new(MeldKind::Kong, tile, from)
    }
    /// A kong of `tile` added to the pung claimed from `from` (as for [`Meld::pung`]).
    pub const fn added_kong(tile: u8, from: u8) -> Meld {
        Meld::new(MeldKind::AddedKong, tile, from)
    }
    /// A concealed kong of `tile` (claim byte 0).
    pub const fn concealed_kong(tile: u8) -> Meld {
        Meld::new(MeldKind::ConcealedKong, tile, 0)
    }
    /// The kind, or None for a `kind` byte that is no [`MeldKind`] (the scorers refuse such a
    /// meld with `Error::IllegalMeld`).
    pub const fn try_kind(&self) -> Option<MeldKind> {
        MeldKind::from_u8(self.kind)
    }
    /// The kind; a `kind` byte that is no [`MeldKind`] reads as [`MeldKind::ConcealedKong`]
    /// (such a meld never gets past the scorers' checks).
    pub const fn kind(&self) -> MeldKind {
        match self.try_kind() {
            Some(k) => k,
            None => MeldKind::ConcealedKong,
        }
    }
    /// Whether the meld was claimed (everything but a concealed kong).
    pub const fn is_claimed(&self) -> bool {
        !matches!(self.kind(), MeldKind::ConcealedKong)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_u8_round_trips_every_kind() {
        for k in [
            MeldKind::Chow,
            MeldKind::Pung,
            MeldKind::Kong,
            MeldKind::ConcealedKong,
            MeldKind::AddedKong,
        ] {
            assert_eq!(MeldKind::from_u8(k as u8), Some(k));
            assert_eq!(Meld::new(k, 0, 0).kind(), k);
        }
        assert_eq!(MeldKind::from_u8(0), None);
        assert_eq!(MeldKind::from_u8(6), None);
        let junk = Meld {
            kind: 9,
            tile: 0,
            claimed: 0,
        };
        assert_eq!(junk.try_kind(), None);
    }

    #[test]
    fn is_claimed_only_concealed_kong_is_not() {
        assert!(Meld::chow(0, 1).is_claimed());
        assert!(Meld::pung(0, 1).is_claimed());
        assert!(Meld::kong(0, 1).is_claimed());
        assert!(!Meld::concealed_kong(0).is_claimed());
    }
}
