#!/bin/sh
# Installs the MCR reference calculator (pymahjonggb 1.4.0, built from source with the system
# C++ compiler) for tests/mcr_diff.rs and benches/mcr.rs: into a venv under target/, or, when
# venv is unavailable, with `pip install --user` for python3.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/target/oracle-venv"
if "$venv/bin/python" -c "import MahjongGB" 2>/dev/null; then
    exit 0
fi
if python3 -m venv "$venv" 2>/dev/null && [ -x "$venv/bin/pip" ]; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check pymahjonggb==1.4.0
    "$venv/bin/python" -c "import MahjongGB"
    echo "oracle ready: $venv/bin/python"
else
    rm -rf "$venv"
    python3 -m pip install --quiet --user --disable-pip-version-check pymahjonggb==1.4.0 \
        || python3 -m pip install --quiet --user --break-system-packages pymahjonggb==1.4.0
    python3 -c "import MahjongGB"
    echo "oracle ready: python3 (user site)"
fi
