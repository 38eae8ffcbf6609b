//! C ABI of the shanten and tile-efficiency functions: statuses, NULL handling, outputs left
//! untouched on error, and agreement with the safe core.

use mjkit::ffi::{
    MJ_FORM_THREE_PLAYER, MJ_FORMS_MCR, MJ_FORMS_RIICHI, MJ_TILE_KINDS, MjDiscard, MjStatus,
    mj_discards, mj_shanten, mj_ukeire, mj_waits,
};
use mjkit::{Counts, Forms};

fn tiles(s: &str) -> Counts {
    mjkit::tile::parse(s).unwrap().counts
}

fn shanten_c(c: &Counts, forms: u32) -> (MjStatus, i32) {
    let mut out = 12345;
    // SAFETY: valid 34-byte input and a valid output.
    let st = unsafe { mj_shanten(c.as_ptr(), forms, &mut out) };
    (st, out)
}

#[test]
fn mj_shanten_values_and_errors() {
    assert_eq!(
        shanten_c(&tiles("123m456p789s11222z"), 1),
        (MjStatus::Ok, -1)
    );
    assert_eq!(shanten_c(&tiles("19m19p19s1234567z"), 7), (MjStatus::Ok, 0));
    assert_eq!(
        shanten_c(&tiles("1111222233334444m1z"), 1),
        (MjStatus::Ok, 0)
    );
    // Errors leave the output untouched.
    let mut c = tiles("123m");
    assert_eq!(shanten_c(&c, 1), (MjStatus::BadTileTotal, 12345));
    assert_eq!(shanten_c(&tiles(""), 1), (MjStatus::BadTileTotal, 12345));
    assert_eq!(
        shanten_c(&tiles("111122223333444m"), 2),
        (MjStatus::BadTileTotal, 12345)
    );
    c[0] = 5;
    c[1] = 0;
    assert_eq!(shanten_c(&c, 1), (MjStatus::TooManyCopies, 12345));
    let eighteen = tiles("111222333m444555p666s");
    assert_eq!(shanten_c(&eighteen, 1), (MjStatus::BadTileTotal, 12345));
    let ok = tiles("11m");
    assert_eq!(shanten_c(&ok, 0), (MjStatus::InvalidArgument, 12345));
    assert_eq!(shanten_c(&ok, 1 << 9), (MjStatus::InvalidArgument, 12345));
    assert_eq!(shanten_c(&ok, 1 << 31), (MjStatus::InvalidArgument, 12345));
    // SAFETY: NULL pointers are reported, never dereferenced.
    unsafe {
        let mut out = 7;
        assert_eq!(
            mj_shanten(std::ptr::null(), 1, &mut out),
            MjStatus::NullPointer
        );
        assert_eq!(out, 7);
        assert_eq!(
            mj_shanten(ok.as_ptr(), 1, std::ptr::null_mut()),
            MjStatus::NullPointer
        );
    }
}

fn ukeire_c(c: &Counts, forms: u32, visible: Option<&Counts>) -> (MjStatus, [u8; 34], u32) {
    let mut per = [0xEE; 34];
    let mut total = 0xDEAD;
    let vis = visible.map_or(std::ptr::null(), |v| v.as_ptr());
    // SAFETY: valid buffers of the documented sizes.
    let st = unsafe { mj_ukeire(c.as_ptr(), forms, vis, per.as_mut_ptr(), &mut total) };
    (st, per, total)
}

