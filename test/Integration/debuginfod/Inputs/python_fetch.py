"""python.test's lookups: Section.from_build_id for every build, in
threads, compared with the file; then the errors. With --cached, no server
(DEBUGINFOD_URLS points nowhere) and the cache must answer.
Usage: python_fetch.py TMPDIR [--cached]"""
import os
import sys
from concurrent.futures import ThreadPoolExecutor

import tracegraph

tmp = sys.argv[1]
cached = "--cached" in sys.argv
cache = os.path.join(tmp, "cache")
urls = ["http://127.0.0.1:1"] if cached else None
ids = open(os.path.join(tmp, "ids")).read().split()
plain = tracegraph.Section(os.path.join(tmp, "a.tgdbg"))
handles = plain.handles[::37]
expected = [plain.lookup(h) for h in handles]


def fetch(build_id):
    section = tracegraph.Section.from_build_id(build_id, urls=urls,
                                               cache_dir=cache, timeout=10)
    assert section.build_id == build_id, (section.build_id, build_id)
    return [section.lookup(h) for h in handles] == expected


with ThreadPoolExecutor(8) as pool:
    same = all(pool.map(fetch, ids))
where = "from the cache, no server" if cached else "fetched in 8 threads"
print("%d builds %s: %s" % (len(ids), where,
                            "same lookups as the file" if same else "DIFFERENT"))
if cached:
    sys.exit(0)
for name, call in [
        ("unknown", lambda: tracegraph.Section.from_build_id("99", cache_dir=cache)),
        ("bad", lambda: tracegraph.Section.from_build_id("xyz")),
        ("timeout", lambda: tracegraph.Section.from_build_id("00", timeout=0))]:
    try:
        call()
        print("%s: no error" % name)
    except (tracegraph.SectionError, ValueError) as err:
        print("%s: %s: %s" % (name, type(err).__name__, err))
