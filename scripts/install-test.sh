#!/usr/bin/env bash
# Installs mjkit into a temporary prefix with scripts/install.sh and builds the C quick start
# (the README's `## C quick start` block, extracted) against the installed files only, then runs each program:
#   1. pkg-config --cflags --libs mjkit (shared library, found through an rpath)
#   2. CMake find_package(mjkit): mjkit::mjkit (shared) and mjkit::mjkit_static
# Also checks the installed links and SONAME, the version rules of mjkitConfigVersion.cmake, and
# prints the sizes of a static link with and without --gc-sections.
# Usage: scripts/install-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pkg-config >/dev/null 2>&1 || { echo "install-test: pkg-config missing (scripts/setup.sh installs it)" >&2; exit 1; }
command -v cmake >/dev/null 2>&1 || { echo "install-test: cmake missing (scripts/setup.sh installs it)" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"
scripts/install.sh --prefix "$prefix" > "$tmp/install.txt"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
major=${version%%.*}
minor=${version#*.}; minor=${minor%%.*}
fail() { echo "install-test: $*" >&2; exit 1; }
want='waits: 0x1ff'
# The program is the README's C quick start as pasted (no copy is kept): the first ```c block
# after "## C quick start", next to tests/install/CMakeLists.txt.
src="$tmp/src"
mkdir -p "$src"
awk '/^## C quick start/ {on = 1} on && /^```c$/ {grab = 1; next} grab && /^```$/ {exit} grab' README.md > "$src/app.c"
[[ -s $src/app.c ]] || fail "README.md: no C quick start block"
cp tests/install/CMakeLists.txt "$src/"

# The installed tree.
for f in include/mjkit.h "lib/libmjkit.so.$version" lib/libmjkit.a lib/pkgconfig/mjkit.pc \
  lib/cmake/mjkit/mjkitConfig.cmake lib/cmake/mjkit/mjkitConfigVersion.cmake; do
  [[ -f $prefix/$f ]] || fail "$f not installed"
done
[[ $(readlink "$prefix/lib/libmjkit.so.$major") == "libmjkit.so.$version" ]] || fail "lib/libmjkit.so.$major is not a link to libmjkit.so.$version"
[[ $(readlink "$prefix/lib/libmjkit.so") == "libmjkit.so.$major" ]] || fail "lib/libmjkit.so is not a link to libmjkit.so.$major"
grep -q "Library soname: \[libmjkit.so.$major\]" <(readelf -d "$prefix/lib/libmjkit.so.$version") \
  || fail "the installed library's SONAME is not libmjkit.so.$major"
cmp -s include/mjkit.h "$prefix/include/mjkit.h" || fail "the installed header differs from include/mjkit.h"
# With CARGO_TARGET_DIR set, the library is taken from cargo's release directory there (a copy of
# this build's), and a target directory without the library is named in the error.
alt="$tmp/alt-target"
mkdir -p "$alt/release"
cp target/release/libmjkit.so target/release/libmjkit.a "$alt/release/"
CARGO_TARGET_DIR="$alt" scripts/install.sh --no-build --prefix "$tmp/alt-prefix" > /dev/null \
  || fail "install.sh --no-build with CARGO_TARGET_DIR=$alt failed"
cmp -s "$alt/release/libmjkit.so" "$tmp/alt-prefix/lib/libmjkit.so.$version" \
  || fail "install.sh with CARGO_TARGET_DIR did not install the library from $alt/release"
err=$(CARGO_TARGET_DIR="$tmp/empty-target" scripts/install.sh --no-build --prefix "$tmp/p3" 2>&1) \
  && fail "install.sh --no-build with an empty CARGO_TARGET_DIR succeeded"
[[ $err == *"$tmp/empty-target/release/libmjkit.so is missing"* ]] \
  || fail "install.sh with an empty CARGO_TARGET_DIR said: $err"
echo "install-test: CARGO_TARGET_DIR is followed (installed from it; a missing library there is named)"

# 1. pkg-config.
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[[ $(pkg-config --modversion mjkit) == "$version" ]] || fail "pkg-config --modversion mjkit: $(pkg-config --modversion mjkit)"
libdir=$(pkg-config --variable=libdir mjkit)
# shellcheck disable=SC2046 # the flags are words
cc -std=c99 -Wall -Wextra -Werror -pedantic "$src/app.c" $(pkg-config --cflags --libs mjkit) \
  -Wl,-rpath,"$libdir" -o "$tmp/app-pkgconfig"
grep -q "Shared library: \[libmjkit.so.$major\]" <(readelf -d "$tmp/app-pkgconfig") \
  || fail "the pkg-config build does not need libmjkit.so.$major"
grep -q "libmjkit.so.$major => $prefix/lib/" <(ldd "$tmp/app-pkgconfig") || fail "the pkg-config build does not load the installed library"
out=$("$tmp/app-pkgconfig") || fail "the pkg-config build exited $?"
[[ $out == "$want" ]] || fail "the pkg-config build printed '$out', want '$want'"
echo "install-test: pkg-config --cflags --libs mjkit: built, needs libmjkit.so.$major from the prefix, prints '$out'"

# 2. CMake, asking for the installed major.minor.
cmake -S "$src" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$prefix" -DMJKIT_WANT="$major.$minor" \
  -DCMAKE_C_FLAGS="-std=c99 -Wall -Wextra -Werror -pedantic" > "$tmp/cmake.txt" 2>&1 \
  || { cat "$tmp/cmake.txt"; fail "cmake configure failed"; }
cmake --build "$tmp/build" > "$tmp/cmake-build.txt" 2>&1 || { cat "$tmp/cmake-build.txt"; fail "cmake build failed"; }
grep -q "libmjkit.so.$major => $prefix/lib/" <(ldd "$tmp/build/app") || fail "the CMake build does not load the installed library"
if grep -q libmjkit <(ldd "$tmp/build/app_static"); then fail "mjkit::mjkit_static links the shared library"; fi
for prog in app app_static; do
  out=$("$tmp/build/$prog") || fail "the CMake $prog exited $?"
  [[ $out == "$want" ]] || fail "the CMake $prog printed '$out', want '$want'"
done
echo "install-test: CMake find_package(mjkit $major.$minor): mjkit::mjkit and mjkit::mjkit_static built, both print '$out'"

# The version file: another minor (before 1.0) or a later version is refused.
for ask in "$major.$((minor + 1))" "$((major + 1)).0"; do
  if cmake -S "$src" -B "$tmp/build-$ask" -DCMAKE_PREFIX_PATH="$prefix" -DMJKIT_WANT="$ask" \
    > "$tmp/cmake-$ask.txt" 2>&1; then
    fail "find_package(mjkit $ask) accepted version $version"
  fi
done
if [[ $major == 0 && $minor -gt 0 ]]; then
  ask="0.$((minor - 1))"
  if cmake -S "$src" -B "$tmp/build-$ask" -DCMAKE_PREFIX_PATH="$prefix" -DMJKIT_WANT="$ask" \
    > "$tmp/cmake-$ask.txt" 2>&1; then
    fail "find_package(mjkit $ask) accepted version $version (a 0.x minor changes the ABI)"
  fi
fi
echo "install-test: find_package(mjkit) refuses another minor version and later versions"

# docs/building.md as written: its CMake project, its pkg-config line and its two build-tree
# link lines, each run on the quick start program.
block() { # block LANG HEADING: the first ```LANG block after the line HEADING
  awk -v lang="$1" -v head="$2" '$0 == head {on = 1} on && $0 == "```" lang {grab = 1; next}
    grab && /^```$/ {exit} grab' docs/building.md
}
docs="$tmp/docs"
mkdir -p "$docs/cmake" "$docs/pc" "$docs/tree"
block cmake "### CMake" > "$docs/cmake/CMakeLists.txt"
block sh "### pkg-config" > "$docs/pc/commands.sh"
{ block sh "## Linking from the build tree"; } > "$docs/tree/shared.sh"
awk '/^## Linking from the build tree/ {on = 1} on && /^```sh$/ {n++; if (n == 2) {grab = 1; next}}
  grab && /^```$/ {exit} grab' docs/building.md > "$docs/tree/static.sh"
for f in cmake/CMakeLists.txt pc/commands.sh tree/shared.sh tree/static.sh; do
  [[ -s $docs/$f ]] || fail "docs/building.md: no block for $f"
done
cp "$src/app.c" "$docs/cmake/" && cp "$src/app.c" "$docs/pc/" && cp "$src/app.c" "$docs/tree/"
cmake -S "$docs/cmake" -B "$docs/cmake/build" -DCMAKE_PREFIX_PATH="$prefix" > "$tmp/docs-cmake.txt" 2>&1 \
  && cmake --build "$docs/cmake/build" >> "$tmp/docs-cmake.txt" 2>&1 \
  || { cat "$tmp/docs-cmake.txt"; fail "the CMake project of docs/building.md does not build"; }
[[ $("$docs/cmake/build/app") == "$want" ]] || fail "the CMake project of docs/building.md does not print '$want'"
(cd "$docs/pc" && PREFIX="$prefix" bash -e commands.sh) || fail "the pkg-config lines of docs/building.md fail"
[[ $("$docs/pc/app") == "$want" ]] || fail "the pkg-config build of docs/building.md does not print '$want'"
ln -s "$PWD/include" "$docs/tree/include" && ln -s "$PWD/target" "$docs/tree/target"
for f in shared static; do
  (cd "$docs/tree" && bash -e "$f.sh") || fail "the $f build-tree line of docs/building.md fails"
  [[ $("$docs/tree/app") == "$want" ]] || fail "the $f build-tree program of docs/building.md does not print '$want'"
done
echo "install-test: docs/building.md: its CMake project, pkg-config line and build-tree link lines build and run"

# Static link sizes (figures, not limits).
cc -std=c99 -O2 -Iinclude "$src/app.c" target/release/libmjkit.a -lpthread -ldl -lm -o "$tmp/static"
cc -std=c99 -O2 -Iinclude "$src/app.c" target/release/libmjkit.a -lpthread -ldl -lm \
  -Wl,--gc-sections -o "$tmp/static-gc"
cp "$tmp/static-gc" "$tmp/static-gc-stripped" && strip "$tmp/static-gc-stripped"
for p in static static-gc static-gc-stripped; do
  [[ $("$tmp/$p") == "$want" ]] || fail "the static build $p does not print '$want'"
done
echo "install-test: static quick start $(stat -c %s "$tmp/static") bytes, with --gc-sections $(stat -c %s "$tmp/static-gc"), stripped $(stat -c %s "$tmp/static-gc-stripped")"
