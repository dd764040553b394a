/* Runs a kernel compiled by tg-compile-kernel against a plain-C reference.
 *
 *   cc -g -DKERNEL=fused_add_relu_0 -DN=200704 -DREF_ADD_RELU \
 *      run_kernel.c kernel.o -lm -o run
 *
 * The kernel takes two float inputs and one output of N elements each. The
 * reference computes the same float operations in the same order as the
 * lowering (docs/native-debugging.md), so results must be bit-identical.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef KERNEL
#error "define KERNEL, the kernel's symbol"
#endif
#ifndef N
#error "define N, the number of elements of each tensor"
#endif

void KERNEL(const float *in0, const float *in1, float *out0);

#if defined(REF_ADD_RELU)
/* aten::add_(a, b, alpha=1), aten::relu_ */
static float reference(float a, float b) {
  float sum = a + b;
  return fmaxf(sum, 0.0f);
}
#elif defined(REF_MUL_SIGMOID_ADD_RELU)
/* aten::mul(a, b), aten::sigmoid, aten::add(_, a, alpha=1), aten::relu */
static float reference(float a, float b) {
  float product = a * b;
  float sigmoid = 1.0f / (1.0f + expf(-product));
  return fmaxf(sigmoid + a, 0.0f);
}
#else
#error "define the reference: REF_ADD_RELU or REF_MUL_SIGMOID_ADD_RELU"
#endif

#define STR2(x) #x
#define STR(x) STR2(x)

int main(void) {
  float *a = malloc(N * sizeof(float)), *b = malloc(N * sizeof(float));
  float *out = malloc(N * sizeof(float));
  if (!a || !b || !out)
    return 2;
  /* Deterministic inputs in [-2, 2), negative and positive. */
  unsigned state = 12345u;
  for (long i = 0; i < N; ++i) {
    state = state * 1664525u + 1013904223u;
    a[i] = (float)(state >> 8) / (float)(1u << 24) * 4.0f - 2.0f;
    state = state * 1664525u + 1013904223u;
    b[i] = (float)(state >> 8) / (float)(1u << 24) * 4.0f - 2.0f;
  }
  memset(out, 0xff, N * sizeof(float)); /* NaN: unwritten elements show */
  KERNEL(a, b, out);
  long differ = 0;
  double maxDiff = 0;
  for (long i = 0; i < N; ++i) {
    float want = reference(a[i], b[i]);
    if (memcmp(&want, &out[i], sizeof(float)) != 0) {
      ++differ;
      double d = fabs((double)want - (double)out[i]);
      if (!(d <= maxDiff))
        maxDiff = d;
    }
  }
  printf("%s: %ld elements, %ld differ from the C reference (max |diff| %g)\n",
         STR(KERNEL), (long)N, differ, maxDiff);
  free(a);
  free(b);
  free(out);
  return differ == 0 ? 0 : 1;
}
