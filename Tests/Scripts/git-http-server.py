#!/usr/bin/env python3
"""A smart-HTTP git server on 127.0.0.1 for the credential-helper tests: git's own
`git http-backend` (CGI) behind a check that accepts only an access token the sandbox issued.

Every request must carry `Authorization: Basic` (git's user name and password: kauth's user name
and access token) or `Bearer`; the token is asked about at the sandbox's
`/v1/user/access_token_info`, as a resource server would ask its provider. Anything else gets
401 with `WWW-Authenticate: Basic`, which makes git ask its credential helpers. Each decision is
one JSON line in the log file: {"user": …, "accepted": true|false}, without the token.

usage: git-http-server.py --root DIR --token-info URL --port-file FILE --log FILE
"""
import argparse
import base64
import http.server
import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request

args = None
log_lock = threading.Lock()


def token_is_valid(token):
    request = urllib.request.Request(args.token_info, headers={"Authorization": "Bearer " + token})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError:
        return False


def credentials(header):
    """(user, token) from an Authorization header; (None, None) when there is none."""
    if not header:
        return None, None
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer":
        return "", value.strip()
    if scheme.lower() == "basic":
        try:
            user, _, password = base64.b64decode(value.strip()).decode("utf-8").partition(":")
        except Exception:
            return None, None
        return user, password
    return None, None


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *_):
        pass

    def record(self, user, accepted):
        with log_lock, open(args.log, "a") as log:
            log.write(json.dumps({"user": user, "accepted": accepted, "path": self.path}) + "\n")

    def refuse(self):
        self.send_response(401)
        self.send_header("WWW-Authenticate", 'Basic realm="kauth test"')
        self.send_header("Content-Length", "0")
        self.end_headers()

    def handle_git(self):
        user, token = credentials(self.headers.get("Authorization"))
        if token is None:
            self.record(None, False)
            return self.refuse()
        accepted = bool(token) and token_is_valid(token)
        self.record(user, accepted)
        if not accepted:
            return self.refuse()
        path, _, query = self.path.partition("?")
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_PROJECT_ROOT": args.root,
            "GIT_HTTP_EXPORT_ALL": "1",
            "REQUEST_METHOD": self.command,
            "PATH_INFO": path,
            "QUERY_STRING": query,
            "CONTENT_TYPE": self.headers.get("Content-Type", ""),
            "CONTENT_LENGTH": str(len(body)),
            "REMOTE_USER": user or "token",
            "REMOTE_ADDR": "127.0.0.1",
            "GIT_PROTOCOL": self.headers.get("Git-Protocol", ""),
            "HTTP_CONTENT_ENCODING": self.headers.get("Content-Encoding", ""),
        }
        result = subprocess.run(
            ["git", "http-backend"], input=body, env=env, capture_output=True, check=False
        )
        head, _, payload = result.stdout.partition(b"\r\n\r\n")
        if not _:
            head, _, payload = result.stdout.partition(b"\n\n")
        status = 200
        headers = []
        for line in head.decode("latin-1").splitlines():
            name, _, value = line.partition(":")
            if name.lower() == "status":
                status = int(value.strip().split()[0])
            elif name:
                headers.append((name, value.strip()))
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    do_GET = handle_git
    do_POST = handle_git


def main():
    global args
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", required=True)
    parser.add_argument("--token-info", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(args.port_file + ".tmp", "w") as port_file:
        port_file.write(str(server.server_address[1]) + "\n")
    os.rename(args.port_file + ".tmp", args.port_file)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    sys.exit(0)


if __name__ == "__main__":
    main()
