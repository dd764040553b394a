//===- TGDialect.cpp - tracegraph dialect ---------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/IR/TGOps.h"

#include "mlir/Bytecode/BytecodeImplementation.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cstring>

using namespace mlir;
using namespace tg;

#include "tg/IR/TGOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tg/IR/TGOpsTypes.cpp.inc"

/// `eliminated` or `merged`, the kind of a `#tg.origin_record`, as a bare
/// keyword (the verifier checks which).
static ParseResult parseOriginKind(AsmParser &parser, std::string &kind) {
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  kind = keyword.str();
  return success();
}
static void printOriginKind(AsmPrinter &printer, StringRef kind) {
  printer << kind;
}

/// Whether one of the eight bytes of `word` needs an escape in a printed
/// string: below 0x20, above 0x7e, '"' or '\\' (bit tricks of "Bit
/// Twiddling Hacks": a byte below n, above n, equal to zero).
static bool needsEscape(uint64_t word) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHighs = 0x8080808080808080ULL;
  auto hasZero = [](uint64_t v) { return ((v - kOnes) & ~v & kHighs) != 0; };
  bool below = ((word - kOnes * 0x20) & ~word & kHighs) != 0;
  bool above = (((word + kOnes * (127 - 0x7e)) | word) & kHighs) != 0;
  return below || above || hasZero(word ^ (kOnes * '"')) ||
         hasZero(word ^ (kOnes * '\\'));
}

/// The number of bytes at the front of `text` that need no escape in a
/// printed string, found eight bytes at a time.
static size_t countPlain(StringRef text) {
  auto plain = [](char c) { return llvm::isPrint(c) && c != '"' && c != '\\'; };
  size_t run = 0;
  for (uint64_t word; run + 8 <= text.size(); run += 8) {
    std::memcpy(&word, text.data() + run, 8);
    if (needsEscape(word))
      break;
  }
  while (run < text.size() && plain(text[run]))
    ++run;
  return run;
}

namespace tg::detail {
/// A #tg.module_path node: the path it extends and the text it adds, and
/// what printing the whole path needs to know of it (TGAttrs.td).
struct ModulePathAttrStorage : public AttributeStorage {
  using KeyTy = std::tuple<Attribute, StringAttr>;

  ModulePathAttrStorage(Attribute prefix, StringAttr piece, size_t textSize,
                        bool plain)
      : prefix(prefix), piece(piece), textSize(textSize), plain(plain) {}

  KeyTy getAsKey() const { return KeyTy(prefix, piece); }
  bool operator==(const KeyTy &key) const {
    return prefix == std::get<0>(key) && piece == std::get<1>(key);
  }
  static llvm::hash_code hashKey(const KeyTy &key) {
    return llvm::hash_combine(std::get<0>(key), std::get<1>(key));
  }

  static ModulePathAttrStorage *construct(AttributeStorageAllocator &allocator,
                                          KeyTy &&key) {
    auto [prefix, piece] = key;
    StringRef text = piece.getValue();
    size_t textSize = text.size();
    bool plain = countPlain(text) == text.size();
    // The builder types the prefix; the node behind it was built first.
    if (auto before = dyn_cast_or_null<ModulePathAttr>(prefix)) {
      textSize += before.getImpl()->textSize;
      plain = plain && before.getImpl()->plain;
    }
    return new (allocator.allocate<ModulePathAttrStorage>())
        ModulePathAttrStorage(prefix, piece, textSize, plain);
  }

  Attribute prefix;
  StringAttr piece;
  /// The whole path's length in bytes.
  size_t textSize;
  /// Whether no byte of the whole path needs an escape in a printed string.
  bool plain;
};
} // namespace tg::detail

#define GET_ATTRDEF_CLASSES
#include "tg/IR/TGAttrs.cpp.inc"

namespace {
/// Gives frames and kernels short aliases (`#frame3`, `#kernel`) so that
/// printed locations stay readable when every op carries a call stack.
struct TGOpAsmDialectInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<FrameAttr>(attr)) {
      os << "frame";
      return AliasResult::FinalAlias;
    }
    if (isa<KernelAttr>(attr)) {
      os << "kernel";
      return AliasResult::FinalAlias;
    }
    if (isa<OriginRecordAttr>(attr)) {
      os << "origin_record";
      return AliasResult::FinalAlias;
    }
    if (isa<OriginRecordsAttr>(attr)) {
      os << "origin_records";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

namespace {
/// Writes `#tg.module_path` as its nodes, so that paths that share their
/// prefixes share them in bytecode too (as text, each would be its whole
/// path). Every other tg attribute is written as its text.
struct TGBytecodeDialectInterface : public BytecodeDialectInterface {
  TGBytecodeDialectInterface(Dialect *dialect)
      : BytecodeDialectInterface(dialect) {}

  /// The only attribute coded here; a new one takes the next code.
  enum AttrCode : uint64_t { kModulePathCode = 0 };

  Attribute readAttribute(DialectBytecodeReader &reader) const override {
    uint64_t code;
    if (failed(reader.readVarInt(code)))
      return {};
    if (code != kModulePathCode) {
      reader.emitError() << "unknown tg attribute code " << code;
      return {};
    }
    Attribute prefix;
    StringAttr piece;
    if (failed(reader.readOptionalAttribute(prefix)) ||
        failed(reader.readAttribute(piece)))
      return {};
    auto path = dyn_cast_or_null<ModulePathAttr>(prefix);
    if (prefix && !path) {
      reader.emitError() << "#tg.module_path prefix is not a module path: "
                         << prefix;
      return {};
    }
    return ModulePathAttr::get(reader.getContext(), path, piece);
  }

  LogicalResult writeAttribute(Attribute attr,
                               DialectBytecodeWriter &writer) const override {
    auto path = dyn_cast<ModulePathAttr>(attr);
    if (!path)
      return failure();
    writer.writeVarInt(kModulePathCode);
    writer.writeOptionalAttribute(path.getPrefix());
    writer.writeAttribute(path.getPiece());
    return success();
  }
};
} // namespace

namespace tg {
/// lib/IR/TGInliner.cpp: lets MLIR's inliner inline tg calls.
void addInlinerInterface(TGDialect &dialect);
} // namespace tg

void TGDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tg/IR/TGOps.cpp.inc"
      >();
  addInterfaces<TGOpAsmDialectInterface, TGBytecodeDialectInterface>();
  addInlinerInterface(*this);
}

void TGDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tg/IR/TGOpsTypes.cpp.inc"
      >();
}

void TGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tg/IR/TGAttrs.cpp.inc"
      >();
}

/// `__torch__.torchvision.models.resnet.ResNet` -> `ResNet`.
static StringRef shortClassName(StringRef qualified) {
  size_t dot = qualified.rfind('.');
  return dot == StringRef::npos ? qualified : qualified.drop_front(dot + 1);
}

StringRef ModuleType::getShortClassName() const {
  return shortClassName(getClassName());
}

LogicalResult ModuleType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef className) {
  if (className.empty())
    return emitError() << "module type needs a non-empty class name";
  return success();
}

LogicalResult
OriginRecordAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef kind, StringRef pass, StringRef op,
                         LocationAttr into) {
  if (kind != "eliminated" && kind != "merged")
    return emitError() << "origin record kind must be 'eliminated' or "
                          "'merged', got '"
                       << kind << "'";
  if (kind == "merged" && !into)
    return emitError() << "a 'merged' origin record needs 'into', the "
                          "location of the op that holds it";
  if (kind == "eliminated" && into)
    return emitError() << "an 'eliminated' origin record has no 'into'";
  return success();
}

LogicalResult
OriginRecordsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned level) {
  if (level == 0)
    return emitError() << "an origin records chunk has level 1 or more (its "
                          "elements are records at level 0)";
  return success();
}

StringRef FrameAttr::getShortClassName() const {
  return shortClassName(getClassName());
}

/// Writes the whole path of `path` (its text size, the storage knows) into
/// the bytes that end at `end`, last piece first. Iterative: a path is as
/// deep as the call stack, which may be deep.
/// Writes `path`'s text backwards, its last piece ending at `end`; returns
/// where the text starts. The text's size was summed when the node was
/// built (textSize): callers check that the text starts where that size says.
static char *fillText(ModulePathAttr path, char *end) {
  for (ModulePathAttr node = path; node;
       node = dyn_cast_or_null<ModulePathAttr>(node.getPrefix())) {
    StringRef piece = node.getPiece().getValue();
    end -= piece.size();
    std::memcpy(end, piece.data(), piece.size());
  }
  return end;
}

void ModulePathAttr::appendText(std::string &out) const {
  size_t size = out.size();
  out.resize(size + getImpl()->textSize);
  [[maybe_unused]] char *start = fillText(*this, out.data() + out.size());
  assert(start == out.data() + size && "module path text size");
}

/// Writes `text` as `llvm::printEscapedString` does, but each run of bytes
/// that need no escape in one write: a printed module holds a path of
/// hundreds of bytes per op, and printEscapedString writes byte by byte
/// (docs/performance.md, section 22).
static void writeEscaped(raw_ostream &os, StringRef text) {
  while (!text.empty()) {
    size_t run = countPlain(text);
    os.write(text.data(), run);
    if (run == text.size())
      return;
    llvm::printEscapedString(text.substr(run, 1), os);
    text = text.drop_front(run + 1);
  }
}

void tg::printQuotedString(raw_ostream &os, StringRef text) {
  os << '"';
  writeEscaped(os, text);
  os << '"';
}

void ModulePathAttr::printQuoted(raw_ostream &os) const {
  // The pieces are copied into one text and written at once: a path is a
  // few hundred bytes in tens of short pieces, and scanning and writing each
  // piece apart cost several times the copy (docs/performance.md, section
  // 30). Whether the path needs an escape at all was found when its nodes
  // were built.
  size_t size = getImpl()->textSize;
  if (!getImpl()->plain) {
    std::string text;
    appendText(text);
    printQuotedString(os, text);
    return;
  }
  SmallString<512> text;
  text.resize_for_overwrite(size + 2);
  text.front() = '"';
  text.back() = '"';
  [[maybe_unused]] char *start = fillText(*this, text.end() - 1);
  assert(start == text.begin() + 1 && "module path text size");
  os.write(text.data(), text.size());
}

Type ModuleType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  std::string className;
  if (parser.parseLess() || parser.parseString(&className) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<ModuleType>(loc, parser.getContext(), className);
}

void ModuleType::print(AsmPrinter &printer) const {
  printer << '<';
  printQuotedString(printer.getStream(), getClassName());
  printer << '>';
}

Attribute ModulePathAttr::getPrefix() const { return getImpl()->prefix; }

StringAttr ModulePathAttr::getPiece() const { return getImpl()->piece; }

std::string ModulePathAttr::getText() const {
  std::string text;
  appendText(text);
  return text;
}

Attribute ModulePathAttr::parse(AsmParser &parser, Type) {
  std::string text;
  if (parser.parseLess() || parser.parseString(&text) || parser.parseGreater())
    return {};
  return ModulePathAttr::get(parser.getContext(), ModulePathAttr(),
                             StringAttr::get(parser.getContext(), text));
}

void ModulePathAttr::print(AsmPrinter &printer) const {
  printer << '<';
  printQuoted(printer.getStream());
  printer << '>';
}
