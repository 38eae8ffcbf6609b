"""Plays whole riichi games in RiichiEnv 0.4.11 (PyPI riichienv) and prints their MJAI logs.

Input: JSON Lines from tests/mjai_replay.rs, one game each: {"preset" ("tenhou" | "mjsoul"),
"mode" (RiichiEnv's game mode: 1 east-only, 2 hanchan), "seed"}.

Output: one line per game, a JSON array of its MJAI events as RiichiEnv logs them (`mjai_log`,
each event one compact JSON object in a string). The players are a simple seeded bot, so that
games have wins, riichi, calls and kans: a win whenever one is legal; riichi, nine terminals,
kans, pon and chi each with a fixed probability; otherwise a discard that lowers the shanten
most (RiichiEnv's own calculate_shanten), chosen at random among the best.
"""
import json
import random
import sys

from riichienv import ActionType, GameRule, RiichiEnv, calculate_shanten

CHANCES = (
    (ActionType.RIICHI, 0.9),
    (ActionType.KYUSHU_KYUHAI, 0.5),
    (ActionType.ANKAN, 0.7),
    (ActionType.KAKAN, 0.7),
    (ActionType.DAIMINKAN, 0.5),
    (ActionType.PON, 0.4),
    (ActionType.CHI, 0.3),
)


def choose(obs, rng):
    legal = obs.legal_actions()
    by = {}
    for a in legal:
        by.setdefault(a.action_type, []).append(a)
    for t in (ActionType.TSUMO, ActionType.RON):
        if t in by:
            return by[t][0]
    for t, p in CHANCES:
        if t in by and rng.random() < p:
            return rng.choice(by[t])
    discards = by.get(ActionType.DISCARD)
    if discards:
        hand = list(obs.hand)
        best, low = [], 99
        for a in discards:
            rest = list(hand)
            rest.remove(a.tile)
            s = calculate_shanten(rest)
            if s < low:
                best, low = [a], s
            elif s == low:
                best.append(a)
        return rng.choice(best)
    return by.get(ActionType.PASS, legal)[0]


def main():
    for line in open(sys.argv[1]):
        game = json.loads(line)
        rule = GameRule.default_tenhou() if game["preset"] == "tenhou" else GameRule.default_mjsoul()
        env = RiichiEnv(game_mode=game["mode"], seed=game["seed"], rule=rule)
        rng = random.Random(game["seed"])
        obs = env.reset()
        while not env.done():
            obs = env.step({pid: choose(o, rng) for pid, o in obs.items()})
        print(json.dumps([json.dumps(e, separators=(",", ":")) for e in env.mjai_log]))


main()
