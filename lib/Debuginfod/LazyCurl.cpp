//===- LazyCurl.cpp - libcurl, loaded when a server is first asked --------===//
//
// The libcurl entry points that LLVM's HTTP client (llvm/Debuginfod/
// HTTPClient.h) calls, defined here and forwarded to libcurl, which is
// loaded with dlopen on the first call. Linked only into the binaries that
// link LLVM's static libraries (tg_link_mlir_free, the top-level
// CMakeLists.txt: tg-symbolicate and Python's reader module), instead of
// libcurl itself.
//
// Why: libcurl pulls ~30 libraries into every process that links it (TLS,
// Kerberos, LDAP, IDN, compression), and the dynamic loader maps and
// relocates them all at start-up, whether or not a debuginfod server is ever
// asked. That was most of what one `tg-symbolicate SECTION HANDLE` cost
// (docs/performance.md section 35); a crash reporter runs it once per fault.
// Only `--build-id` (Python: `tracegraph.fetch_section`) needs libcurl, and
// only then is it loaded. elfutils does the same for the same reason: libdw
// loads libdebuginfod with dlopen when a lookup first needs it.
//
// The functions keep libcurl's C ABI (stable for libcurl.so.4 since 2006);
// they are hidden (this file is compiled with -fvisibility=hidden), so they
// resolve LLVM's references within the binary and are never exported to
// other modules of a process. Where libcurl cannot be loaded, every call
// fails as libcurl reports a failure (CURLE_FAILED_INIT, a null handle), and
// curl_easy_strerror names the library and the loader's error, which LLVM's
// client puts into the error that tg-symbolicate prints for each server.
//
//===----------------------------------------------------------------------===//

#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>

#include <cstdarg>
#include <dlfcn.h>
#include <string>
#include <type_traits>

namespace {

/// libcurl's functions, resolved once, or why they could not be.
struct CurlApi {
  CURLcode (*globalInit)(long) = nullptr;
  void (*globalCleanup)() = nullptr;
  CURL *(*easyInit)() = nullptr;
  void (*easyCleanup)(CURL *) = nullptr;
  CURLcode (*easySetopt)(CURL *, CURLoption, ...) = nullptr;
  CURLcode (*easyGetinfo)(CURL *, CURLINFO, ...) = nullptr;
  CURLcode (*easyPerform)(CURL *) = nullptr;
  const char *(*easyStrerror)(CURLcode) = nullptr;
  curl_slist *(*slistAppend)(curl_slist *, const char *) = nullptr;
  void (*slistFreeAll)(curl_slist *) = nullptr;
  /// Empty once loaded; otherwise what the loader said.
  std::string error;

  CurlApi() {
    // libcurl's own name (Debian's libcurl4, the OpenSSL build the binary
    // was linked against before), then the GnuTLS build, which Debian and
    // Ubuntu install with git (libcurl3-gnutls): both have libcurl's ABI 4.
    void *library = nullptr;
    for (const char *name : {"libcurl.so.4", "libcurl-gnutls.so.4"}) {
      library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (library)
        break;
      const char *why = dlerror();
      if (!error.empty())
        error += "; ";
      error += why ? why : name;
    }
    if (!library) {
      error = "libcurl could not be loaded (" + error +
              "): install libcurl4 to ask debuginfod servers";
      return;
    }
    bool complete = true;
    auto resolve = [&](auto &function, const char *symbol) {
      function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
          dlsym(library, symbol));
      if (!function && complete) {
        complete = false;
        error = std::string("libcurl has no ") + symbol;
      }
    };
    resolve(globalInit, "curl_global_init");
    resolve(globalCleanup, "curl_global_cleanup");
    resolve(easyInit, "curl_easy_init");
    resolve(easyCleanup, "curl_easy_cleanup");
    resolve(easySetopt, "curl_easy_setopt");
    resolve(easyGetinfo, "curl_easy_getinfo");
    resolve(easyPerform, "curl_easy_perform");
    resolve(easyStrerror, "curl_easy_strerror");
    resolve(slistAppend, "curl_slist_append");
    resolve(slistFreeAll, "curl_slist_free_all");
    if (complete)
      error.clear();
  }

  bool loaded() const { return error.empty(); }
};

/// Loaded on the first call from any thread (a function-local static is
/// initialized once, thread-safely), and kept for the process's life.
const CurlApi &getCurl() {
  static const CurlApi api;
  return api;
}

} // namespace

// curl_easy_setopt and curl_easy_getinfo are variadic after an enum, as
// curl.h declares them; clang warns that va_start after a parameter of a
// promotable type is undefined. Both enums have int's representation (their
// values exceed 255), and libcurl's own definitions do the same.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wvarargs"
#endif

extern "C" {

CURLcode curl_global_init(long flags) {
  const CurlApi &api = getCurl();
  return api.loaded() ? api.globalInit(flags) : CURLE_FAILED_INIT;
}

void curl_global_cleanup() {
  const CurlApi &api = getCurl();
  if (api.loaded())
    api.globalCleanup();
}

CURL *curl_easy_init() {
  const CurlApi &api = getCurl();
  return api.loaded() ? api.easyInit() : nullptr;
}

void curl_easy_cleanup(CURL *handle) {
  const CurlApi &api = getCurl();
  if (api.loaded() && handle)
    api.easyCleanup(handle);
}

CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
  const CurlApi &api = getCurl();
  if (!api.loaded() || !handle)
    return CURLE_FAILED_INIT;
  // The argument's type follows from the option's number (curl.h's
  // CURLOPTTYPE_* ranges): read it as that type, pass it on as that type.
  va_list args;
  va_start(args, option);
  CURLcode result;
  if (option < CURLOPTTYPE_OBJECTPOINT)
    result = api.easySetopt(handle, option, va_arg(args, long));
  else if (option < CURLOPTTYPE_FUNCTIONPOINT)
    result = api.easySetopt(handle, option, va_arg(args, void *));
  else if (option < CURLOPTTYPE_OFF_T)
    result = api.easySetopt(handle, option, va_arg(args, void (*)()));
  else if (option < CURLOPTTYPE_BLOB)
    result = api.easySetopt(handle, option, va_arg(args, curl_off_t));
  else
    result = api.easySetopt(handle, option, va_arg(args, void *));
  va_end(args);
  return result;
}

CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
  const CurlApi &api = getCurl();
  if (!api.loaded() || !handle)
    return CURLE_FAILED_INIT;
  // Every CURLINFO takes a pointer to where the answer goes.
  va_list args;
  va_start(args, info);
  CURLcode result = api.easyGetinfo(handle, info, va_arg(args, void *));
  va_end(args);
  return result;
}

CURLcode curl_easy_perform(CURL *handle) {
  const CurlApi &api = getCurl();
  if (!api.loaded() || !handle)
    return CURLE_FAILED_INIT;
  return api.easyPerform(handle);
}

const char *curl_easy_strerror(CURLcode code) {
  const CurlApi &api = getCurl();
  return api.loaded() ? api.easyStrerror(code) : api.error.c_str();
}

curl_slist *curl_slist_append(curl_slist *list, const char *text) {
  const CurlApi &api = getCurl();
  return api.loaded() ? api.slistAppend(list, text) : nullptr;
}

void curl_slist_free_all(curl_slist *list) {
  const CurlApi &api = getCurl();
  if (api.loaded())
    api.slistFreeAll(list);
}

} // extern "C"
