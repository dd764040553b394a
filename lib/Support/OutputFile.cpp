//===- OutputFile.cpp - Atomic output files -------------------------------===//

#include "tg/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <climits>
#include <unistd.h>

namespace tg {

/// A stream's write error, cleared (raw_fd_ostream aborts the program when
/// it is destroyed with an error still set).
static llvm::Error takeStreamError(llvm::raw_fd_ostream &os) {
  os.flush();
  if (!os.has_error())
    return llvm::Error::success();
  std::error_code error = os.error();
  os.clear_error();
  return llvm::errorCodeToError(error);
}

std::string
writeFileAtomically(llvm::StringRef path,
                    llvm::function_ref<void(llvm::raw_ostream &)> write) {
  llvm::Error producerError = llvm::Error::success();
  std::string error = writeFileOrDiscard(
      path,
      [&](llvm::raw_ostream &os) {
        write(os);
        return llvm::Error::success();
      },
      producerError);
  llvm::cantFail(std::move(producerError));
  return error;
}

/// Where a symbolic link at `path` leads: its final target, whether or not
/// that exists yet (real_path needs it to exist), into `target`; empty when
/// `path` is no link. A loop is ELOOP, as the kernel reports it.
static std::error_code followLinks(llvm::StringRef path, std::string &target) {
  llvm::SmallString<256> current(path);
  target.clear();
  // Linux's own bound on the links a path may go through.
  for (int depth = 0; depth <= 40; ++depth) {
    bool isLink = false;
    if (llvm::sys::fs::is_symlink_file(current, isLink) || !isLink) {
      if (depth)
        target = std::string(current);
      return {};
    }
    char next[PATH_MAX];
    ssize_t size = ::readlink(current.c_str(), next, sizeof(next));
    if (size < 0)
      return std::error_code(errno, std::generic_category());
    if (static_cast<size_t>(size) == sizeof(next))
      return std::make_error_code(std::errc::filename_too_long);
    llvm::StringRef link(next, size);
    if (llvm::sys::path::is_absolute(link)) {
      current = link;
    } else {
      llvm::SmallString<256> joined(llvm::sys::path::parent_path(current));
      llvm::sys::path::append(joined, link);
      current = joined;
    }
  }
  return std::make_error_code(std::errc::too_many_symbolic_link_levels);
}

std::string
writeFileOrDiscard(llvm::StringRef path,
                   llvm::function_ref<llvm::Error(llvm::raw_ostream &)> write,
                   llvm::Error &producerError) {
  // producerError is assigned below: checked on entry, as an out parameter.
  llvm::ErrorAsOutParameter outParameter(&producerError);
  llvm::Error err = llvm::Error::success();
  // A symbolic link is written through: its target gets the new file, as an
  // editor saves through one (renaming over the path replaced the link with
  // a file and left its target as it was). A target that does not exist yet
  // is created, as a shell's `>` and Python's open() create it.
  // Only a link whose target is missing is followed by hand: /dev/stdout
  // and /proc/self/fd/N are links to "pipe:[N]" when the descriptor is a
  // pipe, which exist (written in place, below) but name no path.
  // A loop of links is reported as the shell reports it.
  std::string target;
  llvm::sys::fs::file_status linked;
  std::error_code missing =
      path == "-" ? std::error_code() : llvm::sys::fs::status(path, linked);
  if (missing == std::errc::no_such_file_or_directory ||
      missing == std::errc::too_many_symbolic_link_levels) {
    if (std::error_code error = followLinks(path, target))
      return error.message();
    if (!target.empty())
      path = target;
  } else {
    llvm::SmallString<256> real;
    bool isLink = false;
    if (path != "-" && !llvm::sys::fs::is_symlink_file(path, isLink) &&
        isLink && !llvm::sys::fs::real_path(path, real))
      path = target = std::string(real);
  }
  llvm::sys::fs::file_status status;
  if (path != "-" && path != "/dev/null" &&
      !llvm::sys::fs::status(path, status) &&
      status.type() != llvm::sys::fs::file_type::regular_file &&
      status.type() != llvm::sys::fs::file_type::directory_file) {
    // A device or a FIFO (/dev/stdout, /dev/full, a pipe): written in place.
    // A temporary file renamed over it would replace the device itself.
    std::error_code opened;
    llvm::raw_fd_ostream os(path, opened);
    if (opened)
      return opened.message();
    producerError = write(os);
    err = takeStreamError(os);
  } else {
    err = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) -> llvm::Error {
      // Failing the callback makes writeToOutput discard the temporary
      // file: the target keeps what it held. What the stream buffers is
      // flushed first, into that file: the stream outlives the discard,
      // which closes its descriptor, and a flush then would fail (EBADF:
      // "LLVM ERROR: IO failure on output stream").
      if ((producerError = write(os))) {
        if (path != "/dev/null") { // A raw_null_ostream there.
          auto &file = static_cast<llvm::raw_fd_ostream &>(os);
          file.flush();
          file.clear_error();
        }
        return llvm::make_error<llvm::StringError>(
            "not written", llvm::inconvertibleErrorCode());
      }
      // writeToOutput gives a raw_fd_ostream (stdout for "-") except for
      // /dev/null, and renames a file into place whatever was written: a
      // full disk must fail the write, not leave a short file. A reader
      // gone from stdout is the caller's to handle (as a filter ends).
      if (path == "/dev/null")
        return llvm::Error::success();
      auto &file = static_cast<llvm::raw_fd_ostream &>(os);
      file.flush();
      if (path == "-" && file.error() == std::errc::broken_pipe)
        return llvm::Error::success();
      return takeStreamError(file);
    });
  }
  // The new file replaces a regular one with its permissions: a private
  // file (0600) stays private, as it does when written in place.
  if (!err && path != "-" && path != "/dev/null" &&
      status.type() == llvm::sys::fs::file_type::regular_file)
    (void)llvm::sys::fs::setPermissions(path, status.permissions());
  if (!err)
    return "";
  if (producerError) {
    // The producer's error is the caller's to report, not a write error.
    llvm::consumeError(std::move(err));
    return "";
  }
  // writeToOutput's FileError names the path: keep only what went wrong.
  return llvm::errorToErrorCode(std::move(err)).message();
}

} // namespace tg
