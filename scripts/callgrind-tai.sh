#!/usr/bin/env bash
# Instructions per tai score under callgrind (repeatable on a loaded machine): one pass
# (MJ_BENCH_REPS=1) of benches/tai.rs over its 20,000 wins; prints the inclusive instructions of
# `mjkit::tai::score` as called from the core timing loop, of `mj_tai_score` (the C ABI, the
# core call included) and of the MCR anchor `mjkit::mcr::score`, each divided by its calls.
# Usage: scripts/callgrind-tai.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cargo bench --bench tai --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*tai-[^"]*\)".*/\1/p' | tail -1)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
MJ_BENCH_REPS=1 valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" >/dev/null 2>&1
tree=$(callgrind_annotate --inclusive=yes --tree=caller "$out" 2>/dev/null)
# `mjkit::tai::score` is called by the filter that picks the wins (from main), by mj_tai_score
# and by the core timing loop (an iterator fold, 20,000 calls): the last is the core figure.
core=$(awk '/< .*Iterator>::fold \(20,000x\)/ {c = $1} /\* .*mjkit::tai::score \[/ && !done {print c; done = 1}' <<<"$tree" | tr -d ,)
ffi=$(awk '/\* .*[?]+:mj_tai_score \[/ && !done {print $1; done = 1}' <<<"$tree" | tr -d ,)
# The MCR anchor: the timing loop's 20,000 calls (the filter's calls come from main).
mcr=$(awk '/< .*Iterator>::fold \(20,000x\)/ {c = $1} /\* .*mjkit::mcr::score \[/ && !done {print c; done = 1}' <<<"$tree" | tr -d ,)
[[ -n $core && -n $ffi && -n $mcr ]] || { echo "callgrind-tai: a figure is missing (inlined?)" >&2; exit 1; }
echo "instructions per score, 20,000 wins: mjkit::tai::score $((core / 20000)), mj_tai_score $((ffi / 20000)); anchor mjkit::mcr::score $((mcr / 20000))"
