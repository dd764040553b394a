"""Types handles into tg-symbolicate's standard input one line at a time, as
at a terminal or from a log that grows, and waits for each answer before
typing the next: tg-symbolicate must answer a line without waiting for the
end of its input (it used to read all of it first). Prints each answer's
first line, or that none came within 60 s.

usage: answer_as_typed.py HANDLE[,HANDLE...] TG-SYMBOLICATE ARGS...
"""
import os
import select
import subprocess
import sys

lines = sys.argv[1].split(",")
proc = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE)
out = proc.stdout.fileno()
for line in lines:
    proc.stdin.write((line + "\n").encode())
    proc.stdin.flush()
    seen = b""
    while b"Debug handle" not in seen or not seen.endswith(b"\n"):
        ready, _, _ = select.select([out], [], [], 60)
        if not ready:
            print("typed %s: no answer within 60 s" % line)
            proc.kill()
            sys.exit(1)
        chunk = os.read(out, 1 << 16)
        if not chunk:
            break
        seen += chunk
    first = [l for l in seen.decode().splitlines() if l.startswith("Debug handle")]
    print("typed %s: %s" % (line, first[0] if first else "no answer"))
proc.stdin.close()
proc.wait(timeout=60)
print("exit status: %d" % proc.returncode)
