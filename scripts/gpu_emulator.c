/* The CUDA execution model on the host, for the GPU kernels of
   --tg-kernels-to-gpu compiled for the host (gpu_check.py --prepare
   --emulator): every GPU thread of a block is a fiber (its own stack, run
   in turn on one host thread), blocks run one after the other, and
   gpu.barrier switches to the next fiber until every thread of the block
   has reached it. Blocks in turn means the kernel's shared arrays (plain
   globals on the host) belong to the running block, as on a GPU.
   What it checks is the kernels' logic (grid-stride loops, rows, barriers,
   shared-memory trees), not NVPTX code generation.

   Why fibers and not one POSIX thread per GPU thread: a ViT-B/16 layer
   norm or softmax crosses a barrier tens of thousands of times per launch,
   and waking 256 threads per barrier on a shared 2-core machine took 13
   minutes for the three models; switching fibers costs a few
   nanoseconds. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* A kernel through its wrapper (gpu_check.py writes one per kernel): the
   kernel's arguments as an array of pointers, a tensor's buffer or a
   scalar's value, as cuLaunchKernel takes them. */
typedef void (*kernel_t)(void **args);

enum state { RUNNING, AT_BARRIER, DONE };

struct fiber {
  void *sp; /* saved stack pointer (x86-64) */
  char *stack;
  enum state state;
};

static long tg_thread, tg_block, tg_grid, tg_block_size;
static struct fiber *tg_fibers;
static void *tg_scheduler_sp;
static kernel_t tg_kernel;
static void **tg_args;

long tg_emu_thread_id(void) { return tg_thread; }
long tg_emu_block_id(void) { return tg_block; }
long tg_emu_grid_dim(void) { return tg_grid; }
long tg_emu_block_dim(void) { return tg_block_size; }

#define STACK_BYTES (256 * 1024)

#if defined(__x86_64__)
/* Saves the callee-saved registers on the current stack and its stack
   pointer in *from, then resumes the stack `to` (saved the same way). */
void tg_emu_switch(void **from, void *to);
__asm__(".text\n"
        ".globl tg_emu_switch\n"
        ".type tg_emu_switch, @function\n"
        "tg_emu_switch:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size tg_emu_switch, .-tg_emu_switch\n");

static void fiber_main(void) {
  tg_kernel(tg_args);
  tg_fibers[tg_thread].state = DONE;
  tg_emu_switch(&tg_fibers[tg_thread].sp, tg_scheduler_sp);
  abort(); /* a finished fiber is never resumed */
}

/* A fresh fiber whose first switch enters fiber_main with the stack
   aligned as after a call. */
static void start_fiber(struct fiber *f) {
  uintptr_t top = ((uintptr_t)(f->stack + STACK_BYTES)) & ~(uintptr_t)15;
  void **sp = (void **)top;
  *--sp = 0;                   /* fiber_main's return address: none */
  *--sp = (void *)fiber_main;  /* where tg_emu_switch's ret goes */
  for (int i = 0; i < 6; ++i)  /* rbp, rbx, r12-r15 */
    *--sp = 0;
  f->sp = sp;
  f->state = RUNNING;
}

static void resume(long t) { tg_emu_switch(&tg_scheduler_sp, tg_fibers[t].sp); }
static void yield(long t) { tg_emu_switch(&tg_fibers[t].sp, tg_scheduler_sp); }
#else
#error "gpu_emulator.c switches fibers on x86-64 only"
#endif

void tg_emu_barrier(void) {
  long t = tg_thread;
  tg_fibers[t].state = AT_BARRIER;
  yield(t);
}

/* Runs `kernel` on a grid of `grid` blocks of `block` threads: 0 on
   success, 1 without memory for the stacks, 2 when some threads of a
   block reach a barrier that others never reach (the GPU would hang). */
int tg_emu_launch(kernel_t kernel, void **args, long grid, long block) {
  int status = 0;
  tg_fibers = calloc(block, sizeof(struct fiber));
  if (!tg_fibers)
    return 1;
  for (long t = 0; t < block; ++t)
    if (!(tg_fibers[t].stack = malloc(STACK_BYTES)))
      status = 1;
  tg_kernel = kernel;
  tg_args = args;
  tg_grid = grid;
  tg_block_size = block;
  for (long b = 0; b < grid && status == 0; ++b) {
    tg_block = b;
    for (long t = 0; t < block; ++t)
      start_fiber(&tg_fibers[t]);
    /* One pass runs every thread to its next barrier or its end; when all
       wait at the barrier, the next pass releases them. */
    for (;;) {
      long waiting = 0;
      for (long t = 0; t < block; ++t) {
        if (tg_fibers[t].state == DONE)
          continue;
        tg_fibers[t].state = RUNNING;
        tg_thread = t;
        resume(t);
        waiting += tg_fibers[t].state == AT_BARRIER;
      }
      if (waiting == 0)
        break;
      if (waiting != block) {
        fprintf(stderr, "gpu_emulator: block %ld: %ld of %ld threads wait "
                        "at a barrier the others never reach\n",
                b, waiting, block);
        status = 2;
        break;
      }
    }
  }
  for (long t = 0; t < block; ++t)
    free(tg_fibers[t].stack);
  free(tg_fibers);
  tg_fibers = NULL;
  return status;
}
