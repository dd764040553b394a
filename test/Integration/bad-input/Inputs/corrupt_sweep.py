"""Runs tg-symbolicate on many damaged copies of a section and checks that
each is either read or rejected cleanly: exit code 0 or 1 (never a signal or
a sanitizer's exit code), and every stderr line a one-line
`tg-symbolicate: error: ...` diagnostic, or the count of handles that
failed with the error before it (`tg-symbolicate: note: the same error for N
more handles`).

  corrupt_sweep.py TG_SYMBOLICATE SECTION WORKDIR [EXTRA ARGS...]

EXTRA ARGS go to every tg-symbolicate run (`--records`, say).

Damage: truncation at every 64th byte, and one flipped bit at every 16th
byte with the checksums recomputed (file size, header, and for format 2.0 the
section table, every table's checksum and every block's; so the damage
reaches the header-field, record and block-structure checks, not just the
checksum checks). Prints a summary; exits 1 on the first bad
outcome, naming the damage so it can be reproduced.
"""
import os
import re
import struct
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                "Serialize", "Inputs"))
from section_tool import fix as fix_checksums  # noqa: E402

REPEATED = re.compile(r"tg-symbolicate: note: the same error for [0-9]+ more handles?$")


def main():
    tool, section, work = sys.argv[1:4]
    extra = sys.argv[4:]
    original = open(section, "rb").read()
    handles = struct.unpack_from("<I", original, 40)[0]
    args = [str(h) for h in range(handles)]
    cases = []
    for n in range(0, len(original), 64):
        cases.append(("truncated to %d bytes" % n, original[:n]))
    for i in range(0, len(original), 16):
        damaged = bytearray(original)
        bit = i // 16 % 8
        damaged[i] ^= 1 << bit
        cases.append(("bit %d of byte %d flipped" % (bit, i),
                      fix_checksums(damaged)))
    path = os.path.join(work, "damaged.tgdbg")
    outcomes = {0: 0, 1: 0}
    for what, data in cases:
        with open(path, "wb") as f:
            f.write(data)
        proc = subprocess.run([tool, path, "--no-source"] + extra + args,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = proc.stderr.decode("utf-8", "replace").splitlines()
        bad = [l for l in err if not l.startswith("tg-symbolicate: error: ")
               and not REPEATED.match(l)]
        if proc.returncode not in (0, 1) or bad or (proc.returncode == 1 and not err):
            print("FAIL: %s: exit code %d, stderr:\n%s" % (what, proc.returncode,
                                                           "\n".join(err[:20])))
            return 1
        outcomes[proc.returncode] += 1
    print("%d damaged sections: %d read, %d rejected, 0 crashes"
          % (len(cases), outcomes[0], outcomes[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
