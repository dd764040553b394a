//===- JSON.cpp - JSON parsing with bounded nesting -----------------------===//

#include "tg/Support/JSON.h"

#include "llvm/Support/FormatVariadic.h"

namespace tg {

llvm::Expected<llvm::json::Value> parseJSON(llvm::StringRef text) {
  unsigned depth = 0, line = 1;
  size_t lineStart = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '\n') {
      ++line;
      lineStart = i + 1;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJSONDepth)
        return llvm::createStringError(
            llvm::formatv("[{0}:{1}, byte={2}]: JSON nested deeper than {3} "
                          "levels",
                          line, i - lineStart, i, kMaxJSONDepth)
                .str());
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return llvm::json::parse(text);
}

} // namespace tg
