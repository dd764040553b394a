//===- LongLineDiagnostics.cpp - Diagnostics that quote no long line ------===//
//
// See LongLineDiagnostics.h.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/LongLineDiagnostics.h"
#include "tg/IR/TGDialect.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace mlir;
using namespace tg;

/// The file position MLIR's handler shows for `loc` (its
/// `findLocToShow`): a position itself, a name's or an opaque location's
/// child, a call site's callee, a fused location's first part that has one.
static std::optional<FileLineColLoc> findPositionToShow(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  if (auto name = dyn_cast<NameLoc>(loc))
    return findPositionToShow(name.getChildLoc());
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return findPositionToShow(opaque.getFallbackLocation());
  if (auto site = dyn_cast<CallSiteLoc>(loc))
    return findPositionToShow(site.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations())
      if (std::optional<FileLineColLoc> file = findPositionToShow(part))
        return file;
  }
  return std::nullopt;
}

/// Whether `loc` is an origin record (`fused<#tg.origin_record<...>>`): the
/// position of an op that is gone, kept in a module's or graph's location,
/// not where that op or module is.
static bool isOriginRecord(Location loc) {
  auto fused = dyn_cast<FusedLoc>(loc);
  return fused && isa_and_nonnull<tg::OriginRecordAttr>(fused.getMetadata());
}

/// The call site MLIR's handler prints "called from" frames for (its
/// `getCallSiteLoc`): `loc` itself, behind names, or a fused location's
/// first part that has one. With `skipRecords`, origin records are passed
/// over: a module-level remark followed by the frames of an eliminated
/// constant's call site ("mysource.cc:10:8: note: called from") named
/// nothing about the remark.
static std::optional<CallSiteLoc> getCallSite(Location loc,
                                              bool skipRecords = false) {
  if (auto name = dyn_cast<NameLoc>(loc))
    return getCallSite(name.getChildLoc(), skipRecords);
  if (auto site = dyn_cast<CallSiteLoc>(loc))
    return site;
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations()) {
      if (skipRecords && isOriginRecord(part))
        continue;
      if (std::optional<CallSiteLoc> site = getCallSite(part, skipRecords))
        return site;
    }
  }
  return std::nullopt;
}

/// Whether MLIR's handler would print "called from" frames of an origin
/// record for `loc`.
static bool showsRecordFrames(Location loc) {
  std::optional<CallSiteLoc> any = getCallSite(loc);
  return any && any != getCallSite(loc, /*skipRecords=*/true);
}

LongLineDiagnostics::LongLineDiagnostics(StringRef inputName, StringRef input,
                                         llvm::raw_ostream &os)
    : inputName(inputName.str()),
      inputText(isBytecode(llvm::MemoryBufferRef(input, inputName))
                    ? StringRef()
                    : input),
      os(os) {}

