"""Runs a command against an HTTP server that misbehaves as debuginfod
servers do in the field, placed first in DEBUGINFOD_URLS (before any URLs
already there, so that a good server given after it is asked next):

    bad-server.py MODE [FILE] -- COMMAND [ARGS...]

MODE is what every GET gets back:
  truncated FILE  HTTP 200 with FILE's length, half of FILE, then the
                  connection closed (a server restarted mid-reply)
  junk            HTTP 200 with bytes that are no section
  error           HTTP 500
  headers         HTTP 404, after printing the request's X-Tg-* headers to
                  stderr
Exits with COMMAND's exit code.
"""
import http.server
import os
import subprocess
import sys
import threading

mode = sys.argv[1]
rest = sys.argv[2:]
body = b""
if mode == "truncated":
    with open(rest[0], "rb") as f:
        body = f.read()
    rest = rest[1:]
assert rest[0] == "--", "usage: bad-server.py MODE [FILE] -- COMMAND"
command = rest[1:]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        if mode == "headers":
            for name, value in self.headers.items():
                if name.lower().startswith("x-tg-"):
                    print("header %s: %s" % (name, value), file=sys.stderr,
                          flush=True)
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if mode == "error":
            self.send_response(500)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = body if mode == "truncated" else b"no section here\n" * 64
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if mode == "truncated":
            data = data[:len(data) // 2]
        self.wfile.write(data)
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
url = "http://127.0.0.1:%d" % server.server_address[1]
urls = " ".join(u for u in [url, os.environ.get("DEBUGINFOD_URLS", "")] if u)
code = subprocess.call(command, env=dict(os.environ, DEBUGINFOD_URLS=urls))
server.shutdown()
sys.exit(code)
