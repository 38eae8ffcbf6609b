#!/usr/bin/env bash
# The C API reference: Doxygen over include/mjkit.h (whose comments cbindgen copies from the Rust
# doc comments), HTML under target/doc-c/html/. Any Doxygen warning fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v doxygen >/dev/null 2>&1; then
  MJ_SETUP_EXTRA_APT="doxygen" scripts/setup.sh
fi
out=target/doc-c
rm -rf "$out" && mkdir -p "$out"
# The file's own documentation block (cbindgen writes none): without it Doxygen documents no
# function of the header.
cat > "$out/mjkit.dox" <<'DOX'
/**
 * \file mjkit.h
 * \brief The whole C API of mjkit: tiles, hand analysis, MCR and riichi scoring, the table
 * and its bots.
 *
 * Every fallible function returns an #MjStatus (`MJ_STATUS_OK` = 0); outputs are written only
 * on success; NULL is reported, never dereferenced; every function is thread-safe.
 */
/** \def MJ_VERSION_MINOR
 * Minor version of this header (see MJ_VERSION_MAJOR). */
/** \def MJ_VERSION_PATCH
 * Patch version of this header (see MJ_VERSION_MAJOR). */
/** \def MJ_VERSION_STRING
 * The version as `"MAJOR.MINOR.PATCH"`; `mj_version()` of the matching library returns it. */
/**
 * \mainpage mjkit C API reference
 *
 * Generated from include/mjkit.h, whose comments are the Rust source's doc comments.
 * Start with the file page, mjkit.h, for the functions, constants and enums, or the data
 * structures for the value types (MjView, MjAction, MjMcrHand, ...).
 *
 * The manual (docs/ in the repository) explains the conventions (docs/c-api.md), the tile
 * layout (docs/tiles.md) and each area with examples.
 */
DOX
version=$(sed -n 's/^#define MJ_VERSION_STRING "\(.*\)"$/\1/p' include/mjkit.h)
doxygen - > "$out/doxygen.log" 2> "$out/warnings.txt" <<DOXYFILE || { cat "$out/warnings.txt" >&2; exit 1; }
PROJECT_NAME           = mjkit
PROJECT_NUMBER         = $version
PROJECT_BRIEF          = "Fast, exact mahjong algorithms: the C API"
OUTPUT_DIRECTORY       = $out
INPUT                  = include/mjkit.h $out/mjkit.dox
FILE_PATTERNS          = *.h *.dox
OPTIMIZE_OUTPUT_FOR_C  = YES
MARKDOWN_SUPPORT       = YES
AUTOLINK_SUPPORT       = YES
EXTRACT_ALL            = NO
TYPEDEF_HIDES_STRUCT   = YES
ENABLE_PREPROCESSING   = YES
MACRO_EXPANSION        = NO
# As a C++ compiler reads it: MjStatus is then the documented enum itself (a C compiler before
# C23 sees an undocumented int32_t typedef of the same name instead).
PREDEFINED             = __cplusplus
GENERATE_HTML          = YES
GENERATE_LATEX         = NO
QUIET                  = YES
WARNINGS               = YES
WARN_IF_UNDOCUMENTED   = YES
WARN_IF_DOC_ERROR      = YES
WARN_NO_PARAMDOC       = NO
WARN_AS_ERROR          = FAIL_ON_WARNINGS
SOURCE_BROWSER         = YES
HAVE_DOT               = NO
CLASS_GRAPH            = NO
STRIP_FROM_PATH        = $PWD
DOXYFILE
if [[ -s $out/warnings.txt ]]; then
  cat "$out/warnings.txt" >&2
  exit 1
fi
echo "C API reference: $out/html/index.html ($(find "$out/html" -name '*.html' | wc -l) pages, 0 warnings; doxygen $(doxygen --version))"
