//===- BriefSymbolizer.cpp - Memoized op + first frame per handle ---------===//
//
// The fast path rebuilds exactly what Symbolizer::setModulePaths formats for
// a handle with a call stack and a plain position as leaf: the entry graph's
// head, one piece per stack node (its module frame, or none), the op's tail.
// test/python/test_section.py compares every brief with Symbolizer's answer.
//
//===----------------------------------------------------------------------===//

#include "tg/Symbolize/BriefSymbolizer.h"

#include "tg/Serialize/Encoding.h"
#include "tg/Support/PythonSource.h"

#include "llvm/ADT/SmallVector.h"

using namespace llvm;
using namespace tg;
using namespace tg::section;

/// A chain longer than this is left to Symbolizer, whose step budget gives
/// the error a corrupt (cyclic) or absurdly deep stack deserves.
static constexpr unsigned kMaxFastDepth = 4096;

Expected<const BriefSymbolizer::Node *>
BriefSymbolizer::getNode(uint32_t index) {
  auto it = nodes.find(index);
  if (it != nodes.end())
    return &it->second;
  Expected<SectionStackNode> node = reader.getStackNode(index);
  if (!node)
    return node.takeError();
  Node info;
  info.parent = node->parent;
  if (node->moduleFrame) {
    Expected<SectionModuleFrame> callee =
        reader.getModuleFrame(*node->moduleFrame);
    if (!callee)
      return callee.takeError();
    info.frame = makeModulePathFrame(callee->instance, callee->className,
                                     callee->method);
  } else {
    info.frame.hasModuleInfo = false;
  }
  return &nodes.try_emplace(index, info).first->second;
}

uint32_t BriefSymbolizer::addModulePath(std::string path) {
  modulePaths.push_back(std::move(path));
  return uint32_t(modulePaths.size() - 1);
}

Expected<uint32_t>
BriefSymbolizer::stackModulePath(uint32_t stack, std::optional<uint32_t> graph,
                                 StringRef opName) {
  auto key =
      std::make_tuple(stack, graph.value_or(UINT32_MAX),
                      modulePathHasOpName(format) ? opName.data() : nullptr);
  auto it = stackPaths.find(key);
  if (it != stackPaths.end())
    return it->second;
  // The head and the frames, shared by every op called through `stack`:
  // the prefix of its caller's node and its own frame. The nodes on the way
  // up to the first one with a prefix get theirs too, so a model's stacks
  // cost one frame each, not one per level (issue 31: a shuffled
  // lookup_many spent a third of its time formatting whole chains).
  const uint32_t graphKey = graph.value_or(UINT32_MAX);
  auto prefix = prefixes.find(std::make_pair(stack, graphKey));
  if (prefix == prefixes.end()) {
    // The nodes without a prefix, innermost first; frames by value:
    // getNode() inserts into `nodes`, and a rehash moves every node a
    // pointer would have kept.
    SmallVector<std::pair<uint32_t, ModulePathFrame>, 16> missing;
    // The first known prefix on the way up, and its number of frames (0:
    // none, the chain reached the root).
    std::string text;
    uint32_t depth = 0;
    for (std::optional<uint32_t> current = stack; current;) {
      auto known = *current == stack
                       ? prefixes.end()
                       : prefixes.find(std::make_pair(*current, graphKey));
      if (known != prefixes.end()) {
        text = known->second.text;
        depth = known->second.depth;
        break;
      }
      if (missing.size() == kMaxFastDepth)
        return HandleBrief::kNoModulePath; // the caller takes the slow path
      Expected<const Node *> node = getNode(*current);
      if (!node)
        return node.takeError();
      missing.push_back({*current, (*node)->frame});
      current = (*node)->parent;
    }
    if (depth + missing.size() > kMaxFastDepth)
      return HandleBrief::kNoModulePath;
    if (depth == 0) {
      StringRef topClass, topMethod;
      if (graph) {
        Expected<SectionGraph> g = reader.getGraph(*graph);
        if (!g)
          return g.takeError();
        topClass = g->className;
        topMethod = g->method;
      }
      text = formatModulePathHead(topClass, topMethod, format);
    }
    // The last one inserted is `stack`'s: no later insert moves it.
    for (const auto &[index, frame] : llvm::reverse(missing)) {
      appendModulePathFrame(text, frame, format);
      prefix = prefixes
                   .try_emplace(std::make_pair(index, graphKey),
                                Prefix{text, ++depth})
                   .first;
    }
  }
  std::string path;
  path.reserve(prefix->second.text.size() + 1 + opName.size());
  path = prefix->second.text;
  appendModulePathTail(path, opName, format);
  uint32_t index = addModulePath(std::move(path));
  stackPaths.try_emplace(key, index);
  return index;
}

