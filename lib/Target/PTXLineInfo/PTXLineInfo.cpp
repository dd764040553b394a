//===- PTXLineInfo.cpp - Python call stacks as PTX line info --------------===//
//
// Text in, text out: the PTX llc writes is line-oriented (one directive or
// instruction per line), and the `.loc` and `.file` directives the writer
// touches are the ones llc emits, so a line scanner is enough; anything
// else passes through byte for byte.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/PTXLineInfo.h"
#include "tg/Support/JSON.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>

using namespace llvm;

namespace tg {

namespace {

Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

/// A source position of the PTX: file index, line, column.
struct PTXPosition {
  uint32_t file = 0, line = 0, column = 0;
  bool operator==(const PTXPosition &o) const {
    return file == o.file && line == o.line && column == o.column;
  }
};

/// A `.loc` directive taken apart.
struct LocDirective {
  PTXPosition position;
  std::optional<std::string> functionName;
  std::optional<PTXPosition> inlinedAt;
};

/// The line without its `//` comment, trimmed.
StringRef code(StringRef line) {
  size_t comment = line.find("//");
  if (comment != StringRef::npos)
    line = line.take_front(comment);
  return line.trim();
}

std::optional<PTXPosition> parsePosition(StringRef text) {
  SmallVector<StringRef, 3> parts;
  SplitString(text, parts, " \t");
  if (parts.size() != 3)
    return std::nullopt;
  PTXPosition pos;
  if (parts[0].trim().getAsInteger(10, pos.file) ||
      parts[1].trim().getAsInteger(10, pos.line) ||
      parts[2].trim().getAsInteger(10, pos.column))
    return std::nullopt;
  return pos;
}

/// A `.loc` line: nullopt when `line` is no `.loc`; an error when it is a
/// `.loc` this reader does not understand.
Expected<std::optional<LocDirective>> parseLoc(StringRef line) {
  StringRef text = code(line);
  if (!text.consume_front(".loc"))
    return std::nullopt;
  if (!text.empty() && !isSpace(text.front()))
    return std::nullopt; // `.local` and the like
  SmallVector<StringRef, 3> fields;
  text.split(fields, ',');
  std::optional<PTXPosition> pos = parsePosition(fields[0]);
  if (!pos)
    return makeError("cannot read the .loc '" + line.trim() + "'");
  LocDirective loc{*pos, std::nullopt, std::nullopt};
  for (StringRef field : llvm::drop_begin(fields)) {
    field = field.trim();
    if (field.consume_front("function_name")) {
      loc.functionName = field.trim().str();
    } else if (field.consume_front("inlined_at")) {
      loc.inlinedAt = parsePosition(field);
      if (!loc.inlinedAt)
        return makeError("cannot read the inlined_at of '" + line.trim() + "'");
    } else {
      return makeError("unknown field '" + field + "' in '" + line.trim() +
                       "'");
    }
  }
  return loc;
}

/// A `.file N "name"` line: its index and name.
std::optional<std::pair<uint32_t, std::string>> parseFile(StringRef line) {
  StringRef text = code(line);
  if (!text.consume_front(".file"))
    return std::nullopt;
  text = text.ltrim();
  uint32_t index;
  size_t digits = text.find_first_not_of("0123456789");
  if (digits == 0 || text.take_front(digits).getAsInteger(10, index))
    return std::nullopt;
  text = text.drop_front(digits).ltrim();
  if (!text.consume_front("\""))
    return std::nullopt;
  size_t end = text.find('"');
  if (end == StringRef::npos)
    return std::nullopt;
  return std::make_pair(index, text.take_front(end).str());
}

bool isDebugStrSection(StringRef line) {
  StringRef text = code(line);
  return text.consume_front(".section") &&
         text.trim().starts_with(".debug_str");
}

/// PTX string-literal-free file name: a `"` or a control character in it
/// could not be written in a `.file` directive.
bool isWritableFileName(StringRef name) {
  return llvm::none_of(name, [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
  });
}

} // namespace

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

json::Value toJSON(const PTXLineChainTable &table) {
  json::Array chains;
  for (const PTXLineChain &chain : table.chains) {
    json::Array frames;
    for (const PTXLineFrame &frame : chain)
      frames.push_back(json::Object{{"file", frame.file},
                                    {"line", int64_t(frame.line)},
                                    {"column", int64_t(frame.column)},
                                    {"function", frame.function}});
    chains.push_back(std::move(frames));
  }
  return json::Object{{"format", "tracegraph-ptx-line-chains"},
                      {"version", 1},
                      {"chain_file", table.chainFile},
                      {"chains", std::move(chains)}};
}

void writePTXLineChainTable(raw_ostream &os, const PTXLineChainTable &table) {
  os << "{\"format\": \"tracegraph-ptx-line-chains\", \"version\": 1, "
        "\"chain_file\": "
     << json::Value(table.chainFile) << ", \"chains\": [";
  json::Value all = toJSON(table);
  for (auto [i, chain] :
       llvm::enumerate(*all.getAsObject()->getArray("chains")))
    os << (i ? ",\n" : "\n") << chain;
  os << "\n]}\n";
}

Expected<PTXLineChainTable> parsePTXLineChainTable(StringRef text) {
  Expected<json::Value> value = parseJSON(text);
  if (!value)
    return value.takeError();
  json::Path::Root root("table");
  PTXLineChainTable table;
  json::ObjectMapper mapper(*value, root);
  std::optional<StringRef> format;
  if (const json::Object *obj = value->getAsObject())
    format = obj->getString("format");
  if (!mapper || format != StringRef("tracegraph-ptx-line-chains"))
    return makeError("not a line-chain table (no \"format\": "
                     "\"tracegraph-ptx-line-chains\")");
  int64_t version = 0;
  if (!mapper.map("version", version) || version != 1)
    return makeError("unsupported line-chain table version " + Twine(version) +
                     " (this tool reads version 1)");
  const json::Array *chains = value->getAsObject()->getArray("chains");
  if (!mapper.map("chain_file", table.chainFile) || !chains)
    return makeError("a line-chain table needs \"chain_file\" and \"chains\"");
  for (auto [i, chainValue] : llvm::enumerate(*chains)) {
    const json::Array *frames = chainValue.getAsArray();
    if (!frames)
      return makeError(formatv("chain {0} is not an array", i + 1));
    PTXLineChain chain;
    for (const json::Value &frameValue : *frames) {
      const json::Object *obj = frameValue.getAsObject();
      std::optional<StringRef> file =
          obj ? obj->getString("file") : std::nullopt;
      std::optional<int64_t> line =
          obj ? obj->getInteger("line") : std::nullopt;
      std::optional<int64_t> column =
          obj ? obj->getInteger("column") : std::nullopt;
      std::optional<StringRef> function =
          obj ? obj->getString("function") : std::nullopt;
      if (!file || !line || !column || !function || *line < 0 ||
          *line > UINT32_MAX || *column < 0 || *column > UINT32_MAX)
        return makeError(formatv("chain {0}: a frame needs \"file\", "
                                 "\"line\", \"column\" and \"function\"",
                                 i + 1));
      chain.push_back(
          {file->str(), uint32_t(*line), uint32_t(*column), function->str()});
    }
    if (chain.empty())
      return makeError(formatv("chain {0} has no frames", i + 1));
    table.chains.push_back(std::move(chain));
  }
  return table;
}

//===----------------------------------------------------------------------===//
// The writer
//===----------------------------------------------------------------------===//

PTXLineChain foldRepeatedLines(const PTXLineChain &chain) {
  PTXLineChain folded;
  DenseSet<uint32_t> deeper; // the lines of the frames kept so far
  for (const PTXLineFrame &frame : llvm::reverse(chain))
    if (deeper.insert(frame.line).second)
      folded.push_back(frame);
  std::reverse(folded.begin(), folded.end());
  return folded;
}

namespace {

/// Rewrites one PTX module (see writePTXLineInfo).
///
/// What ptxas makes of the `.loc`s, read back from the line tables of its
/// cubins (CUDA 13.0; scripts/cubin_line_table.py) and from
/// compute-sanitizer on an H100 (docs/gpu-debugging.md, "What ptxas and
/// compute-sanitizer need"):
/// - columns are dropped, and an `inlined_at F L C` names the first `.loc`
///   of the instruction's own run at file index F and line L (else the
///   first one of the function, whose row is gone when its instructions
///   are): so every instruction gets its whole chain, outermost first;
/// - one row per line at an address: a second level on a line already
///   written for the instruction is dropped, and the levels inside it get
///   the wrong names; compute-sanitizer prints no frame at all for a fault
///   whose rows have one line twice: so each chain is folded
///   (foldRepeatedLines);
/// - a `.loc` at line 0 writes no row, but the row after it can lose its
///   file and frame: LLVM's line-0 `.loc`s are left out.
class LineInfoWriter {
public:
  LineInfoWriter(const PTXLineChainTable &table) : table(table) {
    for (const PTXLineChain &chain : table.chains)
      folded.push_back(foldRepeatedLines(chain));
  }

