"""Changes a debug section while tg-symbolicate is answering from it, and
prints what tg-symbolicate did.

tg-symbolicate maps the section and answers the HANDLES of its standard input
in order, as they come (written beside the reading of its output: neither
pipe may fill while the other waits). HANDLES is given ROUNDS times: once the first
round's answers are read from its standard output (every table they need has
been read and checked by then), the file is changed (MODE `truncate`: cut to
half its size; `rewrite`: its second half overwritten with zeros in place,
the size unchanged), and the rest of the output is read. While the output is
not read, tg-symbolicate waits on the full pipe.

usage: change_while_open.py MODE SECTION HANDLES ROUNDS TG-SYMBOLICATE ARGS...
"""
import os
import subprocess
import sys
import threading

mode, section, handles, rounds = sys.argv[1:5]
handles = open(handles).read().split()
err_chunks = []
proc = subprocess.Popen(sys.argv[5:], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
reader = threading.Thread(target=lambda: err_chunks.append(proc.stderr.read()))
reader.start()
def write_handles():
    proc.stdin.write(("\n".join(handles * int(rounds)) + "\n").encode())
    proc.stdin.close()
writer = threading.Thread(target=write_handles)
writer.start()
json_output = "--format=json" in sys.argv
answered = 0
changed = False
lines_after = 0
output = []
for line in proc.stdout:
    output.append(line)
    # A text answer starts "Debug handle N"; a JSON one is an object whose
    # "handle" key comes first.
    if line.startswith(b"Debug handle") or line.startswith(b'    "handle"'):
        answered += 1
    if changed:
        lines_after += 1
    if not changed and answered > len(handles):
        size = os.path.getsize(section)
        if mode == "truncate":
            os.truncate(section, size // 2)
        else:
            with open(section, "r+b") as f:
                f.seek(size // 2)
                f.write(bytes(size - size // 2))
        changed = True
proc.wait()
reader.join()
writer.join()
print("changed after round 1: %s" % changed)
print("exit status: %d" % proc.returncode)
if json_output:
    import json
    try:
        json.loads(b"".join(output))
        print("stdout is JSON: True")
    except ValueError:
        print("stdout is JSON: False")
for line in b"".join(err_chunks).decode().splitlines():
    print("stderr: " + line)
