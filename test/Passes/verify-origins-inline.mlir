// --tg-snapshot-origins, --tg-inline, --tg-verify-origins: the obvious
// pipeline passes on a traced model. Inlining keeps every origin whole with
// frames added outside it, and a call's own location lives on as the call
// location of its callee's frames (issue 30: both counted as lost, every
// origin of every TorchScript import).
// RUN: tg-opt %s --tg-snapshot-origins --tg-inline --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s
// CHECK: remark: origins: 6, on ops: 6 (on llvm ops: 0), only in records: 0, lost: 0
// (The callees' tg.return, which inlining drops without a record, count with
// --tg-snapshot-origins=terminators=true only: docs/upstream-transforms.md.)
// A real import (torch-to-tg --torchvision resnet18): its folded branches are
// in tg-inline's records, every other origin on an op.
// RUN: tg-opt %tg_src_root/examples/torchvision/resnet18.mlir --tg-snapshot-origins --tg-inline \
// RUN:   --tg-fuse-elementwise --tg-assign-debug-handles --tg-verify-origins=summary=true -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IMPORT
// IMPORT: remark: origins: {{[0-9]+}}, on ops: {{[0-9]+}} (on llvm ops: 0), only in records: {{[0-9]+}}, lost: 0
//
// What the inlining really loses still is lost: the inlined get_attr, unused,
// dropped by upstream canonicalization without a record.
// RUN: not tg-opt %s --tg-snapshot-origins --tg-inline -canonicalize --tg-verify-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOST
// LOST: block.py:3:9: error: origin lost
// LOST-NOT: error

module {
  tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
    %b = tg.get_submodule %self["block"] : !tg.module<"Net"> -> !tg.module<"Block"> loc("net.py":1:9)
    %y = tg.call_method @"Block::forward"(%b, %x) : (!tg.module<"Block">, !tg.tensor) -> !tg.tensor loc("net.py":2:9)
    tg.return %y : !tg.tensor loc("net.py":3:5)
  }
  tg.graph @"Block::forward"(%self: !tg.module<"Block">, %x: !tg.tensor) -> !tg.tensor {
    %r = tg.get_submodule %self["relu"] : !tg.module<"Block"> -> !tg.module<"ReLU"> loc("block.py":1:9)
    %y = tg.call_method @"ReLU::forward"(%r, %x) : (!tg.module<"ReLU">, !tg.tensor) -> !tg.tensor loc("block.py":2:9)
    %w = tg.get_attr %self["weight"] : !tg.module<"Block"> -> !tg.tensor loc("block.py":3:9)
    tg.return %y : !tg.tensor loc("block.py":4:5)
  }
  tg.graph @"ReLU::forward"(%self: !tg.module<"ReLU">, %x: !tg.tensor) -> !tg.tensor {
    %y = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("relu.py":1:12)
    tg.return %y : !tg.tensor loc("relu.py":1:5)
  }
}