  Expected<std::string> run(StringRef ptx) {
    SmallVector<StringRef> lines;
    ptx.split(lines, '\n');
    if (Error err = scan(lines))
      return err;
    if (!chainFileIndex)
      return ptx.str();
    if (Error err = assignFiles())
      return err;
    std::string out;
    raw_string_ostream os(out);
    for (auto [i, line] : llvm::enumerate(lines)) {
      if (i + 1 == lines.size() && line.empty())
        break; // the text's final newline
      if (Error err = rewriteLine(line, os))
        return err;
    }
    writeDebugStr(os);
    return out;
  }

private:
  /// Finds the placeholder file and the chains the `.loc`s use.
  Error scan(ArrayRef<StringRef> lines) {
    bool anyLoc = false;
    uint32_t maxIndex = 0;
    unsigned files = 0;
    for (StringRef line : lines) {
      if (isDebugStrSection(line))
        return makeError("the PTX already has a .debug_str section");
      if (auto file = parseFile(line)) {
        ++files;
        maxIndex = std::max(maxIndex, file->first);
        if (file->second != table.chainFile)
          continue;
        // The .locs of the other one would pass through unrewritten.
        if (chainFileIndex && *chainFileIndex != file->first)
          return makeError(formatv("two .file directives name \"{0}\" ({1} "
                                   "and {2}): the PTX names one placeholder",
                                   table.chainFile, *chainFileIndex,
                                   file->first));
        chainFileIndex = file->first;
      }
    }
    for (auto [i, line] : llvm::enumerate(lines)) {
      Expected<std::optional<LocDirective>> loc = parseLoc(line);
      if (!loc)
        return makeError(
            formatv("line {0}: {1}", i + 1, toString(loc.takeError())));
      if (!*loc)
        continue;
      anyLoc = true;
      if (!chainFileIndex || (*loc)->position.file != *chainFileIndex)
        continue;
      uint32_t id = (*loc)->position.line;
      if (id > table.chains.size())
        return makeError(formatv("line {0}: chain {1} is not in the table "
                                 "({2} chains)",
                                 i + 1, id, table.chains.size()));
      if (id > 0)
        usedChains.push_back(id);
    }
    if (anyLoc && !chainFileIndex)
      return makeError("the PTX has .loc lines but no .file \"" +
                       table.chainFile +
                       "\": was it compiled after --tg-export-ptx-line-chains "
                       "with this table?");
    // The placeholder alone: its index is free for the real files. Else
    // new indices follow the largest, which must leave room for them.
    if (!chainFileIndex)
      return Error::success(); // Nothing to rewrite: run() passes it through.
    if (files == 1) {
      firstIndex = *chainFileIndex;
      return Error::success();
    }
    if (maxIndex == UINT32_MAX)
      return makeError(formatv("a .file index of {0} leaves no index for the "
                               "table's files",
                               maxIndex));
    firstIndex = maxIndex + 1;
    return Error::success();
  }

