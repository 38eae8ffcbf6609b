#!/usr/bin/env bash
# Builds the C example against the shared and the static library with strict flags, checks the
# header as C++, runs both binaries, and runs the shared one under valgrind (zero errors).
# Usage: scripts/c-example.sh [--no-valgrind] [HAND ...]
set -euo pipefail
cd "$(dirname "$0")/.."
valgrind=1
if [[ "${1:-}" == "--no-valgrind" ]]; then valgrind=0; shift; fi

cargo build --release --quiet
# The shipped shared library: an ELF SONAME and no debug info.
grep -q "Library soname: \[libmjkit.so.0\]" <(readelf -d target/release/libmjkit.so) \
  || { echo "target/release/libmjkit.so has no SONAME libmjkit.so.0" >&2; exit 1; }
if grep -q '\.debug_' <(readelf -S target/release/libmjkit.so); then
  echo "target/release/libmjkit.so carries debug info" >&2; exit 1
fi
echo "libmjkit.so: SONAME libmjkit.so.0, no debug sections, $(stat -c %s target/release/libmjkit.so) bytes"
out=target/c-example
mkdir -p "$out"
flags=(-std=c99 -Wall -Wextra -Werror -pedantic -O2 -Iinclude)
gcc "${flags[@]}" examples/c/mjdemo.c examples/c/mjdemo_riichi.c examples/c/mjcheck.c examples/c/mjcheck_mjai.c -Ltarget/release -lmjkit -Wl,-rpath,"$PWD/target/release" -o "$out/mjdemo"
gcc "${flags[@]}" examples/c/mjdemo.c examples/c/mjdemo_riichi.c examples/c/mjcheck.c examples/c/mjcheck_mjai.c target/release/libmjkit.a -lpthread -ldl -lm -o "$out/mjdemo-static"
g++ -x c++ -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -Iinclude include/mjkit.h
# AddressSanitizer on the C side (static link).
gcc "${flags[@]}" -g -fsanitize=address,undefined -fno-omit-frame-pointer examples/c/mjdemo.c examples/c/mjdemo_riichi.c examples/c/mjcheck.c examples/c/mjcheck_mjai.c \
  target/release/libmjkit.a -lpthread -ldl -lm -o "$out/mjdemo-asan"
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" "$@" > "$out/asan.txt"
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" --self-check > "$out/asan-self-check.txt"
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" --hint > "$out/asan-hint.txt"

