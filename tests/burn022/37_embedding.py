"""37_embedding.rs in pbpit's Python API: an Embedding (Normal init after `device.seed(1)`),
forward and backward; repeated tokens add into the same row."""

import pbpit as pb

device = pb.Device.flex().autodiff()
device.seed(1)
embedding = pb.EmbeddingConfig.new(5, 3).init(device)
tokens = pb.IntTensor.from_ints([[0, 2, 2], [4, 0, 1]], device)
out = embedding.forward(tokens)
print(f"out dims = {pb.rust_debug(out.dims())}")
print(f"out = {pb.rust_debug(out.clone().to_vec())}")
scale = pb.Tensor.from_floats([[[1.0], [2.0], [3.0]], [[4.0], [5.0], [6.0]]], device)
grads = (out * scale).sum().backward()
weight = embedding.weight.val()
print(f"weight = {pb.rust_debug(weight.clone().to_vec())}")
print(f"weight.grad = {pb.rust_debug(weight.grad(grads).to_vec())}")
