// Ops that passes erase or merge, some at bare name locations (as MLIR's own
// tests write them), for tg-symbolicate --records and --source.
func.func @f(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32 loc("model.py":10:4)
  %c1 = arith.constant 1 : i32 loc("c_one")
  %c1b = arith.constant 1 : i32 loc("model.py":12:4)
  %a = arith.addi %x, %y : i32 loc("add_a")
  %b = arith.addi %x, %y : i32 loc("model.py":14:8)
  %z = arith.addi %a, %c0 : i32 loc("model.py":15:8)
  %dead = arith.muli %a, %b : i32 loc("dead_mul")
  %s = arith.addi %c1, %c1b : i32 loc("model.py":17:8)
  %r = arith.addi %b, %s : i32 loc("model.py":18:8)
  return %z, %r, %b : i32, i32, i32 loc("model.py":19:4)
}
