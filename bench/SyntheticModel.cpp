//===- SyntheticModel.cpp - In-memory traced model for micro-benchmarks ---===//

#include "SyntheticModel.h"

#include "tg/IR/CallStack.h"
#include "tg/IR/TGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"

#include <string>
#include <vector>

using namespace mlir;

namespace tg {
namespace bench {

namespace {
constexpr llvm::StringLiteral kSite = "/usr/lib/python3/dist-packages/";

/// One frame of a chain: the module called and where the call is written.
struct FrameSpec {
  std::string instance, className, method;
  const char *file;
  unsigned line, col;
};

struct Builder {
  MLIRContext &ctx;
  explicit Builder(MLIRContext &ctx) : ctx(ctx) {}

  Location pos(const char *file, unsigned line, unsigned col, unsigned len) {
    // The single-line form, as the parser builds `"f":line:col to :end`.
    return FileLineColRange::get(StringAttr::get(&ctx, kSite + file), line, col,
                                 col + len);
  }

  /// The location the inliner gives a leaf reached through `frames`
  /// (outermost first): frames are pushed innermost first, as inlining a
  /// callee into its caller and then into the caller's caller does.
  Location chain(Location leaf, const std::vector<FrameSpec> &frames) {
    Location loc = leaf;
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      auto frame =
          FrameAttr::get(&ctx, it->instance, it->className, it->method);
      loc = pushFrame(loc, frame, pos(it->file, it->line, it->col, 24));
    }
    return loc;
  }
};
} // namespace

void prepareContext(MLIRContext &ctx) {
  ctx.allowUnregisteredDialects();
  ctx.loadDialect<TGDialect>();
}

OwningOpRef<ModuleOp> buildSyntheticModel(MLIRContext &ctx, uint64_t numOps) {
  Builder b(ctx);
  const char *ddp = "torch/nn/parallel/distributed.py";
  const char *fsdp = "torch/distributed/fsdp/fully_sharded_data_parallel.py";
  const char *llava = "transformers/models/llava/modeling_llava.py";
  const char *mixtral = "transformers/models/mixtral/modeling_mixtral.py";
  const char *ckpt =
      "torch/distributed/algorithms/_checkpoint/checkpoint_wrapper.py";
  const char *linear = "torch/nn/modules/linear.py";
  const char *container = "torch/nn/modules/container.py";

  OpBuilder builder(&ctx);
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&ctx));
  builder.setInsertionPointToEnd(module->getBody());
  OperationName opName("bench.op", &ctx);
  StringAttr handleName = StringAttr::get(&ctx, "tg.debug_handle");
  Type i64 = builder.getI64Type();

  // One decoder layer is 96 ops: RMSNorm (12), attention (36, some through
  // Linear, some through the rotary helpers) and four experts (12 each).
  constexpr unsigned kOpsPerLayer = 96;
  std::vector<FrameSpec> frames;
  for (uint64_t h = 0; h < numOps; ++h) {
    uint64_t layer = h / kOpsPerLayer;
    unsigned k = h % kOpsPerLayer;
    frames = {
        {"module", "FullyShardedDataParallel", "forward", ddp, 1352, 22},
        {"_fsdp_wrapped_module", "LlavaForConditionalGeneration", "forward",
         fsdp, 848, 22},
        {"language_model", "MixtralForCausalLM", "forward", llava, 478, 19},
        {"model", "MixtralModel", "forward", mixtral, 1310, 19},
        {"layers", "Sequential", "forward", mixtral, 1071, 25},
        {std::to_string(layer), "CheckpointWrapper", "forward", container, 204,
         21},
        {"_checkpoint_wrapped_module", "MixtralDecoderLayer", "forward", ckpt,
         168, 16},
    };
    unsigned line = 80 + k % 12, col = 9 + k % 7;
    if (k < 12) {
      frames.push_back(
          {"input_layernorm", "MixtralRMSNorm", "forward", mixtral, 876, 25});
    } else if (k < 48) {
      frames.push_back(
          {"self_attn", "MixtralAttention", "forward", mixtral, 879, 59});
      if (k % 9 == 0) {
        frames.push_back({"q_proj", "Linear", "forward", mixtral, 282, 24});
        line = 114;
      } else if (k % 9 < 4) {
        frames.push_back(
            {"SELF", "MixtralAttention", "_apply_rotary", mixtral, 296, 24});
        frames.push_back({"", "", "apply_rotary_pos_emb", mixtral, 265, 16});
        if (k % 9 == 3)
          frames.push_back({"", "", "rotate_half", mixtral, 247, 26});
        line = 218 + k % 9;
      } else {
        line = 280 + k % 9;
      }
    } else {
      unsigned expert = (k - 48) / 12, j = (k - 48) % 12;
      frames.push_back({"block_sparse_moe", "MixtralSparseMoeBlock", "forward",
                        mixtral, 892, 42});
      frames.push_back({std::to_string(expert), "MixtralBlockSparseTop2MLP",
                        "forward", mixtral, 695, 43});
      if (j < 9) {
        static const char *const ws[] = {"w1", "w3", "w2"};
        frames.push_back({ws[j / 3], "Linear", "forward", mixtral, 625, 47});
        line = 114;
      } else {
        line = 625 + j;
      }
    }
    Location leaf = b.pos(line == 114 ? linear : mixtral, line, col, 12);
    OperationState state(b.chain(leaf, frames), opName);
    state.addAttribute(handleName, IntegerAttr::get(i64, h));
    builder.create(state);
  }
  return module;
}

} // namespace bench
} // namespace tg