Error BriefSymbolizer::briefSlow(uint64_t handle, HandleBrief &out) {
  Expected<SymbolizedHandle> sym =
      symbolizer.symbolize(handle, format, /*maxOrigins=*/1);
  if (!sym)
    return sym.takeError();
  out = HandleBrief();
  out.opName = sym->opName;
  out.kernel = sym->kernel;
  if (sym->origins.empty())
    return Error::success();
  SymbolOrigin &origin = sym->origins.front();
  out.modulePath = addModulePath(std::move(origin.modulePath));
  if (!origin.frames.empty()) {
    const SymbolFrame &frame = origin.frames.back();
    out.hasFrame = true;
    out.file = frame.file;
    out.line = frame.line;
    out.function = frame.function;
  }
  return Error::success();
}

Expected<const BriefSymbolizer::Site *>
BriefSymbolizer::getSite(uint32_t index) {
  auto it = sites.find(index);
  if (it != sites.end())
    return &it->second;
  Expected<SectionSite> site = reader.getSite(index);
  if (!site)
    return site.takeError();
  return &sites.try_emplace(index, Site{site->opName, site->leaf})
              .first->second;
}

Expected<const BriefSymbolizer::Position *>
BriefSymbolizer::getPosition(uint32_t index) {
  auto it = positions.find(index);
  if (it != positions.end())
    return &it->second;
  Expected<SectionPosition> pos = reader.getPosition(index);
  if (!pos)
    return pos.takeError();
  Position info{getSourceDisplayName(pos->file), pos->startLine, pos->function};
  return &positions.try_emplace(index, info).first->second;
}

Expected<bool>
BriefSymbolizer::firstStackedOrigin(uint32_t &leaf,
                                    std::optional<uint32_t> &stack,
                                    std::optional<StringRef> &kernel) {
  if (getLocTag(leaf) != LocTag::Composite)
    return false;
  Expected<SectionLocation> fused = reader.getLocation(getLocIndex(leaf));
  if (!fused)
    return fused.takeError();
  // A plain or kernel fusion of origins (a record, or a frame, is no
  // fusion of origins: Symbolizer treats it otherwise).
  if (fused->kind != LocKind::Fused || fused->c == 0 ||
      (fused->meta != FusedMeta::None && fused->meta != FusedMeta::Kernel))
    return false;
  Expected<uint32_t> first = reader.getListElement(fused->b);
  if (!first)
    return first.takeError();
  if (getLocTag(*first) != LocTag::Composite)
    return false;
  Expected<SectionLocation> site = reader.getLocation(getLocIndex(*first));
  if (!site)
    return site.takeError();
  if (site->kind != LocKind::StackedCallSite ||
      getLocTag(site->a) != LocTag::Position ||
      site->b >= reader.getNumStackNodes())
    return false;
  if (fused->meta == FusedMeta::Kernel) {
    Expected<StringRef> name = reader.getString(fused->a);
    if (!name)
      return name.takeError();
    kernel = *name;
  }
  leaf = site->a;
  stack = site->b;
  return true;
}

Expected<HandleBrief> BriefSymbolizer::brief(uint64_t handle) {
  HandleBrief out;
  // lookupHandle's checks, with the site memoized.
  uint32_t values[kNumColumns] = {};
  if (Error err = reader.getHandleColumns(handle, values))
    return std::move(err);
  if (values[kColSite] == 0)
    return encoding::makeError("debug handle {0} is not used by any op",
                               handle);
  if (values[kColStack] > reader.getNumStackNodes() ||
      values[kColGraph] > reader.getNumGraphs()) {
    // Out of range: lookupHandle's error says which.
    Expected<SectionHandle> entry = reader.lookupHandle(handle);
    if (!entry)
      return entry.takeError();
    if (Error err = briefSlow(handle, out))
      return std::move(err);
    return out;
  }
  Expected<const Site *> site = getSite(values[kColSite] - 1);
  if (!site)
    return site.takeError();
  out.opName = (*site)->opName.value_or("");
  std::optional<uint32_t> stack, graph;
  if (values[kColStack])
    stack = values[kColStack] - 1;
  if (values[kColGraph])
    graph = values[kColGraph] - 1;
  uint32_t leaf = (*site)->leaf;
  if (!stack) {
    // A fused kernel: its first origin, when that is a stacked call site,
    // is what Symbolizer would take (docs/debug-section-format.md,
    // "Symbolication"), through the same stack node and position.
    Expected<bool> taken = firstStackedOrigin(leaf, stack, out.kernel);
    if (!taken)
      return taken.takeError();
    if (!*taken)
      stack.reset();
  }
  if (!stack || getLocTag(leaf) != LocTag::Position) {
    out.kernel.reset();
    if (Error err = briefSlow(handle, out))
      return std::move(err);
    return out;
  }
  Expected<uint32_t> path = stackModulePath(*stack, graph, out.opName);
  if (!path)
    return path.takeError();
  if (*path == HandleBrief::kNoModulePath) {
    if (Error err = briefSlow(handle, out))
      return std::move(err);
    return out;
  }
  Expected<const Position *> pos = getPosition(getLocIndex(leaf));
  if (!pos)
    return pos.takeError();
  out.modulePath = *path;
  out.hasFrame = true;
  out.file = (*pos)->file;
  out.line = (*pos)->line;
  out.function = (*pos)->function;
  return out;
}
