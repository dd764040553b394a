//===- SectionFetcher.cpp - Sections by build ID from debuginfod ----------===//
//
// The debuginfod protocol's client side for sections: the cache first, then
// each server in DEBUGINFOD_URLS in turn. LLVM's HTTP client does the
// transfers, and the cache is LLVM's directory with entries of our own
// (`llvmcache-<key>`, pruned by the same policy); the federation loop is ours
// rather than llvm::getCachedOrDownloadArtifact's,
// for three reasons found by trying it as a user would (LLVM 22):
//  - a transfer that ended early (a server closing mid-reply, or the timeout
//    on a slow one) aborted the process ("CachedFileStream was not
//    committed"), Python's interpreter included;
//  - the first server that could not be reached, or that answered with a
//    file that is not this build's section, ended the lookup: the servers
//    after it were never asked;
//  - such a file stayed in the cache and was given back to every later
//    lookup, whatever the servers held by then.
// Here a reply is written to a temporary file in the cache directory and
// takes the cache entry's name only once it is checked to be a section of
// the build asked for; a cached file that fails the check is removed and the
// servers are asked again. Every server's answer is in the error when none
// had the section.
//
//===----------------------------------------------------------------------===//

#include "tg/Debuginfod/SectionFetcher.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Encoding.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Debuginfod/Debuginfod.h"
#include "llvm/Debuginfod/HTTPClient.h"
#include "llvm/Support/CachePruning.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LineIterator.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace llvm;
using tg::encoding::makeError;

