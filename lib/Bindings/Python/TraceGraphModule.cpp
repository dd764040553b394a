//===- TraceGraphModule.cpp - Python bindings of the debug section --------===//
//
// `tracegraph._tracegraph`: the zero-copy section reader and the symbolizer
// for Python. A Section maps the file once (or keeps the bytes it was given)
// and decodes nothing until asked, as the C++ reader does; every string the
// Python side receives is copied out of the mapping only when it is returned.
// Reader errors (a truncated, corrupt or foreign file) raise SectionError
// with the reader's message; an unused or out-of-range handle raises
// KeyError. This file is compiled with exceptions (pybind11 needs them); the
// libraries it links are not, and never see one.
//
//===----------------------------------------------------------------------===//

#include "tg/Debuginfod/SectionFetcher.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Reader.h"
#include "tg/Support/JSON.h"
#include "tg/Support/ModulePath.h"
#include "tg/Symbolize/BriefSymbolizer.h"
#include "tg/Symbolize/ChromeTrace.h"
#include "tg/Symbolize/SourceQuery.h"
#include "tg/Symbolize/SymbolizeJSON.h"
#include "tg/Symbolize/Symbolizer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace py = pybind11;
using namespace tg;

namespace {

/// Raised for any reader or symbolizer error.
struct SectionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void raise(llvm::Error err) {
  throw SectionError(llvm::toString(std::move(err)));
}

ModulePathFormat parseFormat(const std::string &text) {
  ModulePathFormat format;
  if (!parseModulePathFormat(text, format))
    throw py::value_error("unknown module path format '" + text +
                          "': expected 'mobile', 'profiler' or 'scope'");
  return format;
}

/// `path` unless it holds a NUL byte: the C library would read the path
/// up to it and open another file. ValueError, as Python's open() raises.
std::string checkNoNull(std::string path) {
  if (path.find('\0') != std::string::npos)
    throw py::value_error("embedded null byte");
  return path;
}

/// A path from Python: a str, bytes or os.PathLike (pathlib.Path), as
/// open() takes it; TypeError naming `what` for anything else.
void checkPathType(py::handle obj, const char *what) {
  if (!py::isinstance<py::str>(obj) && !py::isinstance<py::bytes>(obj) &&
      !PyObject_HasAttrString(obj.ptr(), "__fspath__"))
    throw py::type_error(std::string(what) +
                         " is a path (str or os.PathLike), not " +
                         Py_TYPE(obj.ptr())->tp_name);
}
std::string toPath(py::handle obj, const char *what) {
  checkPathType(obj, what);
  return checkNoNull(py::str(py::module_::import("os").attr("fsdecode")(obj)));
}

/// Text from a section as a str. Bytes that are not UTF-8 (a file name in
/// Latin-1) become U+FFFD in every method alike, as LLVM's JSON gives them
/// to lookup() (traceback and lookup_many raised UnicodeDecodeError).
py::str toText(llvm::StringRef text) {
  PyObject *obj =
      PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "replace");
  if (!obj)
    throw py::error_already_set();
  return py::reinterpret_steal<py::str>(obj);
}

/// A file name as the section records it: the bytes os.fsencode gives, so
/// that a name that is not UTF-8 (os.fsdecode's surrogates) can be asked
/// for (it raised UnicodeEncodeError).
std::string toRecordedPath(py::handle obj, const char *what) {
  checkPathType(obj, what);
  py::bytes raw = py::module_::import("os").attr("fsencode")(obj);
  return checkNoNull(std::string(raw));
}

/// A JSON value as the Python object json.loads would make of it.
py::object toPython(const llvm::json::Value &value) {
  switch (value.kind()) {
  case llvm::json::Value::Null:
    return py::none();
  case llvm::json::Value::Boolean:
    return py::bool_(*value.getAsBoolean());
  case llvm::json::Value::Number:
    if (std::optional<int64_t> i = value.getAsInteger())
      return py::int_(*i);
    if (std::optional<uint64_t> u = value.getAsUINT64())
      return py::int_(*u);
    return py::float_(*value.getAsNumber());
  case llvm::json::Value::String:
    return toText(*value.getAsString());
  case llvm::json::Value::Array: {
    py::list list;
    for (const llvm::json::Value &element : *value.getAsArray())
      list.append(toPython(element));
    return std::move(list);
  }
  case llvm::json::Value::Object: {
    // Keys in sorted order, as tg-symbolicate prints them (json::Object is
    // a hash map: its own order is no order).
    const llvm::json::Object &object = *value.getAsObject();
    std::vector<const llvm::json::Object::value_type *> entries;
    for (const auto &entry : object)
      entries.push_back(&entry);
    llvm::sort(entries, [](const auto *a, const auto *b) {
      return a->first < b->first;
    });
    py::dict dict;
    for (const auto *entry : entries)
      dict[py::str(entry->first.str())] = toPython(entry->second);
    return std::move(dict);
  }
  }
  return py::none();
}

