"""The importer's grouping of `<string>` windows into sources (synthetic
range texts as Node.sourceRange() prints them)."""
import sys

sys.path.insert(0, sys.argv[1])
from tracegraph.torch.torchscript import TorchScriptImporter  # noqa: E402


class Importer:
    def __init__(self):
        self.source_text = {}

    keep = TorchScriptImporter._keep_source_text


BUILTIN_5 = '''  File "<string>", line 5
  pass
def list_with_default(out_size: List[int], defaults: List[int]):
  assert len(defaults) > len(out_size)
         ~~~ <--- HERE
  return out_size
def _assert(condition : bool, message : str):
'''
BUILTIN_6 = '''  File "<string>", line 6
def list_with_default(out_size: List[int], defaults: List[int]):
  assert len(defaults) > len(out_size)
  return out_size
  ~~~~~~~~~~~~~~~ <--- HERE
def _assert(condition : bool, message : str):
  assert condition, message
'''
LEN_3 = '''  File "<string>", line 2
def __len__(self):
   return 3
          ~ <--- HERE
'''
LEN_2 = LEN_3.replace("return 3", "return 2")

imp = Importer()
for name, text in [("builtin line 5", BUILTIN_5), ("__len__ 3", LEN_3),
                   ("builtin line 6", BUILTIN_6), ("__len__ 2", LEN_2),
                   ("__len__ 3 again", LEN_3)]:
    print("%s -> %s" % (name, imp.keep("<string>", text)))
for vname, lines, end in imp.source_text["<string>"]:
    print("%s: lines %s, ends at %s" % (vname, sorted(lines), end))
