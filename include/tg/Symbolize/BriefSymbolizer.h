//===- BriefSymbolizer.h - Memoized op + first frame per handle -*- C++ -*-===//
//
// What a profiler or a bulk query needs of a handle, fast: the op, its
// kernel, and its first origin's module path and own (innermost) frame, as
// Symbolizer gives them, at a fraction of the cost. Python's
// `Section.lookup_many` runs on it. Ops share their call stacks, so the
// module path of a (stack node, entry graph, op name) is formatted once and
// the module frame of each stack node decoded once; a handle whose leaf is a
// plain position then costs a handle lookup, a position lookup and a few
// hash lookups. Every other handle (fused kernels, call sites in the leaf)
// goes through Symbolizer, stopping after the first origin.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SYMBOLIZE_BRIEFSYMBOLIZER_H
#define TG_SYMBOLIZE_BRIEFSYMBOLIZER_H

#include "tg/Serialize/Reader.h"
#include "tg/Support/ModulePath.h"
#include "tg/Symbolize/Symbolizer.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace tg {

/// One handle, briefly. The strings are views into the section's bytes.
struct HandleBrief {
  static constexpr uint32_t kNoModulePath = UINT32_MAX;
  llvm::StringRef opName;
  std::optional<llvm::StringRef> kernel;
  /// BriefSymbolizer::getModulePath's index of the first origin's module
  /// path; kNoModulePath when the op has no origin.
  uint32_t modulePath = kNoModulePath;
  /// The first origin's own frame, when it has a position.
  bool hasFrame = false;
  llvm::StringRef file;
  uint32_t line = 0;
  std::optional<llvm::StringRef> function;
};

/// Not thread-safe (it memoizes): one per thread, or a lock around it.
class BriefSymbolizer {
public:
  BriefSymbolizer(const DebugSectionReader &reader, ModulePathFormat format)
      : reader(reader), symbolizer(reader), format(format) {}

  /// The brief of `handle`: what `Symbolizer::symbolize(handle, format)`
  /// gives for the op, its kernel and its first origin's module path and
  /// last frame. Errors as Symbolizer's (an unused handle is an error).
  llvm::Expected<HandleBrief> brief(uint64_t handle);
  /// The module path with index `index` (HandleBrief::modulePath).
  const std::string &getModulePath(uint32_t index) const {
    return modulePaths[index];
  }
  size_t getNumModulePaths() const { return modulePaths.size(); }

private:
  /// A stack node's parent and the module path frame of its call.
  struct Node {
    std::optional<uint32_t> parent;
    ModulePathFrame frame;
  };
  /// The node, memoized. The pointer is valid until the next call (which
  /// may grow `nodes`).
  llvm::Expected<const Node *> getNode(uint32_t index);
  /// The module path of ops called through `stack` from `graph`.
  llvm::Expected<uint32_t> stackModulePath(uint32_t stack,
                                           std::optional<uint32_t> graph,
                                           llvm::StringRef opName);
  /// For a handle without a stack whose leaf `leaf` fuses origins: when the
  /// first origin is a stack node and a position, sets `leaf` and `stack` to
  /// them (and `kernel` to the fusion's kernel) and gives true.
  llvm::Expected<bool>
  firstStackedOrigin(uint32_t &leaf, std::optional<uint32_t> &stack,
                     std::optional<llvm::StringRef> &kernel);
  /// Symbolizer's answer, for every handle the fast path does not take.
  llvm::Error briefSlow(uint64_t handle, HandleBrief &out);
  uint32_t addModulePath(std::string path);
  /// What a site and a position resolve to, each decoded once: a model's
  /// handles share a few thousand sites, so bulk lookups (lookup_many over
  /// every handle) mostly hit these.
  struct Site {
    std::optional<llvm::StringRef> opName;
    uint32_t leaf = 0;
  };
  llvm::Expected<const Site *> getSite(uint32_t index);
  struct Position {
    llvm::StringRef file;
    uint32_t line = 0;
    std::optional<llvm::StringRef> function;
  };
  llvm::Expected<const Position *> getPosition(uint32_t index);
  llvm::DenseMap<uint32_t, Site> sites;
  llvm::DenseMap<uint32_t, Position> positions;

  const DebugSectionReader &reader;
  Symbolizer symbolizer;
  ModulePathFormat format;
  llvm::DenseMap<uint32_t, Node> nodes;
  /// (stack node, graph or UINT32_MAX) -> the path's head and frames.
  /// With the number of frames in it (a chain longer than the fast path's
  /// bound is left to Symbolizer, however it was reached).
  struct Prefix {
    std::string text;
    uint32_t depth;
  };
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, Prefix> prefixes;
  /// (stack node, graph or UINT32_MAX, op name's bytes or null) -> path.
  llvm::DenseMap<std::tuple<uint32_t, uint32_t, const char *>, uint32_t>
      stackPaths;
  std::vector<std::string> modulePaths;
};

} // namespace tg

#endif // TG_SYMBOLIZE_BRIEFSYMBOLIZER_H