/// An opened section: the reader (which owns the mapping) and a symbolizer.
class Section {
public:
  static std::shared_ptr<Section> open(py::object source,
                                       py::object mmapObject) {
    // True, False or None (numpy's bool too): 2.5 was taken as true.
    std::optional<bool> mmap;
    if (!mmapObject.is_none()) {
      if (!PyBool_Check(mmapObject.ptr()) &&
          std::string(Py_TYPE(mmapObject.ptr())->tp_name) != "numpy.bool_" &&
          std::string(Py_TYPE(mmapObject.ptr())->tp_name) != "numpy.bool")
        throw py::type_error(std::string("mmap is True, False or None, not ") +
                             Py_TYPE(mmapObject.ptr())->tp_name);
      mmap = PyObject_IsTrue(mmapObject.ptr()) == 1;
    }
    std::string origin = "<bytes>";
    llvm::Expected<std::unique_ptr<DebugSectionReader>> reader =
        [&]() -> llvm::Expected<std::unique_ptr<DebugSectionReader>> {
      if (py::isinstance<py::bytes>(source) ||
          py::isinstance<py::bytearray>(source) ||
          py::isinstance<py::memoryview>(source)) {
        // Bytes are copied once into a buffer the reader owns: the Python
        // object may change or go away.
        std::string bytes =
            py::bytes(py::module_::import("builtins").attr("bytes")(source));
        return DebugSectionReader::fromBuffer(
            llvm::MemoryBuffer::getMemBufferCopy(bytes, "<bytes>"));
      }
      std::string path = checkNoNull(
          py::str(py::module_::import("os").attr("fspath")(source)));
      if (!llvm::sys::fs::exists(path)) {
        // As open() says it: FileNotFoundError(errno, message, path).
        PyErr_SetObject(
            PyExc_FileNotFoundError,
            py::make_tuple(ENOENT, std::strerror(ENOENT), path).ptr());
        throw py::error_already_set();
      }
      origin = path;
      uint64_t mapFrom = !mmap   ? DebugSectionReader::kMapFrom
                         : *mmap ? 0
                                 : UINT64_MAX;
      return DebugSectionReader::open(path, mapFrom);
    }();
    if (!reader) {
      // A file's errors name it, as tg-symbolicate's do.
      std::string message = llvm::toString(reader.takeError());
      throw SectionError(origin == "<bytes>" ? message
                                             : origin + ": " + message);
    }
    auto section = std::make_shared<Section>();
    section->origin = std::move(origin);
    section->reader_ = std::move(*reader);
    section->symbolizer_ = std::make_unique<Symbolizer>(*section->reader_);
    return section;
  }

  /// The section of build `id` from debuginfod servers (or the client's
  /// cache), as tg-symbolicate --build-id finds it.
  static std::shared_ptr<Section> fromBuildId(const std::string &id,
                                              py::object urls,
                                              py::object cacheDir,
                                              std::optional<double> timeout) {
    llvm::Expected<std::vector<uint8_t>> bytes = section::parseBuildId(id);
    if (!bytes)
      throw py::value_error(llvm::toString(bytes.takeError()));
    DebuginfodOptions options;
    if (py::isinstance<py::str>(urls)) {
      // DEBUGINFOD_URLS' own form: URLs separated by white space.
      llvm::SmallVector<llvm::StringRef> words;
      std::string text = py::str(urls);
      llvm::SplitString(text, words, " \t\r\n");
      for (llvm::StringRef word : words)
        options.urls.push_back(word.str());
      if (options.urls.empty())
        throw py::value_error("urls is empty: give server URLs (a list, or "
                              "one string separated by spaces as "
                              "DEBUGINFOD_URLS), or None for DEBUGINFOD_URLS");
    } else if (!urls.is_none()) {
      for (py::handle url : urls) {
        if (!py::isinstance<py::str>(url))
          throw py::type_error(std::string("a debuginfod URL is a str, not ") +
                               Py_TYPE(url.ptr())->tp_name);
        options.urls.push_back(py::str(url));
      }
    }
    if (!cacheDir.is_none())
      options.cacheDirectory = toPath(cacheDir, "cache_dir");
    if (timeout) {
      if (!(*timeout > 0))
        throw py::value_error("timeout must be a positive number of seconds");
      options.timeout = std::chrono::milliseconds(
          std::max<int64_t>(1, int64_t(*timeout * 1000)));
    }
    llvm::Expected<FetchedSection> fetched =
        fetchInterruptibly(*bytes, options);
    if (!fetched)
      raise(fetched.takeError());
    auto section = std::make_shared<Section>();
    section->origin = std::move(fetched->path);
    section->reader_ = std::move(fetched->reader);
    section->symbolizer_ = std::make_unique<Symbolizer>(*section->reader_);
    return section;
  }

  /// fetchSectionByBuildId on a thread of its own, waited for without the
  /// GIL (other Python threads run meanwhile) in slices between which
  /// Python's signal handlers run: Ctrl-C raises KeyboardInterrupt at once,
  /// not when the request times out. LLVM's client cannot be cancelled, so
  /// an interrupted fetch finishes (or times out) on its own, unwatched.
  static llvm::Expected<FetchedSection>
  fetchInterruptibly(const std::vector<uint8_t> &id,
                     const DebuginfodOptions &options) {
    struct Fetch {
      std::mutex mutex;
      std::condition_variable done;
      std::optional<llvm::Expected<FetchedSection>> result;
      bool taken = false;
      // An interrupted fetch's result is nobody's: its error is dropped.
      ~Fetch() {
        if (result && !taken)
          llvm::consumeError(result->takeError());
      }
    };
    auto fetch = std::make_shared<Fetch>();
    std::thread([fetch, id, options] {
      llvm::Expected<FetchedSection> result =
          fetchSectionByBuildId(id, options);
      std::lock_guard<std::mutex> lock(fetch->mutex);
      fetch->result.emplace(std::move(result));
      fetch->done.notify_all();
    }).detach();
    while (true) {
      {
        py::gil_scoped_release release;
        std::unique_lock<std::mutex> lock(fetch->mutex);
        if (fetch->done.wait_for(lock, std::chrono::milliseconds(50),
                                 [&] { return fetch->result.has_value(); })) {
          fetch->taken = true;
          return std::move(*fetch->result);
        }
      }
      if (PyErr_CheckSignals() != 0)
        throw py::error_already_set();
    }
  }

