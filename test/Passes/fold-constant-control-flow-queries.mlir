// --tg-fold-constant-control-flow on the conditions transformer modules
// build (nn.MultiheadAttention, nn.TransformerEncoderLayer,
// F.multi_head_attention_forward): strings of reasons (`not why`, an
// f-string), `bool(self.dropout)`, `num_heads % 2 == 1`, identity of one
// value (`query is key`), a tensor against None, `t.dtype`, shapes taken as
// lists or unpacked, `x in [2, 3]`. Every If here takes the branch whose op
// is named `taken::...`.

// RUN: tg-opt %s -split-input-file --tg-fold-constant-control-flow | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-fold-constant-control-flow --tg-verify-origins -o /dev/null

// `why = f"dropout was {self.dropout}, required zero"` then `if not why:`;
// TorchScript's `not s` of a string is `not (len(s) > 0)`. Python's str of
// a float: 0.1, 1e-05, 100.0, 1e+16; of an int, a bool, None.
// CHECK-LABEL: tg.graph @reasons(
// CHECK-NOT:     prim::If
// CHECK:         tg.op "taken::nonempty"
// CHECK:         tg.op "taken::format"
// CHECK-NOT:     not_taken
tg.graph @"reasons"() -> (!tg.value, !tg.value) {
  %fmt = tg.constant("dropout was {}, required zero") : !tg.value
  %p = tg.constant(1.000000e-01 : f64) : !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %why = tg.op "aten::format"(%fmt, %p) : (!tg.value, !tg.value) -> !tg.value
  %len = tg.op "aten::len"(%why) : (!tg.value) -> !tg.value
  %gt = tg.op "aten::gt"(%len, %zero) : (!tg.value, !tg.value) -> !tg.value
  %not = tg.op "aten::__not__"(%gt) : (!tg.value) -> !tg.value
  %a = tg.op "prim::If"(%not) ({
    %v = tg.op "not_taken::empty"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::nonempty"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %fmt2 = tg.constant("{} {} {} {} {} {} {} {}") : !tg.value
  %eps = tg.constant(1.000000e-05 : f64) : !tg.value
  %hundred = tg.constant(1.000000e+02 : f64) : !tg.value
  %big = tg.constant(1.000000e+16 : f64) : !tg.value
  %n = tg.constant(-12 : i64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %s = tg.constant("cpu") : !tg.value
  %text = tg.op "aten::format"(%fmt2, %p, %eps, %hundred, %big, %n, %t, %none, %s) : (!tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value
  %expected = tg.constant("0.1 1e-05 100.0 1e+16 -12 True None cpu") : !tg.value
  %same = tg.op "aten::eq"(%text, %expected) : (!tg.value, !tg.value) -> !tg.value
  %b = tg.op "prim::If"(%same) ({
    %v = tg.op "taken::format"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::format"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b : !tg.value, !tg.value
}

// -----

// `elif self.dropout:` (bool of a float), `elif not self.activation_relu_or_gelu:`
// (bool of an int), `elif self.num_heads % 2 == 1:` with Python's integer
// arithmetic (-7 // 2 == -4, -7 % 2 == 1).
// CHECK-LABEL: tg.graph @numbers(
// CHECK-NOT:     prim::If
// CHECK:         tg.op "taken::dropout"
// CHECK:         tg.op "taken::relu_or_gelu"
// CHECK:         tg.op "taken::even"
// CHECK:         tg.op "taken::python_division"
// CHECK-NOT:     not_taken
tg.graph @"numbers"() -> (!tg.value, !tg.value, !tg.value, !tg.value) {
  %dropout = tg.constant(1.000000e-01 : f64) : !tg.value
  %bool = tg.op "aten::Bool"(%dropout) : (!tg.value) -> !tg.value
  %a = tg.op "prim::If"(%bool) ({
    %v = tg.op "taken::dropout"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::dropout"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %act = tg.constant(2 : i64) : !tg.value
  %actb = tg.op "aten::Bool"(%act) : (!tg.value) -> !tg.value
  %notact = tg.op "aten::__not__"(%actb) : (!tg.value) -> !tg.value
  %b = tg.op "prim::If"(%notact) ({
    %v = tg.op "not_taken::relu_or_gelu"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::relu_or_gelu"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %heads = tg.constant(4 : i64) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %rem = tg.op "aten::remainder"(%heads, %two) : (!tg.value, !tg.value) -> !tg.value
  %odd = tg.op "aten::eq"(%rem, %one) : (!tg.value, !tg.value) -> !tg.value
  %c = tg.op "prim::If"(%odd) ({
    %v = tg.op "not_taken::even"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::even"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %m7 = tg.constant(-7 : i64) : !tg.value
  %m4 = tg.constant(-4 : i64) : !tg.value
  %q = tg.op "aten::floordiv"(%m7, %two) : (!tg.value, !tg.value) -> !tg.value
  %r = tg.op "aten::remainder"(%m7, %two) : (!tg.value, !tg.value) -> !tg.value
  %qm = tg.op "aten::mul"(%q, %two) : (!tg.value, !tg.value) -> !tg.value
  %back = tg.op "aten::add"(%qm, %r) : (!tg.value, !tg.value) -> !tg.value
  %qok = tg.op "aten::eq"(%q, %m4) : (!tg.value, !tg.value) -> !tg.value
  %rok = tg.op "aten::eq"(%r, %one) : (!tg.value, !tg.value) -> !tg.value
  %backok = tg.op "aten::eq"(%back, %m7) : (!tg.value, !tg.value) -> !tg.value
  %ok1 = tg.op "aten::__and__"(%qok, %rok) : (!tg.value, !tg.value) -> !tg.value
  %ok = tg.op "aten::__and__"(%ok1, %backok) : (!tg.value, !tg.value) -> !tg.value
  %d = tg.op "prim::If"(%ok) ({
    %v = tg.op "taken::python_division"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::python_division"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b, %c, %d : !tg.value, !tg.value, !tg.value, !tg.value
}

// -----

// `elif query is not key or key is not value:` once inlined, self-attention
// passes one value three times (also through the importer's casts); a
// tensor is never None (`self.in_proj_bias is not None`, also through a
// cast to Optional).
// CHECK-LABEL: tg.graph @identity(
// CHECK-NOT:     prim::If
// CHECK:         tg.op "taken::self_attention"
// CHECK:         tg.op "taken::has_bias"
// CHECK-NOT:     not_taken
tg.graph @"identity"(%x: !tg.tensor, %bias: tensor<6xf32>) -> (!tg.value, !tg.value) {
  %key = tg.op "prim::unchecked_cast"(%x) : (!tg.tensor) -> !tg.value
  %isnot = tg.op "aten::__isnot__"(%x, %key) : (!tg.tensor, !tg.value) -> !tg.value
  %a = tg.op "prim::If"(%isnot) ({
    %v = tg.op "not_taken::self_attention"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::self_attention"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %none = tg.constant(unit) : !tg.value
  %opt = tg.op "prim::unchecked_cast"(%bias) : (tensor<6xf32>) -> !tg.value
  %has = tg.op "aten::__isnot__"(%opt, %none) : (!tg.value, !tg.value) -> !tg.value
  %b = tg.op "prim::If"(%has) ({
    %v = tg.op "taken::has_bias"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::has_bias"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b : !tg.value, !tg.value
}

// -----

// Cross-attention's `query is key`: in the example inputs' run the program
// is specialized to, two different arguments of the entry graph are
// different objects (whatever their types), and so are tensors of
// different types; a tensor a layer norm, a linear or arithmetic made anew
// is no argument and no other such tensor. In-place ops return their
// operand: `a.unsqueeze_(0) is a`, although the two are typed with
// different shapes.
// CHECK-LABEL: tg.graph @"Net::forward"(
// CHECK-NOT:     prim::If
// CHECK:         tg.op "taken::distinct_inputs"
// CHECK:         tg.op "taken::same_shape_inputs"
// CHECK:         tg.op "taken::fresh"
// CHECK:         tg.op "taken::in_place"
// CHECK-NOT:     not_taken
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %q: tensor<2x8xf32>, %kv: tensor<2x10xf32>, %k2: tensor<2x10xf32>) -> (!tg.value, !tg.value, !tg.value, !tg.value) attributes {tg.entry} {
  %qv = tg.op "prim::unchecked_cast"(%q) : (tensor<2x8xf32>) -> !tg.value
  %isnot = tg.op "aten::__isnot__"(%qv, %kv) : (!tg.value, tensor<2x10xf32>) -> !tg.value
  %a = tg.op "prim::If"(%isnot) ({
    %v = tg.op "taken::distinct_inputs"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::distinct_inputs"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %is = tg.op "aten::__is__"(%kv, %k2) : (tensor<2x10xf32>, tensor<2x10xf32>) -> !tg.value
  %b = tg.op "prim::If"(%is) ({
    %v = tg.op "not_taken::same_shape_inputs"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::same_shape_inputs"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %sum = tg.op "aten::add"(%kv, %k2, %one) : (tensor<2x10xf32>, tensor<2x10xf32>, !tg.value) -> tensor<2x10xf32>
  %is2 = tg.op "aten::__is__"(%sum, %kv) : (tensor<2x10xf32>, tensor<2x10xf32>) -> !tg.value
  %c = tg.op "prim::If"(%is2) ({
    %v = tg.op "not_taken::fresh"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::fresh"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %grown = tg.op "aten::unsqueeze_"(%sum, %zero) : (tensor<2x10xf32>, !tg.value) -> tensor<1x2x10xf32>
  %is3 = tg.op "aten::__is__"(%grown, %sum) : (tensor<1x2x10xf32>, tensor<2x10xf32>) -> !tg.value
  %d = tg.op "prim::If"(%is3) ({
    %v = tg.op "taken::in_place"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::in_place"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b, %c, %d : !tg.value, !tg.value, !tg.value, !tg.value
}

// Unknown, of one type: two arguments of a graph other than the entry (no
// example run tells), a view against another value, and an op that may hand
// back its input (`contiguous` of a contiguous tensor is that tensor)
// against it.
// CHECK-LABEL: tg.graph @not_entry(
// CHECK-COUNT-3: tg.op "prim::If"
tg.graph @"not_entry"(%x: tensor<2x10xf32>, %y: tensor<2x10xf32>) -> (!tg.value, !tg.value, !tg.value) {
  %is = tg.op "aten::__is__"(%x, %y) : (tensor<2x10xf32>, tensor<2x10xf32>) -> !tg.value
  %a = tg.op "prim::If"(%is) ({
    %v = tg.op "either::a"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "either::b"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %view = tg.op "aten::view"(%x) : (tensor<2x10xf32>) -> tensor<2x10xf32>
  %is2 = tg.op "aten::__is__"(%view, %y) : (tensor<2x10xf32>, tensor<2x10xf32>) -> !tg.value
  %b = tg.op "prim::If"(%is2) ({
    %v = tg.op "either::c"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "either::d"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %fresh = tg.op "aten::add"(%x, %y, %one) : (tensor<2x10xf32>, tensor<2x10xf32>, !tg.value) -> tensor<2x10xf32>
  %same = tg.op "aten::contiguous"(%fresh) : (tensor<2x10xf32>) -> tensor<2x10xf32>
  %is3 = tg.op "aten::__is__"(%same, %fresh) : (tensor<2x10xf32>, tensor<2x10xf32>) -> !tg.value
  %c = tg.op "prim::If"(%is3) ({
    %v = tg.op "either::e"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "either::f"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b, %c : !tg.value, !tg.value, !tg.value
}

// -----

// What a static tensor type says: `query.dtype != self.in_proj_bias.dtype`
// (PyTorch's ScalarType codes: float32 6, bool 11), `is_floating_point`,
// `query.size(-1)`, `tgt_len, bsz, embed_dim = query.shape`,
// `key.shape == value.shape`, `query.dim() in (2, 3)`, `len(x.size())`.
// CHECK-LABEL: tg.graph @shapes(
// CHECK-NOT:     prim::If
// CHECK-COUNT-7: tg.op "taken::
// CHECK-NOT:     not_taken
tg.graph @"shapes"(%q: tensor<5x2x8xf32>, %mask: tensor<2x5xi1>, %k: tensor<5x2x8xf32>) -> (!tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) {
  %dq = tg.op "prim::dtype"(%q) : (tensor<5x2x8xf32>) -> !tg.value
  %dm = tg.op "prim::dtype"(%mask) : (tensor<2x5xi1>) -> !tg.value
  %eleven = tg.constant(11 : i64) : !tg.value
  %six = tg.constant(6 : i64) : !tg.value
  %boolmask = tg.op "aten::eq"(%dm, %eleven) : (!tg.value, !tg.value) -> !tg.value
  %f32 = tg.op "aten::eq"(%dq, %six) : (!tg.value, !tg.value) -> !tg.value
  %dtypes = tg.op "aten::__and__"(%boolmask, %f32) : (!tg.value, !tg.value) -> !tg.value
  %a = tg.op "prim::If"(%dtypes) ({
    %v = tg.op "taken::dtype"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::dtype"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %fp = tg.op "aten::is_floating_point"(%mask) : (tensor<2x5xi1>) -> !tg.value
  %b = tg.op "prim::If"(%fp) ({
    %v = tg.op "not_taken::floating"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::floating"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %minus1 = tg.constant(-1 : i64) : !tg.value
  %eight = tg.constant(8 : i64) : !tg.value
  %last = tg.op "aten::size"(%q, %minus1) : (tensor<5x2x8xf32>, !tg.value) -> !tg.value
  %is8 = tg.op "aten::eq"(%last, %eight) : (!tg.value, !tg.value) -> !tg.value
  %c = tg.op "prim::If"(%is8) ({
    %v = tg.op "taken::size"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::size"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %shape = tg.op "aten::size"(%q) : (tensor<5x2x8xf32>) -> !tg.value
  %u:3 = tg.op "prim::ListUnpack"(%shape) : (!tg.value) -> (!tg.value, !tg.value, !tg.value)
  %four = tg.constant(4 : i64) : !tg.value
  %head = tg.op "aten::floordiv"(%u#2, %four) : (!tg.value, !tg.value) -> !tg.value
  %back = tg.op "aten::mul"(%head, %four) : (!tg.value, !tg.value) -> !tg.value
  %divisible = tg.op "aten::eq"(%back, %u#2) : (!tg.value, !tg.value) -> !tg.value
  %d = tg.op "prim::If"(%divisible) ({
    %v = tg.op "taken::unpack"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::unpack"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %kshape = tg.op "aten::size"(%k) : (tensor<5x2x8xf32>) -> !tg.value
  %same = tg.op "aten::eq"(%shape, %kshape) : (!tg.value, !tg.value) -> !tg.value
  %e = tg.op "prim::If"(%same) ({
    %v = tg.op "taken::same_shape"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::same_shape"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %dim = tg.op "aten::dim"(%q) : (tensor<5x2x8xf32>) -> !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %ranks = tg.op "prim::ListConstruct"(%two, %three) : (!tg.value, !tg.value) -> !tg.value
  %in = tg.op "aten::__contains__"(%ranks, %dim) : (!tg.value, !tg.value) -> !tg.value
  %f = tg.op "prim::If"(%in) ({
    %v = tg.op "taken::contains"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::contains"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %rank = tg.op "aten::len"(%shape) : (!tg.value) -> !tg.value
  %rank3 = tg.op "aten::eq"(%rank, %three) : (!tg.value, !tg.value) -> !tg.value
  %g = tg.op "prim::If"(%rank3) ({
    %v = tg.op "taken::len_size"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::len_size"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b, %c, %d, %e, %f, %g : !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value
}

// -----

// What stays unknown: the length of a list something appends to (the fast
// path's `all([... for x in tensor_args])`), identity of two different
// values, a shape of a tensor without a static type, a dtype code tg has
// no type for, a format field other than `{}`, integer division by zero.
// CHECK-LABEL: tg.graph @still_unknown(
// CHECK-COUNT-6: tg.op "prim::If"
tg.graph @"still_unknown"(%x: !tg.tensor, %y: !tg.tensor, %k: !tg.value) {
  %one = tg.constant(1 : i64) : !tg.value
  %list = tg.op "prim::ListConstruct"(%one) : (!tg.value) -> !tg.value
  %grown = tg.op "aten::append"(%list, %k) : (!tg.value, !tg.value) -> !tg.value
  %len = tg.op "aten::len"(%list) : (!tg.value) -> !tg.value
  %isone = tg.op "aten::eq"(%len, %one) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%isone) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %is = tg.op "aten::__is__"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.value
  tg.op "prim::If"(%is) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %d = tg.op "aten::dim"(%x) : (!tg.tensor) -> !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %is3 = tg.op "aten::eq"(%d, %three) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%is3) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %fmt = tg.constant("{0}") : !tg.value
  %s = tg.op "aten::format"(%fmt, %one) : (!tg.value, !tg.value) -> !tg.value
  %slen = tg.op "aten::len"(%s) : (!tg.value) -> !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %nonempty = tg.op "aten::gt"(%slen, %zero) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%nonempty) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %q = tg.op "aten::floordiv"(%one, %zero) : (!tg.value, !tg.value) -> !tg.value
  %qz = tg.op "aten::eq"(%q, %zero) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%qz) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %c = tg.op "aten::__contains__"(%grown, %one) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%c) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  tg.return
}

// -----

// F.interpolate's `if size is not None:` for a segmentation head's
// `size=x.shape[-2:]`: a list's slice, a size and a list's copy are never
// None, whatever their elements.
// CHECK-LABEL: tg.graph @never_none(
// CHECK-NOT:     prim::If
// CHECK:         tg.op "taken::slice"
// CHECK:         tg.op "taken::size"
// CHECK:         tg.op "taken::list"
// CHECK-NOT:     not_taken
tg.graph @"never_none"(%x: !tg.tensor, %start: !tg.value) -> (!tg.value, !tg.value, !tg.value) {
  %none = tg.constant(unit) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %shape = tg.op "aten::size"(%x) : (!tg.tensor) -> !tg.value
  %tail = tg.op "aten::slice"(%shape, %start, %none, %one) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value
  %copy = tg.op "aten::list"(%tail) : (!tg.value) -> !tg.value
  %c1 = tg.op "aten::__isnot__"(%tail, %none) : (!tg.value, !tg.value) -> !tg.value
  %a = tg.op "prim::If"(%c1) ({
    %v = tg.op "taken::slice"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::slice"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %c2 = tg.op "aten::__is__"(%none, %shape) : (!tg.value, !tg.value) -> !tg.value
  %b = tg.op "prim::If"(%c2) ({
    %v = tg.op "not_taken::size"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "taken::size"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %c3 = tg.op "aten::__isnot__"(%copy, %none) : (!tg.value, !tg.value) -> !tg.value
  %c = tg.op "prim::If"(%c3) ({
    %v = tg.op "taken::list"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::list"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b, %c : !tg.value, !tg.value, !tg.value
}
