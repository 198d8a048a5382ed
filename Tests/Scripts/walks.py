#!/usr/bin/env python3
"""Which source files a walk through kauth really runs: `make walks`.

It builds kauth with coverage counters (its own build folder, `.build-coverage`), starts a plain
`kauth sandbox` on 127.0.0.1, and runs the walks `Docs/architecture.md` describes as a user would,
each kauth process writing its own profile:

  login          `kauth login`: a default Kakao login, from `main.swift` to the keystore write and
                 the line it prints (the "browser" is Tests/Scripts/follow-browser.sh)
  token          `kauth token` with a valid token
  me             `kauth me`: a Kakao API call
  token-refresh  `kauth token` with an expired token: one refresh under the lock

A file counts for a walk when at least one of its lines ran (llvm-cov). A file with no counters
at all (type declarations and stored constants alone, like the command tree's root) cannot count
even when a walk reads it: the output names those files apart. A folder is a target's folder, the
target's own top level included. The output is Markdown, ready to paste: the counts,
then each walk's files grouped by target and folder, top layer first.

The walks run without a session bus, so the keystore is written plain (with a note saying so); a
login on a desktop, whose key goes to the Secret Service, runs a few files more.

Options: --skip-build (use the coverage build as it is), --keep (keep the temporary folder with
the profiles and the sandbox log, and say where it is), --write (also put the output in
Docs/architecture.md, in place of the one under "What the walks run through"; the counts the walks'
prose quotes are then to be updated by hand, which DocFilePathsTests checks).
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = os.path.realpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
SOURCES = os.path.join(ROOT, "Sources")
SCRIPTS = os.path.join(ROOT, "Tests", "Scripts")
BUILD_PATH = os.path.join(ROOT, ".build-coverage")
SWIFT = os.environ.get("SWIFT", "swift")

# Targets from the top layer down; a target not listed here comes after them, by name.
LAYERS = ["kauth", "KAuthCLI", "KAuthSandbox", "KakaoAPI", "KAuthCore", "KAuthBasics",
          "CBuildInfo", "CCurl", "CKeyring", "CCrypto"]

WALKS = [
    ("login", "`kauth login`: a default Kakao login, to the keystore write"),
    ("token", "`kauth token` with a valid token"),
    ("me", "`kauth me`: a Kakao API call"),
    ("token-refresh", "`kauth token` with an expired token: one refresh"),
]


def say(text):
    print("walks: " + text, file=sys.stderr, flush=True)


def fail(text):
    say(text)
    sys.exit(1)


def llvm_tool(name):
    """llvm-cov and llvm-profdata of the toolchain that builds kauth: beside `swift`, else on PATH."""
    override = os.environ.get(name.upper().replace("-", "_"))
    if override:
        return override
    swift = shutil.which(SWIFT)
    if swift:
        candidate = os.path.join(os.path.dirname(os.path.realpath(swift)), name)
        if os.access(candidate, os.X_OK):
            return candidate
    if shutil.which("xcrun"):
        found = subprocess.run(["xcrun", "--find", name], capture_output=True, text=True)
        if found.returncode == 0:
            return found.stdout.strip()
    if shutil.which(name):
        return shutil.which(name)
    fail(f"{name} not found beside {SWIFT} or on PATH (set {name.upper().replace('-', '_')} to it)")


def build(skip):
    args = [SWIFT, "build", "--build-path", BUILD_PATH, "--enable-code-coverage",
            "-Xcc", "-fprofile-instr-generate", "-Xcc", "-fcoverage-mapping", "--product", "kauth"]
    if not skip:
        say("building kauth with coverage counters in .build-coverage")
        started = time.monotonic()
        subprocess.run(args, cwd=ROOT, check=True, stdout=sys.stderr)
        say(f"built in {time.monotonic() - started:.0f} s")
    bin_dir = subprocess.run(args + ["--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                             text=True).stdout.strip().splitlines()[-1]
    kauth = os.path.join(bin_dir, "kauth")
    if not os.access(kauth, os.X_OK):
        fail(f"no coverage build at {kauth}; run without --skip-build")
    return kauth


def start_sandbox(kauth, work):
    """A plain `kauth sandbox` on a free port; returns the process and the environment it printed."""
    env_file = os.path.join(work, "sandbox.env")
    log = open(os.path.join(work, "sandbox.log"), "w")
    sandbox_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work,
                   "LLVM_PROFILE_FILE": os.path.join(work, "sandbox.profraw")}
    with open(env_file, "w") as out:
        process = subprocess.Popen([kauth, "sandbox", "--port", "0", "--quiet"], stdout=out, stderr=log,
                                   stdin=subprocess.DEVNULL, env=sandbox_env)
    exports = {}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with open(env_file) as printed:
            exports = dict(line[len("export "):].strip().split("=", 1)
                           for line in printed if line.startswith("export ") and "=" in line)
        if "KAUTH_CLIENT_ID" in exports:
            return process, exports
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    fail("the sandbox did not start; its log: " + os.path.join(work, "sandbox.log"))


def run_kauth(kauth, args, env, profile):
    """One kauth process with its own profile file; fails the script when kauth fails."""
    result = subprocess.run([kauth] + args, env=dict(env, LLVM_PROFILE_FILE=profile), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        fail(f"`kauth {' '.join(args)}` exited {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def configure_sandbox(base_url, **settings):
    body = urllib.parse.urlencode(settings).encode()
    with urllib.request.urlopen(base_url + "/_sandbox/config", data=body, timeout=10) as answer:
        answer.read()


def run_walks(kauth, work):
    """Runs every walk; returns {walk: profile file}."""
    sandbox, exports = start_sandbox(kauth, work)
    try:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "LANG": "C.UTF-8",
               "KAUTH_HOME": os.path.join(work, "home"),
               "BROWSER": os.path.join(SCRIPTS, "follow-browser.sh")}
        env.update(exports)
        profiles = {name: os.path.join(work, name + ".profraw") for name, _ in WALKS}
        keystore = os.path.join(env["KAUTH_HOME"], "credentials.json")

        say("walk login")
        run_kauth(kauth, ["login"], env, profiles["login"])
        if not os.path.isfile(keystore):
            fail("the login wrote no keystore")
        say("walk token")
        first = run_kauth(kauth, ["token"], env, profiles["token"]).strip()
        if not first:
            fail("`kauth token` printed no token")
        say("walk me")
        if "id" not in run_kauth(kauth, ["me"], env, profiles["me"]):
            fail("`kauth me` printed no user")

        # Tokens issued from now on live one second; a forced refresh stores one, which then expires.
        configure_sandbox(exports["KAUTH_KAKAO_AUTH_URL"], access_token_lifetime=1)
        run_kauth(kauth, ["token", "refresh"], env, os.path.join(work, "setup.profraw"))
        time.sleep(1.5)
        say("walk token-refresh")
        with open(keystore) as stored:
            old = json.load(stored)["profiles"]["default"]["access_token"]
        refreshed = run_kauth(kauth, ["token"], env, profiles["token-refresh"]).strip()
        if not refreshed or refreshed == old:
            fail("`kauth token` did not refresh the expired token")
        return profiles
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=10)


def coverage(kauth, profile):
    """{path under Sources/: lines that ran} for every file the binary has counters for."""
    merged = profile.replace(".profraw", ".profdata")
    subprocess.run([llvm_tool("llvm-profdata"), "merge", "-sparse", profile, "-o", merged], check=True)
    exported = subprocess.run([llvm_tool("llvm-cov"), "export", "-summary-only", "-instr-profile", merged, kauth],
                              check=True, capture_output=True, text=True).stdout
    lines = {}
    for entry in json.loads(exported)["data"][0]["files"]:
        path = os.path.realpath(entry["filename"])
        if path.startswith(SOURCES + os.sep):
            lines[os.path.relpath(path, SOURCES)] = entry["summary"]["lines"]["covered"]
    return lines


def uncountable(counted):
    """Source files of kauth with no counters at all: declarations and stored constants alone (a
    `static let` whose value has no closure), which llvm-cov cannot see run. KAuthTestSupport is
    not part of kauth."""
    files = []
    for folder, _, names in os.walk(SOURCES):
        for name in names:
            path = os.path.relpath(os.path.join(folder, name), SOURCES)
            if name.endswith((".swift", ".c")) and not path.startswith("KAuthTestSupport" + os.sep) \
                    and path not in counted:
                files.append(path)
    return sorted(files)


def layer_key(target):
    return (LAYERS.index(target), "") if target in LAYERS else (len(LAYERS), target)


def grouped(files):
    """{(target, folder): [file names]}, top layer first; folder "" is the target's top level."""
    groups = {}
    for path in files:
        parts = path.split(os.sep)
        groups.setdefault((parts[0], "/".join(parts[1:-1])), []).append(parts[-1])
    return dict(sorted(groups.items(), key=lambda item: (layer_key(item[0][0]), item[0][1])))