  /// The build ID as hex, or None.
  py::object buildId() const {
    llvm::Expected<llvm::ArrayRef<uint8_t>> id = getReader().getBuildId();
    if (!id)
      fail(id.takeError());
    std::string text = id->empty() ? "" : section::formatBuildId(*id);
    checkUnchanged();
    if (text.empty())
      return py::none();
    return py::str(text);
  }

  SymbolizedHandle symbolize(py::handle handleObject,
                             ModulePathFormat format) const {
    int64_t handle = toHandle(handleObject);
    if (handle < 0 || uint64_t(handle) >= getReader().getNumHandles())
      throw py::key_error("debug handle " + handleText(handleObject) +
                          " is out of range (the section has " +
                          std::to_string(getReader().getNumHandles()) +
                          " handles)");
    llvm::Expected<bool> used = getReader().hasHandle(handle);
    if (!used)
      fail(used.takeError());
    if (!*used) {
      checkUnchanged(); // zeros where the file was say "unused"
      throw py::key_error("debug handle " + handleText(handleObject) +
                          " is not used by any op");
    }
    llvm::Expected<SymbolizedHandle> sym =
        getSymbolizer().symbolize(handle, format);
    if (!sym)
      fail(sym.takeError());
    checkUnchanged();
    return std::move(*sym);
  }

  /// tg-symbolicate --format=json's object for `handle`
  /// (tg/Symbolize/SymbolizeJSON.h's schema).
  /// Source lines come from the section or, as tg-symbolicate reads them,
  /// from the recorded paths (under `source_root` when given).
  py::object lookup(py::handle handle, const std::string &modulePath,
                    py::object sourceRoot) const {
    SymbolizedHandle sym = symbolize(handle, parseFormat(modulePath));
    // The Section's cache, as for traceback: a cache of its own per call
    // read and split every frame's source file again (~1,700 lookups/s on a
    // generated model, whose frames are in torch/nn/functional.py).
    SourceCache &cache = getSourceCache(
        sourceRoot.is_none() ? std::string()
                             : toPath(sourceRoot, "source_root"));
    return toPython(llvm::json::Value(toJSON(sym, &cache)));
  }

  /// tg-symbolicate --source FILE:LINE --format=json.
  py::object source(py::handle fileObject, py::handle lineObject,
                    const std::string &modulePath) const {
    std::string file = toRecordedPath(fileObject, "file");
    // As tg-symbolicate --source refuses ":1": no file names nothing.
    if (file.empty())
      throw py::value_error("source(): the file is empty: give the source "
                            "file's path or its last components");
    if (isBool(lineObject) || !PyIndex_Check(lineObject.ptr()))
      throw py::type_error(std::string("a line is an int, not ") +
                           Py_TYPE(lineObject.ptr())->tp_name);
    int overflow = 0;
    long long line =
        PyLong_AsLongLongAndOverflow(toInt(lineObject).ptr(), &overflow);
    // Line 0 is MLIR's line of a position without one, as for
    // tg-symbolicate --source FILE:0.
    if (overflow || line < 0 || line > UINT32_MAX)
      throw py::value_error("line must be between 0 and " +
                            std::to_string(UINT32_MAX) + ", got " +
                            handleText(lineObject));
    llvm::Expected<SourceQueryResult> result =
        querySource(getReader(), getSymbolizer(), file, uint32_t(line),
                    parseFormat(modulePath));
    if (!result)
      fail(result.takeError());
    checkUnchanged();
    return toPython(llvm::json::Value(std::move(result->json)));
  }

  /// tg-symbolicate --chrome-trace on a trace given as JSON text; the
  /// annotated trace as JSON text.
  /// Source lines come as for lookup: from the section or the recorded
  /// paths (under `source_root`), unless `source` is false
  /// (tg-symbolicate --chrome-trace and its --no-source).
  std::string annotateChromeTrace(const std::string &traceText,
                                  const std::string &handleKey,
                                  const std::string &modulePath, bool source,
                                  py::object sourceRoot) const {
    llvm::Expected<llvm::json::Value> trace = tg::parseJSON(traceText);
    if (!trace)
      throw py::value_error("invalid JSON in trace: " +
                            llvm::toString(trace.takeError()));
    ChromeTraceOptions options;
    options.handleKey = handleKey;
    options.format = parseFormat(modulePath);
    if (source)
      options.source = &getSourceCache(sourceRoot.is_none()
                                           ? std::string()
                                           : toPath(sourceRoot, "source_root"));
    if (!getTraceEvents(*trace))
      throw py::value_error("the trace is neither a JSON array of events nor "
                            "an object with a 'traceEvents' array");
    if (llvm::Error err =
            tg::annotateChromeTrace(*trace, getSymbolizer(), options)) {
      std::string message = llvm::toString(std::move(err));
      checkUnchanged();
      throw py::value_error(message);
    }
    checkUnchanged();
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::json::OStream json(os);
    writeJSON(json, *trace);
    return text;
  }

