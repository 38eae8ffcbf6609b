#!/usr/bin/env python3
"""Checks the Godot addon and demo without a Godot binary (scripts/godot-test.sh runs it).

- addons/mjkit/mjkit.gdextension: entry symbol, compatibility_minimum equal to the Godot API the
  crate is built against (Cargo.toml's api-4-x feature), a library for linux, windows and macos in
  debug and release, each under res://addons/mjkit/bin/ and named after the crate's library.
- The built library (--lib) exports the entry symbol (nm -D --defined-only) and loads with
  dlopen(RTLD_NOW), so no symbol is unresolved; with --installed
  PROJECT, the library that PROJECT/addons/mjkit/mjkit.gdextension names for this machine's debug
  key (linux.debug.x86_64: what the editor loads) exists at that res:// path and exports it.
- examples/godot: project.godot names an existing main scene; the .tscn files are well-formed
  text scenes (format=3, load_steps, ext_resource ids and paths, node parents, %unique names the
  scripts use); every MjKit.<name> and MjTable.<name> the scripts use, and every method called
  on a variable declared as one of these classes, is a #[func] or #[constant] of that class in
  src/lib.rs; every "res://..." path a script names exists.
- docs/godot.md: the MjKit and MjTable API tables name exactly the #[func]s; every method a
  ```gdscript block of README.md or docs/ calls exists (--docs-only: only these checks).

Exits nonzero with one line per problem.
"""

import argparse
import configparser
import ctypes
import os
import pathlib
import re
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
CRATE = HERE.parent
ROOT = CRATE.parent.parent
problems = []


def problem(msg):
    problems.append(msg)


def unquote(v):
    v = v.strip()
    return v[1:-1] if len(v) >= 2 and v[0] == v[-1] == '"' else v


def read_gdextension(path):
    cp = configparser.ConfigParser(comment_prefixes=(";", "#"), interpolation=None)
    cp.optionxform = str  # keys are case-sensitive feature tags
    cp.read(path, encoding="utf-8")
    return cp


def crate_info():
    text = (CRATE / "Cargo.toml").read_text(encoding="utf-8")
    name = re.search(r'^name = "([^"]+)"', text, re.M).group(1)
    api = re.search(r'"api-(\d+)-(\d+)"', text)
    return name.replace("-", "_"), (f"{api.group(1)}.{api.group(2)}" if api else None)


def check_gdextension(lib):
    path = CRATE / "addons" / "mjkit" / "mjkit.gdextension"
    cp = read_gdextension(path)
    lib_name, api = crate_info()
    conf = cp["configuration"] if cp.has_section("configuration") else {}
    entry = unquote(conf.get("entry_symbol", ""))
    if not entry:
        problem(f"{path}: no [configuration] entry_symbol")
    minimum = unquote(conf.get("compatibility_minimum", ""))
    if api is None:
        problem("Cargo.toml: the godot dependency names no api-4-x feature")
    elif minimum != api:
        problem(f"{path}: compatibility_minimum {minimum!r} but the crate is built for Godot {api}")
    libs = dict(cp["libraries"]) if cp.has_section("libraries") else {}
    wanted = {
        "linux": ("lib", ".so"),
        "windows": ("", ".dll"),
        "macos": ("lib", ".dylib"),
    }
    for platform, (prefix, ext) in wanted.items():
        for build in ("debug", "release"):
            keys = [k for k in libs if k.split(".")[:2] == [platform, build]]
            if not keys:
                problem(f"{path}: no library for {platform}.{build}")
            for k in keys:
                p = unquote(libs[k])
                fname = p.rsplit("/", 1)[-1]
                if not p.startswith("res://addons/mjkit/bin/"):
                    problem(f"{path}: {k} = {p} is not under res://addons/mjkit/bin/")
                if not (fname.startswith(prefix + lib_name + ".") and fname.endswith(ext)):
                    problem(f"{path}: {k} = {fname}: expected {prefix}{lib_name}.*{ext}")
                if f"template_{build}" not in fname:
                    problem(f"{path}: {k} = {fname} does not say template_{build}")
    if lib:
        check_exports(lib, entry)
    return entry