#[test]
fn mj_ukeire_values_and_errors() {
    let h = tiles("23m456p789s11122z");
    let (st, per, total) = ukeire_c(&h, 1, None);
    assert_eq!(st, MjStatus::Ok);
    assert_eq!((per[0], per[3], total), (4, 4, 8));
    assert_eq!(per.iter().map(|&x| u32::from(x)).sum::<u32>(), 8);
    let (st, per, total) = ukeire_c(&h, 1, Some(&tiles("1m44m")));
    assert_eq!(st, MjStatus::Ok);
    assert_eq!((per[0], per[3], total), (3, 2, 5));
    // hand + visible above 4 is an error, not a clamp.
    let untouched = (MjStatus::TooManyCopies, [0xEE; 34], 0xDEAD);
    assert_eq!(ukeire_c(&h, 1, Some(&tiles("2222m"))), untouched);
    assert_eq!(ukeire_c(&h, 1, Some(&tiles("222m"))).0, MjStatus::Ok);
    let mut five = [0u8; 34];
    five[5] = 5;
    assert_eq!(ukeire_c(&h, 1, Some(&five)), untouched);
    // 3n+2 hands and unknown forms.
    let bad = |s| (s, [0xEE; 34], 0xDEAD);
    assert_eq!(
        ukeire_c(&tiles("123m456p789s11222z"), 1, None),
        bad(MjStatus::BadTileTotal)
    );
    assert_eq!(ukeire_c(&h, 1 << 7, None), bad(MjStatus::InvalidArgument));
    assert_eq!(
        ukeire_c(&tiles("23m456p789s1z"), 2, None),
        bad(MjStatus::BadTileTotal)
    ); // seven pairs: 13 tiles
    // SAFETY: NULL pointers are reported, never dereferenced.
    unsafe {
        let mut per = [0u8; 34];
        let mut total = 9;
        let null = std::ptr::null_mut();
        assert_eq!(
            mj_ukeire(
                std::ptr::null(),
                1,
                std::ptr::null(),
                per.as_mut_ptr(),
                &mut total
            ),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_ukeire(h.as_ptr(), 1, std::ptr::null(), null, &mut total),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_ukeire(
                h.as_ptr(),
                1,
                std::ptr::null(),
                per.as_mut_ptr(),
                std::ptr::null_mut()
            ),
            MjStatus::NullPointer
        );
        assert_eq!(total, 9);
    }
}

fn discards_c(c: &Counts, forms: u32, visible: Option<&Counts>) -> (MjStatus, Vec<MjDiscard>, u32) {
    let marker = MjDiscard {
        ukeire_mask: 1,
        shanten: 77,
        ukeire_count: 77,
        ukeire_kinds: 77,
        tile: 77,
    };
    let mut out = [marker; 34];
    let mut len = 999;
    let vis = visible.map_or(std::ptr::null(), |v| v.as_ptr());
    // SAFETY: valid buffers of the documented sizes.
    let st = unsafe { mj_discards(c.as_ptr(), forms, vis, out.as_mut_ptr(), &mut len) };
    (st, out.to_vec(), len)
}

#[test]
fn mj_discards_values_and_errors() {
    let c = tiles("123m456p789s11222z");
    let (st, out, len) = discards_c(&c, 7, None);
    assert_eq!((st, len), (MjStatus::Ok, 11));
    let mut core = Vec::new();
    mjkit::efficiency::discards(&c, Forms::RIICHI, None, |d| core.push(d)).unwrap();
    for (d, k) in out.iter().zip(&core) {
        assert_eq!(d.tile, k.tile);
        assert_eq!(d.shanten, k.shanten);
        assert_eq!(d.ukeire_mask, k.ukeire_mask);
        assert_eq!(d.ukeire_count, k.ukeire_count);
        assert_eq!(d.ukeire_kinds, k.ukeire_mask.count_ones());
    }
    assert_eq!(out[11].shanten, 77, "entries past out_len are not written");
    // Discarding 1z (27) leaves 1222z: tenpai on 1z alone, 3 unseen.
    let z1 = out.iter().find(|d| d.tile == 27).unwrap();
    assert_eq!((z1.shanten, z1.ukeire_kinds, z1.ukeire_count), (0, 1, 3));
    assert_eq!(std::mem::size_of::<MjDiscard>(), 24);

    let untouched = |s| (s, vec![out_marker(); 34], 999);
    assert_eq!(
        discards_c(&tiles("123m456p789s1122z"), 1, None),
        untouched(MjStatus::BadTileTotal)
    );
    assert_eq!(
        discards_c(&c, 1, Some(&tiles("111z"))),
        untouched(MjStatus::TooManyCopies)
    );
    assert_eq!(
        discards_c(&c, 0, None),
        untouched(MjStatus::InvalidArgument)
    );
    assert_eq!(
        discards_c(&c, 64, None),
        untouched(MjStatus::InvalidArgument)
    );
    // The MCR knitted forms (bits 16 and 32) are forms too: 全不靠 needs 14 tiles, so alone it
    // does not fit a 17-tile hand.
    let seventeen = tiles("123m456p789s111222z");
    assert_eq!(
        discards_c(&seventeen, 16, None),
        untouched(MjStatus::BadTileTotal)
    );
    assert_eq!(discards_c(&c, 16, None).0, MjStatus::Ok);
    // SAFETY: NULL pointers are reported, never dereferenced.
    unsafe {
        let mut len = 5;
        assert_eq!(
            mj_discards(
                c.as_ptr(),
                1,
                std::ptr::null(),
                std::ptr::null_mut(),
                &mut len
            ),
            MjStatus::NullPointer
        );
        assert_eq!(len, 5);
        let mut out = [MjDiscard::default(); 34];
        assert_eq!(
            mj_discards(
                c.as_ptr(),
                1,
                std::ptr::null(),
                out.as_mut_ptr(),
                std::ptr::null_mut()
            ),
            MjStatus::NullPointer
        );
        assert_eq!(
            mj_discards(
                std::ptr::null(),
                1,
                std::ptr::null(),
                out.as_mut_ptr(),
                &mut len
            ),
            MjStatus::NullPointer
        );
    }
}

