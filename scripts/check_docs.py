#!/usr/bin/env python3
"""Compiles or runs every code block of the given Markdown files (scripts/docs-check.sh runs it).

Per fenced block, by its language:
- rust: a doctest; the page must be included in src/lib.rs (`include_str!("../<page>")` in a
  `#[cfg(doctest)]` module), so `cargo test --doc` compiles and runs it. Checked here: the include.
- c / cpp: compiled with gcc -std=c99 / g++ -std=c++11, -Wall -Wextra -Werror, against
  include/mjkit.h; a block with a `main` is linked against target/release/libmjkit.so and run.
- cs: compiled with mcs -langversion:7.2 against the C# binding (--csharp-dll); a block with a
  `static void Main` is run under mono, others are compiled as a library.
- sh: `bash -n`.
- toml: parsed; json: parsed as one value or as JSON Lines.
- bash is sh, csharp is cs, jsonl is json.
- gdscript: checked by bindings/godot/tests/check_addon.py --docs (every MjKit / MjTable
  method a block calls is a #[func] of the GDExtension).
- text: output. A text block right after a program that is run (only blank lines between) is
  its expected output, compared line by line.
A block preceded by the words "Save as `NAME`" (in the prose since the last heading) is saved
under NAME in a scratch directory that sees the repository's include/, target/ and bindings/;
a later sh block of the same section is then run there as pasted (lines starting with `cargo
build` are skipped: the library is built before), and compared with the text block after it.
A toml block with a `[dependencies]` table and a later rust block with a `fn main` in the same
section (the README's Rust quick start) are built and run as a crate of their own, placed next
to a link to this repository named as the dependency's path says (`cargo run`, with its own
target directory under target/docs-check/).
Any other language, or a fence without one, is an error.

Links: every relative link of the pages ([text](path) and [text](path#anchor)) must point to a
file of the repository, and an anchor to a heading of that Markdown file (GitHub's anchors).
"""

import argparse
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
LANGS = {"rust", "c", "cpp", "cs", "sh", "toml", "json", "gdscript", "text", "cmake"}
ALIASES = {"bash": "sh", "csharp": "cs", "jsonl": "json"}
problems = []


def problem(msg):
    problems.append(msg)
    print("FAIL:", msg, flush=True)


def blocks(path):
    """[(line, lang, code, section, saved_as)] of one Markdown file."""
    out = []
    lines = path.read_text(encoding="utf-8").splitlines()
    section, prose = "", []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^(\s*)```(.*)$", line)
        if m and not m.group(1):
            lang = m.group(2).strip()
            start = i + 1
            j = start
            while j < len(lines) and lines[j] != "```":
                j += 1
            if j == len(lines):
                problem(f"{path}:{i + 1}: unclosed code block")
                return out
            saved = re.findall(r"Save as `([^`]+)`", "\n".join(prose))
            out.append((i + 1, lang, "\n".join(lines[start:j]) + "\n", section, saved[-1] if saved else None))
            prose = []
            i = j + 1
            continue
        if line.startswith("#"):
            section, prose = line, []
        else:
            prose.append(line)
        i += 1
    return out


def run(cmd, cwd=None, env=None):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


FILL = []  # (page, text block line, output) with --fill-empty


def expect(where, got, want, fill=None):
    g = [line.rstrip() for line in got.strip("\n").splitlines()]
    w = [line.rstrip() for line in want.strip("\n").splitlines()]
    if not w and fill is not None:
        FILL.append((fill[0], fill[1], "\n".join(g) + "\n"))
        return
    if g != w:
        problem(f"{where}: printed\n{got}\nbut the page shows\n{want}")


