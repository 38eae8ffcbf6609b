#!/usr/bin/env bash
# Instructions per riichi score under callgrind (repeatable on a loaded machine): one pass
# (MJ_BENCH_REPS=1) of benches/riichi.rs over its 20,000 hands, without the Python reference;
# prints the inclusive instructions of `mjkit::riichi::score` as called from the timing loop and
# of `mj_riichi_score`, each divided by the 20,000 calls. Usage: scripts/callgrind-riichi.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cargo bench --bench riichi --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*riichi-[^"]*\)".*/\1/p' | tail -1)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
MJ_ORACLE_PYTHON=/bin/false MJ_BENCH_REPS=1 valgrind --tool=callgrind --callgrind-out-file="$out" \
    "$bin" >/dev/null 2>&1
# The core entry is called by the filter that picks the hands and by the timing loop; the
# timing loop's calls are the ones from `best_us_per_item` (20,000 of them).
tree=$(callgrind_annotate --inclusive=yes --tree=caller "$out" 2>/dev/null)
core=$(awk '/< .*best_us_per_item \(20,000x\)/ {c = $1} /\* .*mjkit::riichi::score \[/ && !done {print c; done = 1}' <<<"$tree" | tr -d ,)
ffi=$(awk '/\* .*[?]+:mj_riichi_score \[/ && !done {print $1; done = 1}' <<<"$tree" | tr -d ,)
echo "instructions per score, 20,000 hands: mjkit::riichi::score $((core / 20000)), mj_riichi_score $((ffi / 20000))"
