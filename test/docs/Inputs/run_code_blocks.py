"""Runs every code block of a Markdown page, in order, as written.

  run_code_blocks.py PAGE.md --src SRC --obj OBJ --work DIR [--pip]

Blocks run in DIR, which looks like a checkout that was built: a link to
each top-level entry of SRC, and `build` linking to OBJ. `sh` blocks run in
bash (-e -o pipefail), each in its own shell; `python` blocks run in one
interpreter for the page, one after the other, so a block may use what an
earlier one defined (as in a session). PATH is Debian's own, behind the
tools under test (build/bin, tools/torch-to-tg) and its LLVM; HOME is in
DIR, so nothing outside it is touched (caches, a server's database).

A page steers its test with HTML comments, which a reader does not see:

  <!-- docs-test setup: COMMAND -->  a shell command run in DIR first (the
                                     page's inputs: its model.mlir, ...)
  <!-- docs-test: OPTIONS -->        right before a block:
      background                     run it and go on; it is stopped at the
                                     end (a server)
      ready: COMMAND                 with background: poll COMMAND (a shell
                                     command) until it succeeds
      pip                            run only with --pip (pip builds the
                                     package: minutes)

A block in another language is an error: a page tested here says how each
of its blocks runs. Prints each block's output (`  > ` lines); exits 1 when a block fails.
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

FENCE = re.compile(r"^```(\w*)\s*$")
OPTIONS = re.compile(r"^<!-- docs-test: (.*) -->$")
SETUP = re.compile(r"^<!-- docs-test setup: (.*) -->$")

# The python blocks' interpreter: reads one JSON-encoded block per line,
# runs it in the page's namespace, answers "ok" or the traceback.
SESSION = r"""
import json, sys, traceback
namespace = {"__name__": "__main__"}
for line in sys.stdin:
    code = json.loads(line)
    try:
        exec(compile(code, "<block>", "exec"), namespace)
        answer = "ok"
    except BaseException:
        answer = traceback.format_exc()
    sys.stdout.flush()
    sys.stderr.flush()
    print("\0" + json.dumps(answer), flush=True)
"""


def blocks(page):
    """(line, language, code, options) of every fenced block, and the setup
    commands."""
    found, setup = [], []
    lines = open(page).read().splitlines()
    i = 0
    while i < len(lines):
        if SETUP.match(lines[i]):
            setup.append(SETUP.match(lines[i]).group(1))
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        options = {}
        if i and OPTIONS.match(lines[i - 1]):
            for item in OPTIONS.match(lines[i - 1]).group(1).split(";"):
                key, _, value = item.strip().partition(":")
                options[key.strip()] = value.strip()
        start = i
        i += 1
        code = []
        while i < len(lines) and lines[i].rstrip() != "```":
            code.append(lines[i])
            i += 1
        found.append((start + 1, fence.group(1), "\n".join(code) + "\n",
                      options))
        i += 1
    return found, setup


def checkout(src, obj, work):
    """`work` as a built checkout: links to `src`'s entries, build -> obj."""
    os.makedirs(work)
    for name in os.listdir(src):
        if name.startswith(("build", ".git")):
            continue
        os.symlink(os.path.join(src, name), os.path.join(work, name))
    os.symlink(obj, os.path.join(work, "build"))
    os.makedirs(os.path.join(work, "home"))


def environment(src, obj, work, pip):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DEBUGINFOD_", "PYTHON"))}
    env["PATH"] = os.pathsep.join([
        os.path.join(obj, "bin"), os.path.join(src, "tools", "torch-to-tg"),
        "/usr/lib/llvm-22/bin", "/usr/local/sbin", "/usr/local/bin",
        "/usr/sbin", "/usr/bin", "/sbin", "/bin"])
    env["HOME"] = os.path.join(work, "home")
    if pip:
        # pip-install.test's build folder: the first build takes minutes.
        env["TG_PIP_BUILD_DIR"] = os.path.join(obj, "pip-build")
    return env


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--src", required=True)
    parser.add_argument("--obj", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--pip", action="store_true")
    args = parser.parse_args()
    src, obj = os.path.abspath(args.src), os.path.abspath(args.obj)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    checkout(src, obj, work)
    env = environment(src, obj, work, args.pip)
    found, setup = blocks(args.page)
    name = os.path.relpath(args.page, src)
    for command in setup:
        subprocess.run(["bash", "-e", "-c", command], cwd=work, env=env,
                       check=True)
    background, session, failed, ran = [], None, 0, 0
    try:
        for line, language, code, options in found:
            where = "%s:%d (%s)" % (name, line, language)
            if "pip" in options and not args.pip:
                print("%s: not run here (pip builds the package: "
                      "test/docs/python-pip.test runs it)" % where)
                continue
            ran += 1
            if language == "sh" and "background" in options:
                background.append(subprocess.Popen(
                    ["bash", "-e", "-c", code], cwd=work, env=env,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                    start_new_session=True))
                ready = options.get("ready")
                deadline = time.monotonic() + 120
                while ready and subprocess.run(
                        ["bash", "-c", ready], cwd=work, env=env,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode:
                    if time.monotonic() > deadline:
                        sys.exit("%s: not ready after 120 s: %s" % (where,
                                                                    ready))
                    time.sleep(0.1)
                print("%s: started" % where)
                continue
            if language == "sh":
                run = subprocess.run(["bash", "-e", "-o", "pipefail", "-c",
                                      code], cwd=work, env=env, text=True,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT)
                output, ok = run.stdout, run.returncode == 0
            elif language == "python":
                if session is None:
                    session = subprocess.Popen(
                        [sys.executable, "-u", "-c", SESSION], cwd=work,
                        env=dict(env, PYTHONPATH=os.path.join(
                            obj, "python_packages")),
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True)
                session.stdin.write(json.dumps(code) + "\n")
                session.stdin.flush()
                output = ""
                for out in session.stdout:
                    if "\0" in out:  # after the block's own output
                        before, _, marker = out.partition("\0")
                        output += before
                        answer = json.loads(marker)
                        break
                    output += out
                else:
                    answer = "the interpreter exited"
                ok = answer == "ok"
                if not ok:
                    output += answer
            else:
                sys.exit("%s: a ```%s block: the test runs sh and python "
                         "blocks only" % (where, language))
            print("%s: %s" % (where, "ok" if ok else "FAILED"))
            if not ok:
                failed += 1
                print("".join("  | " + l + "\n" for l in code.splitlines()),
                      end="")
            # What the block printed, for the test to check.
            print("".join("  > " + l + "\n" for l in output.splitlines()),
                  end="")
    finally:
        if session:
            session.stdin.close()
            session.wait()
        for process in background:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()
    print("%s: %d blocks run, %d failed" % (name, ran, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
