//===- Symbolizer.cpp - Debug handles to tracebacks -----------------------===//

#include "tg/Symbolize/Symbolizer.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Support/PythonSource.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstring>

using namespace llvm;
using namespace tg;
using namespace tg::section;

namespace {
constexpr unsigned kMaxDepth = encoding::kMaxLocationDepth;
/// The records one symbolize() may visit (stack nodes and location
/// references, each counted once per visit). The depth limit bounds nesting
/// but not work: a format-2.0 section codes a 2^32-node parent chain in a
/// few bytes, and composite locations that share their children (record k a
/// call site of k-1 and k-1) spell out 2^k frames. 2^20 is 100 times the
/// deepest legitimate stack tested (10,000 calls,
/// test/Integration/bad-input/limits.test) and the same bound restore puts on
/// one location (Restore.cpp).
constexpr uint64_t kMaxSteps = encoding::kMaxExpandedLocations;
/// The steps left to the symbolize() running on this thread. Thread-local
/// so a Symbolizer stays usable from several threads at once.
thread_local uint64_t stepsLeft = kMaxSteps;

Error depthError() {
  return encoding::makeError("location nested deeper than {0} levels",
                             kMaxDepth);
}

/// Takes one step of the budget; an error once it is spent.
Error step() {
  if (stepsLeft == 0)
    return encoding::makeError(
        "the handle's locations take more than {0} steps to expand (a call "
        "stack that deep, or locations that share their parts that often, is "
        "not a real model's)",
        kMaxSteps);
  --stepsLeft;
  return Error::success();
}
} // namespace

Error Symbolizer::firstPosition(uint32_t ref, SymbolFrame &frame,
                                unsigned depth) const {
  if (depth > kMaxDepth)
    return depthError();
  if (Error err = step())
    return err;
  switch (getLocTag(ref)) {
  case LocTag::Unknown:
  case LocTag::Invalid:
    return Error::success();
  case LocTag::Position: {
    Expected<SectionPosition> pos = reader.getPosition(getLocIndex(ref));
    if (!pos)
      return pos.takeError();
    frame.hasPosition = true;
    // `<string>#2` is a `<string>` (sources that are no files share names).
    frame.file = getSourceDisplayName(pos->file);
    frame.fileId = pos->fileId;
    frame.line = pos->startLine;
    frame.column = pos->startCol;
    frame.endLine = pos->endLine;
    frame.endColumn = pos->endCol;
    frame.function = pos->function;
    if (reader.hasSourceLines()) {
      // The embedded lines `first`..`last`, up to the first one the section
      // does not have.
      auto appendLines = [&](uint64_t first, uint64_t last,
                             auto &out) -> Error {
        // Lines past 2^32 - 1 (context after a range ending there) do not
        // exist: they must not wrap to lines 0 and 1.
        for (uint64_t line = first;
             line <= std::min<uint64_t>(last, UINT32_MAX); ++line) {
          auto text = reader.findSourceLine(pos->fileId, uint32_t(line));
          if (!text)
            return text.takeError();
          if (!*text)
            break;
          out.push_back(**text);
        }
        return Error::success();
      };
      auto text = reader.findSourceLine(pos->fileId, pos->startLine);
      if (!text)
        return text.takeError();
      frame.sourceLine = *text;
      // A multi-line range shows all its lines (at most 64), as PyTorch does.
      uint64_t first = pos->startLine;
      if (Error err =
              appendLines(first, std::min<uint64_t>(pos->endLine, first + 63),
                          frame.sourceLines))
        return err;
      // A source that is no file (`<string>`) has only its embedded text:
      // PyTorch shows two lines of it around the range, whatever function
      // they belong to (its builtins share one string); only lines next to
      // the range, so the run before it is read backwards.
      if (!frame.sourceLines.empty() && frame.file.starts_with("<")) {
        uint64_t last = first + frame.sourceLines.size() - 1;
        if (Error err = appendLines(last + 1, last + kPyTorchContextLines,
                                    frame.contextAfter))
          return err;
        for (uint64_t line = first - 1;
             line >= 1 && first - line <= kPyTorchContextLines; --line) {
          auto before = reader.findSourceLine(pos->fileId, uint32_t(line));
          if (!before)
            return before.takeError();
          if (!*before)
            break;
          frame.contextBefore.insert(frame.contextBefore.begin(), **before);
        }
      }
    }
    return Error::success();
  }
  case LocTag::Composite:
    break;
  }
  Expected<SectionLocation> rec = reader.getLocation(getLocIndex(ref));
  if (!rec)
    return rec.takeError();
  switch (rec->kind) {
  case LocKind::StackedCallSite:
  case LocKind::CallSite:
    return firstPosition(rec->a, frame, depth + 1);
  case LocKind::Name: {
    if (Error err = firstPosition(rec->b, frame, depth + 1))
      return err;
    // A name with no position under it is all there is of the frame (a
    // caller written `callsite(... at "caller")`): it names the function.
    if (!frame.hasPosition && !frame.function) {
      Expected<StringRef> name = reader.getString(rec->a);
      if (!name)
        return name.takeError();
      frame.function = *name;
    }
    return Error::success();
  }
  case LocKind::Fused: {
    if (rec->c == 0)
      return Error::success();
    Expected<uint32_t> elt = reader.getListElement(rec->b);
    if (!elt)
      return elt.takeError();
    return firstPosition(*elt, frame, depth + 1);
  }
  }
  return Error::success();
}

