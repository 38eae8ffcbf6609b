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
if ((${#need_apt[@]})); then
  echo "setup: installing ${need_apt[*]}"
  sudo_cmd=""
  [[ $(id -u) -ne 0 ]] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_apt[@]}" >/dev/null
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