def report(results, unseen):
    lines = ["| walk | files | folders | targets |", "|---|---|---|---|"]
    for name, title in WALKS:
        groups = grouped(results[name])
        targets = {target for target, _ in groups}
        lines.append(f"| {title} | {len(results[name])} | {len(groups)} | {len(targets)} |")
    lines += ["", f"Never counted, since llvm-cov has no counter in them (declarations and stored constants alone, "
              f"read or not, or code this system does not build): {len(unseen)} files, " + ", ".join(f"`{path}`" for path in unseen) + "."]
    for name, title in WALKS:
        groups = grouped(results[name])
        lines += ["", f"**{title}** (`{name}`): {len(results[name])} files in {len(groups)} folders of "
                  f"{len({target for target, _ in groups})} targets", ""]
        for (target, folder), names in groups.items():
            where = target + "/" + folder if folder else target
            lines.append(f"- `{where}/`: " + ", ".join(f"`{n}`" for n in sorted(names)))
    return "\n".join(lines)


def write_into_page(output):
    """Replaces the pasted output in the architecture page: from its table to the next heading."""
    page = os.path.join(ROOT, "Docs", "architecture.md")
    with open(page) as read:
        text = read.read()
    section = text.find("\n## What the walks run through\n")
    start = text.find("\n| walk | files |", section)
    end = text.find("\n## ", start + 1)
    if section < 0 or start < 0 or end < 0:
        fail(f"{page} has no table under \"What the walks run through\" to replace")
    with open(page, "w") as written:
        written.write(text[:start + 1] + output + "\n" + text[end:])
    say(f"wrote the walks into {os.path.relpath(page, ROOT)}")


def main():
    args = set(sys.argv[1:])
    unknown = args - {"--skip-build", "--keep", "--write"}
    if unknown:
        fail(f"unknown option {sorted(unknown)[0]}; options: --skip-build, --keep, --write")
    kauth = build("--skip-build" in args)
    work = tempfile.mkdtemp(prefix="kauth-walks-")
    try:
        profiles = run_walks(kauth, work)
        measured = {name: coverage(kauth, profile) for name, profile in profiles.items()}
        results = {name: [path for path, ran in lines.items() if ran > 0] for name, lines in measured.items()}
        output = report(results, uncountable(measured["login"]))
        print(output)
        if "--write" in args:
            write_into_page(output)
    finally:
        if "--keep" in args:
            say("profiles and the sandbox log kept in " + work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