Error Symbolizer::appendNodeFrames(uint32_t index,
                                   std::vector<SymbolFrame> &frames,
                                   unsigned depth) const {
  if (depth > kMaxDepth)
    return depthError();
  // A stack is as deep as the model's calls (10,000 nested calls are a
  // legitimate input), so walk the parent chain iteratively: the reader
  // guarantees every parent index is lower than its child's, so the walk
  // ends. Only the location nesting below needs a depth limit.
  std::vector<SectionStackNode> chain;
  for (std::optional<uint32_t> current = index; current;) {
    if (Error err = step())
      return err;
    Expected<SectionStackNode> node = reader.getStackNode(*current);
    if (!node)
      return node.takeError();
    current = node->parent;
    chain.push_back(*node);
  }
  frames.reserve(frames.size() + chain.size());
  for (const SectionStackNode &node : llvm::reverse(chain)) {
    SymbolFrame frame;
    frame.isCall = true;
    if (Error err = firstPosition(node.call, frame, depth + 1))
      return err;
    if (node.moduleFrame) {
      Expected<SectionModuleFrame> callee =
          reader.getModuleFrame(*node.moduleFrame);
      if (!callee)
        return callee.takeError();
      frame.callee = *callee;
    }
    frames.push_back(frame);
  }
  return Error::success();
}

Error Symbolizer::appendFrames(uint32_t ref, std::vector<SymbolFrame> &frames,
                               unsigned depth) const {
  if (depth > kMaxDepth)
    return depthError();
  if (Error err = step())
    return err;
  // firstPosition of `ref` itself is this level, not a deeper one: the
  // depth counts nesting as the section's other readers (and its writer)
  // do, so a location the writer accepted always symbolizes.
  if (getLocTag(ref) != LocTag::Composite) {
    SymbolFrame frame;
    if (Error err = firstPosition(ref, frame, depth))
      return err;
    if (frame.hasPosition)
      frames.push_back(frame);
    return Error::success();
  }
  Expected<SectionLocation> rec = reader.getLocation(getLocIndex(ref));
  if (!rec)
    return rec.takeError();
  switch (rec->kind) {
  case LocKind::StackedCallSite:
    if (Error err = appendNodeFrames(rec->b, frames, depth + 1))
      return err;
    return appendFrames(rec->a, frames, depth + 1);
  case LocKind::CallSite: {
    size_t before = frames.size();
    if (Error err = appendFrames(rec->b, frames, depth + 1))
      return err;
    for (size_t i = before; i < frames.size(); ++i)
      frames[i].isCall = true;
    return appendFrames(rec->a, frames, depth + 1);
  }
  case LocKind::Name: {
    size_t before = frames.size();
    if (Error err = appendFrames(rec->b, frames, depth + 1))
      return err;
    if (frames.size() != before)
      return Error::success();
    // A name with no position under it (`loc("foo")`, the callee of
    // `callsite("foo" at ...)`) is all there is of that frame: it names the
    // function, as MLIR's diagnostics print it, rather than leaving the
    // traceback without its op's frame.
    Expected<StringRef> name = reader.getString(rec->a);
    if (!name)
      return name.takeError();
    SymbolFrame frame;
    frame.function = *name;
    frames.push_back(frame);
    return Error::success();
  }
  case LocKind::Fused: {
    // Inside a stack only the first origin can be shown; a frame location
    // (fused<#tg.frame>) names the module frame it called.
    SymbolFrame frame;
    if (Error err = firstPosition(ref, frame, depth))
      return err;
    if (rec->meta == FusedMeta::Frame) {
      Expected<SectionModuleFrame> callee = reader.getModuleFrame(rec->a);
      if (!callee)
        return callee.takeError();
      frame.callee = *callee;
    }
    if (frame.hasPosition)
      frames.push_back(frame);
    return Error::success();
  }
  }
  return Error::success();
}