  /// File indices and name labels, in order of first use.
  Error assignFiles() {
    for (uint32_t id : usedChains) {
      for (const PTXLineFrame &frame : folded[id - 1]) {
        if (!isWritableFileName(frame.file))
          return makeError("the file name '" + frame.file +
                           "' cannot be written in a PTX .file directive");
        if (!fileIndex.count(frame.file)) {
          if (uint64_t(firstIndex) + fileOrder.size() > UINT32_MAX)
            return makeError(formatv("the table's files need .file indices "
                                     "past {0}",
                                     UINT32_MAX));
          fileIndex[frame.file] = firstIndex + uint32_t(fileOrder.size());
          fileOrder.push_back(frame.file);
        }
      }
      for (const PTXLineFrame &frame : llvm::drop_begin(folded[id - 1]))
        if (!nameLabel.count(frame.function)) {
          nameLabel[frame.function] = nameOrder.size();
          nameOrder.push_back(frame.function);
        }
    }
    return Error::success();
  }

  Error rewriteLine(StringRef line, raw_ostream &os) {
    if (auto file = parseFile(line)) {
      // With no chain used (every .loc at line 0) the placeholder stays,
      // so that those .locs still name a declared file.
      if (file->first != *chainFileIndex || fileOrder.empty())
        os << line << "\n";
      for (const std::string &name : fileOrder)
        if (file->first == *chainFileIndex)
          os << "\t.file\t" << fileIndex[name] << " \"" << name << "\"\n";
      return Error::success();
    }
    Expected<std::optional<LocDirective>> loc = parseLoc(line);
    if (!loc)
      return loc.takeError();
    if (!*loc || (*loc)->position.file != *chainFileIndex) {
      os << line << "\n";
      return Error::success();
    }
    uint32_t id = (*loc)->position.line;
    if (id == 0) {
      // No position (LLVM's line 0): no `.loc`. ptxas writes no row for
      // line 0 anyway, but it takes the `.loc`'s file and frame as the
      // current ones, and then leaves out the file and frame of the next
      // row where they are the same as the line-0 `.loc`'s.
      return Error::success();
    }
    const PTXLineChain &chain = folded[id - 1];
    const PTXLineFrame *caller = nullptr;
    for (const PTXLineFrame &frame : chain) {
      os << "\t.loc\t" << fileIndex[frame.file] << " " << frame.line << " "
         << frame.column;
      if (caller)
        os << ", function_name $L__info_string" << nameLabel[frame.function]
           << ", inlined_at " << fileIndex[caller->file] << " " << caller->line
           << " " << caller->column;
      os << "\n";
      caller = &frame;
    }
    return Error::success();
  }

