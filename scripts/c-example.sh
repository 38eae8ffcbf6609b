#!/usr/bin/env bash
# Builds the C example against the shared and the static library with strict flags, checks the
# header as C++, runs both binaries, and runs the shared one under valgrind (zero errors).
# Usage: scripts/c-example.sh [--no-valgrind] [HAND ...]
set -euo pipefail
cd "$(dirname "$0")/.."
valgrind=1
if [[ "${1:-}" == "--no-valgrind" ]]; then valgrind=0; shift; fi

cargo build --release --quiet
out=target/c-example
mkdir -p "$out"
flags=(-std=c99 -Wall -Wextra -Werror -pedantic -O2 -Iinclude)
gcc "${flags[@]}" examples/c/mjdemo.c -Ltarget/release -lmjkit -Wl,-rpath,"$PWD/target/release" -o "$out/mjdemo"
gcc "${flags[@]}" examples/c/mjdemo.c target/release/libmjkit.a -lpthread -ldl -lm -o "$out/mjdemo-static"
g++ -x c++ -std=c++11 -Wall -Wextra -Werror -pedantic -fsyntax-only -Iinclude include/mjkit.h
# AddressSanitizer on the C side (static link).
gcc "${flags[@]}" -g -fsanitize=address,undefined -fno-omit-frame-pointer examples/c/mjdemo.c \
  target/release/libmjkit.a -lpthread -ldl -lm -o "$out/mjdemo-asan"
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" "$@" > "$out/asan.txt"

"$out/mjdemo-static" "$@" > "$out/static.txt"
"$out/mjdemo" "$@"
cmp -s "$out/static.txt" <("$out/mjdemo" "$@") || { echo "static and shared builds differ"; exit 1; }
# The shared fixtures through the C ABI (static and shared builds).
"$out/mjdemo" --fixture tests/fixtures
"$out/mjdemo-static" --fixture tests/fixtures > /dev/null
ASAN_OPTIONS=detect_leaks=0 "$out/mjdemo-asan" --fixture tests/fixtures > /dev/null
if [[ $valgrind == 1 ]]; then
  valgrind --quiet --error-exitcode=3 --leak-check=full --errors-for-leak-kinds=definite \
    "$out/mjdemo" "$@" > "$out/valgrind.txt"
  echo "valgrind: 0 errors (shared library build)"
fi
