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

#include "tg/Serialize/Reader.h"
#include "tg/Serialize/Symbolizer.h"
#include "tg/Support/ModulePath.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>

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

py::dict frameDict(const SymbolFrame &frame) {
  py::dict d;
  d["file"] = frame.file.str();
  d["line"] = frame.line;
  d["column"] = frame.column;
  d["end_line"] = frame.endLine;
  d["end_column"] = frame.endColumn;
  d["function"] = frame.function ? py::object(py::str(frame.function->str()))
                                 : py::object(py::none());
  d["is_call"] = frame.isCall;
  if (frame.callee) {
    py::dict call;
    call["instance"] = frame.callee->instance.str();
    call["class"] = frame.callee->className.str();
    call["method"] = frame.callee->method.str();
    d["call"] = call;
  } else {
    d["call"] = py::none();
  }
  d["source_line"] = frame.sourceLine
                         ? py::object(py::str(frame.sourceLine->str()))
                         : py::object(py::none());
  return d;
}

/// An opened section: the reader (which owns the mapping) and a symbolizer.
class Section {
public:
  static std::shared_ptr<Section> open(py::object source) {
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
      std::string path =
          py::str(py::module_::import("os").attr("fspath")(source));
      return DebugSectionReader::open(path);
    }();
    if (!reader)
      raise(reader.takeError());
    auto section = std::make_shared<Section>();
    section->reader = std::move(*reader);
    section->symbolizer = std::make_unique<Symbolizer>(*section->reader);
    return section;
  }

  SymbolizedHandle symbolize(int64_t handle, ModulePathFormat format) const {
    if (handle < 0 || uint64_t(handle) >= reader->getNumHandles())
      throw py::key_error("debug handle " + std::to_string(handle) +
                          " is out of range (the section has " +
                          std::to_string(reader->getNumHandles()) +
                          " handles)");
    llvm::Expected<bool> used = reader->hasHandle(handle);
    if (!used)
      raise(used.takeError());
    if (!*used)
      throw py::key_error("debug handle " + std::to_string(handle) +
                          " is not used by any op");
    llvm::Expected<SymbolizedHandle> sym =
        symbolizer->symbolize(handle, format);
    if (!sym)
      raise(sym.takeError());
    return std::move(*sym);
  }

  py::dict lookup(int64_t handle, const std::string &modulePath) const {
    SymbolizedHandle sym = symbolize(handle, parseFormat(modulePath));
    py::dict d;
    d["handle"] = sym.handle;
    d["op"] = sym.opName.str();
    d["top_class"] = sym.topClass.str();
    d["top_method"] = sym.topMethod.str();
    d["kernel"] = sym.kernel ? py::object(py::str(sym.kernel->str()))
                             : py::object(py::none());
    py::list origins;
    for (const SymbolOrigin &origin : sym.origins) {
      py::dict o;
      o["module_path"] = origin.modulePath;
      py::list frames;
      for (const SymbolFrame &frame : origin.frames)
        frames.append(frameDict(frame));
      o["frames"] = frames;
      origins.append(o);
    }
    d["origins"] = origins;
    return d;
  }

  /// The text tg-symbolicate prints for one handle (PyTorch's layout).
  std::string traceback(int64_t handle, const std::string &modulePath,
                        std::optional<std::string> sourceRoot,
                        const std::string &style) const {
    if (style != "pytorch" && style != "pytorch-mobile")
      throw py::value_error("unknown traceback style '" + style +
                            "': expected 'pytorch' or 'pytorch-mobile'");
    SymbolizedHandle sym = symbolize(handle, parseFormat(modulePath));
    std::string text;
    llvm::raw_string_ostream os(text);
    SourceCache cache(sourceRoot.value_or(""));
    bool first = true;
    printSymbolizedHandle(os, sym, &cache, style == "pytorch-mobile", first);
    return text;
  }

  std::string llvmFrames(int64_t handle) const {
    SymbolizedHandle sym = symbolize(handle, ModulePathFormat::Mobile);
    std::string text;
    llvm::raw_string_ostream os(text);
    for (const SymbolOrigin &origin : sym.origins)
      printLLVMFrames(os, origin);
    return text;
  }

  py::list handles() const {
    py::list out;
    for (uint64_t h = 0; h < reader->getNumHandles(); ++h) {
      llvm::Expected<bool> used = reader->hasHandle(h);
      if (!used)
        raise(used.takeError());
      if (*used)
        out.append(h);
    }
    return out;
  }

  void verify() const {
    if (llvm::Error err = reader->verifyAll())
      raise(std::move(err));
  }

  std::unique_ptr<DebugSectionReader> reader;
  std::unique_ptr<Symbolizer> symbolizer;
};

} // namespace

PYBIND11_MODULE(_tracegraph, m) {
  m.doc() = "tracegraph debug sections: debug handles to module paths and "
            "Python tracebacks (zero-copy reader, C++ symbolizer)";
  py::register_exception<SectionError>(m, "SectionError", PyExc_ValueError);

  py::class_<Section, std::shared_ptr<Section>>(
      m, "Section", py::buffer_protocol(),
      "A debug section written by `tg-opt --tg-emit-debug-section`, mapped "
      "read-only. Nothing is decoded until a handle is looked up.")
      .def(py::init(&Section::open), py::arg("source"),
           "Opens a section from a path (str or os.PathLike) or from bytes. "
           "Raises SectionError for a truncated, corrupt or foreign file.")
      .def_property_readonly(
          "version",
          [](const Section &s) {
            return py::make_tuple(s.reader->getVersionMajor(),
                                  s.reader->getVersionMinor());
          },
          "(major, minor) format version")
      .def_property_readonly(
          "num_handles",
          [](const Section &s) { return s.reader->getNumHandles(); },
          "Handles 0 .. num_handles-1 have entries (some may be unused).")
      .def_property_readonly(
          "size", [](const Section &s) { return s.reader->getFileSize(); },
          "Size of the section in bytes.")
      .def("__len__",
           [](const Section &s) { return s.reader->getNumHandles(); })
      .def_property_readonly("handles", &Section::handles,
                             "The handles some op uses, ascending.")
      // The buffer protocol exports the mapping itself, read-only: a
      // memoryview of a Section copies nothing and keeps it alive.
      .def_buffer([](Section &s) {
        llvm::StringRef bytes = s.reader->getBytes();
        return py::buffer_info(const_cast<char *>(bytes.data()),
                               /*itemsize=*/1, "B",
                               static_cast<py::ssize_t>(bytes.size()),
                               /*readonly=*/true);
      })
      .def(
          "raw", [](py::object self) { return py::memoryview(self); },
          "A read-only memoryview of the section's bytes: the mapping, not a "
          "copy (for a compressed section, the image decompressed at open); "
          "it keeps the section alive.")
      .def("verify", &Section::verify,
           "Checks every table and block against its checksum; raises "
           "SectionError naming the first bad one.")
      .def("lookup", &Section::lookup, py::arg("handle"),
           py::arg("module_path") = "mobile",
           "The op of `handle`: its name, kernel, entry function and one "
           "origin per location it stands for, each with its module path and "
           "frames (outermost first).")
      .def(
          "module_path",
          [](const Section &s, int64_t handle, const std::string &format) {
            SymbolizedHandle sym = s.symbolize(handle, parseFormat(format));
            return sym.origins.empty() ? std::string()
                                       : sym.origins.front().modulePath;
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
      .def("llvm_frames", &Section::llvmFrames, py::arg("handle"),
           "llvm-symbolizer's layout of the inlined frames, innermost first.");
}
