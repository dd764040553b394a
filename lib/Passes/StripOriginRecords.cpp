//===- StripOriginRecords.cpp - Origin records out of the IR --------------===//
//
// The records an accounted pipeline leaves on the module are tg attributes;
// a tool that reads no tg dialect (Debian's mlir-translate) needs the IR
// without them, and the user still needs them: this pass moves them to a
// text file, everything else about the locations untouched.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/Passes/Passes.h"
#include "tg/Support/OutputFile.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"

namespace tg {
#define GEN_PASS_DEF_TGSTRIPORIGINRECORDS
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct StripOriginRecordsPass
    : public tg::impl::TGStripOriginRecordsBase<StripOriginRecordsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<Operation *, Location>> stripped;
    // A pass that builds an op at the module's location (a runtime
    // function declaration) copies its records: each is written once.
    llvm::SetVector<Location> unique;
    SmallVector<tg::RemovedOrigin> records;
    module->walk([&](Operation *op) {
      records.clear();
      tg::getOriginRecords(op->getLoc(), records);
      if (records.empty())
        return;
      for (const tg::RemovedOrigin &removed : records)
        unique.insert(tg::makeOriginRecord(removed.record, removed.origin));
      stripped.push_back({op, tg::stripOriginRecords(op->getLoc())});
    });
    // Written before the IR changes: a record is never only in memory.
    if (!path.empty()) {
      std::string error =
          tg::writeFileAtomically(path, [&](llvm::raw_ostream &out) {
            for (Location record : unique) {
              record.print(out);
              out << '\n';
            }
          });
      if (!error.empty()) {
        emitError(module.getLoc())
            << "tg-strip-origin-records: cannot write the "
               "records to '"
            << path << "': " << error;
        return signalPassFailure();
      }
    }
    for (auto [op, loc] : stripped)
      op->setLoc(loc);
    if (stripped.empty())
      markAllAnalysesPreserved();
  }
};
} // namespace
