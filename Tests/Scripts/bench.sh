#!/usr/bin/env bash
# `make bench`: median wall time and peak memory of `kauth token` with a valid stored token,
# beside a minimal static Swift program that reads the same file (the floor), run alternately so
# that both see the same machine. Targets: kauth's median at most 1.5x the floor's, peak memory at
# most 16 MiB. Exits 1 when a target is missed.
set -euo pipefail

kauth="${1:?usage: bench.sh PATH_TO_RELEASE_KAUTH}"
runs="${BENCH_RUNS:-40}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swiftc -O -static-stdlib "$root/Tests/Benchmarks/ReadFileBaseline.swift" -o "$work/baseline" 2>/dev/null
# Both stripped, as `make install` installs kauth: symbol tables are pages a start-up maps too.
strip "$work/baseline"
strip -o "$work/kauth" "$kauth"
kauth="$work/kauth"

mkdir -m 700 "$work/home"
python3 - "$work/home/credentials.json" <<'PY'
import json, sys, time, os
now = int(time.time())
iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
session = {
    "provider": "kakao", "client_id": "bench-app", "user_id": "1", "token_type": "bearer",
    "access_token": "bench-access-token-" + "x" * 40, "access_token_expires_at": iso(now + 6 * 3600),
    "refresh_token": "bench-refresh-token", "refresh_token_expires_at": iso(now + 60 * 86400),
    "scopes": ["profile_nickname", "account_email"], "openid": False,
    "user": {"id": "1", "nickname": "Bench"}, "created_at": iso(now), "updated_at": iso(now),
}
path = sys.argv[1]
with open(path, "w") as f:
    json.dump({"version": 1, "profiles": {"default": session}}, f)
os.chmod(path, 0o600)
PY

python3 - "$runs" "$kauth" "$work" <<'PY'
import os, resource, statistics, subprocess, sys, time
runs, kauth, work = int(sys.argv[1]), sys.argv[2], sys.argv[3]
env = dict(os.environ, KAUTH_HOME=work + "/home")
env.pop("KAUTH_ACCESS_TOKEN", None)

def measure(argvs):
    for argv in argvs:
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)  # warm the page cache
    times = [[] for _ in argvs]
    for _ in range(runs):
        for index, argv in enumerate(argvs):
            start = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
            times[index].append((time.perf_counter() - start) * 1000)
    return [(statistics.median(t), min(t)) for t in times]

def peak_kib(argv):
    pid = os.fork()
    if pid == 0:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.execve(argv[0], argv, env)
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_maxrss

baseline_argv = [work + "/baseline", work + "/home/credentials.json"]
kauth_argv = [kauth, "token"]
(base_median, base_min), (kauth_median, kauth_min) = measure([baseline_argv, kauth_argv])
peak = peak_kib(kauth_argv)
print(f"runs per program:            {runs}")
print(f"baseline (static, read file): median {base_median:6.2f} ms   min {base_min:6.2f} ms")
print(f"kauth token (valid token):    median {kauth_median:6.2f} ms   min {kauth_min:6.2f} ms")
print(f"ratio kauth / baseline:       {kauth_median / base_median:6.2f}")
print(f"kauth token peak memory:      {peak / 1024:6.1f} MiB")
ok = kauth_median <= 1.5 * base_median and peak <= 16 * 1024
print("target (median <= 1.5x baseline, peak <= 16 MiB):", "met" if ok else "NOT met")
sys.exit(0 if ok else 1)
PY
