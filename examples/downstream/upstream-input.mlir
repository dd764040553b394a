// func/arith IR as a frontend emits it: every op on its own Python line.
func.func @f(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32 loc("model.py":10:4)
  %c1 = arith.constant 1 : i32 loc("model.py":11:4)
  %c1b = arith.constant 1 : i32 loc("model.py":12:4)
  %a = arith.addi %x, %y : i32 loc("model.py":13:8)
  %b = arith.addi %x, %y : i32 loc("model.py":14:8)
  %z = arith.addi %a, %c0 : i32 loc("model.py":15:8)
  %dead = arith.muli %a, %b : i32 loc("model.py":16:8)
  %s = arith.addi %c1, %c1b : i32 loc("model.py":17:8)
  %r = arith.addi %b, %s : i32 loc("model.py":18:8)
  return %z, %r, %b : i32, i32, i32 loc("model.py":19:4)
}
