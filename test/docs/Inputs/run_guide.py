"""Runs the shell blocks of a Markdown guide in order, as a newcomer would.

  run_guide.py GUIDE.md WORKDIR

Lines that build or run the suite (./scripts/...) and interactive pagers
(| less) are skipped; `build/bin/` is dropped (lit puts the tools on PATH) and
`/tmp/` becomes WORKDIR, so the guide's commands run against the tools under
test from the source root. Exits with the first failing command's status.
"""
import os
import re
import subprocess
import sys

guide, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
blocks = re.findall(r"```sh\n(.*?)```", open(guide).read(), re.S)
script = "\n".join(blocks).replace("\\\n", " ")
commands = []
for line in script.splitlines():
    if not line.strip() or "./scripts/" in line or "| less" in line:
        continue
    line = line.replace("build/bin/", "").replace("/tmp/", work.rstrip("/") + "/")
    commands.append(line)
root = os.path.dirname(os.path.dirname(os.path.abspath(guide)))
for cmd in commands:
    print("$", cmd, flush=True)
    # No pipefail: `| grep -m3` closes the pipe early on purpose.
    result = subprocess.run(["bash", "-c", cmd], cwd=root)
    if result.returncode:
        sys.exit("run_guide.py: failed (exit %d): %s" % (result.returncode, cmd))
print("ran %d commands" % len(commands))
