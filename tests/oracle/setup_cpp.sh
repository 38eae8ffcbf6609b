#!/bin/sh
# Builds target/oracle-cpp/ref_bench: tests/oracle/ref_bench.cpp linked with the reference
# calculator's C++ sources from the pymahjonggb 1.4.0 sdist (downloaded with pip), for the
# C++ column of benches/mcr.rs and scripts/callgrind-mcr.sh (rebuilt when ref_bench.cpp
# changes). Needs pip (network) and g++.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/target/oracle-cpp"
[ -x "$out/ref_bench" ] && [ "$out/ref_bench" -nt "$root/tests/oracle/ref_bench.cpp" ] && exit 0
mkdir -p "$out"
if [ ! -d "$out/PyMahjongGB-1.4.0" ]; then
    pip="python3 -m pip"
    [ -x "$root/target/oracle-venv/bin/pip" ] && pip="$root/target/oracle-venv/bin/pip"
    $pip download --quiet --no-deps --no-binary :all: -d "$out" pymahjonggb==1.4.0
    tar -xzf "$out"/[Pp]y[Mm]ahjong[Gg][Bb]-1.4.0.tar.gz -C "$out"
fi
src="$out/PyMahjongGB-1.4.0/MahjongGB/mahjong-algorithm"
g++ -O2 -std=c++17 -I"$src" "$root/tests/oracle/ref_bench.cpp" "$src/fan_calculator.cpp" -o "$out/ref_bench"
