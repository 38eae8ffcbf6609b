#!/usr/bin/env bash
# Instructions per call of the C ABI hot functions, under callgrind (repeatable on a loaded
# machine): one pass of each mode of benches/capi.rs over N hands from a shuffled 136-tile wall,
# per call = (Ir(mode) - Ir(none)) / N, where `none` is the same loop without a call; per hand of
# a batch mode (one call over all the hands) = (Ir(mode) - Ir(none_mode)) / N, `none_mode`
# being the same buffers and checksum without the call. Usage: scripts/callgrind-capi.sh [mode ...]
# With --shared: the calls as a game makes them, from a C program linked to libmjkit.so
# (benches/c/capi_so.c, gcc -O2; the PLT and the dynamic thread-local model of a shared library
# count), modes shanten, is_win, waits; waits against a baseline drawing the same 13-tile hands.
# Env: MJ_BENCH_N (default 20000), MJ_BENCH_FORMS (default 7 = MJ_FORMS_RIICHI).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${MJ_BENCH_N:-20000}
if [[ ${1:-} == --shared ]]; then
    shift
    cargo build --release --quiet
    exe=target/c-example/capi_so
    mkdir -p target/c-example
    gcc -std=c99 -O2 -Wall -Wextra -Werror -Iinclude benches/c/capi_so.c -Ltarget/release -lmjkit \
        -Wl,-rpath,"$PWD/target/release" -o "$exe"
    ir_so() {
        local out
        out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file="$out" "$exe" "$1" "$n" "${MJ_BENCH_FORMS:-7}" \
            >/dev/null 2>&1
        awk '/^summary:/ {print $2}' "$out"
        rm -f "$out"
    }
    modes=("$@")
    [ ${#modes[@]} -gt 0 ] || modes=(shanten is_win waits)
    base14=$(ir_so none)
    base13=$(ir_so none13)
    echo "instructions per call through libmjkit.so, $n hands, forms ${MJ_BENCH_FORMS:-7} ($exe)"
    for m in "${modes[@]}"; do
        t=$(ir_so "$m")
        case $m in
        waits) echo "$m $(( (t - base13) / n ))" ;;
        *) echo "$m $(( (t - base14) / n ))" ;;
        esac
    done
    exit 0
fi
bin=$(cargo bench --bench capi --no-run --message-format=json 2>/dev/null |
    sed -n 's/.*"executable":"\([^"]*capi-[^"]*\)".*/\1/p' | tail -1)
modes=("$@")
[ ${#modes[@]} -gt 0 ] || modes=(shanten is_win waits ukeire discards shanten_batch is_win_batch waits_batch entry_shanten entry_is_win entry_waits core_shanten core_is_win core_waits xiangting)
ir() {
    local out
    out=$(mktemp)
    MJ_BENCH_ONLY=$1 MJ_BENCH_N=$n valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" \
        >/dev/null 2>&1
    awk '/^summary:/ {print $2}' "$out"
    rm -f "$out"
}
base=$(ir none)
echo "instructions per call, $n hands, forms ${MJ_BENCH_FORMS:-7} ($bin)"
for m in "${modes[@]}"; do
    t=$(ir "$m")
    case $m in
    *_batch) echo "$m $(( (t - $(ir "none_$m")) / n ))" ;;
    *) echo "$m $(( (t - base) / n ))" ;;
    esac
done
