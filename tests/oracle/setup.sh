#!/bin/sh
# Creates target/oracle-venv with pymahjonggb (the MCR reference calculator, built from source
# with the system C++ compiler) for tests/mcr_diff.rs and benches/mcr.rs.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/target/oracle-venv"
if "$venv/bin/python" -c "import MahjongGB" 2>/dev/null; then
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check pymahjonggb==1.4.0
"$venv/bin/python" -c "import MahjongGB"
echo "oracle ready: $venv/bin/python"