  void writeDebugStr(raw_ostream &os) {
    if (nameOrder.empty())
      return;
    os << "\t.section\t.debug_str\n\t{\n";
    for (auto [i, name] : llvm::enumerate(nameOrder)) {
      os << "$L__info_string" << i << ":\n.b8 ";
      for (unsigned char c : name)
        os << unsigned(c) << ",";
      os << "0\n";
    }
    os << "\t}\n";
  }

  const PTXLineChainTable &table;
  std::vector<PTXLineChain> folded; // the table's chains, folded
  std::optional<uint32_t> chainFileIndex;
  uint32_t firstIndex = 1;
  SmallVector<uint32_t> usedChains;
  StringMap<uint32_t> fileIndex;
  std::vector<std::string> fileOrder;
  StringMap<size_t> nameLabel;
  std::vector<std::string> nameOrder;
};

/// The `.file` indices, `.debug_str` labels and the strings they name.
struct PTXSymbols {
  DenseMap<uint32_t, std::string> files;
  StringMap<std::string> strings;
};

/// Reads the `.file` directives and the `.debug_str` section.
Expected<PTXSymbols> readSymbols(ArrayRef<StringRef> lines) {
  PTXSymbols symbols;
  bool inDebugStr = false;
  std::string label;
  for (StringRef line : lines) {
    if (auto file = parseFile(line)) {
      auto [it, inserted] =
          symbols.files.try_emplace(file->first, file->second);
      // A .loc of that index could name either.
      if (!inserted && it->second != file->second)
        return makeError(formatv(".file {0} is declared twice, as \"{1}\" "
                                 "and as \"{2}\"",
                                 file->first, it->second, file->second));
      continue;
    }
    if (isDebugStrSection(line)) {
      inDebugStr = true;
      continue;
    }
    if (!inDebugStr)
      continue;
    StringRef text = code(line);
    if (text == "}") {
      inDebugStr = false;
    } else if (text.ends_with(":")) {
      label = text.drop_back().str();
      symbols.strings[label];
    } else if (text.consume_front(".b8") && !label.empty()) {
      SmallVector<StringRef> bytes;
      text.split(bytes, ',', -1, false);
      std::string &value = symbols.strings[label];
      for (StringRef byte : bytes) {
        unsigned c;
        if (byte.trim().getAsInteger(10, c) || c > 255)
          return makeError("cannot read '.b8" + text + "' in .debug_str");
        if (c != 0)
          value.push_back(char(c));
      }
    }
  }
  return symbols;
}

} // namespace

Expected<std::string> writePTXLineInfo(StringRef ptx,
                                       const PTXLineChainTable &table) {
  return LineInfoWriter(table).run(ptx);
}

/// PTX starts with its .version directive (PTX ISA, "PTX Module
/// Directives"): anything else, an empty file or bytes that are no text, is
/// not PTX, and has no line info to check or read.
Error checkIsPTX(ArrayRef<StringRef> lines) {
  for (auto [i, line] : llvm::enumerate(lines)) {
    StringRef text = code(line);
    if (text.empty())
      continue;
    if (text.starts_with(".version") && (text.size() == 8 || isSpace(text[8])))
      return Error::success();
    std::string start;
    raw_string_ostream os(start);
    printEscapedString(text.take_front(40), os);
    return makeError(formatv("line {0}: not PTX: it starts with '{1}', not a "
                             ".version directive",
                             i + 1, start));
  }
  return makeError("not PTX: no .version directive (the input is empty or "
                   "only comments)");
}

namespace {
/// verifyPTXLineInfo, where `repeatedLines` allows a line twice in one chain
/// (valid line info that ptxas folds, which readPTXLineChains reads to
/// compare with the cubin's line table).
Error verifyLineInfo(StringRef ptx, bool repeatedLines) {
  SmallVector<StringRef> lines;
  ptx.split(lines, '\n');
  if (Error err = checkIsPTX(lines))
    return err;
  Expected<PTXSymbols> symbols = readSymbols(lines);
  if (!symbols)
    return symbols.takeError();
  std::optional<PTXPosition> previous; // the .loc just before, if any
  DenseMap<uint32_t, size_t> runLines; // the lines of this run of .locs
  for (auto [i, line] : llvm::enumerate(lines)) {
    StringRef text = code(line);
    Expected<std::optional<LocDirective>> loc = parseLoc(line);
    if (!loc)
      return makeError(
          formatv("line {0}: {1}", i + 1, toString(loc.takeError())));
    if (!*loc) {
      // Blank and comment-only lines keep the run of .locs going.
      if (!text.empty()) {
        previous.reset();
        runLines.clear();
      }
      continue;
    }
    if (!(*loc)->inlinedAt)
      runLines.clear(); // a new chain: the instruction takes the last one
    uint32_t lineNumber = (*loc)->position.line;
    if (lineNumber != 0 && !repeatedLines) {
      auto [other, inserted] = runLines.try_emplace(lineNumber, i);
      if (!inserted)
        return makeError(formatv(
            "line {0}: line {1} again in one chain (line {2}): ptxas keeps "
            "one row per line at an address, and compute-sanitizer names no "
            "frame for such a chain",
            i + 1, lineNumber, other->second + 1));
    }
    const LocDirective &directive = **loc;
    auto describe = [](const PTXPosition &p) {
      return formatv("{0} {1} {2}", p.file, p.line, p.column).str();
    };
    if (!symbols->files.count(directive.position.file))
      return makeError(formatv("line {0}: .loc names file {1}, which no .file "
                               "declares",
                               i + 1, directive.position.file));
    if (directive.inlinedAt) {
      if (!previous || !(*previous == *directive.inlinedAt))
        return makeError(formatv(
            "line {0}: inlined_at {1} names a call site that the .loc "
            "before it does not ({2}): a call site must appear in a .loc "
            "before an inlined_at names it",
            i + 1, describe(*directive.inlinedAt),
            previous ? describe(*previous) : std::string("none")));
      if (!directive.functionName ||
          !symbols->strings.count(*directive.functionName))
        return makeError(formatv("line {0}: function_name {1} is no label of "
                                 ".section .debug_str",
                                 i + 1,
                                 directive.functionName.value_or("(none)")));
    } else if (directive.functionName) {
      return makeError(
          formatv("line {0}: function_name without inlined_at", i + 1));
    }
    previous = directive.position;
  }
  return Error::success();
}

} // namespace

Error verifyPTXLineInfo(StringRef ptx) {
  return verifyLineInfo(ptx, /*repeatedLines=*/false);
}

Expected<std::vector<PTXLineChain>> readPTXLineChains(StringRef ptx) {
  // Chains read from line info that breaks the rule would be wrong chains
  // (an inlined_at naming a call site no .loc gave, a file no .file
  // declares): refused, as --verify refuses them. A line twice in a chain
  // is line info all the same (ptxas folds it; tests compare such chains
  // with the cubin's line table).
  if (Error err = verifyLineInfo(ptx, /*repeatedLines=*/true))
    return std::move(err);
  SmallVector<StringRef> lines;
  ptx.split(lines, '\n');
  Expected<PTXSymbols> symbols = readSymbols(lines);
  if (!symbols)
    return symbols.takeError();
  std::vector<PTXLineChain> chains;
  PTXLineChain current;
  bool inRun = false;
  // The kernel or device function the outermost levels are written in: a
  // `.func` names its own (it was named after the `.entry` before it); its
  // return parameters, `.func (.param .b32 r) name(...)`, come first.
  std::string entry;
  for (StringRef line : lines) {
    StringRef text = code(line);
    for (StringRef keyword : {StringRef(".entry "), StringRef(".func ")}) {
      size_t at = text.find(keyword);
      if (at == StringRef::npos)
        continue;
      StringRef rest = text.drop_front(at + keyword.size()).ltrim();
      if (keyword == ".func " && rest.starts_with("("))
        rest = rest.drop_until([](char c) { return c == ')'; })
                   .drop_front()
                   .ltrim();
      entry =
          rest.take_until([](char c) { return c == '(' || isSpace(c); }).str();
    }
    Expected<std::optional<LocDirective>> loc = parseLoc(line);
    if (!loc)
      return loc.takeError();
    if (!*loc) {
      // An instruction (or directive) after a run of .locs: the run is the
      // chain it is at.
      if (inRun && !text.empty() && !text.ends_with(":")) {
        if (chains.empty() || chains.back() != current)
          chains.push_back(current);
        inRun = false;
      }
      continue;
    }
    const LocDirective &directive = **loc;
    if (!directive.inlinedAt || !inRun)
      current.clear();
    inRun = true;
    PTXLineFrame frame{symbols->files.lookup(directive.position.file),
                       directive.position.line, directive.position.column, ""};
    frame.function = directive.functionName
                         ? symbols->strings.lookup(*directive.functionName)
                         : entry;
    current.push_back(std::move(frame));
  }
  return chains;
}

} // namespace tg
