"""Replays mjkit's riichi hands in RiichiEnv 0.4.11 (PyPI riichienv) and reports disagreements.

Input: JSON Lines from tests/riichienv_diff.rs, one hand each: {"hand", "preset" ("tenhou" |
"mjsoul"), "wall" (136 mjkit tile codes in the order both engines use them; red fives 42, 43,
44), "steps" (per decision: {seat: {"legal": [[kind, tile, aux], ...], "chosen": [...]}}),
"scores", "sticks"}.

Output: one line per hand, "ok" or "diff <hand> <preset> step <i>: <what>", then a summary line.
RiichiEnv is dealt the same wall (reset(wall=...)); at every decision the seats it asks and each
seat's legal set (normalised to kind, tile code and red fives taken from the hand) must equal
mjkit's, mjkit's choice is applied, and at the end its scores and riichi sticks must equal
mjkit's.
"""
import json
import sys

from riichienv import ActionType, GameRule, Phase, RiichiEnv

RED_IDS = {16: 42, 52: 43, 88: 44}


def code(tid):
    return RED_IDS.get(tid, tid // 4)


def kind_of(c):
    return c if c < 34 else (c - 42) * 9 + 4


def reds(ids):
    return sum(1 for t in ids if t in RED_IDS)


def norm_re(a):
    t = a.action_type
    cons = list(a.consume_tiles)
    if t == ActionType.DISCARD:
        return ("discard", code(a.tile))
    if t == ActionType.CHI:
        return ("chow", min(kind_of(code(x)) for x in cons + [a.tile]), reds(cons))
    if t == ActionType.PON:
        return ("pung", kind_of(code(a.tile)), reds(cons))
    if t == ActionType.DAIMINKAN:
        return ("exposed_kong", kind_of(code(a.tile)), reds(cons))
    if t == ActionType.ANKAN:
        return ("concealed_kong", kind_of(code(cons[0])), reds(cons))
    if t == ActionType.KAKAN:
        return ("added_kong", code(a.tile))
    if t in (ActionType.TSUMO, ActionType.RON):
        return ("win",)
    if t == ActionType.RIICHI:
        return ("riichi",)
    if t == ActionType.KYUSHU_KYUHAI:
        return ("nine_terminals",)
    if t == ActionType.PASS:
        return ("pass",)
    return ("other", str(t))


def norm_mj(a):
    kind, tile, aux = a
    if kind == "discard":
        return ("discard", tile)
    if kind in ("chow", "pung", "exposed_kong", "concealed_kong"):
        return (kind, kind_of(tile), aux)
    if kind == "added_kong":
        return ("added_kong", tile)
    return (kind,)


def wall_ids(wall):
    free = {k: [i for i in range(4 * k, 4 * k + 4) if i not in RED_IDS] for k in range(34)}
    out = []
    for c in wall:
        if c >= 42:
            out.append({42: 16, 43: 52, 44: 88}[c])
        else:
            out.append(free[c].pop(0))
    return out


def replay(h):
    rule = GameRule.default_tenhou() if h["preset"] == "tenhou" else GameRule.default_mjsoul()
    env = RiichiEnv(game_mode=0, skip_mjai_logging=True, seed=1, rule=rule)
    env.reset(oya=0, wall=wall_ids(h["wall"]), round_wind=0, scores=[25000] * 4, honba=0, kyotaku=0)
    decisions = 0
    for i, step in enumerate(h["steps"]):
        if env.done():
            return f"step {i}: RiichiEnv ended the hand, mjkit goes on", decisions
        if env.phase == Phase.WaitAct:
            seats_re = [env.current_player]
        else:
            seats_re = sorted(env.active_players)
        seats_mj = sorted(int(s) for s in step)
        if seats_re != seats_mj:
            detail = {s: sorted(set(norm_re(a) for a in env._get_legal_actions(s))) for s in seats_re}
            mine = {s: sorted(set(norm_mj(a) for a in step[s]["legal"])) for s in step}
            return f"step {i}: seats asked: RiichiEnv {seats_re} {detail}, mjkit {seats_mj} {mine}", decisions
        actions = {}
        for s in seats_mj:
            re_legal = env._get_legal_actions(s)
            got = set(norm_re(a) for a in re_legal)
            want = set(norm_mj(a) for a in step[str(s)]["legal"])
            if got != want:
                return (f"step {i} seat {s}: only RiichiEnv {sorted(got - want)}, only mjkit {sorted(want - got)}"), decisions
            chosen = norm_mj(step[str(s)]["chosen"])
            match = [a for a in re_legal if norm_re(a) == chosen]
            actions[s] = match[0]
            decisions += 1
        env.step(actions)
    if not env.done():
        return "after the last step RiichiEnv's hand goes on", decisions
    scores = list(env.scores())
    if scores != h["scores"] or env.riichi_sticks != h["sticks"]:
        return f"end: scores RiichiEnv {scores} sticks {env.riichi_sticks}, mjkit {h['scores']} sticks {h['sticks']}", decisions
    return None, decisions


def main():
    hands = total = bad = 0
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            h = json.loads(line)
            why, d = replay(h)
            hands += 1
            total += d
            if why is None:
                print("ok")
            else:
                bad += 1
                print(f"diff {h['hand']} {h['preset']} {why}")
    print(f"riichienv: {hands} hands, {total} decisions compared, {bad} disagreements")


if __name__ == "__main__":
    main()