  /// The text tg-symbolicate prints for one handle (PyTorch's layout).
  py::str traceback(py::handle handle, const std::string &modulePath,
                    py::object sourceRootObject,
                    const std::string &style) const {
    if (style != "pytorch" && style != "pytorch-mobile")
      throw py::value_error("unknown traceback style '" + style +
                            "': expected 'pytorch' or 'pytorch-mobile'");
    SymbolizedHandle sym = symbolize(handle, parseFormat(modulePath));
    std::string text;
    llvm::raw_string_ostream os(text);
    bool first = true;
    // One cache per source root, kept by the Section: a traceback reads
    // each source file once (issue 31).
    printSymbolizedHandle(
        os, sym,
        &getSourceCache(sourceRootObject.is_none()
                            ? std::string()
                            : toPath(sourceRootObject, "source_root")),
        style == "pytorch-mobile", first);
    return toText(text);
  }

  py::str llvmFrames(py::handle handle) const {
    SymbolizedHandle sym = symbolize(handle, ModulePathFormat::Mobile);
    std::string text;
    llvm::raw_string_ostream os(text);
    for (const SymbolOrigin &origin : sym.origins)
      printLLVMFrames(os, origin);
    return toText(text);
  }

  py::list handles() const {
    py::list out;
    for (uint64_t h = 0; h < getReader().getNumHandles(); ++h) {
      llvm::Expected<bool> used = getReader().hasHandle(h);
      if (!used)
        fail(used.takeError());
      if (*used)
        out.append(h);
    }
    checkUnchanged();
    return out;
  }

  void verify() const {
    if (llvm::Error err = getReader().verifyAll())
      fail(std::move(err));
    checkUnchanged();
  }

  /// `err` as SectionError, or the file's change when that explains it.
  [[noreturn]] void fail(llvm::Error err) const {
    if (llvm::Error changed = getReader().checkUnchanged()) {
      llvm::consumeError(std::move(err));
      throw SectionError(origin + ": " + llvm::toString(std::move(changed)));
    }
    raise(std::move(err));
  }

  /// SectionError once the mapped file changed since open (truncated or
  /// rewritten in place): what was just read may be its new bytes or the
  /// zeros the guard put where pages went missing, never the answer.
  void checkUnchanged() const {
    if (llvm::Error err = getReader().checkUnchanged())
      throw SectionError(origin + ": " + llvm::toString(std::move(err)));
  }

  /// (op, module_path, kernel, file, line, function) per handle: the op's
  /// first origin and its own (innermost) frame (BriefSymbolizer). The
  /// handles are read with the GIL held, then symbolized with it released
  /// (other Python threads run meanwhile), then turned into tuples of
  /// interned strings. Each handle's tuple is kept, so a handle asked again
  /// (profiler events repeat them) costs an array index. Calls from several
  /// threads take turns on the memo (its lock is waited for without the GIL).
  py::list lookupMany(py::iterable handleObjects,
                      const std::string &modulePath) {
    ModulePathFormat format = parseFormat(modulePath);
    std::vector<int64_t> handles;
    if (PyList_Check(handleObjects.ptr()) || PyTuple_Check(handleObjects.ptr()))
      handles.reserve(size_t(PySequence_Size(handleObjects.ptr())));
    for (py::handle obj : handleObjects) {
      handles.push_back(toHandle(obj));
      if (handles.back() < 0)
        throw py::key_error("debug handle " + handleText(obj) +
                            " is out of range or not used by any op");
    }
    // From here the GIL is released at times: close() from another thread
    // then waits for this call to end before it frees what the call reads
    // (it freed them under it: a segfault).
    InFlight inFlight(*this);
    getReader();
    BriefCache &cache = briefCaches[unsigned(format)];
    std::unique_lock<std::mutex> lock(cache.mutex, std::defer_lock);
    {
      py::gil_scoped_release release;
      lock.lock();
    }
    getReader();
    if (!cache.symbolizer)
      cache.symbolizer = std::make_unique<BriefSymbolizer>(*reader_, format);
    // Symbolize the handles not seen before, without the GIL.
    std::vector<size_t> todo;
    const uint64_t numHandles = reader_->getNumHandles();
    if (cache.tuples.size() != numHandles)
      cache.tuples.assign(numHandles, nullptr);
    // Each handle once: a handle the call repeats waits for its first
    // occurrence's tuple (marked pending meanwhile).
    PyObject *const pending = reinterpret_cast<PyObject *>(&cache);
    for (size_t i = 0; i < handles.size(); ++i) {
      if (i + 16 < handles.size() && uint64_t(handles[i + 16]) < numHandles)
        __builtin_prefetch(&cache.tuples[uint64_t(handles[i + 16])], 1);
      if (uint64_t(handles[i]) >= numHandles) {
        todo.push_back(i);
        break; // KeyError below
      }
      PyObject *&slot = cache.tuples[uint64_t(handles[i])];
      if (!slot) {
        slot = pending;
        todo.push_back(i);
      }
    }
    std::vector<HandleBrief> briefs(todo.size());
    std::string error;
    bool keyError = false;
    if (!todo.empty()) {
      py::gil_scoped_release release;
      const DebugSectionReader &reader = *reader_;
      for (size_t t = 0; t < todo.size(); ++t) {
        int64_t h = handles[todo[t]];
        if (h < 0 || uint64_t(h) >= reader.getNumHandles()) {
          keyError = true;
        } else if (llvm::Expected<HandleBrief> brief =
                       cache.symbolizer->brief(uint64_t(h))) {
          briefs[t] = *brief;
          continue;
        } else {
          // An unused handle is a KeyError, anything else the reader's.
          llvm::Expected<bool> used = reader.hasHandle(uint64_t(h));
          if (used && !*used) {
            keyError = true;
            llvm::consumeError(brief.takeError());
          } else {
            if (!used)
              llvm::consumeError(used.takeError());
            error = llvm::toString(brief.takeError());
          }
        }
        if (keyError)
          error = "debug handle " + std::to_string(h) +
                  " is out of range or not used by any op";
        break;
      }
      // A changed file explains any other error.
      if (llvm::Error err = reader.checkUnchanged()) {
        error = origin + ": " + llvm::toString(std::move(err));
        keyError = false;
      }
    }
    if (!error.empty()) {
      for (size_t i : todo)
        if (uint64_t(handles[i]) < numHandles)
          cache.tuples[uint64_t(handles[i])] = nullptr;
      if (keyError)
        throw py::key_error(error);
      throw SectionError(error);
    }
    makeBriefTuples(cache, handles, todo, briefs);
    return listOfTuples(cache, handles);
  }

