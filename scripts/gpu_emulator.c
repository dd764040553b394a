/* The CUDA execution model on host threads, for the GPU kernels of
   --tg-kernels-to-gpu compiled for the host (gpu_emulate.py): one POSIX
   thread per GPU thread of a block, every thread running the kernel for
   block 0, 1, ... in turn, gpu.barrier a pthread barrier of the block's
   threads. Blocks run one after the other, so the kernel's shared arrays
   (plain globals on the host) belong to the running block, as on a GPU.
   What it checks is the kernels' logic (grid-stride loops, rows, barriers,
   shared-memory trees), not NVPTX code generation. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static __thread long tg_thread, tg_block;
static long tg_grid, tg_block_size;
static pthread_barrier_t tg_barrier;

long tg_emu_thread_id(void) { return tg_thread; }
long tg_emu_block_id(void) { return tg_block; }
long tg_emu_grid_dim(void) { return tg_grid; }
long tg_emu_block_dim(void) { return tg_block_size; }
void tg_emu_barrier(void) { pthread_barrier_wait(&tg_barrier); }

typedef void (*kernel_t)(void);
struct job {
  kernel_t kernel;
  int nargs;
  void **args;
  long thread;
};

#define A(i) args[i]
static void call(kernel_t k, int n, void **args) {
  typedef void *p;
  switch (n) {
  case 1: ((void (*)(p))k)(A(0)); break;
  case 2: ((void (*)(p, p))k)(A(0), A(1)); break;
  case 3: ((void (*)(p, p, p))k)(A(0), A(1), A(2)); break;
  case 4: ((void (*)(p, p, p, p))k)(A(0), A(1), A(2), A(3)); break;
  case 5: ((void (*)(p, p, p, p, p))k)(A(0), A(1), A(2), A(3), A(4)); break;
  case 6:
    ((void (*)(p, p, p, p, p, p))k)(A(0), A(1), A(2), A(3), A(4), A(5));
    break;
  case 7:
    ((void (*)(p, p, p, p, p, p, p))k)(A(0), A(1), A(2), A(3), A(4), A(5),
                                       A(6));
    break;
  case 8:
    ((void (*)(p, p, p, p, p, p, p, p))k)(A(0), A(1), A(2), A(3), A(4), A(5),
                                          A(6), A(7));
    break;
  default:
    fprintf(stderr, "gpu_emulator: %d arguments: at most 8\n", n);
    abort();
  }
}

static void *run(void *arg) {
  struct job *job = arg;
  tg_thread = job->thread;
  for (long block = 0; block < tg_grid; ++block) {
    tg_block = block;
    call(job->kernel, job->nargs, job->args);
    /* The next block reuses the shared arrays. */
    pthread_barrier_wait(&tg_barrier);
  }
  return NULL;
}

/* Runs `kernel` on a grid of `grid` blocks of `block` threads; 0 on
   success. */
int tg_emu_launch(kernel_t kernel, int nargs, void **args, long grid,
                  long block) {
  pthread_t *threads = calloc(block, sizeof(pthread_t));
  struct job *jobs = calloc(block, sizeof(struct job));
  tg_grid = grid;
  tg_block_size = block;
  pthread_barrier_init(&tg_barrier, NULL, (unsigned)block);
  for (long t = 0; t < block; ++t) {
    jobs[t] = (struct job){kernel, nargs, args, t};
    if (pthread_create(&threads[t], NULL, run, &jobs[t]))
      return 1;
  }
  for (long t = 0; t < block; ++t)
    pthread_join(threads[t], NULL);
  pthread_barrier_destroy(&tg_barrier);
  free(threads);
  free(jobs);
  return 0;
}
