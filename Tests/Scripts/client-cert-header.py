#!/usr/bin/env python3
"""One TLS connection's HTTP, relayed to the sandbox with the client certificate's subject added.

socat runs this for each connection it accepts with `OPENSSL-LISTEN:…,verify=1` and
`SYSTEM:'python3 client-cert-header.py PORT'`: the TLS connection is on standard input and
output, and socat puts the verified certificate's subject in SOCAT_OPENSSL_X509_SUBJECT
("O = Example, CN = agent"). Every request head passed on to 127.0.0.1:PORT carries it as
X-SSL-Client-S-DN in RFC 4514's form ("CN=agent,O=Example"), as nginx passes `$ssl_client_s_dn`
to a provider behind it, and a header of that name the client sent itself is dropped first.
Requests are framed by Content-Length (kauth sends no chunked bodies); answers are copied as they
come.
"""
import os
import re
import socket
import sys
import threading

HEADER = b"x-ssl-client-s-dn"


def rfc4514(subject):
    """socat's (OpenSSL's one-line) subject, most general first, as RFC 4514: most specific first."""
    parts = re.split(r"(?<!\\), ", subject)
    return ",".join(part.replace(" = ", "=", 1) for part in reversed(parts))


def answers(upstream):
    while True:
        data = upstream.recv(65536)
        if not data:
            break
        os.write(1, data)
    os.close(1)


def main():
    subject = os.environ.get("SOCAT_OPENSSL_X509_SUBJECT")
    header = (b"X-SSL-Client-S-DN: " + rfc4514(subject).encode() + b"\r\n") if subject else b""
    upstream = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
    back = threading.Thread(target=answers, args=(upstream,))
    back.start()
    pending = b""
    while True:
        while b"\r\n\r\n" not in pending:
            data = os.read(0, 65536)
            if not data:
                break
            pending += data
        if b"\r\n\r\n" not in pending:
            break
        head, pending = pending.split(b"\r\n\r\n", 1)
        lines = [line for line in head.split(b"\r\n") if not line.lower().startswith(HEADER + b":")]
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(pending) < length:
            data = os.read(0, 65536)
            if not data:
                break
            pending += data
        body, pending = pending[:length], pending[length:]
        upstream.sendall(b"\r\n".join(lines) + b"\r\n" + header + b"\r\n" + body)
    upstream.shutdown(socket.SHUT_WR)
    back.join()


if __name__ == "__main__":
    main()
