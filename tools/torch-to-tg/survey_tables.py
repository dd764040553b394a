#!/usr/bin/python3
"""Markdown tables of docs/torch-import.md from survey.py's JSON lines.

  survey_tables.py survey.jsonl
"""

import json
import sys


def kb(pair):
    return "%s / %s" % (_n(pair[0]), _n(pair[1]))


def _n(b):
    return "{:,}".format(b)


def main(argv):
    rows = [json.loads(line) for line in open(argv[0]) if line.strip()]
    print("| model | torch.jit.script | import | tg-opt verifies | graphs | PyTorch aten ops "
          "(tg) | paths exact / PyTorch defect / differ |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if "crash" in r:
            print("| %s | crashed: %s | | | | | |" % (r["model"], r["crash"][-120:].replace("|", "/")
                                                   .replace("\n", " ")))
            continue
        if r.get("script") != "ok":
            print("| %s | %s | - | - | - | - | - |" % (r["model"], r["script"].replace("|", "/")))
            continue
        if r.get("import") != "ok":
            print("| %s | ok | %s | - | - | - | - |" % (r["model"], r["import"].replace("|", "/")))
            continue
        paths = "%d / %d / %d" % (r["paths_exact"], r["paths_block_defect"], r["paths_differ"]) \
            if "paths_exact" in r else r.get("paths", "-")
        print("| %s | ok | ok (%.1f s) | %s | %d | %d (%d) | %s |" % (
            r["model"], r["import_seconds"], "yes" if r["verifies"] else "NO", r["graphs"],
            r.get("pytorch_aten_ops", 0), r.get("tg_aten_ops", 0), paths))
    print()
    print("| model | TorchScript .debug_pkl | lite callstacks | lite all debug | tg section | "
          "tg section + source | lite all debug / tg + source |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if not isinstance(r.get("tg_section"), list):
            continue
        a, t, ts = r["ptl_all_debug"], r["tg_section"], r["tg_section_embed_source"]
        print("| %s | %s | %s | %s | %s | %s | %.1fx / %.1fx |" % (
            r["model"], kb(r["pt_debug_pkl"]), kb(r["ptl_callstack_debug_map"]), kb(a), kb(t),
            kb(ts), a[0] / ts[0], a[1] / ts[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
