"""The lookups of fetch.test while its debuginfod server runs: each by
build ID through tg-symbolicate, compared with the same handles read from
the file, or the one-line error it gives. Usage: lookups.py TMPDIR."""
import os
import subprocess
import sys

tmp = sys.argv[1]


def lookup(name, build_id, handles, expected=None):
    run = subprocess.run(["tg-symbolicate", "--build-id=" + build_id] + handles,
                         capture_output=True, text=True)
    if run.returncode == 0:
        with open(expected) as f:
            same = f.read() == run.stdout
        print("%s: %s" % (name, "same as the file" if same else "DIFFERENT"))
    else:
        print("%s: %s" % (name, run.stderr.strip()))


with open(os.path.join(tmp, "a.id")) as f:
    a_id = f.read().strip()
lookup("a", a_id, ["3", "40"], os.path.join(tmp, "a.txt"))
lookup("b", "0123456789abcdef", ["2"], os.path.join(tmp, "b.txt"))
lookup("unknown", "00000000", ["1"])
lookup("liar", "deadbeef", ["1"])
lookup("native", "feedface", ["1"])
