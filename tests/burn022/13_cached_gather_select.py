"""13_cached_gather_select.rs in pbpit's Python API: rows picked with select, entries with
gather, both cached (Int tensors take no id)."""

import pbpit as pb

device = pb.Device.flex().autodiff()
table = pb.Tensor.from_floats(
    [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], device
).require_grad()
rows = pb.IntTensor.from_ints([2, 0, 2], device)
cols = pb.IntTensor.from_ints([[1], [0], [2]], device)
selected = table.clone().select(0, rows)
picked = selected.gather(1, cols)
print(f"picked = {pb.rust_debug(picked.clone().to_vec())}")
for step in range(2):
    grads = picked.clone().sum().backward()
    print(f"step {step}: table.grad = {pb.rust_debug(table.grad(grads).to_vec())}")
