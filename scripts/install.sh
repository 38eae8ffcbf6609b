#!/usr/bin/env bash
# Installs mjkit for C and C++ programs under a prefix (default /usr/local):
#   include/mjkit.h
#   lib/libmjkit.so.X.Y.Z, lib/libmjkit.so.X -> it (the SONAME), lib/libmjkit.so -> libmjkit.so.X
#   lib/libmjkit.a
#   lib/pkgconfig/mjkit.pc                  pkg-config --cflags --libs mjkit
#   lib/cmake/mjkit/mjkitConfig.cmake       find_package(mjkit): targets mjkit::mjkit (shared)
#   lib/cmake/mjkit/mjkitConfigVersion.cmake                     and mjkit::mjkit_static
# Linux only (other platforms: docs/building.md). Builds the release library first when it is
# missing or stale (cargo build --release; --no-build installs what the release directory holds).
# The release directory is cargo's: target/release, or under CARGO_TARGET_DIR (or the
# build.target-dir of a cargo config) when one is set, as `cargo metadata` reports it.
# DESTDIR, when set, is put in front of every installed path (for packagers); the files still
# name the prefix.
# Usage: scripts/install.sh [--prefix DIR] [--no-build]
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local
build=1
while (($#)); do
  case $1 in
    --prefix) [[ $# -ge 2 ]] || { echo "install: --prefix needs a directory" >&2; exit 2; }
      prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install: unknown argument '$1' (usage: scripts/install.sh [--prefix DIR] [--no-build])" >&2; exit 2 ;;
  esac
done
[[ $prefix == /* ]] || prefix="$PWD/$prefix"
prefix=${prefix%/}
[[ -n $prefix ]] || prefix=/

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -1)
major=${version%%.*}
minor=${version#*.}; minor=${minor%%.*}
# What a static link of libmjkit.a needs besides libc, as printed by
# `cargo rustc --release --lib --crate-type staticlib -- --print native-static-libs` on Linux
# (-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc: the standard library's needs; -lgcc_s and -lc
# come with every C compiler driver; -lutil and -lrt are empty from glibc 2.34 on).
static_libs="-lutil -lrt -lpthread -lm -ldl"
[[ $(uname -s) == Linux ]] || { echo "install: $(uname -s) is not supported by this script; see docs/building.md" >&2; exit 1; }
bits=$(getconf LONG_BIT)

if [[ $build == 1 ]]; then
  cargo build --release --quiet
fi
target=$(cargo metadata --format-version 1 --no-deps 2>/dev/null |
  sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
[[ -n $target ]] || target=${CARGO_TARGET_DIR:-target}
release="$target/release"
for f in "$release/libmjkit.so" "$release/libmjkit.a" include/mjkit.h; do
  [[ -f $f ]] || { echo "install: $f is missing (run cargo build --release)" >&2; exit 1; }
done

root="${DESTDIR:-}$prefix"
inc="$root/include"
lib="$root/lib"
mkdir -p "$inc" "$lib/pkgconfig" "$lib/cmake/mjkit"
install -m 644 include/mjkit.h "$inc/mjkit.h"
install -m 644 "$release/libmjkit.a" "$lib/libmjkit.a"
real="libmjkit.so.$version"
install -m 755 "$release/libmjkit.so" "$lib/$real"
ln -sfn "$real" "$lib/libmjkit.so.$major"
ln -sfn "libmjkit.so.$major" "$lib/libmjkit.so"

cat > "$lib/pkgconfig/mjkit.pc" <<EOF
prefix=$prefix
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: mjkit
Description: Fast, exact mahjong algorithms behind a C ABI
Version: $version
Cflags: -I\${includedir}
Libs: -L\${libdir} -lmjkit
Libs.private: $static_libs
EOF

# The config file finds the prefix from its own place (lib/cmake/mjkit), so the installed tree
# can be moved as a whole.
cat > "$lib/cmake/mjkit/mjkitConfig.cmake" <<EOF
# mjkit $version for CMake: find_package(mjkit) defines
#   mjkit::mjkit         the shared library (its SONAME: find it at run time through the loader's
#                        path, an rpath or LD_LIBRARY_PATH)
#   mjkit::mjkit_static  the static library and what it needs from the system
# Both carry the include directory of mjkit.h.
get_filename_component(_mjkit_prefix "\${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
include(CMakeFindDependencyMacro)
find_dependency(Threads)
if(NOT TARGET mjkit::mjkit)
  add_library(mjkit::mjkit SHARED IMPORTED)
  set_target_properties(mjkit::mjkit PROPERTIES
    IMPORTED_LOCATION "\${_mjkit_prefix}/lib/$real"
    IMPORTED_SONAME "libmjkit.so.$major"
    INTERFACE_INCLUDE_DIRECTORIES "\${_mjkit_prefix}/include")
endif()
if(NOT TARGET mjkit::mjkit_static)
  add_library(mjkit::mjkit_static STATIC IMPORTED)
  set_target_properties(mjkit::mjkit_static PROPERTIES
    IMPORTED_LOCATION "\${_mjkit_prefix}/lib/libmjkit.a"
    INTERFACE_INCLUDE_DIRECTORIES "\${_mjkit_prefix}/include"
    INTERFACE_LINK_LIBRARIES "Threads::Threads;\${CMAKE_DL_LIBS};m;rt;util")
endif()
set(mjkit_VERSION "$version")
unset(_mjkit_prefix)
EOF

# Before 1.0 a minor version may change the ABI: a request for X.Y is met by X.Y.* only, from
# the requested patch on. The pointer size is the host's, for which the library was built.
same_minor=""
[[ $major == 0 ]] && same_minor="
elseif(NOT PACKAGE_FIND_VERSION_MINOR STREQUAL \"$minor\")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)"
cat > "$lib/cmake/mjkit/mjkitConfigVersion.cmake" <<EOF
set(PACKAGE_VERSION "$version")
if(PACKAGE_FIND_VERSION VERSION_GREATER PACKAGE_VERSION)
  set(PACKAGE_VERSION_COMPATIBLE FALSE)
elseif(NOT PACKAGE_FIND_VERSION_MAJOR STREQUAL "$major")
  set(PACKAGE_VERSION_COMPATIBLE FALSE)$same_minor
else()
  set(PACKAGE_VERSION_COMPATIBLE TRUE)
  if(PACKAGE_FIND_VERSION STREQUAL PACKAGE_VERSION)
    set(PACKAGE_VERSION_EXACT TRUE)
  endif()
endif()
if(NOT CMAKE_SIZEOF_VOID_P STREQUAL "" AND NOT CMAKE_SIZEOF_VOID_P STREQUAL "$((bits / 8))")
  set(PACKAGE_VERSION "\${PACKAGE_VERSION} ($bits-bit)")
  set(PACKAGE_VERSION_UNSUITABLE TRUE)
endif()
EOF

echo "install: mjkit $version into $root"
for f in include/mjkit.h "lib/$real" lib/libmjkit.a lib/pkgconfig/mjkit.pc \
  lib/cmake/mjkit/mjkitConfig.cmake lib/cmake/mjkit/mjkitConfigVersion.cmake; do
  echo "  $f"
done
echo "  lib/libmjkit.so.$major -> $real, lib/libmjkit.so -> libmjkit.so.$major"
if [[ -z ${DESTDIR:-} && -w /etc/ld.so.cache && $prefix == /usr* ]] \
  && command -v ldconfig >/dev/null 2>&1; then
  ldconfig
fi
