// RUN: tg-opt %s -split-input-file -verify-diagnostics

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.kernel' op needs a non-empty kernel name}}
  %0 = tg.kernel ""(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    tg.kernel_yield %a : !tg.tensor
  }
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.kernel' op kernel 'k_0' has 1 inputs but its body takes 0 arguments}}
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
    %c = tg.constant(1) : !tg.tensor
    tg.kernel_yield %c : !tg.tensor
  }
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.kernel' op input #0 has type '!tg.tensor' but body argument #0 has type '!tg.value'}}
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.value):
    %c = tg.constant(1) : !tg.tensor
    tg.kernel_yield %c : !tg.tensor
  }
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    // expected-error @+1 {{'tg.kernel_yield' op yields 0 values but kernel 'k_0' has 1 results}}
    tg.kernel_yield
  }
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %c = tg.constant(1) : !tg.value
    // expected-error @+1 {{'tg.kernel_yield' op value #0 has type '!tg.value' but kernel 'k_0' result #0 has type '!tg.tensor'}}
    tg.kernel_yield %c : !tg.value
  }
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    // expected-error @+1 {{block with no terminator}}
    %1 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
  }
  tg.return %0 : !tg.tensor
}

// -----

// The body is isolated: kernels see only their arguments.
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-note @+1 {{required by region isolation constraints}}
  %0 = tg.kernel "k_0"() : () -> !tg.tensor {
    // expected-error @+1 {{using value defined outside the region}}
    %1 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %1 : !tg.tensor
  }
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.kernel_yield' op expects parent op 'tg.kernel'}}
  tg.kernel_yield %x : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.kernel' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    tg.kernel_yield %a : !tg.tensor
  ^bb1:
    tg.kernel_yield %x : !tg.tensor
  }
  tg.return %0 : !tg.tensor
}
