# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""Section.from_build_id without a debuginfod server that answers (the
answering server is test/Integration/debuginfod/python.test): Ctrl-C
interrupts a fetch at once, not when the request times out (issue 30)."""
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time

FETCH = textwrap.dedent("""
    import signal, sys, time, tracegraph
    # lit's workers ignore SIGINT, and a child inherits that.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    print("fetching", flush=True)
    start = time.monotonic()
    try:
        tracegraph.Section.from_build_id("ab" * 20, urls=[sys.argv[1]],
                                         cache_dir=sys.argv[2], timeout=60)
    except KeyboardInterrupt:
        print("KeyboardInterrupt after %.0f s" % (time.monotonic() - start))
    """)


def test_ctrl_c_interrupts_a_fetch(tmp_path):
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(4)  # the kernel completes handshakes; nothing replies
        url = "http://127.0.0.1:%d" % server.getsockname()[1]
        child = subprocess.Popen(
            [sys.executable, "-c", FETCH, url, str(tmp_path / "cache")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert child.stdout.readline() == "fetching\n"
        time.sleep(1)  # inside the request by now
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=20)
    assert child.returncode == 0, err
    assert out == "KeyboardInterrupt after 1 s\n", (out, err)