  /// lookup_many's memo for one module path format: the symbolizer, the
  /// Python strings it made (by the bytes they view, or by module path
  /// index) and each handle's tuple. Released by close().
  struct BriefCache {
    std::mutex mutex;
    std::unique_ptr<BriefSymbolizer> symbolizer;
    llvm::DenseMap<std::pair<const char *, size_t>, py::object> strings;
    std::vector<py::object> modulePaths;
    /// The line numbers' Python ints.
    llvm::DenseMap<uint32_t, py::object> lines;
    /// Each handle's tuple (owned references), or null.
    std::vector<PyObject *> tuples;

    void clear() {
      for (PyObject *tuple : tuples)
        Py_XDECREF(tuple);
      tuples.clear();
      strings.clear();
      lines.clear();
      modulePaths.clear();
      symbolizer.reset();
    }
    ~BriefCache() { clear(); }
  };
  BriefCache briefCaches[3];

  /// The tuple of each handle handles[todo[t]] from briefs[t], into the
  /// cache. Two passes: first each tuple's items (borrowed from the cache's
  /// strings), then the tuples, each taking references to items fetched
  /// ahead. A model's handles share a few thousand strings, and in a
  /// shuffled call each tuple's items are anywhere in memory: touching
  /// their reference counts one after the other waited on memory for most
  /// of the call. On failure the handles' slots are cleared.
  void makeBriefTuples(BriefCache &cache, const std::vector<int64_t> &handles,
                       const std::vector<size_t> &todo,
                       const std::vector<HandleBrief> &briefs) {
    std::vector<std::array<PyObject *, kBriefItems>> items(todo.size());
    try {
      for (size_t t = 0; t < todo.size(); ++t)
        items[t] = briefItems(cache, briefs[t]);
    } catch (...) {
      for (size_t i : todo)
        cache.tuples[uint64_t(handles[i])] = nullptr;
      throw;
    }
    constexpr size_t kAhead = 8;
    for (size_t t = 0; t < todo.size(); ++t) {
      if (t + kAhead < todo.size()) {
        for (PyObject *item : items[t + kAhead])
          __builtin_prefetch(item, 1);
        __builtin_prefetch(&cache.tuples[uint64_t(handles[todo[t + kAhead]])],
                           1);
      }
      PyObject *tuple = PyTuple_New(kBriefItems);
      if (!tuple) {
        for (size_t u = t; u < todo.size(); ++u)
          cache.tuples[uint64_t(handles[todo[u]])] = nullptr;
        throw py::error_already_set();
      }
      for (size_t k = 0; k < kBriefItems; ++k) {
        Py_INCREF(items[t][k]);
        PyTuple_SET_ITEM(tuple, Py_ssize_t(k), items[t][k]);
      }
      cache.tuples[uint64_t(handles[todo[t]])] = tuple;
    }
  }

  /// The cached tuple of every handle, in the call's order.
  static py::list listOfTuples(BriefCache &cache,
                               const std::vector<int64_t> &handles) {
    PyObject *out = PyList_New(Py_ssize_t(handles.size()));
    if (!out)
      throw py::error_already_set();
    for (size_t i = 0; i < handles.size(); ++i) {
      // The slot 16 ahead, the tuple 8 ahead: a profiler's events name
      // handles in any order.
      if (i + 16 < handles.size())
        __builtin_prefetch(&cache.tuples[uint64_t(handles[i + 16])]);
      if (i + 8 < handles.size())
        __builtin_prefetch(cache.tuples[uint64_t(handles[i + 8])], 1);
      PyObject *tuple = cache.tuples[uint64_t(handles[i])];
      Py_INCREF(tuple);
      PyList_SET_ITEM(out, Py_ssize_t(i), tuple);
    }
    return py::reinterpret_steal<py::list>(out);
  }

