#!/usr/bin/env bash
# The main job: builds libmjkit (shared + static) and runs the C demo, which analyses the given
# hands (or a built-in sample set) through the C ABI.  Usage: scripts/demo.sh [HAND ...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/c-example.sh --no-valgrind "$@"