def check_exports(lib, entry):
    out = subprocess.run(
        ["nm", "-D", "--defined-only", str(lib)], capture_output=True, text=True, check=True
    ).stdout
    exported = {line.split()[-1] for line in out.splitlines() if line.split()[1:2] == ["T"]}
    if entry not in exported:
        problem(f"{lib} does not export the entry symbol {entry!r} (exports: {sorted(exported)})")
        return
    # Loading resolves every symbol now (RTLD_NOW), as the engine's dlopen would; the entry
    # function is only looked up, never called (it needs the engine's interface).
    try:
        handle = ctypes.CDLL(str(pathlib.Path(lib).resolve()), mode=os.RTLD_NOW)
        getattr(handle, entry)
    except (OSError, AttributeError) as e:
        problem(f"{lib}: dlopen/dlsym failed: {e}")
        return
    print(f"{lib}: exports {entry} (named by mjkit.gdextension); dlopen(RTLD_NOW) and dlsym work")


def check_installed(project):
    """The library Godot's editor would load from PROJECT on this machine (linux x86_64)."""
    project = pathlib.Path(project)
    cp = read_gdextension(project / "addons" / "mjkit" / "mjkit.gdextension")
    entry = unquote(cp["configuration"]["entry_symbol"])
    key = "linux.debug.x86_64"
    path = unquote(cp["libraries"].get(key, ""))
    lib = res_path(project, path) if path else None
    if lib is None or not lib.is_file():
        problem(f"{project}: {key} = {path!r}: no such file after scripts/godot-addon.sh")
        return
    check_exports(lib, entry)


