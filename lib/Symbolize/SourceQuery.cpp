//===- SourceQuery.cpp - From a source line to its ops --------------------===//

#include "tg/Symbolize/SourceQuery.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Support/PythonSource.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tg {
namespace {

/// FILE matches a recorded path when equal to it, or equal to its trailing
/// path components.
bool fileMatches(StringRef recorded, StringRef file) {
  if (recorded == file)
    return true;
  return recorded.size() > file.size() && recorded.ends_with(file) &&
         recorded[recorded.size() - file.size() - 1] == '/';
}

/// How an origin comes from FILE:LINE: its own position, or a call on that
/// line that it was inlined through (innermost such frame).
struct SourceMatch {
  bool viaCall = false;
  const SymbolFrame *frame = nullptr;
};

std::optional<SourceMatch> matchOrigin(const SymbolOrigin &origin,
                                       StringRef file, uint32_t line) {
  for (const SymbolFrame &frame : llvm::reverse(origin.frames)) {
    if (!frame.hasPosition || !fileMatches(frame.file, file))
      continue;
    uint32_t last = std::max(frame.line, frame.endLine);
    if (line < frame.line || line > last)
      continue;
    return SourceMatch{frame.isCall, &frame};
  }
  return std::nullopt;
}

/// The first origin of `sym` that comes from FILE:LINE, and how.
std::optional<std::pair<const SymbolOrigin *, SourceMatch>>
firstMatch(const SymbolizedHandle &sym, StringRef file, uint32_t line) {
  for (const SymbolOrigin &origin : sym.origins)
    if (std::optional<SourceMatch> match = matchOrigin(origin, file, line))
      return std::make_pair(&origin, *match);
  return std::nullopt;
}

/// `file:line:column`, for JSON; for a line of text (`forText`), with the
/// file's control characters escaped (escapedName).
std::string positionText(const SymbolFrame &frame, bool forText = false) {
  std::string text;
  raw_string_ostream out(text);
  if (forText)
    out << escapedName(frame.file);
  else
    out << frame.file;
  out << ':' << frame.line << ':' << frame.column;
  return text;
}

/// Collects the matches of one query, as text and as JSON.
class SourceQuery {
public:
  SourceQuery(const DebugSectionReader &reader, const Symbolizer &symbolizer,
              StringRef file, uint32_t line, ModulePathFormat format)
      : reader(reader), symbolizer(symbolizer), file(file), line(line),
        format(format), os(result.text) {}

  Expected<SourceQueryResult> run();

private:
  Expected<bool> findMatchingPositions();
  bool refMayMatch(uint32_t ref) const;
  Expected<bool> chainMayMatch(uint32_t node);
  Expected<bool> mayMatch(std::optional<uint32_t> stack, uint32_t leaf);
  Error addHandles();
  Error addOriginRecords();
  Error addRecord(const SectionOriginRecord &record, const SourceMatch &match);

