#!/usr/bin/env python3
"""Fuzzes the redirect listener of a real `kauth login`, then completes that login.

Starts `kauth sandbox` and `kauth login --no-browser --port 0` in a temporary KAUTH_HOME pointed
at it, reads the listener's port from the printed authorize URL, and sends malformed, random,
truncated, oversized, slow and abandoned requests (mutations of a browser's redirect request)
to the port from several threads. Then it checks that the listener still answers, follows the
authorize URL as a browser would (the sandbox consents and redirects to the listener), and
checks that kauth exits 0. It prints what it saw and kauth's memory and thread figures
(VmRSS, VmHWM, Threads from /proc/PID/status) and exits non-zero on a crash, a hang (a
connection neither answered nor closed within the listener's deadline), a malformed or
unexpected answer, or a failed login.

Usage: fuzz-listener.py --kauth .build/debug/kauth [--requests 100000] [--clients 24] [--seed N]
Only the standard library; Linux (reads /proc).
"""

import argparse
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request

# The listener's limits (KAuthBasics/Loopback/LoopbackCallbackListener.swift): 8 KiB of head, 16 KiB of body,
# the whole request within 10 s of connecting.
MAX_HEADER = 8 * 1024
MAX_BODY = 16 * 1024
DEADLINE = 10.0
# A client that has had neither an answer nor a close this long after connecting calls it hung.
PATIENCE = DEADLINE + 5.0
KNOWN_STATUSES = {200, 400, 404, 405, 408, 409, 413, 431, 501}


def valid_request(port):
    # The browser's redirect, except that the state is not this login's: a request with the
    # right state would end the login the fuzzer still needs.
    return (
        "GET /callback?code=c0de-4242&state=fuzz-state HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{port}\r\n"
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\n"
        "Accept: text/html,application/xhtml+xml\r\n"
        "Accept-Language: ko-KR,ko;q=0.9\r\n"
        "Connection: keep-alive\r\n\r\n"
    ).encode()


FAST_KINDS = [
    "valid", "random_bytes", "mutated", "huge_header", "many_headers", "early_close", "pipelined",
    "bad_content_length", "duplicate_content_length", "nul", "non_utf8", "oversized_body",
    "truncated", "bare_line_ends", "bad_escape", "control_in_target",
]
SLOW_KINDS = ["slowloris", "idle"]

# What each kind must be answered with, if it is answered at all (None: any known status).
EXPECTED = {
    "valid": {400},  # the wrong state
    "huge_header": {431},
    "many_headers": {431},
    "slowloris": {408},
    "idle": {408},
    "bad_content_length": {400},
    "duplicate_content_length": {400},
    "nul": {400},
    "non_utf8": {400},
    "oversized_body": {413},
    "truncated": {400, 408},
    "bare_line_ends": {400},
    "bad_escape": {400},
    "control_in_target": {400},
    "pipelined": {400},
    "random_bytes": None,
    "mutated": None,
    "early_close": None,
}


