# docs/native-debugging.md's recipe, its lines as written there: the address
# of the first line-table row at activation.py:102:16 (the relu) inside
# KERNEL's own address range in OBJ.
#   relu_address.sh KERNEL OBJ
kernel=$1 obj=$2
read -r start size < <(llvm-nm-22 -S --defined-only $obj | awk -v k=$kernel '$4 == k {print $1, $2}')
for a in $(llvm-dwarfdump-22 --debug-line $obj | awk '$2 == 102 && $3 == 16 {print $1}'); do
  if (( a >= 16#$start && a < 16#$start + 16#$size )); then addr=$a; break; fi
done
echo $addr
