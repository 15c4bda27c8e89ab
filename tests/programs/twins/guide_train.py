"""Twin of guide_train.rs: weights from the program's formula, dropout 0 (Burn returns the
input), three epochs of two batches, SGD at 0.5, predictions of the valid model."""

import numpy as np
from burn32 import F32, Linear, Sgd, T, cross_entropy, f32_display_precision, linear_values

PANICS_AT = None  # no panic


def weights(d_in, d_out):
    w = [[F32(F32((i * 3 + j * 5) % 7) / F32(10.0)) - F32(0.3) for j in range(d_out)]
         for i in range(d_in)]
    return Linear(w, [0.0] * d_out)


linear1, linear2 = weights(4, 3), weights(3, 2)
params = linear1.params() + linear2.params()
images = [[1.0, 0.0, 0.5, 0.0], [0.0, 1.0, 0.0, 0.5], [0.9, 0.1, 0.4, 0.0], [0.1, 0.8, 0.0, 0.6]]
labels = [0, 1, 0, 1]
optim = Sgd()
for epoch in range(1, 4):
    total_loss = F32(0.0)
    for batch in range(2):
        xs, ys = images[2 * batch: 2 * batch + 2], labels[2 * batch: 2 * batch + 2]
        x = T.from_floats(xs)  # the [n, 2, 2] input reshaped to [n, 4]: untracked, same values
        output = linear2.forward(linear1.forward(x).relu())
        loss = cross_entropy(output, ys)
        correct = int(sum(int(np.argmax(row)) == y for row, y in zip(output.v, ys, strict=True)))
        total_loss = F32(total_loss + F32(loss.scalar()))
        print(f"epoch {epoch} batch {batch}: loss {f32_display_precision(loss.scalar(), 4)}, "
              f"correct {correct}/2")
        optim.step(0.5, params, loss.backward())
    print(f"epoch {epoch}: mean loss {f32_display_precision(float(total_loss / F32(2.0)), 4)}")
h = linear_values(linear1, np.array(images, dtype=F32))
out = linear_values(linear2, np.where(h <= 0, F32(0.0), h).astype(F32))
print(f"predicted = [{', '.join(str(int(np.argmax(row))) for row in out)}]")