fn out_marker() -> MjDiscard {
    MjDiscard {
        ukeire_mask: 1,
        shanten: 77,
        ukeire_count: 77,
        ukeire_kinds: 77,
        tile: 77,
    }
}

#[test]
fn three_player_modifier_through_the_c_abi() {
    let forms = MJ_FORMS_RIICHI | MJ_FORM_THREE_PLAYER;
    let c = mjkit::tile::parse("1111m111122233z").unwrap().counts;
    let mut s = -9;
    // SAFETY: valid pointers.
    unsafe {
        assert_eq!(mj_shanten(c.as_ptr(), forms, &mut s), MjStatus::Ok);
        assert_eq!(s, 2);
        let bad = mjkit::tile::parse("123m456p789s11222z").unwrap().counts;
        s = -9;
        assert_eq!(
            mj_shanten(bad.as_ptr(), forms, &mut s),
            MjStatus::ThreePlayerTile
        );
        assert_eq!(s, -9);
        assert_eq!(
            mj_shanten(c.as_ptr(), MJ_FORMS_MCR | MJ_FORM_THREE_PLAYER, &mut s),
            MjStatus::InvalidArgument
        );
        assert_eq!(
            mj_shanten(c.as_ptr(), MJ_FORM_THREE_PLAYER, &mut s),
            MjStatus::InvalidArgument
        );
        // Thirteen orphans waiting on all 13 kinds.
        let h13 = mjkit::tile::parse("19m19p19s1234567z").unwrap().counts;
        let mut w = 0u64;
        assert_eq!(mj_waits(h13.as_ptr(), forms, &mut w), MjStatus::Ok);
        assert_eq!(w, mjkit::tile::TERMINALS_AND_HONORS_MASK);
        let mut per = [9u8; MJ_TILE_KINDS];
        let mut total = 0u32;
        let visible = mjkit::tile::parse("5m").unwrap().counts;
        assert_eq!(
            mj_ukeire(
                h13.as_ptr(),
                forms,
                visible.as_ptr(),
                per.as_mut_ptr(),
                &mut total
            ),
            MjStatus::ThreePlayerTile
        );
        assert_eq!(
            mj_ukeire(
                h13.as_ptr(),
                forms,
                std::ptr::null(),
                per.as_mut_ptr(),
                &mut total
            ),
            MjStatus::Ok
        );
        assert_eq!(total, 39);
        let mut d = [MjDiscard::default(); MJ_TILE_KINDS];
        let mut n = 0u32;
        let h14 = mjkit::tile::parse("19m19p19s1234567z1m").unwrap().counts;
        assert_eq!(
            mj_discards(
                h14.as_ptr(),
                forms,
                std::ptr::null(),
                d.as_mut_ptr(),
                &mut n
            ),
            MjStatus::Ok
        );
        assert_eq!(n, 13);
    }
}
