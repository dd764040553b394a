// RUN: tg-opt %s -split-input-file -verify-diagnostics

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.call_method' op calls unknown graph @"B::g"}}
  %0 = tg.call_method @"B::g"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @"A::g"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.call_method' op passes 1 operands but 'A::f' takes 2}}
  %0 = tg.call_method @"A::f"(%self) : (!tg.module<"A">) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @"A::g"(%self: !tg.module<"A">, %x: !tg.value) -> !tg.tensor {
  // expected-error @+1 {{'tg.call_method' op operand #1 has type '!tg.value' but 'A::f' takes '!tg.tensor'}}
  %0 = tg.call_method @"A::f"(%self, %x) : (!tg.module<"A">, !tg.value) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @"A::g"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.value {
  // expected-error @+1 {{'tg.call_method' op result #0 has type '!tg.value' but 'A::f' returns '!tg.tensor'}}
  %0 = tg.call_method @"A::f"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.value
  tg.return %0 : !tg.value
}

// -----

// Submodule of the wrong class for the callee.
tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %b = tg.get_submodule %self["b0"] : !tg.module<"C"> -> !tg.module<"B">
  // expected-error @+1 {{'tg.call_method' op calls 'A::f' on an instance of class 'B'}}
  %0 = tg.call_method @"A::f"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @helper(%x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @"A::g"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.call_method' op calls 'helper', a free function: use tg.call}}
  %0 = tg.call_method @helper(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @g(%a: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.call' op calls method 'A::f': use tg.call_method}}
  %0 = tg.call @"A::f"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

// expected-error @+1 {{'tg.graph' op method 'A::f' must take its module instance as first argument (!tg.module<"A">)}}
tg.graph @"A::f"(%x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}

// -----

// expected-error @+1 {{'tg.graph' op method of class 'A' takes self of class 'B'}}
tg.graph @"A::f"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}

// -----

// expected-error @+1 {{'tg.graph' op method graph name '::f' must be 'Class::method'}}
tg.graph @"::f"(%self: !tg.module<"A">) {
  tg.return
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.return' op returns 0 values but graph 'A::f' declares 1}}
  tg.return
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.value) -> !tg.tensor {
  // expected-error @+1 {{'tg.return' op result #0 has type '!tg.value' but graph 'A::f' declares '!tg.tensor'}}
  tg.return %x : !tg.value
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">) -> !tg.module<"B"> {
  // expected-error @+1 {{'tg.get_attr' op reads a module instance: use tg.get_submodule for 'b'}}
  %0 = tg.get_attr %self["b"] : !tg.module<"A"> -> !tg.module<"B">
  tg.return %0 : !tg.module<"B">
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.op' op needs a non-empty operator name}}
  %0 = tg.op ""(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{'tg.yield' op expects parent op 'tg.op'}}
  tg.yield %x : !tg.tensor
}

// -----

// expected-error @+1 {{module type needs a non-empty class name}}
tg.graph @g(%a: !tg.module<"">) {
  tg.return
}

// -----

// expected-error @+1 {{expected string}}
tg.graph @g(%a: !tg.module<A>) {
  tg.return
}
