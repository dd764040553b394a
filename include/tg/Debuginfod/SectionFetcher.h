//===- SectionFetcher.h - Sections by build ID from debuginfod --*- C++ -*-===//
//
// A model compiled once runs on many machines; its errors and profiles come
// back as (build ID, debug handle) pairs. This finds the section of a build
// the way gdb and llvm-symbolizer find native debug info: from the debuginfod
// servers in DEBUGINFOD_URLS, through a local cache in LLVM's debuginfod
// client's directory (a second lookup needs no server). The server side is
// any debuginfod server indexing the ELF containers that
// `--tg-emit-debug-section="path=F elf=true"` writes
// (docs/fleet-symbolication.md).
//
//===----------------------------------------------------------------------===//

#ifndef TG_DEBUGINFOD_SECTIONFETCHER_H
#define TG_DEBUGINFOD_SECTIONFETCHER_H

#include "tg/Serialize/Reader.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace tg {

struct DebuginfodOptions {
  /// Server URLs, asked in order; empty: DEBUGINFOD_URLS (space-separated).
  std::vector<std::string> urls;
  /// Where fetched files are kept; empty: DEBUGINFOD_CACHE_PATH, else LLVM's
  /// default (~/.cache/llvm-debuginfod/client).
  std::string cacheDirectory;
  /// Per request; zero: DEBUGINFOD_TIMEOUT (seconds), else 90 s.
  std::chrono::milliseconds timeout{0};
};

/// A section fetched by build ID, and where the client cached it.
struct FetchedSection {
  std::unique_ptr<DebugSectionReader> reader;
  std::string path;
};

/// The section of build `id`, from the local cache or else the servers. It
/// is opened and checked to have build ID `id`: a server (or a cache) that
/// answers with another build's file is an error, never a wrong traceback.
/// Each server is asked in turn, past any that fails; nothing is cached
/// before it passes that check. Errors say which ID, which servers and what
/// each answered (not found, unreachable, timeout, cut short, not a section).
llvm::Expected<FetchedSection>
fetchSectionByBuildId(llvm::ArrayRef<uint8_t> id,
                      const DebuginfodOptions &options = {});

} // namespace tg

#endif // TG_DEBUGINFOD_SECTIONFETCHER_H