"$out/mjdemo-static" "$@" > "$out/static.txt"
"$out/mjdemo" "$@"
cmp -s "$out/static.txt" <("$out/mjdemo" "$@") || { echo "static and shared builds differ"; exit 1; }
# The self-checks (every error class of the API once), static and shared.
"$out/mjdemo" --self-check > "$out/self-check.txt" || { cat "$out/self-check.txt"; exit 1; }
"$out/mjdemo-static" --self-check | cmp -s - "$out/self-check.txt" || { echo "static and shared self-checks differ"; exit 1; }
echo "mjdemo --self-check: $(grep -c '^  ok ' "$out/self-check.txt") checks passed"
if [[ $# == 0 ]]; then
  lines=$(wc -l < "$out/static.txt")
  [[ $lines -le 70 ]] || { echo "the sample run prints $lines lines (70 at most)"; exit 1; }
  echo "mjdemo sample run: $lines lines"
fi
# The command line: given hands get only their analysis; invalid input exits 1 with a message
# naming the cause; an unknown option exits 2.
cli() { # cli WANT_STATUS WANT_TEXT HAND...
  local want=$1 text=$2 got=0 output
  shift 2
  output=$("$out/mjdemo" "$@" 2>&1) || got=$?
  if [[ $got != "$want" || $output != *"$text"* ]]; then
    printf 'mjdemo %s: exit %s, want %s with "%s"; output:\n%s\n' "$*" "$got" "$want" "$text" "$output"
    exit 1
  fi
}
cli 0 "waits 9 kinds: 123456789m" 1112345678999m
[[ $("$out/mjdemo" 1112345678999m | wc -l) == 1 ]] || { echo "mjdemo HAND prints more than its analysis"; exit 1; }
cli 1 "error: empty hand" ""
cli 1 "18 tiles, 17 tiles at most" 111222333444555666m
cli 1 "20 tiles, 17 tiles at most" 11112222333344445555m
cli 1 "5 copies of 5m (4 at most)" 55555m
cli 1 "suit letters are lowercase" 123M
cli 1 "no suit letter" 123
cli 0 "(2 red fives: 5m, 5s)" 0m123p406s
cli 0 "0m123p406s " 0m123p406s
cli 0 "0555m " 555m0m
cli 1 "no honour tile 8z at byte 0" 8z
cli 1 "no honour tile 0z at byte 3" 11z0z
cli 1 "no suit letter" 12
cli 0 " 1 tile   waits 1 kind: 1m" 1m
cli 0 "shanten 4, 79 tiles improve it" 13579m2468p1357s
cli 1 "error:" 1112345678999m 12x
cli 2 "usage:" --bogus
cli 0 "scripts/demo.sh" --help
cli 2 "--play seed 'x1' is not a number from 0 to 18446744073709551615" --play x1
cli 2 "--play seed '18446744073709551616' is not a number" --play 18446744073709551616
cli 2 "--play takes one seed at most" --play 1 2
cli 0 "four greedy NPCs" --riichi 1
cli 2 "--riichi seed 'z' is not a number" --riichi z
cli 0 "mjkit (level 5) plays 5p: the most efficient discard, and safe enough" --hint
cli 0 "ends before its 8th turn" --hint 7
cli 2 "--hint seed 'x' is not a number" --hint x
cli 2 "--hint takes one seed at most" --hint 1 2
# A riichi hand under AddressSanitizer, and the same hand from the static build.
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" --riichi 2 > "$out/asan-riichi.txt"
"$out/mjdemo-static" --riichi 2 | cmp -s - "$out/asan-riichi.txt" || { echo "riichi hands differ"; exit 1; }
[[ $("$out/mjdemo" 1m) != *"1 tiles"* ]] || { echo "mjdemo 1m says '1 tiles'"; exit 1; }
echo "mjdemo command line: 28 exit-status and message checks passed"

# The README's C quick start, as pasted: its app.c and its commands (minus cargo build, done
# above), in a scratch directory that sees the repository's include/ and target/.
qs="$out/quickstart"
rm -rf "$qs" && mkdir -p "$qs"
ln -s "$PWD/include" "$qs/include" && ln -s "$PWD/target" "$qs/target"
awk '/^## C quick start/ {on = 1} on && /^```c$/ {grab = 1; next} grab && /^```$/ {exit} grab' README.md > "$qs/app.c"
awk '/^## C quick start/ {on = 1} on && /^```sh$/ {grab = 1; next} grab && /^```$/ {exit} grab' README.md \
  | grep -v '^cargo ' > "$qs/commands.sh"
[[ -s $qs/app.c && $(wc -l < "$qs/commands.sh") -ge 2 ]] || { echo "README C quick start not found" >&2; exit 1; }
qs_out=$(cd "$qs" && bash -e commands.sh)
[[ $qs_out == "waits: 0x1ff" ]] || { echo "README C quick start printed: $qs_out" >&2; exit 1; }
echo "README C quick start: compiles and runs as pasted ($qs_out)"

# The shared fixtures through the C ABI (static and shared builds).
"$out/mjdemo" --fixture tests/fixtures
"$out/mjdemo-static" --fixture tests/fixtures > /dev/null
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" --fixture tests/fixtures > /dev/null
if [[ $valgrind == 1 ]]; then
  valgrind --quiet --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
    "$out/mjdemo" "$@" > "$out/valgrind.txt"
  valgrind --quiet --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
    "$out/mjdemo" --self-check > "$out/valgrind-self-check.txt"
  valgrind --quiet --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
    "$out/mjdemo" --hint > "$out/valgrind-hint.txt"
  echo "valgrind: 0 errors (shared library build)"
fi