  const DebugSectionReader &reader;
  const Symbolizer &symbolizer;
  StringRef file;
  uint32_t line;
  ModulePathFormat format;
  SourceQueryResult result;
  raw_string_ostream os;
  json::Array handles, removed;
  /// Per POSITIONS row: in FILE and spanning LINE.
  std::vector<bool> positionMatches;
  /// Per STACK_NODES row: whether a frame of its chain may come from
  /// FILE:LINE, once known.
  enum class Chain : uint8_t { Unknown, CannotMatch, MayMatch };
  std::vector<Chain> nodeMayMatch;
};

Expected<SourceQueryResult> SourceQuery::run() {
  // Every table is read below: check them all first, so that a corrupt
  // section is an error rather than a partial answer.
  if (Error err = reader.verifyAll())
    return std::move(err);
  Expected<bool> possible = findMatchingPositions();
  if (!possible)
    return possible.takeError();
  if (*possible) {
    nodeMayMatch.assign(reader.getNumStackNodes(), Chain::Unknown);
    if (Error err = addHandles())
      return std::move(err);
    if (Error err = addOriginRecords())
      return std::move(err);
  }
  result.json = json::Object{{"source", formatv("{0}:{1}", file, line).str()},
                             {"handles", std::move(handles)},
                             {"removed", std::move(removed)}};
  os.flush();
  return std::move(result);
}

/// Marks the positions of the section that are in FILE and span LINE, and
/// whether there is one. Every frame's position is a POSITIONS row
/// (Symbolizer::firstPosition), so only a handle or record whose locations
/// reach a marked row can match, and none can when no row is marked: a
/// whole symbolization costs the depth of the stack, for every handle (a
/// file the model does not use took 28 s on a 20,000-deep chain of calls).
Expected<bool> SourceQuery::findMatchingPositions() {
  positionMatches.assign(reader.getNumPositions(), false);
  bool any = false;
  for (uint32_t i = 0; i < reader.getNumPositions(); ++i) {
    Expected<SectionPosition> pos = reader.getPosition(i);
    if (!pos)
      return pos.takeError();
    if (!fileMatches(getSourceDisplayName(pos->file), file))
      continue;
    if (line >= pos->startLine &&
        line <= std::max(pos->startLine, pos->endLine)) {
      positionMatches[i] = true;
      any = true;
    }
  }
  return any;
}

/// Whether the frame of LocRef `ref` may come from FILE:LINE: a position
/// only when it is marked; a composite location may hold anything (it is
/// symbolized to find out); nothing else has a position.
bool SourceQuery::refMayMatch(uint32_t ref) const {
  switch (section::getLocTag(ref)) {
  case section::LocTag::Position: {
    uint32_t index = section::getLocIndex(ref);
    // Out of range: the symbolization reports it.
    return index >= positionMatches.size() || positionMatches[index];
  }
  case section::LocTag::Composite:
    return true;
  default:
    return false;
  }
}

/// Whether a frame of stack node `node`'s chain (its call, its parent's,
/// ...) may come from FILE:LINE, memoized per node: a query reads each node
/// once, not once per handle under it (the walk is iterative, as deep
/// stacks are legitimate).
Expected<bool> SourceQuery::chainMayMatch(uint32_t node) {
  SmallVector<uint32_t> unknown;
  Chain answer = Chain::CannotMatch;
  for (std::optional<uint32_t> current = node; current;) {
    if (*current >= nodeMayMatch.size()) {
      answer = Chain::MayMatch; // Out of range: the symbolization reports it.
      break;
    }
    if (nodeMayMatch[*current] != Chain::Unknown) {
      answer = nodeMayMatch[*current];
      break;
    }
    Expected<SectionStackNode> read = reader.getStackNode(*current);
    if (!read)
      return read.takeError();
    unknown.push_back(*current);
    if (refMayMatch(read->call)) {
      answer = Chain::MayMatch;
      break;
    }
    current = read->parent;
  }
  // Every node read answers as the first node above it that decided:
  // below a node that may match, each may.
  for (uint32_t visited : unknown)
    nodeMayMatch[visited] = answer;
  return answer == Chain::MayMatch;
}

/// Whether a handle or record with this stack node and leaf may come from
/// FILE:LINE (if not, its symbolization is skipped: it cannot match).
Expected<bool> SourceQuery::mayMatch(std::optional<uint32_t> stack,
                                     uint32_t leaf) {
  if (refMayMatch(leaf))
    return true;
  if (!stack)
    return false;
  return chainMayMatch(*stack);
}

Error SourceQuery::addHandles() {
  for (uint64_t handle = 0; handle < reader.getNumHandles(); ++handle) {
    Expected<bool> used = reader.hasHandle(handle);
    if (!used)
      return used.takeError();
    if (!*used)
      continue;
    Expected<SectionHandle> entry = reader.lookupHandle(handle);
    if (!entry)
      return entry.takeError();
    Expected<bool> possible = mayMatch(entry->stack, entry->leaf);
    if (!possible)
      return possible.takeError();
    if (!*possible)
      continue;
    Expected<SymbolizedHandle> sym = symbolizer.symbolize(handle, format);
    if (!sym)
      return sym.takeError();
    // One line per handle, at its first matching origin.
    auto found = firstMatch(*sym, file, line);
    if (!found)
      continue;
    const auto &[origin, match] = *found;
    std::string position = positionText(*match.frame);
    ++result.numMatches;
    os << "  handle " << handle << " (" << escapedName(sym->opName);
    if (sym->kernel)
      os << ", kernel " << escapedName(*sym->kernel);
    os << ") " << (match.viaCall ? "calls at " : "at ")
       << positionText(*match.frame, /*forText=*/true) << "\n    "
       << escapedName(origin->modulePath) << "\n";
    json::Object obj{{"handle", int64_t(handle)},
                     {"op", sym->opName},
                     {"position", position},
                     {"via_call", match.viaCall},
                     {"module_hierarchy", origin->modulePath}};
    if (sym->kernel)
      obj["kernel"] = *sym->kernel;
    handles.push_back(std::move(obj));
  }
  return Error::success();
}

Error SourceQuery::addOriginRecords() {
  for (uint32_t i = 0; i < reader.getNumOriginRecords(); ++i) {
    Expected<SectionOriginRecord> record = reader.getOriginRecord(i);
    if (!record)
      return record.takeError();
    Expected<bool> possible = mayMatch(record->stack, record->origin);
    if (!possible)
      return possible.takeError();
    if (!*possible)
      continue;
    Expected<SymbolizedHandle> sym = symbolizer.symbolizeLocation(
        record->origin, record->opName, format, record->stack);
    if (!sym)
      return sym.takeError();
    if (auto found = firstMatch(*sym, file, line))
      if (Error err = addRecord(*record, found->second))
        return err;
  }
  return Error::success();
}

Error SourceQuery::addRecord(const SectionOriginRecord &record,
                             const SourceMatch &match) {
  ++result.numMatches;
  bool merged = record.kind == section::OriginRecordKind::Merged;
  os << "  " << escapedName(record.opName) << " at "
     << positionText(*match.frame, /*forText=*/true) << " ";
  json::Object obj{{"kind", merged ? "merged" : "eliminated"},
                   {"op", record.opName},
                   {"pass", record.pass},
                   {"position", positionText(*match.frame)},
                   {"via_call", match.viaCall}};
  if (!merged) {
    os << "was eliminated by " << escapedName(record.pass) << "\n";
    removed.push_back(std::move(obj));
    return Error::success();
  }
  os << "was merged";
  if (record.holder) {
    os << " into handle " << *record.holder;
    obj["into_handle"] = int64_t(*record.holder);
  } else {
    // The holder left the IR later (see the records of its own origins):
    // name it by its first origin's position.
    Expected<SymbolizedHandle> into =
        symbolizer.symbolizeLocation(*record.into, "", format);
    if (!into)
      return into.takeError();
    if (!into->origins.empty() && !into->origins[0].frames.empty() &&
        into->origins[0].frames.back().hasPosition) {
      const SymbolFrame &where = into->origins[0].frames.back();
      os << " into the op at " << positionText(where, /*forText=*/true);
      obj["into_position"] = positionText(where);
    }
  }
  os << " by " << escapedName(record.pass) << " (over its max-origins bound)\n";
  removed.push_back(std::move(obj));
  return Error::success();
}

} // namespace

