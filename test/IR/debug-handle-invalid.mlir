// RUN: tg-opt %s -split-input-file -verify-diagnostics

// An inline handle and the attribute at once: one of them would be ignored.
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @below {{'tg.op' op has both the inline debug handle 1 and a 'tg.debug_handle' attribute (2 : i64); set handles with tg::setDebugHandle}}
  %0 = "tg.op"(%x) <{debug_handle = 1 : i64, name = "aten::relu"}> {tg.debug_handle = 2 : i64} : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @below {{'tg.op' op has a negative debug handle -1}}
  %0 = "tg.op"(%x) <{debug_handle = -1 : i64, name = "aten::relu"}> : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @below {{expected an i64 debug handle, found "seven"}}
  %0 = "tg.op"(%x) <{debug_handle = "seven", name = "aten::relu"}> : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

// A custom-form dictionary with a malformed handle keeps it as an attribute
// (the passes that read handles report it); a valid one moves inline, so the
// two cannot meet in the custom form: the second key is a parse error.
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @below {{duplicate key 'tg.debug_handle' in dictionary attribute}}
  %0 = tg.op "aten::relu"(%x) {tg.debug_handle = 1, tg.debug_handle = 2} : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  // expected-error @below {{'arg_attrs' must be an array, found 1 : i64}}
  %0 = tg.call @f(%x) {arg_attrs = 1} : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
