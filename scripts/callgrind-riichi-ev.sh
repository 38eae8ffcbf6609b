#!/usr/bin/env bash
# Instructions of one discard analysis per hand of benches/riichi_ev.rs under callgrind
# (repeatable on a loaded machine), 17 draws, extra 1, and the phases inside it: the graph's
# expansion (Search::run, pricing included), the pricing of wins (win::value), the backward
# induction (Search::values). Usage: scripts/callgrind-riichi-ev.sh [model: 0 mjkit, 1 mahjong-cpp]
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:-1}
bin=$(cargo bench --bench riichi_ev --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*riichi_ev-[^"]*\)".*/\1/p' | tail -1)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
printf "%-20s %7s %7s %12s %12s %12s %12s\n" hand states edges analyze expansion pricing backward
for i in 0 1 2 3 4 5 6 7; do
    line=$(MJ_EV_ONE="$i,$model" valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" 2>/dev/null)
    incl() {
        callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
            grep -E "$1 \[" | head -1 | awk '{gsub(",", "", $1); print $1}'
    }
    read -r hand _ states _ edges _ <<<"$line"
    printf "%-20s %7s %7s %12s %12s %12s %12s\n" "$hand" "$states" "$edges" \
        "$(incl 'mjkit::riichi::ev::analyze')" "$(incl 'graph::Search::run')" \
        "$(incl 'ev::win::value')" "$(incl 'graph::Search::values')"
done
