#!/usr/bin/env bash
# The ABI fuzz harness (tests/fuzz/fuzz.c; docs/fuzzing.md): builds the release library and the
# harness with gcc -fsanitize=address,undefined, runs it, and fails on any violation of the ABI's
# promises, any sanitizer report, or anything written on stderr (the library never prints).
#
#   scripts/fuzz.sh [--seed S] [--calls N] [--progress N] [--out DIR]
#
# scripts/test.sh runs it with a fixed seed and a reduced count (30 million calls, about a
# minute); the long run is
#   scripts/fuzz.sh --seed 2 --calls 100000000 --progress 10000000 --out target/fuzz-long
# The report (calls per function, statuses seen, documented statuses not seen) is kept in
# DIR/report.txt (default target/fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."

seed=1
calls=1000000
progress=0
out=target/fuzz
while [[ $# -gt 0 ]]; do
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --calls) calls=$2; shift 2 ;;
    --progress) progress=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: scripts/fuzz.sh [--seed S] [--calls N] [--progress N] [--out DIR]" >&2; exit 2 ;;
  esac
done

cargo build --release --lib --quiet
mkdir -p "$out"
gcc -std=c11 -O2 -g -Wall -Wextra -Werror -fno-omit-frame-pointer \
  -fsanitize=address,undefined -fno-sanitize-recover=all \
  -Iinclude -Itests/fuzz tests/fuzz/fuzz.c target/release/libmjkit.a -lpthread -ldl -lm \
  -o "$out/fuzz"

start=$(date +%s)
status=0
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  "$out/fuzz" --seed "$seed" --calls "$calls" --progress "$progress" \
  2> "$out/stderr.txt" | tee "$out/report.txt" || status=$?
echo "fuzz: seed $seed, $calls calls requested, $(( $(date +%s) - start )) s"
if [[ -s $out/stderr.txt ]]; then
  echo "fuzz: output on stderr (a sanitizer report, or the library printed):" >&2
  head -50 "$out/stderr.txt" >&2
  exit 1
fi
exit "$status"
