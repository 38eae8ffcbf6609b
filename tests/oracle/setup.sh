#!/bin/sh
# Installs the reference calculators and peer engines for the differential tests and benches:
# pymahjonggb 1.4.0 (MCR, built from source with the system C++ compiler; tests/mcr_diff.rs,
# benches/mcr.rs), mahjong 2.1.0 (riichi scoring, pure Python; tests/riichi_diff.rs,
# benches/riichi.rs), opencc 1.4.2 (Traditional to Simplified Chinese; tests/names_oracle.rs),
# riichienv 0.4.11 (a riichi game engine, RiichiEnv) and mjai 0.2.1 (whose `mjai.mlibriichi` is
# Mortal's libriichi: the MJAI player state; both for the riichi table's differential tests):
# into a venv under target/, or, when venv is unavailable, with `pip install --user` for python3.
# Every version is pinned and checked. mjai is installed without its declared dependencies: its
# metadata asks for mahjong ~=1.2.0 (for its own sample bots, which the tests never load), while
# the scoring oracle is mahjong 2.1.0; what `import mjai` loads besides the compiled libriichi
# (loguru, requests) is installed pinned beside it.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/target/oracle-venv"
check='import MahjongGB, mahjong, opencc, riichienv, mjai.mlibriichi, importlib.metadata as m
for p, v in (("pymahjonggb", "1.4.0"), ("mahjong", "2.1.0"), ("opencc", "1.4.2"), ("riichienv", "0.4.11"), ("mjai", "0.2.1")):
    assert m.version(p) == v, (p, m.version(p), v)'
if "$venv/bin/python" -c "$check" 2>/dev/null; then
    exit 0
fi
pkgs="pymahjonggb==1.4.0 mahjong==2.1.0 opencc==1.4.2 riichienv==0.4.11 loguru==0.7.3 requests==2.34.2"
nodeps="mjai==0.2.1"
if { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" 2>/dev/null; } && [ -x "$venv/bin/pip" ]; then
    # shellcheck disable=SC2086
    "$venv/bin/pip" install --quiet --disable-pip-version-check $pkgs
    "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps $nodeps
    "$venv/bin/python" -c "$check"
    echo "oracle ready: $venv/bin/python"
else
    rm -rf "$venv"
    # shellcheck disable=SC2086
    python3 -m pip install --quiet --user --disable-pip-version-check $pkgs \
        || python3 -m pip install --quiet --user --break-system-packages $pkgs
    python3 -m pip install --quiet --user --disable-pip-version-check --no-deps $nodeps \
        || python3 -m pip install --quiet --user --break-system-packages --no-deps $nodeps
    python3 -c "$check"
    echo "oracle ready: python3 (user site)"
fi
