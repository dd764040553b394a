// Found by tg-opt-fuzzer: two ops, one with a handle near 2^32. The section's
// handle table is dense, so this would need 2^32-1 entries.
tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
  tg.return {tg.debug_handle = 4294967294 : i64}
}
