#!/usr/bin/env bash
# The example game server's browser tests (docs/server.md): Debian's headless Chromium driven by
# playwright-core plays against the real server. Installs what they need on a fresh machine:
# the chromium package (apt; waits for apt's lock), Node.js when missing (apt), the npm
# packages of examples/server/web (npm ci: vite, typescript, playwright-core, as
# package-lock.json pins them; no browser download). Builds the client (Vite) and the server
# (release), then runs the tests, several at once in one browser.
#   scripts/web-test.sh                    the tests
#   MJKIT_SERVER=target/debug/mjkit-server scripts/web-test.sh
#                                          against that server binary, not built here (scripts/test.sh
#                                          passes the one `cargo test` built: the test profile is optimised)
#   MJKIT_SCREENSHOTS=docs/images scripts/web-test.sh   also the docs' screenshots
set -euo pipefail
cd "$(dirname "$0")/.."

sudo_cmd=""
[[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"

# apt-get with apt's lock waited for (another apt may run on a fresh machine: unattended
# upgrades, a provisioning script).
apt_get() {
  local tries=0
  until $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 -qq "$@" >/dev/null; do
    tries=$((tries + 1))
    if ((tries >= 20)); then
      echo "web-test: apt-get $* failed" >&2
      return 1
    fi
    echo "web-test: apt-get $1 failed (the lock held?); again in 15 s"
    sleep 15
  done
}

need=()
[[ -x /usr/bin/chromium ]] || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs npm)
if ((${#need[@]})); then
  echo "web-test: installing ${need[*]} (apt)"
  # Without recommends: the browser and its libraries, not a desktop's printing and sound services.
  apt_get install -y --no-install-recommends "${need[@]}" ||
    { apt_get update && apt_get install -y --no-install-recommends "${need[@]}"; }
fi
node_major=$(node -e 'console.log(process.versions.node.split(".")[0])')
if ((node_major < 20)); then
  echo "web-test: Node.js $(node --version) is too old: Vite 7 needs 20.19 or later" >&2
  exit 1
fi

web=examples/server/web
echo "web-test: npm ci, vite build ($web)"
(cd "$web" && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
if [[ -n ${MJKIT_SERVER:-} ]]; then
  server=$(realpath "$MJKIT_SERVER")
  [[ -x $server ]] || { echo "web-test: MJKIT_SERVER=$MJKIT_SERVER is not a program" >&2; exit 1; }
else
  echo "web-test: cargo build --release -p mjkit-server"
  cargo build --release -p mjkit-server --quiet
  server=$PWD/target/release/mjkit-server
fi
echo "web-test: the browser tests (node --test, $(/usr/bin/chromium --version 2>/dev/null || echo chromium))"
(cd "$web" && MJKIT_SERVER="$server" node --test --test-reporter=spec tests/)