  /// A brief tuple's items: op, module path, kernel, file, line, function.
  static constexpr size_t kBriefItems = 6;
  /// The items of `b`'s tuple, borrowed: every one but the line is a string
  /// (or None) the cache keeps; the line, an int, is kept in
  /// `cache.lines`.
  std::array<PyObject *, kBriefItems> briefItems(BriefCache &cache,
                                                 const HandleBrief &b) {
    PyObject *path;
    if (b.modulePath == HandleBrief::kNoModulePath) {
      path = internPtr(cache, llvm::StringRef());
    } else {
      if (cache.modulePaths.size() <= b.modulePath)
        cache.modulePaths.resize(b.modulePath + 1);
      py::object &slot = cache.modulePaths[b.modulePath];
      if (!slot)
        slot = toText(cache.symbolizer->getModulePath(b.modulePath));
      path = slot.ptr();
    }
    py::object &line = cache.lines[b.line];
    if (!line)
      line = py::int_(b.line);
    return {internPtr(cache, b.opName),
            path,
            b.kernel ? internPtr(cache, *b.kernel) : Py_None,
            b.hasFrame ? internPtr(cache, b.file)
                       : internPtr(cache, llvm::StringRef()),
            line.ptr(),
            b.hasFrame && b.function ? internPtr(cache, *b.function) : Py_None};
  }
  /// intern's string, borrowed (the cache holds the reference): no
  /// reference count touched.
  static PyObject *internPtr(BriefCache &cache, llvm::StringRef text) {
    py::object &slot = cache.strings[{text.data(), text.size()}];
    if (!slot)
      slot = toText(text);
    return slot.ptr();
  }

  /// Python's bool, NumPy's (`numpy.bool_`, `numpy.bool` from NumPy 2:
  /// what iterating a boolean array gives) or a boolean PyTorch tensor, which
  /// have __index__ too.
  static bool isBool(py::handle obj) {
    if (PyBool_Check(obj.ptr()))
      return true;
    if (PyLong_CheckExact(obj.ptr()))
      return false;
    llvm::StringRef type = Py_TYPE(obj.ptr())->tp_name;
    if (type == "numpy.bool_" || type == "numpy.bool")
      return true;
    // torch.tensor(True): one type for every dtype, so ask for its dtype.
    if (type == "Tensor" && py::hasattr(obj, "dtype"))
      return py::str(obj.attr("dtype")).cast<std::string>() == "torch.bool";
    return false;
  }

  /// A debug handle from Python: an int (or an object with __index__), never
  /// a bool (True would silently mean handle 1).
  static int64_t toHandle(py::handle obj) {
    if (isBool(obj) || !PyIndex_Check(obj.ptr()))
      throw py::type_error(std::string("a debug handle is an int, not ") +
                           Py_TYPE(obj.ptr())->tp_name);
    py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(obj.ptr()));
    if (!value) {
      // An array of more than one element (a 2-D array's row) has
      // __index__ but refuses it, in numpy's words about scalar indices.
      if (PyErr_ExceptionMatches(PyExc_TypeError) &&
          PyObject_HasAttrString(obj.ptr(), "ndim")) {
        PyErr_Clear();
        throw py::type_error(
            std::string("a debug handle is an int, not a ") +
            Py_TYPE(obj.ptr())->tp_name +
            " of several elements (give the handles as one flat sequence)");
      }
      throw py::error_already_set();
    }
    int overflow = 0;
    long long handle = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    // Past int64 either way: out of range like any other handle the section
    // does not have (errors print handleText, the number given).
    if (overflow)
      return -1;
    return handle;
  }
  /// operator.index(obj); its own exception when __index__ raises.
  static py::int_ toInt(py::handle obj) {
    py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(obj.ptr()));
    if (!value)
      throw py::error_already_set();
    return value;
  }
  /// The number an int-like `obj` stands for, as Python prints it.
  static std::string handleText(py::handle obj) { return py::str(toInt(obj)); }

  /// The reader, or ValueError once close() ran.
  const DebugSectionReader &getReader() const {
    if (closed)
      throw py::value_error("I/O operation on a closed Section ('" + origin +
                            "')");
    return *reader_;
  }
  const Symbolizer &getSymbolizer() const {
    getReader();
    return *symbolizer_;
  }
  bool isClosed() const { return closed; }
  /// Unmaps the file; every later use raises ValueError. A memoryview that
  /// raw() handed out may still point into the mapping, and Python gives no
  /// notice of its release: then the mapping stays until the Section is
  /// garbage collected.
  void close() {
    closed = true;
    if (exported)
      return;
    // A call that released the GIL still reads them: the last one to end
    // frees them (InFlight).
    if (callsInFlight)
      return;
    freeReader();
  }
  void freeReader() {
    for (BriefCache &cache : briefCaches)
      cache.clear();
    sourceCaches.clear();
    symbolizer_.reset();
    reader_.reset();
  }
  /// Counts a call that releases the GIL while it reads the section; made
  /// and ended with the GIL held, so a plain counter is enough.
  struct InFlight {
    explicit InFlight(Section &section) : section(section) {
      ++section.callsInFlight;
    }
    ~InFlight() {
      if (--section.callsInFlight == 0 && section.closed && !section.exported)
        section.freeReader();
    }
    Section &section;
  };
  unsigned callsInFlight = 0;
  bool contains(py::handle obj) const {
    if (isBool(obj) || !PyIndex_Check(obj.ptr()))
      return false;
    // Whatever is no handle is not in the section (an array of several
    // elements raised TypeError where other non-ints gave False).
    int64_t handle;
    try {
      handle = toHandle(obj);
    } catch (py::type_error &) {
      return false;
    } catch (py::error_already_set &error) {
      if (!error.matches(PyExc_TypeError))
        throw;
      return false;
    }
    if (handle < 0 || uint64_t(handle) >= getReader().getNumHandles())
      return false;
    llvm::Expected<bool> used = getReader().hasHandle(handle);
    if (!used)
      fail(used.takeError());
    checkUnchanged();
    return *used;
  }
  std::string repr() const {
    if (isClosed())
      return "<tracegraph.Section '" + origin + "' (closed)>";
    return llvm::formatv("<tracegraph.Section '{0}': format {1}.{2}, {3} "
                         "handles, {4} bytes>",
                         origin, reader_->getVersionMajor(),
                         reader_->getVersionMinor(), reader_->getNumHandles(),
                         reader_->getFileSize())
        .str();
  }

  /// The path it was opened from, or `<bytes>`.
  std::string origin;
  bool closed = false;
  /// Whether the buffer protocol exported the mapping.
  bool exported = false;
  std::unique_ptr<DebugSectionReader> reader_;
  std::unique_ptr<Symbolizer> symbolizer_;
  /// The source files of traceback and lookup, read once per source root
  /// (re-reading and splitting torch/nn/functional.py for every call made
  /// them ~1,000-2,000 handles/s); used with the GIL held.
  mutable llvm::StringMap<std::unique_ptr<SourceCache>> sourceCaches;
  SourceCache &getSourceCache(llvm::StringRef sourceRoot) const {
    std::unique_ptr<SourceCache> &cache = sourceCaches[sourceRoot];
    if (!cache)
      cache = std::make_unique<SourceCache>(sourceRoot.str());
    return *cache;
  }
};

