//===- PythonSource.cpp - Python source text as TorchScript sees it -------===//

#include "tg/Support/PythonSource.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

using namespace tg;

/// Blank and comment-only lines neither end a block nor extend it (Python's
/// tokenizer emits no INDENT/DEDENT for them).
static bool isBlank(llvm::StringRef line) {
  llvm::StringRef text = line.trim();
  return text.empty() || text.starts_with("#");
}

static size_t indentOf(llvm::StringRef line) {
  return line.size() - line.ltrim(" \t").size();
}

/// The last line of the function whose `def` is line `def` (1-based), or 0
/// when `def` is not a def line. Like inspect.getblock: the signature (which
/// may span lines) up to its `:`, then every line indented deeper than the
/// `def`, blank lines inside included, trailing blank lines not.
static uint32_t functionEnd(llvm::ArrayRef<std::string> lines, uint32_t def) {
  llvm::StringRef head = llvm::StringRef(lines[def - 1]).ltrim(" \t");
  if (!head.starts_with("def ") && !head.starts_with("async def "))
    return 0;
  size_t indent = indentOf(lines[def - 1]);
  uint32_t signatureEnd = def;
  while (signatureEnd <= lines.size() &&
         !llvm::StringRef(lines[signatureEnd - 1]).rtrim().ends_with(":"))
    ++signatureEnd;
  if (signatureEnd > lines.size())
    return 0;
  uint32_t last = signatureEnd;
  for (uint32_t j = signatureEnd + 1; j <= lines.size(); ++j) {
    llvm::StringRef text = lines[j - 1];
    if (isBlank(text))
      continue;
    if (indentOf(text) <= indent)
      break;
    last = j;
  }
  return last;
}

std::optional<PythonFunction>
tg::findPythonFunction(llvm::ArrayRef<std::string> lines, uint32_t line) {
  uint32_t n = lines.size();
  if (line == 0 || line > n)
    return std::nullopt;
  for (uint32_t def = line; def >= 1; --def) {
    uint32_t end = functionEnd(lines, def);
    if (!end || end < line)
      continue;
    // Decorators belong to the function's text.
    size_t indent = indentOf(lines[def - 1]);
    uint32_t first = def;
    while (first > 1 &&
           llvm::StringRef(lines[first - 2]).ltrim(" \t").starts_with("@") &&
           indentOf(lines[first - 2]) == indent)
      --first;
    PythonFunction function;
    function.first = first;
    function.last = end;
    function.indent = lines[def - 1].substr(0, indent);
    return function;
  }
  return std::nullopt;
}

std::string tg::normalizePythonLine(llvm::StringRef line,
                                    llvm::StringRef indent) {
  if (line.starts_with(indent))
    return line.str();
  return indent.str() + line.str();
}

llvm::StringRef tg::getSourceDisplayName(llvm::StringRef file) {
  if (!file.starts_with("<"))
    return file;
  size_t hash = file.rfind(">#");
  if (hash == llvm::StringRef::npos)
    return file;
  llvm::StringRef number = file.drop_front(hash + 2);
  if (number.empty() ||
      !llvm::all_of(number, [](char c) { return llvm::isDigit(c); }))
    return file;
  return file.take_front(hash + 1);
}