def crate_as_pasted(where, toml, manifest, main_rs, out):
    """Builds and runs `main_rs` as a new crate whose Cargo.toml ends with `toml`, next to a link
    to this repository placed where the dependency's path points."""
    dep = manifest["dependencies"].get("mjkit", {})
    rel = pathlib.PurePosixPath(dep.get("path", ""))
    home = out / "rust-quickstart"
    app = home / "app"
    (app / "src").mkdir(parents=True)
    link = (app / rel)
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(ROOT)
    (app / "Cargo.toml").write_text('[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n'
                                    '[workspace]\n\n' + toml, encoding="utf-8")
    (app / "src" / "main.rs").write_text(main_rs, encoding="utf-8")
    target = ROOT / "target" / "docs-check" / "rust-quickstart-target"
    r = subprocess.run(["cargo", "run", "--quiet", "--offline"], cwd=app, capture_output=True, text=True,
                       env={**os.environ, "CARGO_TARGET_DIR": str(target)})
    if r.returncode:
        problem(f"{where}: the Rust quick start as a crate of its own: cargo run exits {r.returncode}:\n{r.stderr}")
    else:
        print(f"{where}: built and ran as a crate of its own next to the repository", flush=True)


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`", "", heading.strip().lstrip("#").strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path):
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    return {slug(h) for h in re.findall(r"^#{1,6} .*$", text, flags=re.M)}


def check_links(path, rel):
    text = re.sub(r"^```.*?^```", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    text = re.sub(r"`[^`\n]*`", "", text)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto:
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path.resolve()
        if not dest.exists():
            problem(f"{rel}: link to {target}: {file} does not exist")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problem(f"{rel}: link to {target}: no heading with anchor #{anchor} in {file or rel}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="scratch directory")
    ap.add_argument("--csharp-dll", required=True, help="the compiled C# binding (MjKit.dll)")
    ap.add_argument("--fill-empty", action="store_true",
                    help="write the printed output into empty text blocks (for writing a page)")
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()
    out = pathlib.Path(args.out).resolve()
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    dll = pathlib.Path(args.csharp_dll).resolve()
    lib = ROOT / "target" / "release"
    env = {"LD_LIBRARY_PATH": str(lib), "PATH": "/usr/local/bin:/usr/bin:/bin"}
    lib_rs = (ROOT / "src" / "lib.rs").read_text(encoding="utf-8")
    counts = {}
    for page in args.pages:
        path = pathlib.Path(page)
        rel = path.resolve().relative_to(ROOT).as_posix()
        check_links(path, rel)
        bl = blocks(path)
        stem = re.sub(r"\W", "_", rel)
        qs_dir = None  # the scratch directory of the section's "Save as" files
        qs_section = None
        for n, (line, lang, code, section, saved) in enumerate(bl):
            where = f"{rel}:{line}"
            nxt = bl[n + 1] if n + 1 < len(bl) else None
            # The expected output: the next block when it is text and only blank lines lie between.
            want = None
            if nxt and nxt[1] == "text":
                gap = path.read_text(encoding="utf-8").splitlines()[line + code.count("\n") + 1:nxt[0] - 1]
                if all(not g.strip() for g in gap):
                    want = nxt[2]
            lang = ALIASES.get(lang, lang)
            if lang not in LANGS:
                problem(f"{where}: code block language {lang!r} (use one of {sorted(LANGS)})")
                continue
            counts[lang] = counts.get(lang, 0) + 1
            if saved:
                if qs_section != section:
                    qs_dir = out / f"{stem}_{line}_quickstart"
                    qs_dir.mkdir()
                    for d in ("include", "target", "bindings"):
                        (qs_dir / d).symlink_to(ROOT / d)
                    qs_section = section
                (qs_dir / saved).write_text(code, encoding="utf-8")
            name = out / f"{stem}_{line}"
            if lang == "rust":
                if f'include_str!("../{rel}")' not in lib_rs:
                    problem(f"{where}: a rust block, but src/lib.rs has no doctest module with "
                            f'#[doc = include_str!("../{rel}")]')
            elif lang in ("c", "cpp"):
                src = name.with_suffix(".c" if lang == "c" else ".cpp")
                src.write_text(code, encoding="utf-8")
                cc = ["gcc", "-std=c99"] if lang == "c" else ["g++", "-std=c++11"]
                flags = cc + ["-Wall", "-Wextra", "-Werror", f"-I{ROOT / 'include'}"]
                if re.search(r"\bint\s+main\s*\(", code):
                    rc, _, err = run(flags + [str(src), f"-L{lib}", "-lmjkit", f"-Wl,-rpath,{lib}", "-o", str(name)])
                    if rc:
                        problem(f"{where}: {lang} block does not compile:\n{err}")
                        continue
                    rc, got, err = run([str(name)], env=env)
                    if rc:
                        problem(f"{where}: {lang} program exits {rc}:\n{got}{err}")
                    elif want is not None:
                        expect(where, got, want, (path, nxt[0]) if args.fill_empty else None)
                else:
                    rc, _, err = run(flags + ["-c", str(src), "-o", str(name) + ".o"])
                    if rc:
                        problem(f"{where}: {lang} block does not compile:\n{err}")
            elif lang == "cs":
                src = name.with_suffix(".cs")
                src.write_text(code, encoding="utf-8")
                mcs = ["mcs", "-langversion:7.2", "-warnaserror", "-nologo", f"-r:{dll}"]
                if re.search(r"\bstatic\s+void\s+Main\s*\(", code):
                    rc, got, err = run(mcs + [f"-out:{name}.exe", str(src)])
                    if rc:
                        problem(f"{where}: C# block does not compile:\n{got}{err}")
                        continue
                    shutil.copy(dll, out / dll.name)
                    rc, got, err = run(["mono", f"{name}.exe"], env=env, cwd=out)
                    if rc:
                        problem(f"{where}: C# program exits {rc}:\n{got}{err}")
                    elif want is not None:
                        expect(where, got, want, (path, nxt[0]) if args.fill_empty else None)
                else:
                    rc, got, err = run(mcs + ["-target:library", f"-out:{name}.dll", str(src)])
                    if rc:
                        problem(f"{where}: C# block does not compile:\n{got}{err}")
            elif lang == "sh":
                r = subprocess.run(["bash", "-n"], input=code, capture_output=True, text=True)
                if r.returncode:
                    problem(f"{where}: sh block is not valid bash:\n{r.stderr}")
                    continue
                if qs_dir is not None and qs_section == section:
                    script = "".join(ln + "\n" for ln in code.splitlines() if not ln.startswith("cargo build"))
                    r = subprocess.run(["bash", "-e", "-c", script], cwd=qs_dir, capture_output=True, text=True)
                    if r.returncode:
                        problem(f"{where}: the commands exit {r.returncode} in {qs_dir}:\n{r.stdout}{r.stderr}")
                    elif want is not None:
                        expect(where, r.stdout, want, (path, nxt[0]) if args.fill_empty else None)
            elif lang == "json":
                # One JSON value, or JSON Lines (one value per line).
                try:
                    json.loads(code)
                except ValueError:
                    for k, ln in enumerate(code.splitlines()):
                        try:
                            if ln.strip():
                                json.loads(ln)
                        except ValueError as e:
                            problem(f"{where}: json block, line {k + 1}: {e}")
                            break
            elif lang == "cmake":
                # scripts/install-test.sh builds and runs the CMake project of docs/building.md
                # against an installed mjkit; a CMake block anywhere else would go unchecked.
                if rel != "docs/building.md":
                    problem(f"{where}: a cmake block outside docs/building.md is built by no test")
            elif lang == "toml":
                try:
                    manifest = tomllib.loads(code)
                except tomllib.TOMLDecodeError as e:
                    problem(f"{where}: toml block does not parse: {e}")
                    continue
                later = [b for b in bl[n + 1:] if b[3] == section and b[1] == "rust" and "fn main" in b[2]]
                if "dependencies" in manifest and later:
                    crate_as_pasted(where, code, manifest, later[0][2], out)
        print(f"{rel}: {len(bl)} code blocks checked", flush=True)
    for page, line, text in sorted(FILL, key=lambda f: (str(f[0]), -f[1])):
        lines = page.read_text(encoding="utf-8").split("\n")
        lines[line:line] = text.rstrip("\n").split("\n")
        page.write_text("\n".join(lines), encoding="utf-8")
        print(f"{page}:{line}: filled in the printed output")
    summary = ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
    if problems:
        print(f"{len(problems)} problems in the documentation's code blocks")
        sys.exit(1)
    print(f"documentation code blocks: {summary}; all compiled, run or checked")


if __name__ == "__main__":
    main()
