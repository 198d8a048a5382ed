#!/usr/bin/env python3
"""A recording front for moto's server, for the AWS end-to-end tests (AWSEndToEndTests).

    sts-recorder.py --upstream http://127.0.0.1:PORT --log FILE

Listens on 127.0.0.1 (a free port, printed as `listening PORT` on stderr once it listens) and
forwards every request to the upstream (moto) as it came, answering with moto's answer. Each
request is logged to FILE as one JSON line: method, path, and the form fields of its body (the
AWS query protocol's parameters), so a test sees what kauth and the AWS CLI sent and counts the
AssumeRoleWithWebIdentity calls.

moto accepts any web identity token for any role and has no error to give for this call; real STS
answers errors as an ErrorResponse document. So for a RoleArn whose role name is `denied`, this
front answers what STS answers a role whose trust policy does not admit the token (HTTP 403,
AccessDenied), without asking moto. Standard library only.
"""

import argparse
import http.server
import json
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request

DENIED = b"""<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <Error>
    <Type>Sender</Type>
    <Code>AccessDenied</Code>
    <Message>Not authorized to perform sts:AssumeRoleWithWebIdentity</Message>
  </Error>
  <RequestId>c6104cbe-af31-11e0-8154-cbc7ccf896c7</RequestId>
</ErrorResponse>
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--log", required=True)
    args = parser.parse_args()
    lock = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_):
            pass

        def handle_any(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            fields = dict(urllib.parse.parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True))
            query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query, keep_blank_values=True))
            with lock, open(args.log, "a") as log:
                log.write(json.dumps({"method": self.command, "path": self.path, "form": fields, "query": query}) + "\n")
            role = fields.get("RoleArn", query.get("RoleArn", ""))
            if fields.get("Action", query.get("Action")) == "AssumeRoleWithWebIdentity" and role.endswith(":role/denied"):
                self.answer(403, {"Content-Type": "text/xml"}, DENIED)
                return
            request = urllib.request.Request(
                args.upstream + self.path, data=body if self.command != "GET" else None, method=self.command)
            for name, value in self.headers.items():
                if name.lower() not in ("host", "content-length", "connection"):
                    request.add_header(name, value)
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    status, headers, data = response.status, response.headers, response.read()
            except urllib.error.HTTPError as error:
                status, headers, data = error.code, error.headers, error.read()
            kept = {k: v for k, v in headers.items() if k.lower() not in ("content-length", "connection", "transfer-encoding")}
            self.answer(status, kept, data)

        def answer(self, status, headers, data):
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = handle_any

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print(f"listening {server.server_address[1]}", file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