Error parseSourceQuery(StringRef query, StringRef &file, uint32_t &line) {
  auto [path, lineText] = query.rsplit(':');
  line = 0;
  // Line 0 is MLIR's line of a position without one (`loc("x.py":0:0)`,
  // common in MLIR's own tests), which the section keeps as written.
  if (path.empty() || lineText.getAsInteger(10, line))
    return encoding::makeError(
        "expected FILE:LINE with a line number, e.g. resnet.py:100");
  // FILE:LINE:COLUMN, as --output-style=llvm, llvm-symbolizer and MLIR's
  // diagnostics print a position, asks for its line: it was read as a file
  // named FILE:LINE, which no section records.
  auto [pathOfLine, lineOfColumn] = path.rsplit(':');
  uint32_t lineBeforeColumn = 0;
  if (!pathOfLine.empty() && !lineOfColumn.getAsInteger(10, lineBeforeColumn)) {
    file = pathOfLine;
    line = lineBeforeColumn;
    return Error::success();
  }
  file = path;
  return Error::success();
}

Expected<HeldRecords> HeldRecords::build(const DebugSectionReader &reader) {
  HeldRecords held;
  for (uint32_t i = 0, e = reader.getNumOriginRecords(); i < e; ++i) {
    Expected<SectionOriginRecord> record = reader.getOriginRecord(i);
    if (!record)
      return record.takeError();
    if (!record->isAnchored())
      continue;
    if (record->isOnRoot())
      held.root.push_back(i);
    else
      held.byHandle[record->getAnchorHandle()].push_back(i);
  }
  return std::move(held);
}

ArrayRef<uint32_t> HeldRecords::ofHandle(uint64_t handle) const {
  auto it = byHandle.find(handle);
  if (it == byHandle.end())
    return {};
  return it->second;
}

Expected<std::string> describeOriginRecord(const Symbolizer &symbolizer,
                                           const SectionOriginRecord &rec,
                                           ModulePathFormat format) {
  Expected<SymbolizedHandle> sym =
      symbolizer.symbolizeLocation(rec.origin, rec.opName, format, rec.stack);
  if (!sym)
    return sym.takeError();
  std::string text;
  raw_string_ostream os(text);
  os << escapedName(rec.opName);
  // An origin that is only a name has no position to print.
  if (!sym->origins.empty() && !sym->origins[0].frames.empty() &&
      sym->origins[0].frames.back().hasPosition)
    os << " at "
       << positionText(sym->origins[0].frames.back(), /*forText=*/true);
  if (rec.kind == section::OriginRecordKind::Eliminated) {
    os << " was eliminated by " << escapedName(rec.pass);
    return text;
  }
  os << " was merged";
  if (rec.holder)
    os << " into handle " << *rec.holder;
  os << " by " << escapedName(rec.pass) << " (over its max-origins bound)";
  return text;
}

Expected<SourceQueryResult> querySource(const DebugSectionReader &reader,
                                        const Symbolizer &symbolizer,
                                        StringRef file, uint32_t line,
                                        ModulePathFormat format) {
  return SourceQuery(reader, symbolizer, file, line, format).run();
}

} // namespace tg
