tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
  tg.return {tg.debug_handle = 4294967294 : i64}
}
