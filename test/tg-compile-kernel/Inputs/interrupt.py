"""Presses Ctrl-C during tg-compile-kernel --keep-going at the moment that
used to be missed: the signal reaches the whole process group while a tool
finishes normally. LLC is replaced by a wrapper that ignores SIGINT, sends it
to its process group (the terminal's Ctrl-C), runs the real llc and exits 0.
Prints how tg-compile-kernel ended and how many kernels reached llc.

usage: interrupt.py WORKDIR LLC TG-COMPILE-KERNEL ARGS...  (LLC: a path or a name on PATH)
"""
import os
import shutil
import signal
import stat
import subprocess
import sys

workdir, real_llc = sys.argv[1], shutil.which(sys.argv[2])
calls = os.path.join(workdir, "llc-calls")
wrapper = os.path.join(workdir, "llc-pressing-ctrl-c")
with open(wrapper, "w") as f:
    f.write("#!/usr/bin/env bash\n"
            "trap '' INT\n"
            "echo call >> '%s'\n"
            "kill -s INT 0\n"
            "exec '%s' \"$@\"\n" % (calls, real_llc))
os.chmod(wrapper, os.stat(wrapper).st_mode | stat.S_IXUSR)
if os.path.exists(calls):
    os.unlink(calls)
# A session of its own: the group signalled is tg-compile-kernel's, not lit's.
# SIGINT as at a terminal: lit's workers ignore it, and a signal ignored on
# entry cannot be trapped.
proc = subprocess.run(sys.argv[3:], env=dict(os.environ, LLC=wrapper),
                      stderr=subprocess.PIPE, start_new_session=True, timeout=300,
                      preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
ended = ("killed by %s" % signal.Signals(-proc.returncode).name
         if proc.returncode < 0 else "exit status %d" % proc.returncode)
print("tg-compile-kernel: %s" % ended)
print("kernels that reached llc: %d" % len(open(calls).read().split()))
print("summary printed: %s" % (b"kernels compiled" in proc.stderr))