Error Symbolizer::collectOrigins(uint32_t ref, SymbolizedHandle &out,
                                 unsigned depth, size_t maxOrigins) const {
  if (depth > kMaxDepth)
    return depthError();
  if (out.origins.size() >= maxOrigins)
    return Error::success();
  if (Error err = step())
    return err;
  if (getLocTag(ref) == LocTag::Composite) {
    Expected<SectionLocation> rec = reader.getLocation(getLocIndex(ref));
    if (!rec)
      return rec.takeError();
    if (rec->kind == LocKind::Fused && rec->meta != FusedMeta::Frame) {
      // A record (`#tg.origin_record`, or a chunk of them) inside the
      // location written for the op that holds it (before format 3.2) is
      // not an origin of that op: `--source` finds it.
      if (rec->meta == FusedMeta::AttrText) {
        Expected<StringRef> text = reader.getString(rec->a);
        if (!text)
          return text.takeError();
        if (text->starts_with("#tg.origin_record"))
          return Error::success();
      }
      if (rec->meta == FusedMeta::Kernel && !out.kernel) {
        Expected<StringRef> name = reader.getString(rec->a);
        if (!name)
          return name.takeError();
        out.kernel = *name;
      }
      for (uint32_t i = 0; i < rec->c; ++i) {
        Expected<uint32_t> elt = reader.getListElement(rec->b + i);
        if (!elt)
          return elt.takeError();
        if (Error err = collectOrigins(*elt, out, depth + 1, maxOrigins))
          return err;
        if (out.origins.size() >= maxOrigins)
          break;
      }
      return Error::success();
    }
    // A name around a composite (a fused location's origins) is seen
    // through; around a position or nothing, appendFrames reads it.
    if (rec->kind == LocKind::Name && getLocTag(rec->b) == LocTag::Composite) {
      size_t before = out.origins.size();
      if (Error err = collectOrigins(rec->b, out, depth + 1, maxOrigins))
        return err;
      // Origins with no frame at all (`loc("f"(fused[unknown]))`) have the
      // name as their frame, as a name over nothing has.
      for (size_t i = before; i < out.origins.size(); ++i) {
        if (!out.origins[i].frames.empty())
          continue;
        Expected<StringRef> name = reader.getString(rec->a);
        if (!name)
          return name.takeError();
        SymbolFrame frame;
        frame.function = *name;
        out.origins[i].frames.push_back(frame);
      }
      return Error::success();
    }
  }
  SymbolOrigin origin;
  if (Error err = appendFrames(ref, origin.frames, depth))
    return err;
  out.origins.push_back(std::move(origin));
  return Error::success();
}

Expected<SymbolizedHandle> Symbolizer::symbolize(uint64_t handle,
                                                 ModulePathFormat format,
                                                 size_t maxOrigins) const {
  stepsLeft = kMaxSteps;
  Expected<SectionHandle> entry = reader.lookupHandle(handle);
  if (!entry)
    return entry.takeError();
  SymbolizedHandle out;
  out.handle = handle;
  out.opName = entry->opName.value_or("");
  if (entry->graph) {
    Expected<SectionGraph> graph = reader.getGraph(*entry->graph);
    if (!graph)
      return graph.takeError();
    out.topClass = graph->className;
    out.topMethod = graph->method;
  }
  if (entry->stack) {
    SymbolOrigin origin;
    if (Error err = appendNodeFrames(*entry->stack, origin.frames, 0))
      return std::move(err);
    if (Error err = appendFrames(entry->leaf, origin.frames, 0))
      return std::move(err);
    out.origins.push_back(std::move(origin));
  } else if (Error err = collectOrigins(entry->leaf, out, 0, maxOrigins)) {
    return std::move(err);
  }
  setModulePaths(out, format);
  return out;
}