using SectionClass = py::class_<Section, std::shared_ptr<Section>>;

/// Opening, the file's properties and its bytes.
void defineSectionFile(SectionClass &cls) {
  cls.def(py::init(&Section::open), py::arg("source"), py::kw_only(),
          py::arg("mmap") = py::none(),
          "Opens a section from a path (str or os.PathLike) or from bytes. "
          "A file is mapped (zero-copy) from 64 KiB on and read into memory "
          "below; `mmap=True` maps it whatever its size, `mmap=False` reads "
          "it. Raises SectionError for a truncated, corrupt or foreign "
          "file, and on a later query once a mapped file was truncated or "
          "rewritten in place (never a signal).")
      .def_property_readonly(
          "version",
          [](const Section &s) {
            return py::make_tuple(s.getReader().getVersionMajor(),
                                  s.getReader().getVersionMinor());
          },
          "(major, minor) format version")
      .def_property_readonly(
          "build_id", &Section::buildId,
          "The section's build ID as lowercase hex (format 3.1), or None "
          "when it has none. A handle means something only in the section "
          "of its own build.")
      .def_static(
          "from_build_id", &Section::fromBuildId, py::arg("build_id"),
          py::kw_only(), py::arg("urls") = py::none(),
          py::arg("cache_dir") = py::none(), py::arg("timeout") = py::none(),
          "The section of build `build_id` (hex) from debuginfod servers, "
          "as `tg-symbolicate --build-id` finds it: from LLVM's debuginfod "
          "client cache, else from `urls` (a list, or one string of URLs "
          "separated by spaces as DEBUGINFOD_URLS has them; default: "
          "DEBUGINFOD_URLS), cached in `cache_dir` (a path; default: "
          "DEBUGINFOD_CACHE_PATH or "
          "~/.cache/llvm-debuginfod/client), each request limited to "
          "`timeout` seconds (default: DEBUGINFOD_TIMEOUT or 90). Raises "
          "SectionError when no server has it, a server cannot be reached, "
          "or what it serves is not that build's section; ValueError for a "
          "malformed ID. The GIL is released while fetching, and Ctrl-C "
          "interrupts it.")
      .def_property_readonly(
          "num_handles",
          [](const Section &s) { return s.getReader().getNumHandles(); },
          "Handles 0 .. num_handles-1 have entries (some may be unused).")
      .def_property_readonly(
          "size", [](const Section &s) { return s.getReader().getFileSize(); },
          "Size of the section in bytes.")
      .def("__len__",
           [](const Section &s) { return s.getReader().getNumHandles(); })
      .def_property_readonly("handles", &Section::handles,
                             "The handles some op uses, ascending.")
      // The buffer protocol exports the mapping itself, read-only: a
      // memoryview of a Section copies nothing and keeps it alive.
      // It must not throw: pybind11 does not catch an exception there, and
      // one ends the process (memoryview(s) of a changed file aborted).
      .def_buffer([](Section &s) {
        llvm::StringRef bytes = s.getReader().getBytes();
        s.exported = true;
        return py::buffer_info(const_cast<char *>(bytes.data()),
                               /*itemsize=*/1, "B",
                               static_cast<py::ssize_t>(bytes.size()),
                               /*readonly=*/true);
      })
      .def(
          "raw",
          [](py::object self) {
            // A file changed since open is no longer the section:
            // SectionError, as every query raises (a view of zeros before).
            self.cast<const Section &>().checkUnchanged();
            return py::memoryview(self);
          },
          "A read-only memoryview of the section's bytes: the mapping, not a "
          "copy (for a compressed section, the image decompressed at open); "
          "it keeps the section alive. SectionError when the file changed "
          "since open; a view taken before a change shows the new bytes.");
}