namespace tg {

namespace {

/// Writes a reply's body to a file as it arrives.
class FileResponseHandler : public HTTPResponseHandler {
public:
  explicit FileResponseHandler(int fd) : os(fd, /*shouldClose=*/false) {}
  virtual ~FileResponseHandler() = default;
  Error handleBodyChunk(StringRef chunk) override {
    os << chunk;
    if (os.has_error())
      return createStringError(os.error(), "cannot write the reply");
    return Error::success();
  }
  Error finish() {
    os.flush();
    if (os.has_error()) {
      std::error_code ec = os.error();
      os.clear_error();
      return createStringError(ec, "cannot write the reply");
    }
    return Error::success();
  }

private:
  raw_fd_ostream os;
};

/// The section at `path` if it is one of build `id`; else why not.
Expected<std::unique_ptr<DebugSectionReader>>
openSectionOfBuild(StringRef path, ArrayRef<uint8_t> id) {
  Expected<std::unique_ptr<DebugSectionReader>> reader =
      DebugSectionReader::open(path);
  if (!reader)
    return makeError("a file that is not a tracegraph section: {0}",
                     toString(reader.takeError()));
  Expected<ArrayRef<uint8_t>> found = (*reader)->getBuildId();
  if (!found)
    return makeError("{0}", toString(found.takeError()));
  if (*found != id)
    return makeError("a section of another build ({0}): refused",
                     found->empty() ? "no build ID"
                                    : section::formatBuildId(*found));
  return std::move(*reader);
}

/// The HTTP headers of DEBUGINFOD_HEADERS_FILE, one `Name: value` a line,
/// which LLVM's client sends with every request (authentication, mostly);
/// lines that are not headers are skipped, as LLVM's client skips them.
SmallVector<std::string, 0> getRequestHeaders() {
  SmallVector<std::string, 0> headers;
  const char *file = std::getenv("DEBUGINFOD_HEADERS_FILE");
  if (!file || !*file)
    return headers;
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getFile(file, /*IsText=*/true);
  if (!buffer)
    return headers;
  for (line_iterator line(**buffer, /*SkipBlanks=*/true); !line.is_at_end();
       ++line) {
    StringRef text = line->rtrim("\r");
    auto [name, value] = text.split(':');
    if (name.empty() || value.empty() ||
        !llvm::all_of(name, [](char c) { return isPrint(c) && c != ' '; }) ||
        !llvm::all_of(value, [](char c) { return isPrint(c) || c == '\t'; }))
      continue;
    headers.push_back(text.str());
  }
  return headers;
}

/// The per-request timeout: the option, else DEBUGINFOD_TIMEOUT in whole
/// seconds (0 or less: none, as the protocol says), else 90 s. A value that
/// is no number is an error (LLVM's client took 90 s without a word).
Expected<std::chrono::milliseconds>
getTimeout(const DebuginfodOptions &options) {
  if (options.timeout.count())
    return options.timeout;
  const char *env = std::getenv("DEBUGINFOD_TIMEOUT");
  if (!env || !*env)
    return std::chrono::milliseconds(std::chrono::seconds(90));
  long long seconds;
  if (StringRef(env).trim().getAsInteger(10, seconds) ||
      seconds > 1000LL * 1000 * 1000)
    return makeError("DEBUGINFOD_TIMEOUT is '{0}': give whole seconds (0 "
                     "waits without limit)",
                     env);
  return std::chrono::milliseconds(
      std::chrono::seconds(std::max(0LL, seconds)));
}

/// DEBUGINFOD_CACHE_PATH, else LLVM's default; an empty variable is unset.
Expected<std::string> getCacheDirectory(const DebuginfodOptions &options) {
  if (!options.cacheDirectory.empty())
    return options.cacheDirectory;
  const char *env = std::getenv("DEBUGINFOD_CACHE_PATH");
  if (env && *env)
    return std::string(env);
  // LLVM's cache directory, with an empty XDG_CACHE_HOME unset too (it
  // would make the cache relative to the working directory).
  SmallString<128> dir;
  if (!sys::path::cache_directory(dir) || dir.empty()) {
    dir.clear();
    if (!sys::path::home_directory(dir))
      return makeError("no cache directory: set DEBUGINFOD_CACHE_PATH");
    sys::path::append(dir, ".cache");
  }
  sys::path::append(dir, "llvm-debuginfod", "client");
  return std::string(dir);
}

/// What a lookup needs from the options and the environment, each checked
/// before any transfer (a bad DEBUGINFOD_CACHE_POLICY failed the first
/// lookup only after caching its file, and let the second pass).
struct LookupSettings {
  SmallVector<StringRef> urls;
  std::string cacheDirectory;
  std::chrono::milliseconds timeout;
  CachePruningPolicy policy;
  SmallVector<std::string, 0> headers;
};

Expected<LookupSettings> getLookupSettings(const DebuginfodOptions &options) {
  LookupSettings settings;
  for (const std::string &url : options.urls)
    settings.urls.push_back(url);
  if (options.urls.empty())
    settings.urls = getDefaultDebuginfodUrls();
  Expected<std::string> cacheDirectory = getCacheDirectory(options);
  if (!cacheDirectory)
    return cacheDirectory.takeError();
  settings.cacheDirectory = std::move(*cacheDirectory);
  Expected<std::chrono::milliseconds> timeout = getTimeout(options);
  if (!timeout)
    return timeout.takeError();
  settings.timeout = *timeout;
  const char *policyText = std::getenv("DEBUGINFOD_CACHE_POLICY");
  Expected<CachePruningPolicy> policy =
      parseCachePruningPolicy(policyText ? policyText : "");
  if (!policy)
    return makeError("DEBUGINFOD_CACHE_POLICY: {0}",
                     toString(policy.takeError()));
  settings.policy = *policy;
  if (!HTTPClient::isAvailable() && !settings.urls.empty())
    return makeError("this LLVM has no HTTP client (built without curl): "
                     "debuginfod servers cannot be asked");
  settings.headers = getRequestHeaders();
  return settings;
}

/// What one server answered: the section, checked, with the temporary file
/// that holds it (to be kept as the cache entry), or why not.
struct ServerAnswer {
  std::unique_ptr<DebugSectionReader> reader;
  std::optional<sys::fs::TempFile> file;
  std::string why;
  bool notFound = false;
};

/// Asks `url` for the section of build `id`, written to a temporary file in
/// the cache directory and checked there. An error only when no file can be
/// made there (no other server would fare better).
Expected<ServerAnswer> askServer(StringRef url, StringRef urlPath,
                                 ArrayRef<uint8_t> id,
                                 const LookupSettings &settings) {
  SmallString<128> artifactUrl;
  sys::path::append(artifactUrl, sys::path::Style::posix, url, urlPath);
  SmallString<128> model(settings.cacheDirectory);
  // Named as cache entries are, so that LLVM's pruning removes one left by
  // a killed process once it expires.
  sys::path::append(model, "llvmcache-tg-fetch-%%%%%%%%");
  Expected<sys::fs::TempFile> temp = sys::fs::TempFile::create(model);
  if (!temp)
    return makeError("cannot create a file in the cache directory: {0}",
                     toString(temp.takeError()));
  FileResponseHandler handler(temp->FD);
  HTTPClient client;
  client.setTimeout(settings.timeout);
  HTTPRequest request(artifactUrl);
  request.Headers = settings.headers;
  Error transfer = client.perform(request, handler);
  Error written = handler.finish();
  unsigned code = client.responseCode();
  ServerAnswer answer;
  if (transfer || written) {
    answer.why =
        StringRef(toString(joinErrors(std::move(transfer), std::move(written))))
            .rtrim()
            .str();
  } else if (code != 200 && code != 0) {
    // 0: no HTTP status (a file:// URL, which LLVM's client and elfutils
    // accept too).
    answer.why =
        code == 404 ? "not found (HTTP 404)" : formatv("HTTP {0}", code).str();
    answer.notFound = code == 404;
  } else if (Expected<std::unique_ptr<DebugSectionReader>> checked =
                 openSectionOfBuild(temp->TmpName, id)) {
    answer.reader = std::move(*checked);
    answer.file = std::move(*temp);
    return answer;
  } else {
    answer.why =
        formatv("answered with {0}", toString(checked.takeError())).str();
  }
  consumeError(temp->discard());
  return answer;
}

/// Why no server gave the section, from what each answered.
std::string describeNoAnswer(ArrayRef<ServerAnswer> answers,
                             ArrayRef<StringRef> urls, ArrayRef<uint8_t> id) {
  if (llvm::all_of(answers, [](const ServerAnswer &a) { return a.notFound; })) {
    std::string why =
        "no server has it (HTTP 404) and the cache does not either";
    // A short ID is often a prefix copied from a log: say that a server
    // cannot look one up.
    if (id.size() < section::kDefaultBuildIdSize)
      why += formatv(" (a server finds a build by its whole ID, and this "
                     "one is {0} bytes; tracegraph's IDs are {1} unless "
                     "the build chose its own: a prefix cannot be looked "
                     "up)",
                     id.size(), section::kDefaultBuildIdSize)
                 .str();
    return why;
  }
  SmallVector<std::string> parts;
  for (auto [url, answer] : llvm::zip_equal(urls, answers))
    parts.push_back((url + ": " + answer.why).str());
  return "no server gave it: " + join(parts, "; ");
}

} // namespace

Expected<FetchedSection>
fetchSectionByBuildId(ArrayRef<uint8_t> id, const DebuginfodOptions &options) {
  std::string hex = section::formatBuildId(id);
  // curl's global state: initialized once per process, before any request
  // (HTTPClient::initialize is not thread-safe on its own).
  static std::once_flag curlInitialized;
  std::call_once(curlInitialized, [] { HTTPClient::initialize(); });

  Expected<LookupSettings> settings = getLookupSettings(options);
  if (!settings)
    return makeError("build ID {0}: {1}", hex, toString(settings.takeError()));
  const std::string &cacheDirectory = settings->cacheDirectory;
  std::string servers = settings->urls.empty()
                            ? std::string("none: DEBUGINFOD_URLS is not set")
                            : join(settings->urls, " ");
  auto fail = [&](const Twine &why) {
    return makeError("build ID {0}: cannot fetch its section from debuginfod "
                     "(servers: {1}; cache: {2}): {3}",
                     hex, servers, cacheDirectory, why.str());
  };

  std::string urlPath = getDebuginfodDebuginfoUrlPath(id);
  // Entries of our own in LLVM's cache directory: a model's kernels carry
  // its section's build ID, so llvm-symbolizer may cache their native debug
  // info under LLVM's key for the same URL. Pruned as LLVM's entries are.
  SmallString<128> cachePath(cacheDirectory);
  sys::path::append(
      cachePath, "llvmcache-" + getDebuginfodCacheKey("tracegraph:" + urlPath));

  // The cache: a file that is not this build's section (left by an older
  // client, or damaged since) is removed, and the servers are asked.
  std::string cacheNote;
  if (sys::fs::exists(cachePath)) {
    Expected<std::unique_ptr<DebugSectionReader>> cached =
        openSectionOfBuild(cachePath, id);
    if (cached)
      return FetchedSection{std::move(*cached), std::string(cachePath)};
    std::string why = toString(cached.takeError());
    if (std::error_code ec = sys::fs::remove(cachePath))
      return fail(formatv("the cached file {0} is {1}, and cannot be removed: "
                          "{2}",
                          cachePath, why, ec.message()));
    cacheNote = formatv("; the cache held {0} (removed)", why).str();
  }
  if (settings->urls.empty())
    return fail("not in the cache, and no server to ask" + cacheNote);
  if (std::error_code ec = sys::fs::create_directories(cacheDirectory))
    return fail(
        formatv("cannot create the cache directory: {0}", ec.message()));

  // Each server in turn, past any failure.
  SmallVector<ServerAnswer> answers;
  for (StringRef url : settings->urls) {
    Expected<ServerAnswer> answer = askServer(url, urlPath, id, *settings);
    if (!answer)
      return fail(toString(answer.takeError()));
    if (!answer->reader) {
      answers.push_back(std::move(*answer));
      continue;
    }
    // The checked reader is what is returned: it reads the file it opened
    // (its mapping, or memory it owns), which the rename below, pruning or
    // another process replacing the cache entry cannot take away.
    if (Error kept = answer->file->keep(cachePath)) {
      consumeError(answer->file->discard());
      return fail(formatv("cannot keep the fetched file as {0}: {1}", cachePath,
                          toString(std::move(kept))));
    }
    // The cache's size stays under DEBUGINFOD_CACHE_POLICY, as LLVM's client
    // keeps it.
    pruneCache(cacheDirectory, settings->policy);
    return FetchedSection{std::move(answer->reader), std::string(cachePath)};
  }
  return fail(describeNoAnswer(answers, settings->urls, id) + cacheNote);
}

} // namespace tg