Expected<SymbolizedHandle>
Symbolizer::symbolizeLocation(uint32_t ref, StringRef opName,
                              ModulePathFormat format,
                              std::optional<uint32_t> stack) const {
  stepsLeft = kMaxSteps;
  SymbolizedHandle out;
  out.opName = opName;
  if (stack) {
    // As a handle's: the stack node's frames, then the leaf's.
    SymbolOrigin origin;
    if (Error err = appendNodeFrames(*stack, origin.frames, 0))
      return std::move(err);
    if (Error err = appendFrames(ref, origin.frames, 0))
      return std::move(err);
    out.origins.push_back(std::move(origin));
  } else if (Error err = collectOrigins(ref, out, 0)) {
    return std::move(err);
  }
  setModulePaths(out, format);
  return out;
}

void Symbolizer::setModulePaths(SymbolizedHandle &out,
                                ModulePathFormat format) const {
  for (SymbolOrigin &origin : out.origins) {
    SmallVector<ModulePathFrame> pathFrames;
    for (const SymbolFrame &frame : origin.frames) {
      if (!frame.isCall)
        continue;
      // The same construction as --tg-module-hierarchy, so that both print
      // the same path: a frame of a free function (empty class) has no
      // module information.
      ModulePathFrame pf;
      if (frame.callee)
        pf = makeModulePathFrame(frame.callee->instance,
                                 frame.callee->className, frame.callee->method);
      else
        pf.hasModuleInfo = false;
      pathFrames.push_back(pf);
    }
    ModulePathInput input;
    input.topClass = out.topClass;
    input.topMethod = out.topMethod;
    input.frames = pathFrames;
    input.opName = out.opName;
    origin.modulePath = formatModulePath(input, format);
  }
}

std::optional<std::string> SourceCache::getLine(StringRef file, uint32_t line) {
  auto it = files.find(file);
  if (it == files.end()) {
    SmallString<256> path(file);
    if (!sourceRoot.empty() && sys::path::is_relative(file)) {
      path = sourceRoot;
      sys::path::append(path, file);
    }
    std::vector<std::string> lines;
    if (auto buffer = MemoryBuffer::getFile(path, /*IsText=*/true)) {
      StringRef text = (*buffer)->getBuffer();
      while (!text.empty()) {
        auto [first, rest] = text.split('\n');
        lines.push_back(first.rtrim("\r").str());
        text = rest;
      }
    }
    it = files.try_emplace(file, std::move(lines)).first;
  }
  if (line == 0 || line > it->second.size())
    return std::nullopt;
  return it->second[line - 1];
}

ArrayRef<std::string> SourceCache::getFile(StringRef file) {
  (void)getLine(file, 1); // Reads and caches the file.
  auto it = files.find(file);
  if (it == files.end())
    return {};
  return it->second;
}

const std::optional<PythonFunction> &SourceCache::getFunction(StringRef file,
                                                              uint32_t line) {
  ArrayRef<std::string> lines = getFile(file);
  auto key = std::make_pair(static_cast<const void *>(lines.data()), line);
  auto it = functions.find(key);
  if (it == functions.end())
    it = functions.try_emplace(key, findPythonFunction(lines, line)).first;
  return it->second;
}

std::vector<std::string> SourceCache::getLines(StringRef file, uint32_t first,
                                               uint32_t last) {
  std::vector<std::string> lines;
  for (uint64_t line = first; line <= last && line - first < 64; ++line) {
    std::optional<std::string> text = getLine(file, line);
    if (!text)
      break;
    lines.push_back(std::move(*text));
  }
  return lines;
}

