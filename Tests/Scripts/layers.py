#!/usr/bin/env python3
"""Which folder and which target of Sources/ uses which, read from the types each file declares and names.

`make layers` prints, per target: its folders, the pairs of folders that use each other, and the
cycles (strongly connected groups of folders); then the edges between targets; then, per target,
how many `package` declarations it has and how many of them no other target names (they could be
internal). `--why` adds, for each folder edge inside a cycle, the files and the types that make it;
`--internal` lists those `package` declarations one by one (path:line: what).

`--check` (a step of `make test`) prints only what is wrong and exits 1 when
- a target listed in LAYERED holds a folder cycle, or a folder that uses one after it in the
  target's documented folder order (ORDER), or a folder ORDER does not place,
- a target uses one that ALLOWED does not let it use: by a type it names, an `import`, or a
  dependency in Package.swift,
- a test target imports a target TESTS does not let it use, or holds a folder that mirrors no
  folder of the target it tests,
naming the files and types behind each. Without `--check` the whole report is printed and the exit
status is the same. `--root DIR` reads DIR/Package.swift and DIR/Sources (layers-test.py uses it).

It reads Swift as text: a type is a name after `struct`, `class`, `enum`, `protocol`, `actor` or
`typealias` at the start of a declaration; a file uses a type when the name appears in it outside
comments and the words of string literals (an interpolation's code counts). Extensions count for
the folder that declares the type, not the one that extends it. That is coarse on purpose: a use
the compiler would see is a use here too.

A `package` declaration is named outside its target when its name (an initializer: its type's name)
appears in another target, or in a test that does not `@testable import` the target: tests built
for debugging (`swift build`, `swift test`) are built with testing enabled, and a testable import
sees internal declarations. Also kept: a type that a kept declaration's signature shows, and, in a
kept type or a protocol's extension, a witness to a requirement of a standard protocol (WITNESSES,
and Decodable's `init(from:)`) or of a `package` protocol that stays so; a member of a type nothing
outside names is not kept, whatever its own name. Uses only the compiler sees (a
type left to inference in an argument, a subscript, an operator) are missed: the build has the last
word.
"""

import os
import re
import sys
from collections import defaultdict

# The targets whose folders must form no cycle: a target joins, by its name here, once its folders
# are cut into layers. The rest are reported ("not yet checked") but do not fail the check.
LAYERED = ["KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthSandbox", "KAuthCLI", "KAuthTestSupport", "kauth"]

# Each layered target's folders, bottom up, as Docs/architecture.md documents them: a folder may use
# only the folders before it ("." is the target's root folder). A new folder needs a place here.
ORDER = {
    "KAuthBasics": ["Support", "Crypto", "HTTP", "Loopback", "World"],
    "KAuthCore": [".", "Providers", "OAuth", "API", "Keystore", "Config", "OIDC", "User", "Login", "Token", "AWS"],
    "KakaoAPI": ["Share", "Talk", "User", "Consent", "Shipping", "."],
    "KAuthSandbox": ["State", "Crypto", "Engine", "OAuth", "User", "Snap", "OIDC", "Share", "Talk", "Apps", "Control", "."],
    "KAuthCLI": ["Words", "Flags", "Context", "Parsing", "Output", "Pages", "Commands", "."],
    "KAuthTestSupport": ["."],
    "kauth": ["."],
}

# The test targets: which of our targets each may import, and the target whose folders its own
# folders mirror (a test of `KAuthBasics/Crypto` lives in `KAuthBasicsTests/Crypto`); None: a test
# target with no folders of its own to mirror.
TESTS = {
    "KAuthBasicsTests": ({"KAuthBasics", "KAuthTestSupport"}, "KAuthBasics"),
    "KAuthCoreTests": ({"KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"}, "KAuthCore"),
    "KakaoAPITests": ({"KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"}, "KakaoAPI"),
    "KAuthSandboxTests": ({"KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthSandbox", "KAuthTestSupport"}, "KAuthSandbox"),
    "KAuthCLITests": ({"KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthSandbox", "KAuthCLI", "KAuthTestSupport"}, "KAuthCLI"),
    "KAuthEndToEndTests": ({"KAuthBasics", "KAuthCore", "KakaoAPI", "KAuthTestSupport"}, None),
}

