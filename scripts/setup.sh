#!/usr/bin/env bash
# Installs what the build and the tests need on a fresh Debian machine, skipping what is there.
# Sourced by demo.sh and test.sh; safe to run again.
set -euo pipefail

need_apt=()
command -v gcc >/dev/null 2>&1 || need_apt+=(gcc)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
command -v valgrind >/dev/null 2>&1 || need_apt+=(valgrind)
# The install test (scripts/install-test.sh) builds against the installed files with both.
command -v cmake >/dev/null 2>&1 || need_apt+=(cmake)
command -v pkg-config >/dev/null 2>&1 || need_apt+=(pkg-config)
# python3 with venv/pip runs the MCR oracle (pymahjonggb, built from source with g++).
if ! command -v python3 >/dev/null 2>&1; then
  need_apt+=(python3 python3-venv python3-pip python3-dev)
else
  # Stock Debian/Ubuntu python3 has no venv (ensurepip) and no headers: try them.
  venv_probe=$(mktemp -d)
  python3 -m venv "$venv_probe/v" >/dev/null 2>&1 || need_apt+=(python3-venv python3-pip)
  rm -rf "$venv_probe"
  python3 -c 'import os, sysconfig; raise SystemExit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
    2>/dev/null || need_apt+=(python3-dev)
fi
if [[ ${MJ_SETUP_EXTRA_APT:-} != "" ]]; then
  for p in $MJ_SETUP_EXTRA_APT; do
    dpkg -s "$p" >/dev/null 2>&1 || need_apt+=("$p")
  done
fi
# Why each package: gcc builds the C example, the fuzz harness and the install test's programs;
# g++ checks that the header compiles as C++ and builds pymahjonggb; valgrind runs the C example
# under memcheck; cmake and pkg-config are what the install test builds with; python3 (venv, pip,
# headers) runs the oracles; MJ_SETUP_EXTRA_APT adds a caller's packages (the C# and Godot steps).
# apt's lock may be held on a fresh machine (unattended-upgrades runs at first boot): apt-get waits
# for the dpkg lock (DPkg::Lock::Timeout) and an update or install that found a lock held is tried
# again every 10 s, for up to 15 minutes, saying so; any other apt failure stops at once.
apt_wait() {
  local err tries=0
  err=$(mktemp)
  while ! "$@" 2>"$err"; do
    if ! grep -qiE 'could not get lock|unable to acquire|is held by|unable to lock' "$err" || ((++tries > 90)); then
      cat "$err" >&2
      rm -f "$err"
      return 1
    fi
    ((tries % 6 == 1)) && echo "setup: apt's lock is held by another process (unattended-upgrades?); waiting" >&2
    sleep 10
  done
  rm -f "$err"
}
if ((${#need_apt[@]})); then
  echo "setup: installing with apt-get: ${need_apt[*]} (the reason for each: scripts/setup.sh)"
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  apt_wait "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt_wait "${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 \
    install -y -qq "${need_apt[@]}" >/dev/null
fi

if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo not found; install Rust (https://rustup.rs) first" >&2
  exit 1
fi
for comp in rustfmt clippy; do
  if ! rustup component list --installed 2>/dev/null | grep -q "^$comp"; then
    rustup component add "$comp" >/dev/null 2>&1 || true
  fi
done
