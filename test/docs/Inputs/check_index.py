"""Every Markdown page under DOCS is linked from DOCS/index.md, and every
relative link of index.md leads to a file that exists.

  check_index.py DOCS
"""
import os
import re
import sys

docs = sys.argv[1]
index = open(os.path.join(docs, "index.md")).read()
links = set(re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", index))
missing = [l for l in sorted(links)
           if "://" not in l and not os.path.exists(os.path.join(docs, l))]
pages = sorted(os.path.relpath(os.path.join(root, f), docs)
               for root, _, files in os.walk(docs) for f in files
               if f.endswith(".md") and f != "index.md")
unlisted = [p for p in pages if p not in links]
for link in missing:
    print("index.md links to %s, which does not exist" % link)
for page in unlisted:
    print("index.md does not list %s" % page)
print("%d pages, %d links checked" % (len(pages), len(links)))
sys.exit(1 if missing or unlisted else 0)