# Which of our targets each target may use, bottom up. Declared here rather than read from
# Package.swift, which says what the compiler lets a target import: this says which way the layers
# go, so that a dependency added there the wrong way fails here too. A new target needs a line.
# The C shims (CCrypto, CCurl, CKeyring, CBuildInfo) are not layers and are not checked.
BASICS = {"KAuthBasics"}
CORE = BASICS | {"KAuthCore"}
KAKAO = CORE | {"KakaoAPI"}
SANDBOX = KAKAO | {"KAuthSandbox"}
ALLOWED = {
    "KAuthBasics": set(),
    "KAuthCore": BASICS,
    "KakaoAPI": CORE,
    "KAuthSandbox": KAKAO,
    "KAuthCLI": SANDBOX,
    "kauth": {"KAuthCLI", "KAuthBasics"},
    # The test doubles and the ID token signer the client's tests use: anything below the CLI.
    "KAuthTestSupport": SANDBOX,
}

DECL = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private|final|indirect|nonisolated)\s+)*"
    r"(?:struct|class|enum|protocol|actor|typealias)\s+([A-Z]\w*)",
    re.M,
)
PACKAGE_DECL = re.compile(
    r"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*package\s+(?:[a-z]+\s+)*?"
    r"(?:func|var|let|struct|class|enum|protocol|actor|typealias|init|static|subscript|case)\b[^\n]*",
    re.M,
)
# What a `package` declaration declares: its kind and, where it has one, its name.
PACKAGE_NAME = re.compile(
    r"package\s+(?:(?:static|class|final|override|mutating|nonmutating|convenience|required|lazy|nonisolated|dynamic"
    r"|indirect)\s+)*(?:(func|var|let|struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_]\w*)?|(init|subscript))"
)
TYPE_KINDS = {"struct", "class", "enum", "protocol", "actor", "typealias"}
# Requirements of the standard library's protocols (Executor, CustomStringConvertible, LocalizedError,
# Encodable, Hashable): a witness must be as visible as its type, whoever names it.
WITNESSES = {"enqueue", "description", "errorDescription", "encode", "hash"}
# Decodable's requirement, `init(from:)`: an initializer is named by its type, so it is told by its label.
DECODING_INIT = re.compile(r"\s*\(\s*from\s+\w+\s*:")
# An enum's case, whose associated values show types as a declaration's signature does (a switch's
# `case .name`, `case let` and `case name:` are not).
ENUM_CASE = re.compile(r"^[ \t]*(?:indirect\s+)?case\s+(?!(?:let|var|is)\b)[a-z_]\w*\s*(?=[(,=\n])", re.M)
# A protocol other targets may adopt, and the members its body requires.
VISIBLE_PROTOCOL = re.compile(r"^[ \t]*(?:@\w+(?:\([^)]*\))?\s+)*(?:package|public)\s+protocol\s+([A-Z]\w*)[^{]*\{", re.M)
REQUIREMENT = re.compile(r"\b(?:var|func)\s+([A-Za-z_]\w*)")
IMPORT = re.compile(r"^\s*(@testable\s+)?import\s+(\w+)", re.M)
IDENT = re.compile(r"\b[A-Z]\w*\b")
WORD = re.compile(r"\b[A-Za-z_]\w*\b")
GENERIC = re.compile(r"(?:func|struct|class|enum|init|typealias)\b[^\n{(]*?<([^>]*)>")
# A type's body opens: what names the scope that members declared inside it belong to.
SCOPE = re.compile(r"\b(?:struct|class|enum|actor|protocol|extension)\s+([A-Z][\w.]*)|[{}]")


