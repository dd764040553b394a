// Two Python functions named `helper` from different modules: the importer
// names their graphs @helper and @"helper$2" (symbols are unique) and keeps
// each one's qualified name.
tg.graph @helper(%x: !tg.tensor) -> !tg.tensor attributes {tg.qualified_name = "__torch__.a.helper"} {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":2:3)
  tg.return %0 : !tg.tensor loc("a.py":3:3)
}
tg.graph @"helper$2"(%x: !tg.tensor) -> !tg.tensor attributes {tg.qualified_name = "__torch__.b.helper"} {
  %0 = tg.op "aten::sigmoid"(%x) : (!tg.tensor) -> !tg.tensor loc("b.py":7:3)
  tg.return %0 : !tg.tensor loc("b.py":8:3)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.call @helper(%x) : (!tg.tensor) -> !tg.tensor loc("c.py":10:5)
  %1 = tg.call @"helper$2"(%0) : (!tg.tensor) -> !tg.tensor loc("c.py":11:5)
  tg.return %1 : !tg.tensor loc("c.py":12:3)
}