size_t tg::findControlCharacter(StringRef text, size_t from) {
  const char *begin = text.data();
  const char *at = begin + std::min(from, text.size());
  const char *end = begin + text.size();
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighBits = 0x8080808080808080ULL;
  // Whether a word has a byte below 0x20, or one equal to 0x7f (a zero byte
  // once xor-ed with 0x7f): exact as a yes or no, though borrows can blur
  // which byte, so the byte loop below finds it.
  for (; end - at >= 8; at += 8) {
    uint64_t word;
    std::memcpy(&word, at, sizeof(word));
    uint64_t below = (word - kOnes * 0x20) & ~word & kHighBits;
    uint64_t del = word ^ (kOnes * 0x7f);
    uint64_t isDel = (del - kOnes) & ~del & kHighBits;
    if (below | isDel)
      break;
  }
  for (; at != end; ++at) {
    auto byte = static_cast<unsigned char>(*at);
    if (byte < 0x20 || byte == 0x7f)
      return at - begin;
  }
  return StringRef::npos;
}

raw_ostream &tg::operator<<(raw_ostream &os, EscapedName name) {
  StringRef text = name.text;
  size_t start = 0;
  for (size_t at = findControlCharacter(text); at != StringRef::npos;
       at = findControlCharacter(text, start)) {
    auto byte = static_cast<unsigned char>(text[at]);
    os << text.slice(start, at) << "\\x" << hexdigit(byte >> 4, true)
       << hexdigit(byte & 15, true);
    start = at + 1;
  }
  return os << text.substr(start);
}

void tg::printPyTorchTraceback(raw_ostream &os, const SymbolOrigin &origin,
                               SourceCache *source, bool liteInterpreter) {
  os << "Module hierarchy:" << escapedName(origin.modulePath) << "\n";
  os << "Traceback of TorchScript (most recent call last):\n";
  for (auto [index, frame] : llvm::enumerate(origin.frames)) {
    // A frame without a position (a bare name location) has no file: line
    // 0 is MLIR's and DWARF's unknown line.
    os << "  File \""
       << escapedName(frame.hasPosition ? frame.file : StringRef("<unknown>"))
       << "\", line " << frame.line;
    // The lite interpreter does not know the entry method's name
    // (torch/csrc/jit/mobile/debug_info.cpp prints `<unknown>`).
    if (liteInterpreter && index == 0)
      os << ", in <unknown>";
    else if (frame.function && !frame.function->empty())
      os << ", in " << escapedName(*frame.function);
    os << "\n";
    std::vector<std::string> lines;
    // Context as PyTorch prints it: up to two lines before and after the
    // range, within the text of the function TorchScript compiled (only
    // when the whole file is at hand; embedded source keeps the range only).
    std::vector<std::string> before, after;
    // 64 bits: an end line of 2^32 - 1 (the format does not bound it) plus
    // the context lines must not wrap to line 0.
    uint64_t lastLine = std::max(frame.line, frame.endLine);
    if (!frame.sourceLines.empty()) {
      for (StringRef line : frame.sourceLines)
        lines.push_back(line.str());
      for (StringRef line : frame.contextBefore)
        before.push_back(line.str());
      for (StringRef line : frame.contextAfter)
        after.push_back(line.str());
    } else if (source) {
      lines = source->getLines(frame.file, frame.line, lastLine);
      ArrayRef<std::string> file = source->getFile(frame.file);
      std::optional<PythonFunction> function;
      if (!lines.empty())
        function = source->getFunction(frame.file, frame.line);
      if (function) {
        for (uint32_t l = frame.line > kPyTorchContextLines
                              ? frame.line - kPyTorchContextLines
                              : 1;
             l < frame.line; ++l)
          if (l >= function->first)
            before.push_back(
                normalizePythonLine(file[l - 1], function->indent));
        for (uint64_t l = lastLine + 1;
             l <= std::min<uint64_t>(function->last,
                                     lastLine + kPyTorchContextLines) &&
             l <= file.size();
             ++l)
          after.push_back(normalizePythonLine(file[l - 1], function->indent));
      }
    }
    if (lines.empty())
      continue;
    for (const std::string &text : before)
      os << text << "\n";
    // The marker follows PyTorch's SourceRange::print_with_context: under
    // each line of the range, from its first non-blank column at or after
    // the start to the end of the range (columns 1-based, end exclusive),
    // with `<--- HERE` after the last marked line. A point location marks the
    // rest of its line, as PyTorch's ranges usually cover the whole call.
    bool point = frame.endLine == frame.line && frame.endColumn <= frame.column;
    std::vector<std::pair<size_t, size_t>> marks;
    for (auto [k, text] : llvm::enumerate(lines)) {
      uint32_t lineNo = frame.line + k;
      size_t begin = k == 0 && frame.column ? frame.column - 1 : 0;
      while (begin < text.size() && text[begin] == ' ')
        ++begin;
      size_t end = text.size();
      if (point)
        end = StringRef(text).rtrim().size();
      else if (lineNo == frame.endLine)
        end = std::min<size_t>(frame.endColumn ? frame.endColumn - 1 : 0,
                               text.size());
      marks.push_back({begin, std::max(begin, end)});
    }
    size_t last = marks.size();
    for (size_t k = marks.size(); k-- > 0;)
      if (marks[k].second > marks[k].first) {
        last = k;
        break;
      }
    for (auto [k, text] : llvm::enumerate(lines)) {
      os << text << "\n";
      auto [begin, end] = marks[k];
      if (end <= begin)
        continue;
      os.indent(begin);
      for (size_t i = begin; i < end; ++i)
        os << '~';
      os << (k == last ? " <--- HERE\n" : "\n");
    }
    for (const std::string &text : after)
      os << text << "\n";
  }
}

