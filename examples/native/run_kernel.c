/* Runs a kernel compiled by tg-compile-kernel against a plain-C reference.
 *
 *   cc -g -DKERNEL=fused_add_relu_0 -DN=200704 -DREF_ADD_RELU \
 *      run_kernel.c kernel.o -lm -o run
 *   cc -g -DKERNEL=fused_batch_norm_relu_1 -DN=200704 -DC=64 \
 *      -DREF_BATCH_NORM_RELU run_kernel.c kernel.o -lm -o run
 *
 * The elementwise kernels take two float inputs and one output of N
 * elements each; the batch-norm kernel (--tg-decompose's batch_norm in
 * eval, then relu) takes, in the order it first reads them, the running
 * mean, running variance, weight and bias of C elements each (their views as
 * [C, 1, 1] are in the kernel), then the input map of N elements in C
 * channels.
 * The reference computes the same float operations in the same order as the
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

#ifdef REF_BATCH_NORM_RELU
void KERNEL(const float *in0, const float *in1, const float *in2,
            const float *in3, const float *in4, float *out0);
#else
void KERNEL(const float *in0, const float *in1, float *out0);
#endif

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
#elif defined(REF_BATCH_NORM_RELU)
#ifndef C
#error "define C, the number of channels"
#endif
/* (x - mean) * rsqrt(var + eps) * weight + bias, then relu; rsqrt is
   1 / sqrt, as MLIR lowers math.rsqrt. */
static float reference_bn(float x, float mean, float var, float weight,
                          float bias) {
  float centered = x - mean;
  float invstd = 1.0f / sqrtf(var + 1e-05f);
  float y = centered * invstd * weight + bias;
  return fmaxf(y, 0.0f);
}
#else
#error "define the reference: REF_ADD_RELU, REF_MUL_SIGMOID_ADD_RELU or REF_BATCH_NORM_RELU"
#endif

#define STR2(x) #x
#define STR(x) STR2(x)

/* Deterministic numbers in [lo, lo + width). */
static unsigned state = 12345u;
static float next(float lo, float width) {
  state = state * 1664525u + 1013904223u;
  return (float)(state >> 8) / (float)(1u << 24) * width + lo;
}

int main(void) {
  float *a = malloc(N * sizeof(float)), *b = malloc(N * sizeof(float));
  float *out = malloc(N * sizeof(float));
  if (!a || !b || !out)
    return 2;
  /* Inputs in [-2, 2), negative and positive. */
  for (long i = 0; i < N; ++i) {
    a[i] = next(-2.0f, 4.0f);
    b[i] = next(-2.0f, 4.0f);
  }
  memset(out, 0xff, N * sizeof(float)); /* NaN: unwritten elements show */
#ifdef REF_BATCH_NORM_RELU
  /* Per-channel statistics; variances positive, as running variances are. */
  static float mean[C], var[C], weight[C], bias[C];
  for (long c = 0; c < C; ++c) {
    mean[c] = next(-1.0f, 2.0f);
    var[c] = next(0.25f, 2.0f);
    weight[c] = next(-2.0f, 4.0f);
    bias[c] = next(-1.0f, 2.0f);
  }
  KERNEL(mean, var, weight, bias, a, out);
#else
  KERNEL(a, b, out);
#endif
  long differ = 0;
  double maxDiff = 0;
  for (long i = 0; i < N; ++i) {
#ifdef REF_BATCH_NORM_RELU
    long c = i / (N / C) % C;
    float want = reference_bn(a[i], mean[c], var[c], weight[c], bias[c]);
#else
    float want = reference(a[i], b[i]);
#endif
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
