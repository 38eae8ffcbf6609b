"""Feeds MJAI streams to Mortal's libriichi (mjai.mlibriichi, PyPI mjai 0.2.1) and reports the
first event each seat's PlayerState refuses.

Input: JSON Lines, each {"seat": s, "events": [MJAI event objects of that seat's stream]}.
Output: one line per input line, "ok N" (N events checked, M own decisions validated) or
"refused K: <event> : <error>" (K the 0-based index of the refused event).

How it is fed: every event
goes to PlayerState.update in order; before that, each of the seat's own decisions (dahai,
reach, chi, pon, daiminkan, kakan, ankan, hora; ryukyoku right after its own tsumo = nine
terminals) is checked with validate_reaction against the state as it was right after the event
it answers, that is after the last event that is not an announcement (reach_accepted, dora,
hora), as libriichi's own log validator keeps its candidates across those.
"""
import json
import sys

from mjai.mlibriichi.state import PlayerState

ANNOUNCE = {"reach_accepted", "dora", "hora"}
OWN = {"dahai", "reach", "chi", "pon", "daiminkan", "kakan", "ankan", "hora"}


def check(seat, events):
    st = PlayerState(seat)
    lines = [json.dumps(e, separators=(",", ":")) for e in events]
    decisions = 0
    last_self_tsumo = False
    for i, (e, line) in enumerate(zip(events, lines)):
        try:
            st.update(line)
        except Exception as ex:  # noqa: BLE001 - the peer raises plain exceptions
            return f"refused {i}: {line} : update: {str(ex).splitlines()[0]}", decisions
        if e["type"] in ANNOUNCE:
            continue
        # Validate the seat's decisions that answer this event.
        j = i + 1
        while j < len(events):
            f = events[j]
            if f["type"] in ANNOUNCE and not (f["type"] == "hora" and f.get("actor") == seat):
                j += 1
                continue
            own = f.get("actor") == seat and f["type"] in OWN
            kyushu = f["type"] == "ryukyoku" and e["type"] == "tsumo" and e.get("actor") == seat
            if own or kyushu:
                reaction = {"type": "ryukyoku"} if kyushu else f
                try:
                    st.validate_reaction(json.dumps(reaction, separators=(",", ":")))
                except Exception as ex:  # noqa: BLE001
                    return f"refused {j}: {lines[j]} : validate_reaction: {str(ex).splitlines()[0]}", decisions
                decisions += 1
            if f["type"] == "hora":
                j += 1
                continue
            break
    return f"ok {len(events)} {decisions}", decisions


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            result, _ = check(item["seat"], item["events"])
            print(result)


if __name__ == "__main__":
    main()
