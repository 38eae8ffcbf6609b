#!/bin/sh
# Installs the reference calculators for the differential tests and benches: pymahjonggb 1.4.0
# (MCR, built from source with the system C++ compiler; tests/mcr_diff.rs, benches/mcr.rs) and
# mahjong 2.1.0 (riichi, pure Python; tests/riichi_diff.rs, benches/riichi.rs) and opencc 1.4.2
# (Traditional to Simplified Chinese; tests/names_oracle.rs): into a venv
# under target/, or, when venv is unavailable, with `pip install --user` for python3.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/target/oracle-venv"
check='import MahjongGB, mahjong, opencc, importlib.metadata as m; assert m.version("mahjong") == "2.1.0"'
if "$venv/bin/python" -c "$check" 2>/dev/null; then
    exit 0
fi
pkgs="pymahjonggb==1.4.0 mahjong==2.1.0 opencc==1.4.2"
if { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv" 2>/dev/null; } && [ -x "$venv/bin/pip" ]; then
    # shellcheck disable=SC2086
    "$venv/bin/pip" install --quiet --disable-pip-version-check $pkgs
    "$venv/bin/python" -c "$check"
    echo "oracle ready: $venv/bin/python"
else
    rm -rf "$venv"
    # shellcheck disable=SC2086
    python3 -m pip install --quiet --user --disable-pip-version-check $pkgs \
        || python3 -m pip install --quiet --user --break-system-packages $pkgs
    python3 -c "$check"
    echo "oracle ready: python3 (user site)"
fi
