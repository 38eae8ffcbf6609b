#!/usr/bin/env bash
# The main job: builds libmjkit and runs the C demo against the shared library.
#   scripts/demo.sh                 sample hands, two MCR scores, a riichi score and one NPC hand
#   scripts/demo.sh --play [SEED]   only one Taiwanese 16-tile hand played by four NPCs
#   scripts/demo.sh HAND ...        only the analysis of the given hands (exit 1 if one is invalid)
#   scripts/demo.sh --self-check    every error class of the C API once (exit 1 if one fails)
#   scripts/demo.sh --server [ARGS] the example game server (scripts/server.sh): prints the address
#                                   to open in a browser and plays there (docs/server.md)
#   scripts/demo.sh --help          the program's options
# Installs only what the demo needs: a C compiler (gcc, with apt when missing); Rust must be there.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ ${1:-} == --server ]]; then
  shift
  exec scripts/server.sh "$@"
fi
if ! command -v gcc >/dev/null 2>&1; then
  echo "demo: installing gcc"
  sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq gcc libc6-dev >/dev/null
fi
command -v cargo >/dev/null 2>&1 || { echo "demo: cargo not found; install Rust (https://rustup.rs) first" >&2; exit 1; }
cargo build --release --quiet
mkdir -p target/c-example
gcc -std=c99 -O2 -Iinclude examples/c/mjdemo.c examples/c/mjdemo_riichi.c examples/c/mjcheck.c examples/c/mjcheck_mjai.c -Ltarget/release -lmjkit \
  -Wl,-rpath,"$PWD/target/release" -o target/c-example/mjdemo
exec target/c-example/mjdemo "$@"