def strip(text):
    """The text without comments and the words of string literals, which name types without using
    them; the code of an interpolation, `\\(...)`, stays. Line breaks stay, so line numbers hold."""
    out, i, n = [], 0, len(text)
    resume = []  # per open interpolation: the string to go back to (multi-line?, #s) and the ( depth
    string = None  # inside a string literal: (multi-line?, how many #s around it)
    while i < n:
        c = text[i]
        if string:
            multi, hashes = string
            close = ('"""' if multi else '"') + "#" * hashes
            if text.startswith("\\" + "#" * hashes, i):
                after = i + 1 + hashes
                if after < n and text[after] == "(":
                    resume.append([string, 0])
                    string = None
                    out.append(" ")
                i = after + 1
            elif text.startswith(close, i):
                out.append('""')
                string = None
                i += len(close)
            else:
                if c == "\n":
                    out.append(c)
                i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if text[i] == "\n":
                        out.append("\n")
                    i += 1
            out.append(" ")
        elif c == '"' or (c == "#" and re.match(r'#+"', text[i:i + 40])):
            hashes = len(text[i:]) - len(text[i:].lstrip("#"))
            i += hashes
            multi = text.startswith('"""', i)
            i += 3 if multi else 1
            string = (multi, hashes)
        else:
            if resume and c == "(":
                resume[-1][1] += 1
            elif resume and c == ")":
                if resume[-1][1] == 0:
                    string = resume.pop()[0]
                    out.append(" ")
                    i += 1
                    continue
                resume[-1][1] -= 1
            out.append(c)
            i += 1
    return "".join(out)


def swift_files(sources):
    for target in sorted(os.listdir(sources)):
        base = os.path.join(sources, target)
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


def balanced(text, start):
    """The index just past the bracket that closes the one at `start`."""
    pairs = {"(": ")", "[": "]"}
    stack = []
    for i in range(start, len(text)):
        c = text[i]
        if c in pairs:
            stack.append(pairs[c])
        elif stack and c == stack[-1]:
            stack.pop()
            if not stack:
                return i + 1
    raise ValueError("unbalanced brackets")


def package_dependencies(root):
    """Package.swift's targets and the targets each depends on: {name: [dependency names]}.

    Raises ValueError when a target's dependencies are not a literal list it can read."""
    text = open(os.path.join(root, "Package.swift"), encoding="utf-8").read()
    # Comments out, string literals kept (they hold the names).
    text = re.sub(r'"(?:\\.|[^"\\\n])*"|//[^\n]*', lambda m: m.group(0) if m.group(0)[0] == '"' else " ", text)
    call = re.compile(r"\.(target|executableTarget|testTarget|systemLibrary)\s*\(")
    targets, pos = {}, 0
    while match := call.search(text, pos):
        end = balanced(text, match.end() - 1)
        body = text[match.end() : end - 1]
        pos = end  # what is inside (`.target(name:)` in a dependency list) is not a target
        name = re.search(r'\bname:\s*"(\w+)"', body)
        if not name:
            raise ValueError(f"a .{match.group(1)}( without a name at offset {match.start()}")
        deps = []
        listed = re.search(r"\bdependencies:\s*", body)
        if listed:
            if body[listed.end() : listed.end() + 1] != "[":
                raise ValueError(f"the dependencies of {name.group(1)} are not a literal list")
            deps = re.findall(r'"(\w+)"', body[listed.end() : balanced(body, listed.end())])
        targets[name.group(1)] = deps
    return targets


def scopes(text):
    """For each line of a stripped file (from 1), the type whose body holds it (None at top level)."""
    owner, stack, pending = [None], [], None
    for line in text.split("\n"):
        owner.append(stack[-1] if stack else None)
        for match in SCOPE.finditer(line):
            if match.group(1):
                pending = match.group(1).split(".")[-1]
            elif match.group(0) == "{":
                stack.append(pending or (stack[-1] if stack else None))
                pending = None
            elif stack:
                stack.pop()
    return owner


# A line that carries on the signature above it: its effects, its result or its constraints.
SIGNATURE_GOES_ON = re.compile(r"\s*(?:->|async\b|throws\b|rethrows\b|where\b)")


