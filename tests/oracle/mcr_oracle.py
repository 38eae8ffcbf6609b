"""Reference MCR scores from pymahjonggb (module MahjongGB) for mjkit's differential test.

Usage: mcr_oracle.py HANDS.jsonl [--bench]

Each input line: {"pack": [[type, tile, offer], ...], "hand": [tiles without the winning tile],
"win": tile, "flowers": n, "flags": [self_drawn, last_copy, kong, wall_last], "seat": 0-3,
"prevalent": 0-3}. Each output line: {"fans": [[id, count], ...]} with mjkit's fan ids, or
{"error": "message"}. With --bench only the time per call is printed (microseconds).
"""
import json
import sys
import time

import MahjongGB

# Fan names as MahjongGB prints them, in rule-book order: index = mjkit fan id.
NAMES = [None] + """大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺 清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会
一色四同顺 一色四节高 一色四步高 三杠 混幺九 七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 全大 全中 全小
清龙 三色双龙会 一色三步高 全带五 三同刻 三暗刻 全不靠 组合龙 大于五 小于五 三风刻 花龙 推不倒 三色三同顺
三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和 碰碰和 混一色 三色三步高 五门齐 全求人 双暗杠 双箭刻 全带幺
不求人 双明杠 和绝张 箭刻 圈风刻 门风刻 门前清 平和 四归一 双同刻 双暗刻 暗杠 断幺 一般高 喜相逢 连六 老少副
幺九刻 明杠 缺一门 无字 独听・边张 独听・嵌张 独听・单钓 自摸 花牌 明暗杠""".split()
ID = {name: i for i, name in enumerate(NAMES) if name}
assert len(NAMES) == 83, len(NAMES)


def args(h):
    return dict(
        pack=tuple(tuple(p) for p in h["pack"]),
        hand=tuple(h["hand"]),
        winTile=h["win"],
        flowerCount=h["flowers"],
        isSelfDrawn=bool(h["flags"][0]),
        is4thTile=bool(h["flags"][1]),
        isAboutKong=bool(h["flags"][2]),
        isWallLast=bool(h["flags"][3]),
        seatWind=h["seat"],
        prevalentWind=h["prevalent"],
        verbose=True,
    )


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        calls = [args(json.loads(line)) for line in f if line.strip()]
    if "--bench" in sys.argv[2:]:
        calc = MahjongGB.MahjongFanCalculator
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            for a in calls:
                try:
                    calc(**a)
                except TypeError:
                    pass
            best = min(best, time.perf_counter() - t0)
        print(f"{best / len(calls) * 1e6:.3f}")
        return
    out = sys.stdout
    for a in calls:
        try:
            res = MahjongGB.MahjongFanCalculator(**a)
        except TypeError as e:
            out.write(json.dumps({"error": str(e)}, ensure_ascii=True) + "\n")
            continue
        fans = sorted([ID[name], cnt] for (_pts, cnt, name, _en) in res)
        out.write(json.dumps({"fans": fans}, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