def class_sources():
    """The GDExtension's class code: src/lib.rs and the other files of src/ (MjClient is in
    src/client.rs)."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((CRATE / "src").glob("*.rs")))


def exported_api():
    """{class: the names of its #[func]s, #[constant]s and #[signal]s} from the #[godot_api]
    impl blocks."""
    src = class_sources()
    api = {}
    blocks = re.split(r"#\[godot_api(?:\(secondary\))?\]\s*impl (\w+) \{", src)
    for cls, body in zip(blocks[1::2], blocks[2::2]):
        funcs = set(re.findall(r"#\[func\]\s*(?:///[^\n]*\n\s*)*fn (\w+)", body))
        consts = set(re.findall(r"#\[constant\]\s*const (\w+)", body))
        signals = set(re.findall(r"#\[signal\]\s*fn (\w+)", body))
        api.setdefault(cls, set()).update(funcs | consts | signals)
    return api


def parse_tscn(path):
    header, exts, subs, nodes = None, {}, set(), []
    section = None
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("["):
            m = re.fullmatch(r"\[(\w+)((?: \w+=(?:\"[^\"]*\"|[\w.]+))*)\]", line)
            if not m:
                problem(f"{path}:{n}: malformed section header {line!r}")
                continue
            attrs = dict(re.findall(r"(\w+)=(\"[^\"]*\"|[\w.]+)", m.group(2)))
            attrs = {k: unquote(v) for k, v in attrs.items()}
            section = m.group(1)
            if section == "gd_scene":
                header = attrs
            elif section == "ext_resource":
                exts[attrs.get("id")] = attrs
            elif section == "sub_resource":
                subs.add(attrs.get("id"))
            elif section == "node":
                nodes.append(dict(attrs, _props={}, _line=n))
            else:
                problem(f"{path}:{n}: unknown section [{section}]")
        elif line.strip() and section is not None:
            m = re.fullmatch(r"([\w/]+) = (.+)", line)
            if not m:
                problem(f"{path}:{n}: malformed property line {line!r}")
            elif section == "node":
                nodes[-1]["_props"][m.group(1)] = m.group(2)
                for ref in re.findall(r'ExtResource\("([^"]+)"\)', m.group(2)):
                    if ref not in exts:
                        problem(f"{path}:{n}: ExtResource({ref!r}) is not declared")
                for ref in re.findall(r'SubResource\("([^"]+)"\)', m.group(2)):
                    if ref not in subs:
                        problem(f"{path}:{n}: SubResource({ref!r}) is not declared")
    return header, exts, subs, nodes


def res_path(project, p):
    if not p.startswith("res://"):
        problem(f"{p}: not a res:// path")
        return None
    return project / p[len("res://"):]


def check_scene(project, path, api):
    header, exts, subs, nodes = parse_tscn(path)
    if header is None:
        problem(f"{path}: no [gd_scene] header")
        return
    if header.get("format") != "3":
        problem(f"{path}: format={header.get('format')}, Godot 4 writes format=3")
    steps = header.get("load_steps")
    if steps is not None and int(steps) != len(exts) + len(subs) + 1:
        problem(f"{path}: load_steps={steps}, expected {len(exts) + len(subs) + 1}")
    for rid, attrs in exts.items():
        target = res_path(project, attrs.get("path", ""))
        if target is not None and not target.is_file():
            problem(f"{path}: ext_resource {rid} points to missing {attrs.get('path')}")
    if not nodes or "parent" in nodes[0]:
        problem(f"{path}: the first node must be the root (no parent)")
        return
    paths = {"."}
    unique = set()
    for node in nodes[1:]:
        parent = node.get("parent")
        if parent not in paths:
            problem(f"{path}:{node['_line']}: parent {parent!r} of {node.get('name')!r} is not an earlier node")
        paths.add(node["name"] if parent == "." else f"{parent}/{node['name']}")
        if node["_props"].get("unique_name_in_owner") == "true":
            unique.add(node["name"])
    for rid, attrs in exts.items():
        if attrs.get("type") != "Script":
            continue
        script = res_path(project, attrs["path"])
        if script is None or not script.is_file():
            continue
        code = script.read_text(encoding="utf-8")
        # Without string literals and comments: "%d" in a format string is no node name.
        bare = re.sub(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*', '""', code)
        for name in sorted(set(re.findall(r"%(\w+)", bare))):
            if name not in unique:
                problem(f"{script}: %{name} is not a unique-named node of {path.name}")
        # Static calls and constants (MjKit.shanten, MjTable.create), and the methods called on
        # variables declared as a class (var _table: MjTable) must be that class's API.
        for cls, names in api.items():
            receivers = {cls} | set(re.findall(rf"\bvar (\w+)\s*:\s*{cls}\b", bare))
            for receiver in sorted(receivers):
                for name in sorted(set(re.findall(rf"\b{receiver}\.(\w+)", bare))):
                    if name not in names:
                        problem(
                            f"{script}: {receiver}.{name}: {cls} has no #[func] or "
                            f"#[constant] {name} in src/lib.rs"
                        )
        for target in sorted(set(re.findall(r'"(res://[^"]+)"', code))):
            if not res_path(project, target).is_file():
                problem(f"{script}: {target} does not exist")
    print(f"{path}: {len(nodes)} nodes, {len(exts)} external resources, scripts checked")


def check_demo(api):
    project = ROOT / "examples" / "godot"
    text = (project / "project.godot").read_text(encoding="utf-8")
    if not re.search(r"^config_version=5$", text, re.M):
        problem("examples/godot/project.godot: config_version=5 (Godot 4) missing")
    m = re.search(r'^run/main_scene="([^"]+)"$', text, re.M)
    if not m:
        problem("examples/godot/project.godot: no run/main_scene")
    else:
        main = res_path(project, m.group(1))
        if main is None or not main.is_file():
            problem(f"examples/godot/project.godot: main scene {m.group(1)} missing")
    for scene in sorted(project.glob("*.tscn")):
        check_scene(project, scene, api)


def check_api_tables():
    """Every method the API tables of docs/godot.md name is a #[func] of its class, and every
    #[func] is named there (so the tables and the classes cannot drift apart). The MjKit table
    comes before the "## MjTable" heading, the MjTable table after it, the MjClient table after
    the "## MjClient" heading."""
    text = (ROOT / "docs" / "godot.md").read_text(encoding="utf-8")
    table_at = text.find("\n## MjTable")
    client_at = text.find("\n## MjClient")
    if table_at < 0 or client_at < table_at:
        problem("docs/godot.md: no '## MjTable' section followed by a '## MjClient' section")
        return
    parts = {
        "MjKit": text[:table_at],
        "MjTable": text[table_at:client_at],
        "MjClient": text[client_at:],
    }
    src = class_sources()
    for cls, part in parts.items():
        rows = "\n".join(line for line in part.splitlines() if line.startswith("| `"))
        named = set(re.findall(r"`(?:\w+\.)?(\w+)\(", rows))
        block = re.split(r"#\[godot_api(?:\(secondary\))?\]\s*impl (\w+) \{", src)
        funcs = set()
        for c, body in zip(block[1::2], block[2::2]):
            if c == cls:
                funcs |= set(re.findall(r"#\[func\]\s*(?:///[^\n]*\n\s*)*fn (\w+)", body))
        # Object.new() is Godot's own constructor.
        for name in sorted(named - funcs - {"new"}):
            problem(f"docs/godot.md: {cls} table names {name}(), which is no #[func] of {cls}")
        for name in sorted(funcs - named):
            problem(f"docs/godot.md: the {cls} table does not name #[func] {name}()")
    print("docs/godot.md: the MjKit, MjTable and MjClient API tables match src/lib.rs")


def check_doc_blocks(api):
    """Every MjKit.<name> / MjTable.<name> a ```gdscript block of README.md or docs/*.md uses,
    and every method it calls on a variable holding an MjTable (declared `: MjTable` or assigned
    from MjTable.create / MjTable.new), is a #[func] or #[constant] of that class."""
    pages = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    n = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for m in re.finditer(r"^```gdscript\n(.*?)^```$", text, flags=re.S | re.M):
            n += 1
            line = text[: m.start()].count("\n") + 1
            bare = re.sub(r'"(?:[^"\\\n]|\\.)*"|#[^\n]*', '""', m.group(1))
            for cls, names in api.items():
                receivers = {cls} | set(re.findall(rf"\bvar (\w+)\s*:\s*{cls}\b", bare))
                receivers |= set(re.findall(rf"\bvar (\w+)\s*:?=\s*{cls}\.(?:create|new)\(", bare))
                for receiver in sorted(receivers):
                    for name in sorted(set(re.findall(rf"\b{receiver}\.(\w+)", bare))):
                        if name not in names and not (receiver == cls and name == "new"):
                            problem(
                                f"{page.relative_to(ROOT)}:{line}: {receiver}.{name}: {cls} has no "
                                f"#[func] or #[constant] {name} in src/lib.rs"
                            )
    print(f"README.md and docs/: {n} GDScript blocks call only methods of the GDExtension")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", help="built library to check for the entry symbol")
    ap.add_argument("--installed", help="a project that scripts/godot-addon.sh installed into")
    ap.add_argument("--docs-only", action="store_true",
                    help="only the documentation checks (no built library needed)")
    args = ap.parse_args()
    if args.docs_only:
        api = exported_api()
        check_api_tables()
        check_doc_blocks(api)
        for p in problems:
            print("FAIL:", p)
        sys.exit(1 if problems else 0)
    check_gdextension(args.lib)
    if args.installed:
        check_installed(args.installed)
    api = exported_api()
    for cls, least in (("MjKit", 10), ("MjTable", 10)):
        if len(api.get(cls, ())) < least:
            problem(f"src/lib.rs: found only {sorted(api.get(cls, ()))} as {cls} #[func]/#[constant]")
    check_demo(api)
    check_api_tables()
    check_doc_blocks(api)
    for p in problems:
        print("FAIL:", p)
    if problems:
        sys.exit(1)
    counts = ", ".join(f"{len(names)} {cls}" for cls, names in sorted(api.items()))
    print(f"addon and demo checks passed (methods and constants: {counts})")


if __name__ == "__main__":
    main()
