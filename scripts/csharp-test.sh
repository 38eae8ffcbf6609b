#!/usr/bin/env bash
# The C# binding under Mono: installs mono-mcs and mono-runtime when missing, compiles
# bindings/csharp (library + tests) with `mcs -langversion:7.2`, measures every struct of
# include/mjkit.h with the C compiler, and runs the tests against target/release/libmjkit.so.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v mcs >/dev/null 2>&1 || ! command -v mono >/dev/null 2>&1; then
  MJ_SETUP_EXTRA_APT="mono-mcs mono-runtime" scripts/setup.sh
fi
cargo build --release --quiet
out=target/csharp
mkdir -p "$out"

# sizeof of every typedef'd struct of the header and offsetof of each field, printed by a C
# program generated from the header ("Name size", "Name.field offset").
python3 - include/mjkit.h > "$out/sizes.c" <<'PY'
import re, sys
text = re.sub(r"/\*.*?\*/", "", open(sys.argv[1]).read(), flags=re.S)
print('#include <stddef.h>\n#include <stdio.h>\n#include "mjkit.h"\nint main(void) {')
for body, name in re.findall(r"typedef struct \{(.*?)\} (Mj\w+);", text, flags=re.S):
    print(f'  printf("{name} %zu\\n", sizeof({name}));')
    for decl in filter(None, (d.strip() for d in body.split(";"))):
        field = re.match(r".*?(\w+)\s*(\[[^]]*\])?$", decl, flags=re.S).group(1)
        print(f'  printf("{name}.{field} %zu\\n", offsetof({name}, {field}));')
print("  return 0;\n}")
PY
gcc -std=c99 -Wall -Werror -Iinclude "$out/sizes.c" -o "$out/sizes"
"$out/sizes" > "$out/sizes.txt"

mcs -langversion:7.2 -unsafe -warnaserror -nologo -target:library -out:"$out/MjKit.dll" \
  bindings/csharp/MjKit/*.cs
mcs -langversion:7.2 -warnaserror -nologo -r:"$out/MjKit.dll" -out:"$out/MjKitTests.exe" \
  bindings/csharp/tests/*.cs
LD_LIBRARY_PATH="$PWD/target/release${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  mono --debug "$out/MjKitTests.exe" "$out/sizes.txt" tests/fixtures

# examples/csharp: the C demo in C#, same output as the C demo (built by scripts/c-example.sh, or
# here) for its samples (the NPC hand included; the C-only API self-checks are behind --self-check), for given
# hands and for --play SEED (one hand by four NPCs), same exit status.
mcs -langversion:7.2 -warnaserror -nologo -r:"$out/MjKit.dll" -out:"$out/MjDemo.exe" examples/csharp/MjDemo.cs
gcc -std=c99 -O2 -Iinclude examples/c/mjdemo.c examples/c/mjdemo_riichi.c examples/c/mjcheck.c examples/c/mjcheck_mjai.c -Ltarget/release -lmjkit \
  -Wl,-rpath,"$PWD/target/release" -o "$out/mjdemo"
csdemo() { LD_LIBRARY_PATH="$PWD/target/release" mono "$out/MjDemo.exe" "$@"; }
"$out/mjdemo" > "$out/demo-c.txt"
csdemo > "$out/demo-cs.txt"
diff -u "$out/demo-c.txt" "$out/demo-cs.txt" || { echo "C# demo output differs from the C demo's" >&2; exit 1; }
demo_cases=0
for hands in "1112345678999m 0m0p0s11z123456p 1234m5678p19s1235z" "13579m2468p1357s" "" "12x 123M" \
  "55555m 1m11111111111111111m" "111222333444555666m 11112222333344445555m" "123 123m" "东 1m" "--x" \
  "8z 11z0z 1m 0555m" \
  "--play" "--play 7" "--play 99" "--play 18446744073709551615" "--play x" "--play 1 2" \
  "--play -1" "--play +5" "--play 18446744073709551616" "--play 0x10" \
  "--hint" "--hint 1" "--hint 3" "--hint 7" "--hint 12" "--hint x" "--hint 1 2"; do
  read -r -a args <<< "$hands"
  [[ -z $hands ]] && args=("")
  c_rc=0; cs_rc=0
  c_out=$("$out/mjdemo" "${args[@]}" 2>/dev/null) || c_rc=$?
  cs_out=$(csdemo "${args[@]}" 2>/dev/null) || cs_rc=$?
  if [[ $c_out != "$cs_out" || $c_rc != "$cs_rc" ]]; then
    printf 'demos differ for [%s]: C exit %s\n%s\nC# exit %s\n%s\n' "$hands" "$c_rc" "$c_out" "$cs_rc" "$cs_out" >&2
    exit 1
  fi
  demo_cases=$((demo_cases + 1))
done
echo "examples/csharp: same output as the C demo ($(wc -l < "$out/demo-c.txt") sample lines, $demo_cases command lines with exit status)"

# The README's and docs/' C# blocks: scripts/docs-check.sh.

# Second run with the panic hook: against the library that `cargo test --all-features` builds
# (feature test-hooks exports mj_test_panic). MJ_REQUIRE_HOOKS=1 (scripts/test.sh) makes its
# absence an error; otherwise it is skipped when that build is not there.
hooks=target/debug/deps/libmjkit.so
if [[ -f $hooks ]] && grep -q ' T mj_test_panic$' <(nm -D "$hooks"); then
  mkdir -p "$out/hooks"
  mcs -langversion:7.2 -unsafe -warnaserror -nologo -define:MJ_TEST_HOOKS -target:library \
    -out:"$out/hooks/MjKit.dll" bindings/csharp/MjKit/*.cs
  mcs -langversion:7.2 -warnaserror -nologo -define:MJ_TEST_HOOKS -r:"$out/hooks/MjKit.dll" \
    -out:"$out/hooks/MjKitTests.exe" bindings/csharp/tests/*.cs
  echo "with test hooks ($hooks):"
  # The caught panic (Status.Panic, checked by the tests) must print nothing: the library never
  # prints, its panic hook is silent inside the boundary. stderr is kept in a file and checked.
  RUST_BACKTRACE=1 LD_LIBRARY_PATH="$PWD/$(dirname "$hooks")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    mono --debug "$out/hooks/MjKitTests.exe" "$out/sizes.txt" tests/fixtures 2> "$out/hooks/stderr.txt" \
    || { cat "$out/hooks/stderr.txt" >&2; exit 1; }
  if grep -q 'panicked\|mj_test_panic' "$out/hooks/stderr.txt"; then
    echo "the library printed a caught panic:" >&2; cat "$out/hooks/stderr.txt" >&2; exit 1
  fi
elif [[ ${MJ_REQUIRE_HOOKS:-0} == 1 ]]; then
  echo "csharp-test: $hooks with mj_test_panic is missing (run cargo test --all-features first)" >&2
  exit 1
else
  echo "csharp-test: panic-hook run skipped ($hooks with mj_test_panic not built)"
fi

# The Unity package built from the same sources, checked and compiled as Unity would.
scripts/unity-package.sh
