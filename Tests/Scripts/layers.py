#!/usr/bin/env python3
"""Which folder of Sources/ uses which, read from the types each file declares and names.

`make layers` prints, per target: its folders, the pairs of folders that use each other, and the
cycles (strongly connected groups of folders); then the edges between targets, and how many
`package` declarations each target has and how many of them no other target names. It exits 1 when
a target holds a folder cycle, so that once the layers are cut it can keep them cut.

It reads Swift as text: a type is a name after `struct`, `class`, `enum`, `protocol`, `actor` or
`typealias` at the start of a declaration; a file uses a type when the name appears in it outside
comments and string literals. Extensions count for the folder that declares the type, not the
one that extends it. That is coarse on purpose: a use the compiler would see is a use here too.
"""

import os
import re
import sys
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SOURCES = os.path.join(ROOT, "Sources")

DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)",
    re.M,
)
PACKAGE_DECL = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*package\s+(?:[a-z]+\s+)*?(?:func|var|let|struct|class|enum|protocol|actor|typealias|init|static|subscript|case)\b[^\n]*", re.M)
IDENT = re.compile(r"\b[A-Z]\w*\b")
GENERIC = re.compile(r"(?:func|struct|class|enum|init|typealias)\b[^\n{(]*?<([^>]*)>")


def strip(text):
    """The text without comments and string literals, which name types without using them."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r'"""(?:.|\n)*?"""', '""', text)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"//[^\n]*", " ", text)


def swift_files():
    for target in sorted(os.listdir(SOURCES)):
        base = os.path.join(SOURCES, target)
        for dirpath, _, names in os.walk(base):
            for name in sorted(names):
                if name.endswith(".swift"):
                    path = os.path.join(dirpath, name)
                    rel = os.path.relpath(path, base)
                    folder = rel.split(os.sep)[0] if os.sep in rel else "."
                    yield target, folder, path


def tarjan(nodes, edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in nodes:
        if v not in index:
            visit(v)
    return out


def main():
    why = "--why" in sys.argv[1:]  # also name, for each edge inside a cycle, the files and types that make it
    files = list(swift_files())
    texts = {path: strip(open(path, encoding="utf-8").read()) for _, _, path in files}
    declared = defaultdict(set)  # type name -> {(target, folder)}: a name may live in several targets
    for target, folder, path in files:
        for name in DECL.findall(texts[path]):
            declared[name].add((target, folder))

    folder_edges = defaultdict(set)
    target_edges = defaultdict(set)
    reasons = defaultdict(set)  # (from folder, to folder) -> {"file: Type"}
    for target, folder, path in files:
        generics = {g.strip().split(":")[0].strip() for group in GENERIC.findall(texts[path]) for g in group.split(",")}
        for name in set(IDENT.findall(texts[path])) - generics:
            homes = declared.get(name, set())
            own = {h for h in homes if h[0] == target}
            if (target, folder) in own:
                continue  # the file's own folder declares it: a local use
            if own:
                # A name declared in the file's own target resolves there (Swift prefers it).
                for home in own:
                    folder_edges[(target, folder)].add(home)
                    reasons[((target, folder), home)].add(f"{os.path.basename(path)}: {name}")
            else:
                for home in homes:
                    target_edges[target].add(home[0])

    failed = False
    targets = sorted({t for t, _, _ in files})
    for target in targets:
        folders = sorted({f for t, f, _ in files if t == target})
        nodes = [(target, f) for f in folders]
        mutual = sorted(
            (a[1], b[1]) for a in nodes for b in folder_edges.get(a, ()) if a < b and a in folder_edges.get(b, ())
        )
        cycles = tarjan(nodes, folder_edges)
        print(f"{target}: {len(folders)} folders, {len(mutual)} pairs that use each other, "
              f"{len(cycles)} cycle{'s' if len(cycles) != 1 else ''}")
        for group in cycles:
            failed = True
            print("  cycle: " + " ".join(f for _, f in group))
        for a, b in mutual:
            print(f"  {a} <-> {b}")
        if why:
            for group in cycles:
                members = set(group)
                for a in group:
                    for b in sorted(folder_edges.get(a, ())):
                        if b in members:
                            print(f"    {a[1]} -> {b[1]}: " + ", ".join(sorted(reasons[(a, b)])))
    print("target edges (by types named):")
    for target in targets:
        print(f"  {target} -> {', '.join(sorted(target_edges.get(target, ()))) or '(none)'}")
    for target in targets:
        count = sum(len(PACKAGE_DECL.findall(texts[p])) for t, _, p in files if t == target)
        if count:
            print(f"package declarations in {target}: {count}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