/// Pickling, closing, `with`, repr, `in` and iteration.
void defineSectionProtocols(SectionClass &cls) {
  cls
      // Pickled by path when opened from one (the unpickled Section maps
      // the file again, whatever it holds then), else by its bytes.
      .def(py::pickle(
          [](const Section &s) {
            if (s.origin != "<bytes>")
              return py::make_tuple(s.origin);
            llvm::StringRef bytes = s.getReader().getBytes();
            return py::make_tuple(py::bytes(bytes.data(), bytes.size()));
          },
          [](py::tuple state) {
            if (state.size() != 1)
              throw py::value_error("bad pickled tracegraph.Section");
            return Section::open(state[0], py::none());
          }))
      .def("close", &Section::close,
           "Unmaps the section; every later use raises ValueError. A "
           "Section is also a context manager (`with Section(p) as s:`).")
      .def_property_readonly("closed", &Section::isClosed,
                             "Whether close() ran.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__",
           [](Section &s, py::args) {
             s.close();
             return false;
           })
      .def("__repr__", &Section::repr)
      .def("__contains__", &Section::contains,
           "`h in section`: whether an op uses handle `h`.")
      .def(
          "__iter__", [](const Section &s) { return py::iter(s.handles()); },
          "The used handles, ascending (as `handles`).");
}

/// Checks and queries: lookups, tracebacks, module paths, the reverse query,
/// Chrome traces.
void defineSectionQueries(SectionClass &cls) {
  cls.def("verify", &Section::verify,
          "Checks every table and block against its checksum; raises "
          "SectionError naming the first bad one.")
      .def("lookup", &Section::lookup, py::arg("handle"),
           py::arg("module_path") = "mobile",
           py::arg("source_root") = py::none(),
           "The op of `handle`: its name, kernel, entry function and one "
           "origin per location it stands for, each with its module path and "
           "frames (outermost first); exactly `tg-symbolicate --format=json` "
           "(with `--source-root`), keys and their order included.")
      .def(
          "module_path",
          [](const Section &s, py::handle handle, const std::string &format) {
            SymbolizedHandle sym = s.symbolize(handle, parseFormat(format));
            return toText(
                sym.origins.empty()
                    ? llvm::StringRef()
                    : llvm::StringRef(sym.origins.front().modulePath));
          },
          py::arg("handle"), py::arg("format") = "mobile",
          "The module path of the op's first origin, in PyTorch's "
          "'mobile', 'profiler' or 'scope' form.")
      .def("traceback", &Section::traceback, py::arg("handle"),
           py::arg("module_path") = "mobile",
           py::arg("source_root") = py::none(), py::arg("style") = "pytorch",
           "The text `tg-symbolicate SECTION HANDLE` prints: module path and "
           "a 'most recent call last' traceback per origin, in the layout of "
           "PyTorch's interpreter ('pytorch') or of its lite interpreter "
           "('pytorch-mobile').")
      .def("source", &Section::source, py::arg("file"), py::arg("line"),
           py::arg("module_path") = "mobile",
           "The reverse query, as `tg-symbolicate --source FILE:LINE "
           "--format=json`: {'source', 'handles': [...], 'removed': [...]}, "
           "the handles whose origins come from that line (directly or "
           "through a call on it) and the origins from it a pass removed. "
           "FILE matches a recorded path exactly or as its trailing "
           "components.")
      .def("_annotate_chrome_trace", &Section::annotateChromeTrace,
           py::arg("trace_json"), py::arg("handle_key"), py::arg("module_path"),
           py::arg("source") = true, py::arg("source_root") = py::none(),
           "tracegraph.annotate_chrome_trace's C++ half: JSON text in, "
           "annotated JSON text out (ValueError for a bad trace or event).")
      .def("llvm_frames", &Section::llvmFrames, py::arg("handle"),
           "llvm-symbolizer's layout of the inlined frames, innermost first.")
      .def("lookup_many", &Section::lookupMany, py::arg("handles"),
           py::arg("module_path") = "mobile",
           "For each handle, the tuple (op, module_path, kernel, file, line, "
           "function) of its first origin's own frame (kernel and function "
           "None when absent), symbolized with the GIL released. Raises "
           "KeyError for a handle no op uses.");
}

} // namespace

PYBIND11_MODULE(_tracegraph, m) {
  m.doc() = "tracegraph debug sections: debug handles to module paths and "
            "Python tracebacks (zero-copy reader, C++ symbolizer)";
  py::register_exception<SectionError>(m, "SectionError", PyExc_ValueError)
      .attr("__doc__") = "A truncated, corrupt or foreign section; the "
                         "message says what and at which offset.";
  SectionClass cls(
      m, "Section", py::buffer_protocol(),
      "A debug section written by `tg-opt --tg-emit-debug-section`, mapped "
      "read-only. Nothing is decoded until a handle is looked up.");
  defineSectionFile(cls);
  defineSectionProtocols(cls);
  defineSectionQueries(cls);
}
