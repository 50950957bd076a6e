#!/usr/bin/env python3
"""Every #include in the tree against docs/architecture.md's layer table (TAP).

The table is the rule and this test reads it, so the two cannot drift apart: each row names
a folder (the most specific row that holds a file is its layer) and what that folder may
include. A folder may include itself (its own subtree), the project folders its row names,
and, as includes go down the list, whatever those folders may include in turn. Libraries
are not inherited: a file that includes a library's header (<dbus/...>, <hunspell/...>) must
be in a row that names that library. `anything` allows everything; the C library, POSIX,
GLib (the project is written on it) and the headers the build generates are always allowed.
So that the check is known to bite, it is also run on a small tree of bad includes (one up the
list, a library the row lacks, a bare name) that it must refuse one by one."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")

# A library as the table names it, and how its headers are spelt.
LIBRARIES = {
    "libdbus": re.compile(r"^dbus/"),
    "Hunspell": re.compile(r"^hunspell[/.]"),
    "json-glib": re.compile(r"^json-glib/"),
    "libcurl": re.compile(r"^curl/"),
    "Vulkan": re.compile(r"^vulkan/"),
    "readline": re.compile(r"^readline/"),
    "CLD2": re.compile(r"^cld2/"),
}
# Headers meson generates into the build tree (shaders/, daemon/ and client/meson.build).
GENERATED = {"draftd-spirv.h", "introspection.h", "catalogue-tsv.h"}
SOURCE_DIRS = ("lib", "grammar", "daemon", "client", "testbed", "tools", "tests")


def parse_table(doc):
    """{folder: (project folders, libraries, anything)} from the layer table."""
    text = open(doc, encoding="utf-8").read()
    section = text.split("## The layers and who may include whom", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0].startswith("`"):
            continue
        folders = re.findall(r"`([^`]+/)`", cells[0])
        may = cells[-1].split(" never ")[0]  # "`engine/` never includes ...": a prose aside
        allowed = re.findall(r"`([^`]+/)`", may)
        libs = {name for name in LIBRARIES if re.search(r"(^|[\s,;(])" + re.escape(name) + r"\b", may)}
        for f in folders:
            rows[f] = (allowed, libs, "anything" in may)
    return rows


def layer_of(path, rows):
    """The most specific row whose folder holds `path` (relative, with '/')."""
    best = None
    for folder in rows:
        if path.startswith(folder) and (best is None or len(folder) > len(best)):
            best = folder
    return best


def reachable(folder, rows, seen=None):
    """Project folders `folder`'s files may include: itself, its row's, and theirs in turn."""
    seen = set() if seen is None else seen
    if folder in seen:
        return seen
    seen.add(folder)
    for target in rows.get(folder, ([], set(), False))[0]:
        reachable(target, rows, seen)
    return seen


def includes(path):
    for n, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
        m = re.match(r'\s*#\s*include\s*([<"])([^>"]+)[>"]', line)
        if m:
            yield n, m.group(1) == "<", m.group(2)


def violations(rows, tree=None):
    tree = tree or root
    out, files = [], 0
    for top in SOURCE_DIRS:
        for dirpath, _, names in os.walk(os.path.join(tree, top)):
            for name in sorted(names):
                if not name.endswith((".c", ".h", ".cc")):
                    continue
                full = os.path.join(dirpath, name)
                rel = os.path.relpath(full, tree).replace(os.sep, "/")
                layer = layer_of(rel, rows)
                if layer is None:
                    out.append(f"{rel}: in no row of the table")
                    continue
                files += 1
                allowed, libs, anything = rows[layer]
                if anything:
                    continue
                folders = reachable(layer, rows)
                for n, system, header in includes(full):
                    if system:
                        lib = next((k for k, rx in LIBRARIES.items() if rx.match(header)), None)
                        if lib and lib not in libs:
                            out.append(f"{rel}:{n}: <{header}> is {lib}, which `{layer}` may not include")
                    elif "/" not in header:
                        if header not in GENERATED and not os.path.exists(os.path.join(dirpath, header)):
                            out.append(f"{rel}:{n}: \"{header}\" is not spelt from the source root")
                    elif not any(header.startswith(f) for f in folders):
                        out.append(f"{rel}:{n}: \"{header}\": `{layer}` may include {', '.join(sorted(folders))}")
    return out, files


# The engine owns every thread that touches a model (docs/architecture.md): grammar/ asks its
# caller for threads (DraftdGrammarWorkers.start) and starts none itself.
THREAD_STARTS = re.compile(r"\b(g_thread_new|g_thread_try_new|pthread_create|g_thread_pool_new|g_task_run_in_thread)\b")


def thread_starts(folder):
    out = []
    for dirpath, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith((".c", ".h", ".cc")):
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for n, line in enumerate(f, 1):
                        if THREAD_STARTS.search(line) and not line.lstrip().startswith(("/*", "*")):
                            out.append(f"{os.path.relpath(path, root)}:{n}: {line.strip()}")
    return out


# A tree of bad includes the check must refuse, each with the words it must say.
BAD_TREE = {
    "daemon/engine/bad.c": ('#include "daemon/service/service.h"\n', 'bad.c:1: "daemon/service/service.h"'),
    "daemon/engine/bus.c": ("#include <dbus/dbus.h>\n", "<dbus/dbus.h> is libdbus"),
    "lib/gguf/up.c": ('#include "lib/runtime/forward.h"\n', 'up.c:1: "lib/runtime/forward.h"'),
    "lib/tokenizer/bare.c": ('#include "vocab.h"\n', "not spelt from the source root"),
}


def bites_on_fixture(rows):
    """The check run on a tree of known bad includes refuses each one and nothing else."""
    import tempfile
    with tempfile.TemporaryDirectory() as tree:
        for rel, (text, _) in BAD_TREE.items():
            os.makedirs(os.path.dirname(os.path.join(tree, rel)), exist_ok=True)
            with open(os.path.join(tree, rel), "w", encoding="utf-8") as f:
                f.write(text)
        with open(os.path.join(tree, "lib/gguf/fine.c"), "w", encoding="utf-8") as f:
            f.write('#include "lib/gguf/gguf.h"\n#include <glib.h>\n')
        bad, _ = violations(rows, tree)
    caught = all(any(want in line for line in bad) for _, want in BAD_TREE.values())
    return caught and len(bad) == len(BAD_TREE), bad


def main():
    rows = parse_table(os.path.join(root, "docs", "architecture.md"))
    print("1..5")
    print(("ok" if len(rows) >= 10 else "not ok") + f" 1 - the layer table has its rows ({len(rows)})")
    # The rule must bite: the engine including the service, or libdbus, is refused.
    engine = rows.get("daemon/engine/")
    bites = engine is not None and not any(
        h.startswith("daemon/service/") for h in reachable("daemon/engine/", rows)) and "libdbus" not in engine[1]
    print(("ok" if bites else "not ok") + " 2 - the table keeps the engine off the service and libdbus")
    bad, files = violations(rows)
    print(("ok" if not bad and files > 100 else "not ok") + f" 3 - every include of {files} files follows the table")
    for line in bad:
        print("# " + line)
    starts = thread_starts("grammar")
    print(("ok" if not starts else "not ok") + " 4 - grammar/ starts no threads (the engine does)")
    for line in starts:
        print("# " + line)
    fixture_ok, said = bites_on_fixture(rows)
    print(("ok" if fixture_ok else "not ok") + f" 5 - a tree of {len(BAD_TREE)} bad includes is refused include by include")
    for line in said:
        print("# " + line)
    return 0 if not bad and bites and files > 100 and not starts and fixture_ok else 1


if __name__ == "__main__":
    sys.exit(main())