def make_case(rng, port, slow_per_mille):
    valid = valid_request(port)
    head_end = len(valid) - 2
    if rng.randrange(1000) < slow_per_mille:
        kind = rng.choice(SLOW_KINDS)
    else:
        kind = rng.choice(FAST_KINDS)
    data = valid
    if kind == "random_bytes":
        data = rng.randbytes(rng.randrange(4096))
    elif kind == "mutated":
        data = bytearray(valid)
        for _ in range(1 + rng.randrange(8)):
            at = rng.randrange(len(data))
            op = rng.randrange(3)
            if op == 0:
                data[at] = rng.randrange(256)
            elif op == 1:
                data.insert(at, rng.randrange(256))
            elif len(data) > 1:
                del data[at]
        data = bytes(data)
    elif kind == "huge_header":
        size = 9 * 1024 + rng.randrange(96 * 1024)
        data = valid[:head_end] + b"X-Huge: " + b"a" * size + b"\r\n" + valid[head_end:]
    elif kind == "many_headers":
        lines = b"".join(b"X-%d: v\r\n" % i for i in range(1000 + rng.randrange(2000)))
        data = valid[:head_end] + lines + valid[head_end:]
    elif kind == "pipelined":
        data = valid + b"GET /callback?state=x HTTP/1.1\r\n\r\n" + rng.randbytes(rng.randrange(2048))
    elif kind == "bad_content_length":
        value = rng.choice([b"+5", b"-0", b"-1", b"5 5", b"0x5", b"5,5", b"5e1", b"99999999999999999999999",
                            b"\x0b5", b"five", b"", b"1_0"])
        data = b"POST /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " + value + b"\r\n\r\nhello"
    elif kind == "duplicate_content_length":
        data = b"POST /callback HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: %d\r\n\r\nhello world" % (6 + rng.randrange(100))
    elif kind == "nul":
        at = valid.index(b"\n") + 7 + rng.randrange(5)
        data = valid[:at] + b"\x00" + valid[at:]
    elif kind == "non_utf8":
        bad = rng.choice([b"\xff", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80", b"\x80"])
        at = 4 + rng.randrange(head_end - 4)
        data = valid[:at] + bad + valid[at:]
    elif kind == "oversized_body":
        length = MAX_BODY + 1 + rng.randrange(1 << 30)
        data = b"POST /callback HTTP/1.1\r\nContent-Length: %d\r\n\r\n" % length + b"a" * rng.randrange(2048)
    elif kind == "truncated":
        data = valid[:rng.randrange(head_end)]
    elif kind == "bare_line_ends":
        if rng.randrange(2) == 0:
            data = valid.replace(b"\r\nUser", b"\nUser")
        else:
            data = valid.replace(b"\r\nAccept:", b"\rAccept:")
    elif kind == "bad_escape":
        escape = rng.choice([b"%2F", b"%2f", b"%00", b"%", b"%4", b"%zz", b"%FF", b"%C3%28", b"%G1"])
        data = b"GET /callback" + escape + b"?code=c&state=fuzz-state HTTP/1.1\r\n\r\n"
    elif kind == "control_in_target":
        control = bytes([rng.choice([0x00, 0x01, 0x08, 0x09, 0x0B, 0x1B, 0x7F])])
        data = b"GET /callback?code=c" + control + b"&state=fuzz-state HTTP/1.1\r\n\r\n"
    return kind, data


def read_answer(sock, deadline, limit=64 * 1024):
    """Reads until the server closes or resets; returns (bytes, 'closed'|'reset'|'open')."""
    received = b""
    while len(received) < limit:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return received, "open"
        sock.settimeout(remaining)
        try:
            chunk = sock.recv(16 * 1024)
        except socket.timeout:
            return received, "open"
        except (ConnectionResetError, BrokenPipeError):
            return received, "reset"
        except OSError:
            return received, "reset"
        if not chunk:
            return received, "closed"
        received += chunk
    return received, "open"


def status_of(answer):
    match = re.match(rb"HTTP/1\.1 (\d{3}) ", answer)
    return int(match.group(1)) if match else None


def run_case(kind, data, port, rng):
    """Returns ('answered', status) | ('closed', None) | ('abandoned', None) | ('hung', None)."""
    opened = time.monotonic()
    deadline = opened + PATIENCE
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
    except OSError:
        return "hung", None
    early = b""
    try:
        if kind == "idle":
            pass
        elif kind == "slowloris":
            sock.sendall(b"GET /callback?state=fuzz-state HTTP/1.1\r\n")
            while time.monotonic() < deadline:
                got, end = read_answer(sock, time.monotonic() + 0.5, limit=1)
                early = got
                if got or end != "open":
                    break
                try:
                    sock.sendall(b"X-a: b\r\n")
                except OSError:
                    break
        elif kind == "early_close":
            try:
                sock.sendall(data[:rng.randrange(max(1, len(data)))])
            except OSError:
                pass
            return "abandoned", None
        else:
            try:
                sock.sendall(data)
                sock.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        rest, end = read_answer(sock, deadline)
        answer = early + rest
        if not answer:
            return ("hung", None) if end == "open" else ("closed", None)
        return "answered", status_of(answer)
    finally:
        sock.close()


class Tally:
    def __init__(self):
        self.lock = threading.Lock()
        self.total = self.answered = self.closed = self.abandoned = self.hung = 0
        self.statuses = {}
        self.wrong = []
        self.hung_kinds = {}

    def record(self, kind, data, outcome, status):
        with self.lock:
            self.total += 1
            if outcome == "answered":
                self.answered += 1
                if status is None or status not in KNOWN_STATUSES:
                    self.wrong.append(f"{kind}: not an HTTP/1.1 answer")
                    return
                self.statuses[status] = self.statuses.get(status, 0) + 1
                expected = EXPECTED[kind]
                if expected is not None and status not in expected:
                    self.wrong.append(f"{kind} answered {status}: {data[:120]!r}")
            elif outcome == "closed":
                self.closed += 1
            elif outcome == "abandoned":
                self.abandoned += 1
            else:
                self.hung += 1
                self.hung_kinds[kind] = self.hung_kinds.get(kind, 0) + 1


def proc_status(pid):
    fields = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                fields[name] = value.strip()
    except OSError:
        pass
    return fields


def kilobytes(value):
    return int(value.split()[0]) if value else 0


class Monitor(threading.Thread):
    """Samples kauth's /proc status and descriptor count while it runs."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.stop = threading.Event()
        self.peak_threads = 0
        self.peak_fds = 0
        self.hwm_kb = 0
        self.last_rss_kb = 0

    def sample(self):
        fields = proc_status(self.pid)
        if not fields:
            return
        self.peak_threads = max(self.peak_threads, int(fields.get("Threads", "0")))
        self.hwm_kb = max(self.hwm_kb, kilobytes(fields.get("VmHWM")))
        self.last_rss_kb = kilobytes(fields.get("VmRSS"))
        try:
            self.peak_fds = max(self.peak_fds, len(os.listdir(f"/proc/{self.pid}/fd")))
        except OSError:
            pass

    def run(self):
        while not self.stop.wait(0.05):
            self.sample()


def wait_for(path, pattern, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with open(path, "rb") as f:
                match = re.search(pattern, f.read())
            if match:
                return match
        except OSError:
            pass
        time.sleep(0.05)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kauth", required=True)
    parser.add_argument("--requests", type=int, default=100_000)
    parser.add_argument("--clients", type=int, default=24)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--slow-per-mille", type=int, default=2,
                        help="slowloris and idle cases per 1,000; each takes the listener's whole 10 s deadline")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 63)
    kauth = os.path.abspath(args.kauth)

    work = tempfile.mkdtemp(prefix="kauth-fuzz-")
    sandbox = login = None
    failures = []
    try:
        sandbox_out = os.path.join(work, "sandbox.env")
        with open(sandbox_out, "wb") as out:
            sandbox = subprocess.Popen([kauth, "sandbox", "--port", "0", "--quiet"], stdout=out,
                                       stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        match = wait_for(sandbox_out, rb"export KAUTH_KAKAO_AUTH_URL=(\S+)", 20)
        if not match:
            raise SystemExit("kauth sandbox did not start")
        sandbox_url = match.group(1).decode()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": work,
            "KAUTH_HOME": os.path.join(work, "home"),
            "KAUTH_KAKAO_AUTH_URL": sandbox_url,
            "KAUTH_KAKAO_API_URL": sandbox_url,
            "KAUTH_KAKAO_SHARER_URL": sandbox_url,
            "KAUTH_CLIENT_ID": "fuzz-app",
        }
        login_err = os.path.join(work, "login.err")
        with open(login_err, "wb") as err:
            # stdin stays an open pipe: --no-browser also reads a pasted URL from it.
            login = subprocess.Popen([kauth, "login", "--no-browser", "--port", "0", "--timeout", "3600"],
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=err, env=env)
        match = wait_for(login_err, rb"(http://127\.0\.0\.1:\d+/oauth/authorize\?\S+)", 20)
        if not match:
            raise SystemExit("kauth login printed no authorize URL")
        authorize = match.group(1).decode()
        redirect = urllib.parse.parse_qs(urllib.parse.urlsplit(authorize).query)["redirect_uri"][0]
        port = urllib.parse.urlsplit(redirect).port

        monitor = Monitor(login.pid)
        monitor.sample()
        rss_before = monitor.last_rss_kb
        monitor.start()

        tally = Tally()
        started = time.monotonic()

        def client(worker):
            index = worker
            while index < args.requests:
                rng = random.Random(seed * 1_000_003 + index)
                kind, data = make_case(rng, port, args.slow_per_mille)
                outcome, status = run_case(kind, data, port, rng)
                tally.record(kind, data, outcome, status)
                index += args.clients

        threads = [threading.Thread(target=client, args=(w,)) for w in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        monitor.sample()
        rss_after_fuzz = monitor.last_rss_kb

        if login.poll() is not None:
            failures.append(f"kauth login exited during the fuzz with {login.returncode}")
        else:
            # The listener still answers: a well-formed request with the wrong state gets 400.
            answer = run_case("valid", valid_request(port), port, random.Random(seed))
            if answer != ("answered", 400):
                failures.append(f"after the fuzz the listener answered a valid request with {answer}")
            # And the login completes: the sandbox consents and redirects to the listener.
            with urllib.request.urlopen(authorize, timeout=30) as page:
                body = page.read().decode("utf-8", "replace")
                if page.status != 200 or "logged in" not in body:
                    failures.append(f"the browser got {page.status}: {body[:200]}")
            try:
                login.stdin.close()
                code = login.wait(timeout=60)
            except subprocess.TimeoutExpired:
                login.kill()
                code = "timeout"
            if code != 0:
                failures.append(f"kauth login exited with {code}")
        monitor.stop.set()

        print(f"listener fuzz against kauth login (pid {login.pid}, port {port}, seed {seed}):")
        print(f"  {tally.total} requests in {elapsed:.1f} s from {args.clients} clients "
              f"({tally.total / elapsed:.0f}/s)")
        print(f"  {tally.answered} answered, {tally.closed} closed unanswered, {tally.abandoned} abandoned by the client, "
              f"{tally.hung} hung, {len(tally.wrong)} wrong answers")
        print("  statuses: " + ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items())))
        print(f"  kauth RSS {rss_before / 1024:.1f} MiB before, {rss_after_fuzz / 1024:.1f} MiB after the fuzz, "
              f"peak (VmHWM) {monitor.hwm_kb / 1024:.1f} MiB; peak {monitor.peak_threads} threads, "
              f"{monitor.peak_fds} descriptors")
        print(f"  login exit: {login.returncode}")
        if tally.hung:
            failures.append(f"{tally.hung} connections hung: {tally.hung_kinds}")
        if tally.wrong:
            failures.append(f"{len(tally.wrong)} unexpected answers, e.g. {tally.wrong[:5]}")
        if login.returncode is not None and login.returncode < 0:
            failures.append(f"kauth died of signal {-login.returncode}")
    finally:
        for process in (login, sandbox):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
        shutil.rmtree(work, ignore_errors=True)
    if failures:
        for failure in failures:
            print("FAIL: " + failure, file=sys.stderr)
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