LogicalResult LongLineDiagnostics::handle(Diagnostic &diag) {
  // The parts MLIR's handler would print: the diagnostic, the "called
  // from" frames of a call-site location, each note (and its frames).
  SmallVector<Part> parts;
  // A location with no position to show but not unknown (a name over
  // nothing) MLIR's handler prints itself, as `loc("name"): ...`: such a
  // diagnostic is left to it.
  bool unshowable = false;
  // MLIR's handler would follow an origin record's call site: printed here.
  bool recordFrames = false;
  auto add = [&](Location loc, std::string message,
                 DiagnosticSeverity severity) {
    Part part{FileLineColLoc(), std::move(message), severity, std::nullopt};
    if (std::optional<FileLineColLoc> file = findPositionToShow(loc))
      part.loc = *file;
    else
      unshowable |= !isa<UnknownLoc>(loc);
    parts.push_back(std::move(part));
    recordFrames |= showsRecordFrames(loc);
    if (std::optional<CallSiteLoc> site =
            getCallSite(loc, /*skipRecords=*/true)) {
      Location caller = site->getCaller();
      for (unsigned depth = 0; depth < kCallStackLimit; ++depth) {
        std::optional<FileLineColLoc> file = findPositionToShow(caller);
        if (file)
          parts.push_back(
              {*file, "called from", DiagnosticSeverity::Note, std::nullopt});
        std::optional<CallSiteLoc> next = getCallSite(caller);
        if (!next)
          break;
        caller = next->getCaller();
      }
    }
  };
  add(diag.getLocation(), diag.str(), diag.getSeverity());
  for (Diagnostic &note : diag.getNotes())
    add(note.getLocation(), note.str(), note.getSeverity());
  if (unshowable)
    return failure();
  bool anyLong = false;
  for (Part &part : parts) {
    if (!part.loc) // unknown: printed without a position
      continue;
    // A file that cannot be read (a Python source elsewhere): its position
    // is printed without a line, as MLIR's handler prints it.
    part.line = getLine(part.loc);
    anyLong |= part.line && part.line->size() > kMaxQuotedLine;
  }
  if (!anyLong && !recordFrames)
    return failure();
  FileLineColLoc previous;
  for (auto [i, part] : llvm::enumerate(parts)) {
    bool quote = i == 0 || part.loc != previous;
    print(part, quote && part.line && part.line->size() <= kMaxQuotedLine);
    previous = part.loc;
  }
  return success();
}

/// The buffer of `file` in `sources` (0: unreadable), added on first use.
unsigned LongLineDiagnostics::getBufferId(StringRef file) {
  auto [it, added] = bufferIds.try_emplace(file, 0);
  if (!added)
    return it->second;
  std::unique_ptr<llvm::MemoryBuffer> buffer;
  if (file == inputName && !inputText.empty()) {
    buffer = llvm::MemoryBuffer::getMemBuffer(inputText, file,
                                              /*RequiresNullTerminator=*/false);
  } else if (auto read = llvm::MemoryBuffer::getFile(file, /*IsText=*/true)) {
    buffer = std::move(*read);
  }
  if (buffer)
    it->second = sources.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  return it->second;
}

/// The line of `loc`, or nothing when its file or line cannot be found.
std::optional<StringRef> LongLineDiagnostics::getLine(FileLineColLoc loc) {
  unsigned id = getBufferId(loc.getFilename().getValue());
  if (!id || loc.getLine() == 0)
    return std::nullopt;
  llvm::SMLoc start = sources.FindLocForLineAndColumn(id, loc.getLine(), 0);
  if (!start.isValid())
    return std::nullopt;
  const char *end = sources.getMemoryBuffer(id)->getBufferEnd();
  return StringRef(start.getPointer(), end - start.getPointer())
      .split('\n')
      .first;
}

static llvm::SourceMgr::DiagKind getKind(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Note:
    return llvm::SourceMgr::DK_Note;
  case DiagnosticSeverity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case DiagnosticSeverity::Error:
    return llvm::SourceMgr::DK_Error;
  case DiagnosticSeverity::Remark:
    return llvm::SourceMgr::DK_Remark;
  }
  llvm_unreachable("unknown diagnostic severity");
}

/// One diagnostic, note or frame, as MLIR's SourceMgrDiagnosticHandler
/// prints it, with its line quoted only when asked.
void LongLineDiagnostics::print(const Part &part, bool quote) {
  llvm::SourceMgr::DiagKind kind = getKind(part.severity);
  if (!part.loc)
    return sources.PrintMessage(os, llvm::SMLoc(), kind, part.message);
  FileLineColLoc file = part.loc;
  if (quote && file.getColumn()) {
    llvm::SMLoc at = sources.FindLocForLineAndColumn(
        getBufferId(file.getFilename().getValue()), file.getLine(),
        file.getColumn());
    if (at.isValid())
      return sources.PrintMessage(os, at, kind, part.message);
  }
  std::string position =
      (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) + ":" +
       llvm::Twine(file.getColumn()))
          .str();
  llvm::SMDiagnostic(position, kind, part.message).print(nullptr, os);
}
