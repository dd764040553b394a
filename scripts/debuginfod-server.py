#!/usr/bin/env python3
"""Runs a real debuginfod server on loopback for tests, benchmarks and the demo.

    debuginfod-server.py DIR [--files N] [--federate] -- COMMAND [ARGS...]

starts Debian's debuginfod (elfutils) on 127.0.0.1 at a free port, indexing
the ELF files under DIR (tracegraph's containers: --tg-emit-debug-section
"path=F elf=true"), waits until it has scanned N files (default: every file
under DIR), runs COMMAND with DEBUGINFOD_URLS pointing at it, stops the
server and exits with COMMAND's exit code. Why elfutils' server and not
llvm-debuginfod-22: Debian builds LLVM's server without cpp-httplib, so it
cannot listen ("no httplib"); the client side is LLVM's either way
(docs/fleet-symbolication.md).

As a module: `with DebuginfodServer(dir) as server: server.url ...`.
"""

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class DebuginfodServer:
    """debuginfod on 127.0.0.1, indexing `directory`; stopped on exit."""

    def __init__(self, directory, files=None, timeout=120.0):
        self.directory = os.path.abspath(directory)
        self.files = files
        self.timeout = timeout
        self.process = None
        self.workdir = None

    def __enter__(self):
        binary = shutil.which("debuginfod")
        if not binary:
            raise RuntimeError("debuginfod is not installed (Debian: apt install "
                               "debuginfod; scripts/install-deps.sh --for-tests)")
        if self.files is None:
            self.files = sum(len(f) for _, _, f in os.walk(self.directory))
        self.workdir = tempfile.mkdtemp(prefix="tg-debuginfod-")
        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.log = open(os.path.join(self.workdir, "server.log"), "w")
        # -F: scan ELF files; -t 0: no periodic rescans (the initial scan
        # only); -g 0: no grooming; the database lives in a temporary dir.
        self.process = subprocess.Popen(
            [binary, "-p", str(self.port), "-d",
             os.path.join(self.workdir, "db.sqlite"), "-F", "-t", "0", "-g", "0",
             self.directory],
            stdout=self.log, stderr=subprocess.STDOUT)
        try:
            self._wait_indexed()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def metrics(self):
        with urllib.request.urlopen(self.url + "/metrics", timeout=5) as reply:
            values = {}
            for line in reply.read().decode().splitlines():
                if line and not line.startswith("#"):
                    key, _, value = line.rpartition(" ")
                    values[key] = float(value)
            return values

    def _wait_indexed(self):
        deadline = time.monotonic() + self.timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError("debuginfod exited with %d; its log: %s" % (
                    self.process.returncode, os.path.join(self.workdir, "server.log")))
            try:
                m = self.metrics()
                if (m.get('scanned_files_total{source="file"}', 0) >= self.files and
                        m.get('thread_work_pending{role="scan"}', 1) == 0):
                    return
            except OSError:
                pass  # not listening yet
            if time.monotonic() > deadline:
                raise RuntimeError("debuginfod did not index %d files in %.0f s"
                                   % (self.files, self.timeout))
            time.sleep(0.05)

    def rss_kib(self):
        """The server's peak resident memory (VmHWM), KiB."""
        with open("/proc/%d/status" % self.process.pid) as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return 0

    def __exit__(self, *exc):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.workdir:
            self.log.close()
            shutil.rmtree(self.workdir, ignore_errors=True)
        return False


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="%(prog)s DIR [--files N] [--federate] -- COMMAND [ARGS...]")
    parser.add_argument("directory")
    parser.add_argument("--files", type=int, default=None,
                        help="files to wait for (default: all under DIR)")
    parser.add_argument("--federate", action="store_true",
                        help="append this server to DEBUGINFOD_URLS instead "
                             "of replacing it (nest the script to run several)")
    argv = sys.argv[1:]
    if "--" not in argv:
        parser.error("missing '-- COMMAND'")
    split = argv.index("--")
    args = parser.parse_args(argv[:split])
    command = argv[split + 1:]
    if not command:
        parser.error("missing COMMAND after '--'")
    try:
        with DebuginfodServer(args.directory, args.files) as server:
            urls = server.url
            if args.federate and os.environ.get("DEBUGINFOD_URLS"):
                urls = os.environ["DEBUGINFOD_URLS"] + " " + server.url
            env = dict(os.environ, DEBUGINFOD_URLS=urls)
            return subprocess.call(command, env=env)
    except RuntimeError as err:
        print("debuginfod-server.py: error: %s" % err, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
