"""Runs tg-opt with a signal ignored, as nohup ignores SIGHUP and a shell
script's `cmd &` ignores SIGINT, and sends it that signal once the output file
exists (tg-opt has opened it and is still working). Prints tg-opt's exit
status, its stderr and whether the output is there.

usage: signal_during_write.py SIGNAME OUTPUT TG-OPT ARGS...
"""
import os
import signal
import subprocess
import sys
import threading
import time

signum = getattr(signal, sys.argv[1])
output = sys.argv[2]
if os.path.exists(output):
    os.unlink(output)
proc = subprocess.Popen(sys.argv[3:], stderr=subprocess.PIPE,
                        preexec_fn=lambda: signal.signal(signum, signal.SIG_IGN))
# stderr is read beside the polling, so a long one cannot fill the pipe.
chunks = []
reader = threading.Thread(target=lambda: chunks.append(proc.stderr.read()))
reader.start()
sent = False
deadline = time.time() + 300
while proc.poll() is None:
    if not sent and os.path.exists(output):
        proc.send_signal(signum)
        sent = True
    if time.time() > deadline:
        proc.kill()
        sys.exit("tg-opt ran for more than 300 s")
    time.sleep(0.001)
reader.join()
err = b"".join(chunks).decode()
print("signal sent while running: %s" % sent)
print("exit status: %d" % proc.returncode)
print("stderr: %s" % err.strip())
print("output exists: %s" % os.path.exists(output))
