#!/usr/bin/env bash
# The example game server (docs/server.md): builds the browser client (Vite; installs Node.js with
# apt when missing, the npm packages with npm ci) and the server (release), then serves rooms at
# the address it prints (open it in a browser). Rooms are saved under target/mjkit-server/rooms
# and come back after a restart. Arguments go to mjkit-server:
#   scripts/server.sh                           http://127.0.0.1:8080/
#   scripts/server.sh --addr 0.0.0.0:8080       every interface (a LAN game)
#   scripts/server.sh --memory                  rooms in memory only
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v npm >/dev/null 2>&1; then
  echo "server: installing nodejs npm (apt)"
  sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends nodejs npm >/dev/null
fi
command -v cargo >/dev/null 2>&1 || { echo "server: cargo not found; install Rust (https://rustup.rs) first" >&2; exit 1; }
web=examples/server/web
echo "server: building the browser client ($web)"
(cd "$web" && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent >/dev/null)
echo "server: building mjkit-server (release)"
cargo build --release -p mjkit-server --quiet
exec target/release/mjkit-server --web "$web/dist" "$@"
