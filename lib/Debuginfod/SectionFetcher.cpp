//===- SectionFetcher.cpp - Sections by build ID from debuginfod ----------===//
//
// A thin layer over llvm::getCachedOrDownloadArtifact: the protocol, the
// cache and the federation through several URLs are LLVM's; what is ours is
// checking what comes back and saying clearly what went wrong.
//
//===----------------------------------------------------------------------===//

#include "tg/Debuginfod/SectionFetcher.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Encoding.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Debuginfod/Debuginfod.h"
#include "llvm/Debuginfod/HTTPClient.h"
#include "llvm/Support/FormatVariadic.h"

#include <mutex>

using namespace llvm;
using tg::encoding::makeError;

namespace tg {

Expected<FetchedSection>
fetchSectionByBuildId(ArrayRef<uint8_t> id, const DebuginfodOptions &options) {
  std::string hex = section::formatBuildId(id);
  // curl's global state: initialized once per process, before any request
  // (HTTPClient::initialize is not thread-safe on its own).
  static std::once_flag curlInitialized;
  std::call_once(curlInitialized, [] { HTTPClient::initialize(); });

  SmallVector<StringRef> urls;
  for (const std::string &url : options.urls)
    urls.push_back(url);
  if (options.urls.empty())
    urls = getDefaultDebuginfodUrls();
  std::string cacheDirectory = options.cacheDirectory;
  if (cacheDirectory.empty()) {
    Expected<std::string> dir = getDefaultDebuginfodCacheDirectory();
    if (!dir)
      return makeError("build ID {0}: no debuginfod cache directory: {1}", hex,
                       toString(dir.takeError()));
    cacheDirectory = *dir;
  }
  std::chrono::milliseconds timeout =
      options.timeout.count() ? options.timeout : getDefaultDebuginfodTimeout();
  std::string urlPath = getDebuginfodDebuginfoUrlPath(id);
  Expected<std::string> path = getCachedOrDownloadArtifact(
      getDebuginfodCacheKey(urlPath), urlPath, cacheDirectory, urls, timeout);
  std::string servers = urls.empty()
                            ? std::string("none: DEBUGINFOD_URLS is not set")
                            : join(urls, " ");
  if (!path) {
    std::string why = StringRef(toString(path.takeError())).rtrim().str();
    // LLVM's words when every server answered 404 (or there is none).
    if (why == "build id not found") {
      why = urls.empty() ? "not in the cache, and no server to ask"
                         : "no server has it (HTTP 404) and the cache does "
                           "not either";
      // A short ID is often a prefix copied from a log: say that a server
      // cannot look one up.
      if (!urls.empty() && id.size() < section::kDefaultBuildIdSize)
        why += formatv(" (a server finds a build by its whole ID, and this "
                       "one is {0} bytes; tracegraph's IDs are {1} unless "
                       "the build chose its own: a prefix cannot be looked "
                       "up)",
                       id.size(), section::kDefaultBuildIdSize)
                   .str();
    }
    return makeError("build ID {0}: cannot fetch its section from debuginfod "
                     "(servers: {1}; cache: {2}): {3}",
                     hex, servers, cacheDirectory, why);
  }

  Expected<std::unique_ptr<DebugSectionReader>> reader =
      DebugSectionReader::open(*path);
  if (!reader)
    return makeError("build ID {0}: the file debuginfod gave ({1}) is not a "
                     "tracegraph section: {2}",
                     hex, *path, toString(reader.takeError()));
  Expected<ArrayRef<uint8_t>> found = (*reader)->getBuildId();
  if (!found)
    return makeError("build ID {0}: the file debuginfod gave ({1}): {2}", hex,
                     *path, toString(found.takeError()));
  if (*found != id)
    return makeError(
        "build ID {0}: debuginfod gave a section of another "
        "build ({1}, from {2}): refusing it",
        hex, found->empty() ? "no build ID" : section::formatBuildId(*found),
        *path);
  return FetchedSection{std::move(*reader), std::move(*path)};
}

} // namespace tg
