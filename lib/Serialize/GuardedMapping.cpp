//===- GuardedMapping.cpp - A read-only file mapping that never faults ----===//
//
// The guard is one SIGBUS handler for the process, installed with the first
// mapping, and a fixed table of the guarded address ranges that the handler
// reads without locks (a signal handler may take none). A fault in a guarded
// range maps an anonymous page of zeros over the missing page (mmap is a
// plain system call, safe in a handler on Linux, as the JVM's guard of its
// mapped buffers relies on too) and marks the range; any other SIGBUS goes to
// the handler that was there before, or kills the process as it would have.
// A handler installed after the first mapping (a later faulthandler.enable()
// in Python) replaces this one.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/GuardedMapping.h"
#include "tg/Serialize/Encoding.h"

#include "llvm/Config/llvm-config.h"

#include <atomic>
#include <cerrno>
#include <mutex>

#ifdef LLVM_ON_UNIX
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace llvm;
using namespace tg::section;

#ifdef LLVM_ON_UNIX
namespace {

/// One guarded range. `begin` is written last when a range is added and
/// cleared first when it goes, so the handler never sees half a range.
struct Slot {
  std::atomic<uintptr_t> begin{0}, end{0};
  std::atomic<bool> faulted{false};
};
/// More sections than this mapped at once are read instead (the reader's
/// choice when map() gives nullptr).
constexpr unsigned kNumSlots = 256;
Slot slots[kNumSlots];
std::mutex slotMutex; // adding and removing ranges; never the handler
struct sigaction previousAction;
uintptr_t pageSize = 0;
bool handlerInstalled = false;

/// SIGBUS that is not ours: what would have happened without the guard.
void passOn(int sig, siginfo_t *info, void *context) {
  if (previousAction.sa_flags & SA_SIGINFO) {
    if (previousAction.sa_sigaction) {
      previousAction.sa_sigaction(sig, info, context);
      return;
    }
  } else if (previousAction.sa_handler != SIG_DFL &&
             previousAction.sa_handler != SIG_IGN) {
    previousAction.sa_handler(sig);
    return;
  }
  // A signal someone sent and the process ignores stays ignored; a fault
  // (si_code > 0) cannot be ignored: the default action, once we return.
  if (previousAction.sa_handler == SIG_IGN && info && info->si_code <= 0)
    return;
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

void onSigbus(int sig, siginfo_t *info, void *context) {
  int savedErrno = errno;
  if (info && info->si_code > 0) {
    auto address = reinterpret_cast<uintptr_t>(info->si_addr);
    for (Slot &slot : slots) {
      uintptr_t begin = slot.begin.load(std::memory_order_acquire);
      if (!begin || address < begin ||
          address >= slot.end.load(std::memory_order_acquire))
        continue;
      void *page = reinterpret_cast<void *>(address & ~(pageSize - 1));
      if (::mmap(page, pageSize, PROT_READ,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
        break;
      slot.faulted.store(true, std::memory_order_release);
      errno = savedErrno;
      return;
    }
  }
  errno = savedErrno;
  passOn(sig, info, context);
}

/// Installs the handler (once) and claims a slot; nullptr when all are
/// taken or the handler cannot be installed.
Slot *claimSlot(uintptr_t begin, uintptr_t end) {
  std::lock_guard<std::mutex> lock(slotMutex);
  if (!handlerInstalled) {
    pageSize = uintptr_t(::sysconf(_SC_PAGESIZE));
    struct sigaction action = {};
    action.sa_sigaction = onSigbus;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    if (::sigaction(SIGBUS, &action, &previousAction) != 0)
      return nullptr;
    handlerInstalled = true;
  }
  for (Slot &slot : slots) {
    if (slot.begin.load(std::memory_order_relaxed))
      continue;
    slot.faulted.store(false, std::memory_order_relaxed);
    slot.end.store(end, std::memory_order_release);
    slot.begin.store(begin, std::memory_order_release);
    return &slot;
  }
  return nullptr;
}

void releaseSlot(Slot *slot) {
  std::lock_guard<std::mutex> lock(slotMutex);
  slot->begin.store(0, std::memory_order_release);
  slot->end.store(0, std::memory_order_release);
}

} // namespace

struct GuardedMapping::Impl {
  int fd = -1;
  const char *base = nullptr;
  uint64_t size = 0;
  Slot *slot = nullptr;
  /// What fstat said at open.
  struct stat opened = {};
  /// Once the file changed, every later check says so.
  mutable std::atomic<bool> changed{false};

  ~Impl() {
    if (slot)
      releaseSlot(slot);
    if (base)
      ::munmap(const_cast<char *>(base), size);
    if (fd >= 0)
      ::close(fd);
  }
};

Expected<std::unique_ptr<GuardedMapping>> GuardedMapping::map(int fd,
                                                              uint64_t size) {
  auto impl = std::make_unique<Impl>();
  impl->fd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (impl->fd < 0)
    return encoding::makeError(
        "cannot map: {0}",
        std::error_code(errno, std::generic_category()).message());
  if (::fstat(impl->fd, &impl->opened) != 0)
    return encoding::makeError(
        "cannot stat: {0}",
        std::error_code(errno, std::generic_category()).message());
  void *base = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, impl->fd, 0);
  if (base == MAP_FAILED)
    return encoding::makeError(
        "cannot map: {0}",
        std::error_code(errno, std::generic_category()).message());
  impl->base = static_cast<const char *>(base);
  impl->size = size;
  auto begin = reinterpret_cast<uintptr_t>(base);
  impl->slot = claimSlot(begin, begin + size);
  if (!impl->slot)
    return nullptr;
  std::unique_ptr<GuardedMapping> mapping(new GuardedMapping());
  mapping->impl = std::move(impl);
  return std::move(mapping);
}

StringRef GuardedMapping::getBytes() const {
  return StringRef(impl->base, impl->size);
}

Error GuardedMapping::pagesLost() const {
  if (impl->slot->faulted.load(std::memory_order_acquire) ||
      impl->changed.load(std::memory_order_relaxed))
    return fileChanged();
  return Error::success();
}

Error GuardedMapping::fileChanged() const {
  if (impl->slot->faulted.load(std::memory_order_acquire) ||
      impl->changed.load(std::memory_order_relaxed)) {
    impl->changed.store(true, std::memory_order_relaxed);
    return encoding::makeError(
        "the file changed while open (truncated or rewritten in place): its "
        "bytes are no longer the section that was opened; open it again");
  }
  struct stat now;
  if (::fstat(impl->fd, &now) != 0)
    return Error::success(); // nothing says it changed
  const struct stat &then = impl->opened;
  if (now.st_size == then.st_size &&
      now.st_mtim.tv_sec == then.st_mtim.tv_sec &&
      now.st_mtim.tv_nsec == then.st_mtim.tv_nsec)
    return Error::success();
  impl->changed.store(true, std::memory_order_relaxed);
  return fileChanged();
}

#else // !LLVM_ON_UNIX: no guard; the reader reads the file instead.

struct GuardedMapping::Impl {};

Expected<std::unique_ptr<GuardedMapping>> GuardedMapping::map(int, uint64_t) {
  return nullptr;
}
StringRef GuardedMapping::getBytes() const { return {}; }
Error GuardedMapping::fileChanged() const { return Error::success(); }
Error GuardedMapping::pagesLost() const { return Error::success(); }

#endif

GuardedMapping::~GuardedMapping() = default;
