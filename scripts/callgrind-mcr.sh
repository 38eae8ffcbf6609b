#!/usr/bin/env bash
# Instructions per MCR score under callgrind, for mjkit and the reference calculator's C++ core
# on the same 20,000 hands of benches/mcr.rs (repeatable on a loaded machine). Counts the
# inclusive instructions of each side's whole pass over the hands (the loop, the call and the
# sum of the totals; the C++ pass also clears its fan table per hand, as its API needs),
# divided by the hands scored: mjkit's `core_pass` (one pass, MJ_BENCH_REPS=1), the C ABI's
# `ffi_pass`, and ref_bench's `pass` (3 passes). Usage: scripts/callgrind-mcr.sh
set -euo pipefail
cd "$(dirname "$0")/.."
sh tests/oracle/setup_cpp.sh
bin=$(cargo bench --bench mcr --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*mcr-[^"]*\)".*/\1/p' | tail -1)
out=$(mktemp) hands=$(mktemp)
trap 'rm -f "$out" "$hands"' EXIT
MJ_BENCH_WRITE_HANDS="$hands" "$bin" >/dev/null
n=$(wc -l <"$hands")
inclusive() { # file, function name pattern: inclusive instructions of its first match
    callgrind_annotate --inclusive=yes "$1" 2>/dev/null |
        awk -v pat="$2" '$0 ~ pat && !done {gsub(",", "", $1); print $1; done = 1}'
}
MJ_BENCH_CPP=0 MJ_ORACLE_PYTHON=/bin/false MJ_BENCH_REPS=1 \
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" >/dev/null 2>&1
# Two passes of each (the uncounted warm-up round and one counted round).
core=$(inclusive "$out" 'mcr::core_pass')
ffi=$(inclusive "$out" 'mcr::ffi_pass')
valgrind --tool=callgrind --callgrind-out-file="$out" target/oracle-cpp/ref_bench "$hands" passes 3 \
    >/dev/null 2>&1
cpp=$(inclusive "$out" ':pass[(]double')
echo "instructions per hand, $n hands: mjkit::mcr::score $((core / (2 * n))), mj_mcr_score $((ffi / (2 * n))), reference C++ calculate_fan $((cpp / (3 * n)))"
awk -v a="$cpp" -v b="$core" -v n="$n" 'BEGIN {printf "ratio C++ / mjkit core by instructions: %.2fx\n", (a / (3 * n)) / (b / (2 * n))}'
