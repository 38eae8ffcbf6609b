"""Reference riichi scores from the PyPI package `mahjong` 2.1.0 for mjkit's differential test.

Usage: riichi_oracle.py HANDS.jsonl [--bench]

Each input line: {"tiles": [136-format ids, melds included], "win": id, "melds": [[type, [ids],
opened], ...], "dora": [ids], "ura": [ids], "cfg": {HandConfig keyword arguments},
"opts": {OptionalRules keyword arguments}}. Each output line: {"han", "fu", "yaku": [[mjkit id,
han], ...], "fu_parts": [[mjkit reason, fu], ...], "cost": [main, additional, main_bonus,
additional_bonus, kyoutaku_bonus, total, yaku_level]} or {"error": "..."}. With --bench only the
time per call is printed (microseconds).
"""
import json
import sys
import time

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld

# Reference yaku_id -> mjkit yaku id (src/riichi/yaku.rs). 109 (daisharin) goes by its name.
YAKU = {
    0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9, 9: 10, 10: 11, 11: 12, 12: 13,
    13: 14, 14: 15, 15: 16, 16: 17, 17: 18, 18: 19, 19: 20, 20: 21, 21: 22, 22: 23, 23: 24,
    24: 25, 25: 26, 26: 27, 27: 28, 28: 29, 29: 30, 30: 31, 31: 32, 32: 33, 33: 34, 34: 35,
    35: 36, 36: 37, 37: 38, 38: 39, 39: 40, 100: 41, 101: 42, 102: 43, 103: 44, 104: 45,
    105: 46, 106: 47, 107: 48, 108: 49, 110: 53, 111: 54, 112: 55, 113: 56, 114: 57,
    115: 58, 116: 59, 117: 60, 118: 61, 119: 62, 120: 63, 121: 64, 122: 65,
}
DAISHARIN = {"Daisharin": 50, "Daisuurin": 51, "Daichikurin": 52}
FU = {
    "base": 1, "penchan": 2, "kanchan": 3, "valued_pair": 4, "double_valued_pair": 5,
    "pair_wait": 6, "tsumo": 7, "hand_without_fu": 8, "closed_pon": 9, "open_pon": 10,
    "closed_terminal_pon": 11, "open_terminal_pon": 12, "closed_kan": 13, "open_kan": 14,
    "closed_terminal_kan": 15, "open_terminal_kan": 16,
}


def call(h):
    melds = [Meld(meld_type=t, tiles=ids, opened=o) for t, ids, o in h["melds"]]
    config = HandConfig(options=OptionalRules(**h["opts"]), **h["cfg"])
    return HandCalculator.estimate_hand_value(
        h["tiles"], h["win"], melds=melds, dora_indicators=h["dora"], config=config,
        ura_dora_indicators=h["ura"],
    )


def encode(res):
    if res.error:
        return {"error": res.error}
    yaku = []
    for y in res.yaku:
        yid = DAISHARIN[y.name] if y.yaku_id == 109 else YAKU[y.yaku_id]
        han = y.han_open if res.is_open_hand and y.han_open else y.han_closed
        yaku.append([yid, han])
    parts = [[FU[d["reason"]], d["fu"]] for d in (res.fu_details or [])]
    c = res.cost
    cost = [c["main"], c["additional"], c["main_bonus"], c["additional_bonus"],
            c["kyoutaku_bonus"], c["total"], c["yaku_level"]]
    return {"han": res.han, "fu": res.fu, "yaku": sorted(yaku), "fu_parts": sorted(parts),
            "cost": cost}


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        hands = [json.loads(line) for line in f if line.strip()]
    if "--bench" in sys.argv[2:]:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            for h in hands:
                call(h)
            best = min(best, time.perf_counter() - t0)
        print(f"{best / len(hands) * 1e6:.3f}")
        return
    out = sys.stdout
    for h in hands:
        try:
            enc = encode(call(h))
        except Exception as e:  # noqa: BLE001 - report, the Rust side classifies
            enc = {"error": f"exception {type(e).__name__}: {e}"}
        out.write(json.dumps(enc, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
