"""Feeds MJAI streams to Mortal's libriichi (mjai.mlibriichi, PyPI mjai 0.2.1) and reports the
first event each seat's PlayerState refuses.

Input: JSON Lines, each {"seat": s, "events": [MJAI event objects of that seat's stream]}.
Input lines may also hold "decisions": [[k, legal], ...]: mjkit asked the seat after the first k
events of its stream, and `legal` is its legal actions in the form of tests/mjai_writer.rs
(`legal_json`), with "dev" naming the keys on which libriichi is known to decide otherwise by
rule. libriichi's candidates there (those of the last event that is not an announcement) are
compared with them key by key.

Output: one line per input line, "ok N M C [name:count ...]" (N events checked, M own decisions
validated, C decisions compared, the named deviations seen), "refused K: <event> : <error>" (K
the 0-based index of the refused event), or "diff D of C: <the first differences>".

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


NAMES = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p",
         "7p", "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E", "S", "W", "N",
         "P", "F", "C"]


def kind(name):
    return NAMES.index(name[:2] if name.endswith("r") else name)


def candidates(st, cans, last):
    """libriichi's candidates in the form tests/mjai_writer.rs gives mjkit's legal actions."""
    riichi_discard = last["type"] == "reach" and last.get("actor") == st.player_id
    if not cans.can_discard:
        d = []
    elif st.self_riichi_declared and not riichi_discard:
        d = [kind(st.last_self_tsumo())]
    else:
        forbidden = st.forbidden_tiles
        d = [k for k, n in enumerate(st.tehai) if n > 0 and not forbidden[k]]
    return {
        "d": None if riichi_discard else d,
        "r": cans.can_riichi,
        "c": [i for i, c in enumerate((cans.can_chi_low, cans.can_chi_mid, cans.can_chi_high)) if c],
        "p": cans.can_pon,
        "m": cans.can_daiminkan,
        "ka": sorted({kind(t) for t in st.kakan_candidates()}) if cans.can_kakan else [],
        "an": sorted({kind(t) for t in st.ankan_candidates()}) if cans.can_ankan else [],
        "w": cans.can_tsumo_agari or cans.can_ron_agari,
        "n": cans.can_ryukyoku,
    }


def compare(mine, theirs, deviations):
    """The keys on which mjkit's legal actions and libriichi's candidates differ, but for the
    ones where mjkit names a deviation of libriichi's by rule (counted in `deviations`)."""
    out = []
    for key, want in mine.items():
        if key == "dev":
            continue
        got = theirs[key]
        if key == "d" and got is None:
            if bool(want) != st_can_discard(theirs):
                out.append(key)
            continue
        if got != want:
            name = mine["dev"].get(key)
            if name:
                deviations[name] = deviations.get(name, 0) + 1
            else:
                out.append(key)
    return out


def st_can_discard(theirs):
    return theirs.get("_can_discard", True)


def check(seat, events, decisions):
    st = PlayerState(seat)
    lines = [json.dumps(e, separators=(",", ":")) for e in events]
    validated = compared = 0
    diffs = []
    deviations = {}
    asked = {}
    for k, legal in decisions:
        asked.setdefault(k, legal)
    cans, last = None, None
    for i, (e, line) in enumerate(zip(events, lines)):
        try:
            c = st.update(line)
        except Exception as ex:  # noqa: BLE001 - the peer raises plain exceptions
            return f"refused {i}: {line} : update: {str(ex).splitlines()[0]}"
        if e["type"] not in ANNOUNCE:
            cans, last = c, e
        if i + 1 in asked:
            theirs = candidates(st, cans, last)
            theirs["_can_discard"] = cans.can_discard
            mine = asked[i + 1]
            bad = compare(mine, theirs, deviations)
            compared += 1
            if bad:
                theirs.pop("_can_discard")
                diffs.append(f"{i + 1} {','.join(bad)} after {lines[i]}: mjkit {json.dumps(mine)} libriichi {json.dumps(theirs)} tehai {st.tehai} waits {[k for k, w in enumerate(st.waits) if w]}")
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
                    return f"refused {j}: {lines[j]} : validate_reaction: {str(ex).splitlines()[0]}"
                validated += 1
            if f["type"] == "hora":
                j += 1
                continue
            break
    if diffs:
        return f"diff {len(diffs)} of {compared}: " + " | ".join(diffs[:3])
    named = "".join(f" {k}:{v}" for k, v in sorted(deviations.items()))
    return f"ok {len(events)} {validated} {compared}{named}"


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            item = json.loads(line)
            result = check(item["seat"], item["events"], item.get("decisions", []))
            print(result)


if __name__ == "__main__":
    main()
