#!/usr/bin/python3
"""Markdown tables of docs/torch-import.md from survey.py's JSON lines.

  scripts/survey_tables.py survey.jsonl [share.jsonl]

share.jsonl (from `scripts/survey.py --share-only`) adds the forward share of the
lite archive's debug handles for models whose survey line lacks it.
"""

import json
import sys


def kb(pair):
    return "%s / %s" % (_n(pair[0]), _n(pair[1]))


def _n(b):
    return "{:,}".format(b)


def main(argv):
    rows = [json.loads(line) for line in open(argv[0]) if line.strip()]
    if len(argv) > 1:
        shares = {}
        for line in open(argv[1]):
            if line.strip():
                d = json.loads(line)
                if "ptl_forward_handles" in d:
                    shares[d["model"]] = d["ptl_forward_handles"]
        for r in rows:
            if "ptl_forward_handles" not in r and r["model"] in shares:
                r["ptl_forward_handles"] = shares[r["model"]]
    ok = [r for r in rows if r.get("import") == "ok"]
    with_paths = [r for r in ok if "paths_exact" in r]
    sized = [r for r in ok if isinstance(r.get("tg_section_embed_source"), list)]
    print("%d models; %d accepted by torch.jit.script; %d imported, %d of them verified by "
          "tg-opt. Module paths over %d models: %d aten ops exactly PyTorch's, %d nested in "
          "output-less control flow (PyTorch's defect reproduced, tg keeps the frames), %d "
          "different." % (
              len(rows), len([r for r in rows if r.get("script") == "ok"]), len(ok),
              len([r for r in ok if r.get("verifies")]), len(with_paths),
              sum(r["paths_exact"] for r in with_paths),
              sum(r["paths_block_defect"] for r in with_paths),
              sum(r["paths_differ"] for r in with_paths)))
    if sized:
        ratios = [r["ptl_all_debug"][0] / r["tg_section_embed_source"][0] for r in sized]
        print("tg section with source vs the lite archive's debug data, uncompressed: "
              "%.1fx to %.1fx smaller." % (min(ratios), max(ratios)))
    print()
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
        print("| %s | ok | ok | %s | %d | %d (%d) | %s |" % (
            r["model"], "yes" if r["verifies"] else "NO", r["graphs"],
            r.get("pytorch_aten_ops", 0), r.get("tg_aten_ops", 0), paths))
    print()
    print("| model | TorchScript .debug_pkl | lite callstacks | lite all debug | forward's "
          "handles | tg section | tg section + source | lite all debug / tg + source | "
          "the same, forward's share only |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if not isinstance(r.get("tg_section"), list):
            continue
        a, t, ts = r["ptl_all_debug"], r["tg_section"], r["tg_section_embed_source"]
        share = r.get("ptl_forward_handles")
        frac = share[0] / share[1] if share and share[1] else None
        print("| %s | %s | %s | %s | %s | %s | %s | %.1fx / %.1fx | %s |" % (
            r["model"], kb(r["pt_debug_pkl"]), kb(r["ptl_callstack_debug_map"]), kb(a),
            "%d%%" % round(100 * frac) if frac else "?", kb(t), kb(ts), a[0] / ts[0],
            a[1] / ts[1], "%.1fx / %.1fx" % (a[0] * frac / ts[0], a[1] * frac / ts[1])
            if frac else "?"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
