"""Runs a command against a server that accepts connections and never
answers, so that the debuginfod client's timeout is what ends the request:

    silent-server.py COMMAND [ARGS...]

DEBUGINFOD_URLS points at the silent server; DEBUGINFOD_TIMEOUT is 1 s.
"""
import os
import socket
import subprocess
import sys

with socket.socket() as server:
    server.bind(("127.0.0.1", 0))
    server.listen(16)  # the kernel completes handshakes; nothing replies
    env = dict(os.environ,
               DEBUGINFOD_URLS="http://127.0.0.1:%d" % server.getsockname()[1],
               DEBUGINFOD_TIMEOUT="1")
    sys.exit(subprocess.call(sys.argv[1:], env=env))