void tg::printSymbolizedHandle(raw_ostream &os, const SymbolizedHandle &sym,
                               SourceCache *source, bool liteInterpreter,
                               bool &first) {
  size_t n = sym.origins.size();
  for (size_t i = 0; i < n; ++i) {
    if (!first)
      os << "\n";
    first = false;
    os << "Debug handle " << sym.handle;
    if (!sym.opName.empty())
      os << " (" << escapedName(sym.opName) << ")";
    if (sym.kernel)
      os << " in kernel " << escapedName(*sym.kernel);
    if (n > 1)
      os << ", origin " << i + 1 << " of " << n;
    os << "\n";
    printPyTorchTraceback(os, sym.origins[i], source, liteInterpreter);
  }
  if (n == 0) {
    if (!first)
      os << "\n";
    first = false;
    os << "Debug handle " << sym.handle << " (" << escapedName(sym.opName)
       << "): unknown location\n";
  }
}

void tg::printLLVMFrames(raw_ostream &os, const SymbolOrigin &origin,
                         LLVMFunctionNames names, const SymbolizedHandle *sym) {
  // The linkage name of the function each frame's position is in: the
  // entry's for the outermost, then the function each call frame called.
  std::vector<std::string> linkage(origin.frames.size());
  if (names == LLVMFunctionNames::Linkage) {
    std::string path;
    for (size_t i = 0; i < origin.frames.size(); ++i) {
      if (i == 0) {
        if (sym && !sym->topMethod.empty())
          linkage[i] = formatLinkageName("", sym->topClass, sym->topMethod);
        continue;
      }
      const std::optional<SectionModuleFrame> &callee =
          origin.frames[i - 1].callee;
      if (!callee)
        continue; // No module information: DWARF has no linkage name.
      if (!callee->className.empty())
        appendInstancePath(path, callee->instance);
      linkage[i] = formatLinkageName(path, callee->className, callee->method);
    }
  }
  for (size_t i = origin.frames.size(); i-- > 0;) {
    const SymbolFrame &frame = origin.frames[i];
    StringRef function = names == LLVMFunctionNames::Linkage
                             ? StringRef(linkage[i])
                             : frame.function.value_or(StringRef());
    os << escapedName(function.empty() ? StringRef("??") : function) << "\n";
    if (frame.hasPosition)
      os << escapedName(frame.file) << ":" << frame.line << ":" << frame.column
         << "\n";
    else
      os << "??:0:0\n";
  }
}

std::optional<uint64_t> tg::parseHandleText(StringRef text) {
  // StringRef::getAsInteger(0, ...) would read `010` as octal and `0b11` as
  // binary: another handle than the one the user copied, with no error.
  unsigned radix = 10;
  if (text.starts_with_insensitive("0x")) {
    radix = 16;
    text = text.drop_front(2);
  }
  uint64_t value;
  if (text.getAsInteger(radix, value)) // refuses "", signs and spaces
    return std::nullopt;
  return value;
}
