#!/usr/bin/env python3
"""A stand-in for the Hugging Face Hub on loopback, for draft pull's tests.

Serves one file under every repository: the revision metadata
(/api/models/OWNER/NAME/revision/main?blobs=true, listing it with its size and SHA-256 as the
Hub does) and the file (/OWNER/NAME/resolve/main/FILE, redirected to /cdn/FILE as the Hub
redirects to its CDN), with range requests. Prints its port on the first line of stdout, and
logs each request ("GET path range=...") to --log; asked for an absolute URL, it acts as the
proxy to that Hub. Modes make it misbehave the ways the Hub
and networks do: drop (close the connection halfway through the first --drops bodies), slow,
badsum, gated (401 without the --token), norepo (the Hub's 401 RepoNotFound), nofile, huge;
overflow (the file, then more bytes without end), liar (a Content-Length of 10^15, the file,
then silence on an open connection), stall (the first --drops bodies stop halfway, the later
of them at once, and keep the connection open), badtypes and badlfs (metadata fields of the
wrong JSON types); trickle (one byte every --interval seconds, --trickle-bytes of them on a
connection, then it closes: a pull that reconnects gains a byte each time)."""
import argparse
import hashlib
import http.server
import json
import os
import sys
import threading
import time

args = None
lock = threading.Lock()
state = {"drops": 0}


def log(line):
    with lock, open(args.log, "a") as f:
        f.write(line + "\n")


class Hub(http.server.BaseHTTPRequestHandler):
    def log_message(self, *a):
        pass

    def deny(self, status, code):
        self.send_response(status)
        self.send_header("X-Error-Code", code)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def authorized(self):
        return self.headers.get("Authorization") == "Bearer " + (args.token or "")

    def do_GET(self):
        # As a proxy, it is asked for absolute URLs: it serves them as the Hub named there.
        proxied = self.path.startswith("http://")
        if proxied:
            self.path = "/" + self.path.split("/", 3)[3]
        log("GET %s range=%s auth=%s%s" % (self.path, self.headers.get("Range", "-"),
                                           "yes" if self.headers.get("Authorization") else "no",
                                           " proxied" if proxied else ""))
        if args.mode == "gated" and not self.path.startswith("/cdn/") and not self.authorized():
            return self.deny(401, "GatedRepo")
        if self.path.startswith("/api/models/"):
            return self.metadata()
        if "/resolve/main/" in self.path:
            if args.mode == "nofile":
                return self.deny(404, "EntryNotFound")
            self.send_response(302)
            # Another host name, as the Hub's CDN is: the client must not carry the token there.
            port = self.server.server_address[1]
            self.send_header("Location", "http://localhost:%d/cdn/%s" % (port, self.path.rsplit("/", 1)[1]))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if self.path.startswith("/cdn/"):
            return self.body()
        self.deny(404, "EntryNotFound")

    def metadata(self):
        if args.mode == "norepo":
            return self.deny(401, "RepoNotFound")
        repo = self.path[len("/api/models/"):].split("/revision/")[0]
        size = len(data) if args.mode != "huge" else 1 << 50
        sha = digest if args.mode != "badsum" else hashlib.sha256(b"something else").hexdigest()
        names = [] if args.mode == "nofile" else args.names
        siblings = [{"rfilename": "README.md", "size": 12}]
        siblings += [{"rfilename": n, "size": size, "lfs": {"sha256": sha, "size": size, "pointerSize": 134}}
                     for n in names]
        if args.mode == "badtypes":
            siblings = [5, None, {"rfilename": ["x.gguf"]}, {"rfilename": {"a": 1}, "lfs": []}]
            siblings += [{"rfilename": n, "size": "big", "lfs": "not an object"} for n in names]
        elif args.mode == "badlfs":
            siblings = [{"rfilename": n, "lfs": {"sha256": {"hex": sha}, "size": [size]}} for n in names]
        body = json.dumps({"id": repo, "sha": "0" * 40, "siblings": siblings}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def hold(self):
        """Keeps the connection open and silent until the client leaves or the server ends."""
        self.wfile.flush()
        time.sleep(3600)

    def body_overflow(self):
        self.send_response(200)
        self.end_headers()  # no Content-Length: the body ends when the connection does
        self.wfile.write(data)
        junk = b"\0" * 65536
        for _ in range(1 << 14):  # 1 GiB at most, should the client never stop reading
            self.wfile.write(junk)
        self.close_connection = True

    def body_liar(self):
        self.send_response(200)
        self.send_header("Content-Length", str(10 ** 15))
        self.end_headers()
        self.wfile.write(data)
        self.hold()

    def body(self):
        try:
            if args.mode == "overflow":
                return self.body_overflow()
            if args.mode == "liar":
                return self.body_liar()
        except (BrokenPipeError, ConnectionResetError):
            return
        start = 0
        rng = self.headers.get("Range")
        if rng and rng.startswith("bytes=") and rng.endswith("-"):
            start = int(rng[6:-1])
        if start >= len(data):
            return self.deny(416, "RangeNotSatisfiable")
        self.send_response(206 if start else 200)
        if start:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, len(data) - 1, len(data)))
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        if args.mode == "trickle":
            return self.trickle(start)
        end = len(data)
        stall = False
        with lock:
            if args.mode in ("drop", "stall") and state["drops"] < args.drops:
                end = start + (len(data) - start) // 2 if state["drops"] == 0 or args.mode == "drop" else start
                state["drops"] += 1
                stall = args.mode == "stall"
        pos = start
        while pos < end:
            n = min(65536, end - pos)
            self.wfile.write(data[pos:pos + n])
            pos += n
            if args.mode == "slow":
                self.wfile.flush()
                time.sleep(65536 / args.rate)
        if stall:
            return self.hold()
        self.wfile.flush()
        self.close_connection = True


    def trickle(self, start):
        try:
            for pos in range(start, min(len(data), start + args.trickle_bytes)):
                self.wfile.write(data[pos:pos + 1])
                self.wfile.flush()
                time.sleep(args.interval)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


def main():
    global args, data, digest
    p = argparse.ArgumentParser()
    p.add_argument("--file", required=True)
    p.add_argument("--names", default="", help="comma-separated file names the repositories list (default: --file's)")
    p.add_argument("--mode", default="normal",
                   choices=["normal", "drop", "slow", "badsum", "gated", "norepo", "nofile", "huge",
                            "overflow", "liar", "stall", "badtypes", "badlfs", "trickle"])
    p.add_argument("--drops", type=int, default=1)
    p.add_argument("--rate", type=float, default=1 << 20, help="slow: bytes per second")
    p.add_argument("--interval", type=float, default=2.0, help="trickle: seconds between bytes")
    p.add_argument("--trickle-bytes", type=int, default=1, help="trickle: bytes a connection sends before it closes")
    p.add_argument("--token")
    p.add_argument("--log", default=os.devnull)
    args = p.parse_args()
    args.names = args.names.split(",") if args.names else [os.path.basename(args.file)]
    data = open(args.file, "rb").read()
    digest = hashlib.sha256(data).hexdigest()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hub)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    # The test ends us by closing our stdin (or with a signal): no orphan outlives it.
    threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