def signature(text, start):
    """A declaration's text from `start` to its body's `{` or the end of its last line (a line that
    starts with `->`, `async`, `throws` or `where` is still the signature): the types it shows."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c in "([<":
            depth += 1
        elif c in ")]" or (c == ">" and text[i - 1] != "-"):  # the `>` of `->` closes nothing
            depth = max(depth - 1, 0)
        elif depth == 0 and (c == "{" or (c == "\n" and not SIGNATURE_GOES_ON.match(text, i + 1))):
            return text[start:i]
    return text[start:]


def requirements(text):
    """The `package` and `public` protocols a stripped file declares, each with the names of the
    members its body requires: {protocol: {name}}."""
    out = {}
    for match in VISIBLE_PROTOCOL.finditer(text):
        depth, body = 1, []
        for c in text[match.end() :]:
            depth += {"{": 1, "}": -1}.get(c, 0)
            if depth == 0:
                break
            body.append(c if depth == 1 else " ")  # a requirement's own braces (`{ get }`) are not members
        out[match.group(1)] = set(REQUIREMENT.findall("".join(body)))
    return out


def package_declarations(files, texts, root):
    """Per target, its `package` declarations and those no other target names: ({target: n}, {target: [...]})."""
    tests = []
    for dirpath, _, names in os.walk(os.path.join(root, "Tests")):
        tests += [os.path.join(dirpath, n) for n in sorted(names) if n.endswith(".swift")]
    words = {path: set(WORD.findall(texts[path])) for _, _, path in files}
    testable = {}
    for path in tests:
        text = strip(open(path, encoding="utf-8").read())
        words[path] = set(WORD.findall(text))
        testable[path] = {module for at, module in IMPORT.findall(text) if at}

    required = defaultdict(dict)  # target -> {protocol: {the names of its requirements}}
    for t, _, path in files:
        required[t].update(requirements(texts[path]))

    counts, unnamed = defaultdict(int), defaultdict(list)
    targets = sorted({t for t, _, _ in files})
    for target in targets:
        # Named outside: by another target, or by a test without `@testable import` of this one
        # (a testable import sees internal declarations; the tests are built for testing in debug).
        outside = set()
        for t, _, path in files:
            if t != target:
                outside |= words[path]
        for path in tests:
            if target not in testable[path]:
                outside |= words[path]
        cases = defaultdict(set)  # enum -> the types its cases' associated values show
        found = []  # (path:line, kind, the name a use outside would say, the type it is a member of, signature)
        for t, _, path in files:
            if t != target:
                continue
            text = texts[path]
            owner = scopes(text)
            for match in PACKAGE_DECL.finditer(text):
                counts[target] += 1
                what = PACKAGE_NAME.search(match.group(0))
                if not what:
                    continue  # a shape it cannot read: taken as named
                line = text.count("\n", 0, match.start() + what.start()) + 1
                kind, name, special = what.groups()
                if special == "init":
                    name, kind = owner[line], "init of"  # an initializer is named by its type's name (or `.init`)
                elif special or not name:
                    continue  # a subscript, an operator or a tuple: uses that do not name it
                if name:
                    where = f"{os.path.relpath(path, root)}:{line}"
                    found.append((where, kind, name, owner[line], signature(text, match.start() + what.end())))
            for match in ENUM_CASE.finditer(text):
                cases[owner[text.count("\n", 0, match.start()) + 1]] |= set(IDENT.findall(signature(text, match.end())))
        # A member of a type nothing outside names is out of reach too, whatever its own name; a type
        # that the signature of a declaration staying `package` shows, or a case of an enum staying
        # `package`, is within reach (by inference).
        reached = set()
        while True:
            hidden = {n for _, k, n, _, _ in found if k in TYPE_KINDS and n not in outside and n not in reached}
            # A witness to a requirement of a protocol that stays `package` (ours or another target's)
            # must be as visible as the type it is in, whoever names it.
            witnesses = set(WITNESSES)
            for t, protocols in required.items():
                for protocol, names in protocols.items():
                    if t != target or protocol not in hidden:
                        witnesses |= names

            def narrowable(found_one):
                _, kind, name, member_of, _ = found_one
                if kind in TYPE_KINDS:
                    return name in hidden
                if kind == "init of" and DECODING_INIT.match(found_one[4]):
                    return member_of in hidden
                return member_of in hidden or (name not in outside and name not in witnesses)

            out = [f for f in found if narrowable(f)]
            kept = [f for f in found if not narrowable(f)]
            more = reached | {n for f in kept for n in IDENT.findall(f[4])}
            more |= {n for f in kept if f[1] == "enum" for n in cases[f[2]]}
            if more == reached:
                break
            reached = more
        out.sort(key=lambda f: (f[0].rsplit(":", 1)[0], int(f[0].rsplit(":", 1)[1])))
        unnamed[target] = [f"{where}: {kind} {name}" for where, kind, name, _, _ in out]
    return counts, unnamed


def test_problems(root, targets, sources):
    """What breaks the rules of the test targets: an import of a target the test target may not use,
    and a folder that mirrors no folder of the target it tests."""
    problems = []
    tests = os.path.join(root, "Tests")
    for name, (allowed, mirrored) in sorted(TESTS.items()):
        base = os.path.join(tests, name)
        if not os.path.isdir(base):
            continue
        source_folders = set()
        if mirrored and os.path.isdir(os.path.join(sources, mirrored)):
            source_folders = {f for t, f, _ in swift_files(sources) if t == mirrored}
        for dirpath, _, names in os.walk(base):
            for file in sorted(n for n in names if n.endswith(".swift")):
                path = os.path.join(dirpath, file)
                rel = os.path.relpath(path, base)
                folder = rel.split(os.sep)[0] if os.sep in rel else "."
                if mirrored and folder != "." and folder not in source_folders:
                    problems.append(
                        f"Tests/{name}/{rel} is in a folder that Sources/{mirrored} does not have: "
                        f"put it beside the tests of the folder it tests"
                    )
                for _, module in IMPORT.findall(strip(open(path, encoding="utf-8").read())):
                    if module in targets and module not in allowed:
                        problems.append(f"Tests/{name}/{rel} imports {module}, which {name} may not use")
    return problems


def main():
    args = sys.argv[1:]
    why = "--why" in args  # also name, for each edge inside a cycle, the files and types that make it
    check = "--check" in args  # print only what breaks the layers
    internal = "--internal" in args  # list the package declarations nothing outside their target names
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    if "--root" in args:
        root = args[args.index("--root") + 1]
    root = os.path.normpath(root)
    sources = os.path.join(root, "Sources")

    files = list(swift_files(sources))
    texts = {path: strip(open(path, encoding="utf-8").read()) for _, _, path in files}
    targets = sorted({t for t, _, _ in files})
    declared = defaultdict(set)  # type name -> {(target, folder)}: a name may live in several targets
    for target, folder, path in files:
        for name in DECL.findall(texts[path]):
            declared[name].add((target, folder))

    folder_edges = defaultdict(set)
    target_edges = defaultdict(set)
    reasons = defaultdict(set)  # (from folder, to folder) -> {"file: Type"}
    target_reasons = defaultdict(lambda: defaultdict(set))  # (from, to) -> {file: {Type or "import X"}}
    for target, folder, path in files:
        rel = os.path.relpath(path, sources)
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
                # Declared in several targets: it resolves to one the file may import, if any.
                allowed = {h for h in homes if h[0] in ALLOWED.get(target, ())}
                for home in allowed or homes:
                    target_edges[target].add(home[0])
                    target_reasons[(target, home[0])][rel].add(name)
        for _, module in IMPORT.findall(texts[path]):
            if module in targets and module != target:
                target_edges[target].add(module)
                target_reasons[(target, module)][rel].add(f"import {module}")

    problems = []
    try:
        manifest = package_dependencies(root)
    except (OSError, ValueError) as error:
        manifest = {}
        problems.append(f"cannot read the targets' dependencies from Package.swift: {error}")
    for target in targets:
        if target not in ALLOWED:
            problems.append(f"{target} has no place in the layers: add it to ALLOWED in Tests/Scripts/layers.py")
        if manifest and target not in manifest:
            problems.append(f"Package.swift declares no target {target} (or in a way layers.py cannot read)")
        for dep in manifest.get(target, ()):
            if dep in targets and dep != target:
                target_edges[target].add(dep)
                target_reasons[(target, dep)]["Package.swift"].add("dependencies")

    def edge_detail(a, b):
        return [f"    {f}: " + ", ".join(sorted(names)) for f, names in sorted(target_reasons[(a, b)].items())]

    report = []
    for target in targets:
        folders = sorted({f for t, f, _ in files if t == target})
        nodes = [(target, f) for f in folders]
        mutual = sorted(
            (a[1], b[1]) for a in nodes for b in folder_edges.get(a, ()) if a < b and a in folder_edges.get(b, ())
        )
        cycles = tarjan(nodes, folder_edges)
        enforced = target in LAYERED
        report.append(
            f"{target}: {len(folders)} folders, {len(mutual)} pairs that use each other, "
            f"{len(cycles)} cycle{'s' if len(cycles) != 1 else ''}{'' if enforced else ' (not yet checked)'}"
        )
        for group in cycles:
            report.append("  cycle: " + " ".join(f for _, f in group))
        for a, b in mutual:
            report.append(f"  {a} <-> {b}")
        for group in cycles:
            members = set(group)
            detail = [
                f"    {a[1]} -> {b[1]}: " + ", ".join(sorted(reasons[(a, b)]))
                for a in group
                for b in sorted(folder_edges.get(a, ()))
                if b in members
            ]
            if why:
                report += detail
            if enforced:
                problems.append(f"{target} holds a folder cycle: " + " ".join(f for _, f in group))
                problems += detail
        order = ORDER.get(target) if enforced else None
        if order is not None:
            for folder in folders:
                if folder not in order:
                    problems.append(f"{target}/{folder} has no place in the folder order: add it to ORDER in Tests/Scripts/layers.py")
            for a in nodes:
                for b in sorted(folder_edges.get(a, ())):
                    if a[1] in order and b[1] in order and order.index(b[1]) > order.index(a[1]):
                        problems.append(
                            f"{target}: {a[1]} uses {b[1]}, which comes after it in the folder order "
                            f"({' < '.join(order)}):"
                        )
                        problems.append(f"    {a[1]} -> {b[1]}: " + ", ".join(sorted(reasons[(a, b)])))
    problems += test_problems(root, targets, sources)
    report.append("target edges (by types named, imports and Package.swift):")
    for target in targets:
        report.append(f"  {target} -> {', '.join(sorted(target_edges.get(target, ()))) or '(none)'}")
        for dep in sorted(target_edges.get(target, ())):
            if target in ALLOWED and dep not in ALLOWED[target]:
                may = ", ".join(sorted(ALLOWED[target])) or "nothing of ours"
                problems.append(f"{target} -> {dep} goes the wrong way ({target} may use {may}):")
                problems += edge_detail(target, dep)

    if not check or internal:
        counts, unnamed = package_declarations(files, texts, root)
        report.append("package declarations (how many; how many no other target names):")
        for target in targets:
            if counts[target]:
                report.append(f"  {target}: {counts[target]}, {len(unnamed[target])} named by no other target")
        if internal:
            report += [entry for target in targets for entry in unnamed[target]]

    if not check:
        print("\n".join(report))
    if problems:
        out = sys.stderr if check else sys.stdout
        print("layers: what breaks the layers (LAYERED and ALLOWED in Tests/Scripts/layers.py):", file=out)
        print("\n".join("  " + p for p in problems), file=out)
        return 1
    if check:
        print(f"layers: no folder cycle in {', '.join(LAYERED)}; every target edge goes down")
    return 0


if __name__ == "__main__":
    sys.exit(main())
