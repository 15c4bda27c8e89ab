"""Twin of features_cached.rs: the values are not printed (Burn's seeded draws are not
modelled here), only shapes and where the second backward panics; the parameters take their
ids at first read, as burn-core's lazy `Param` does."""

from burn32 import Adam, Linear, T, mse

PANICS_AT = 7  # the features' relu, as the program's comment derives

x = T.from_floats([[1.0, 0.0, 2.0, -1.0], [0.5, 1.5, -0.5, 0.0]])
y = T.from_floats([[1.0], [-1.0]])
encoder = Linear([[0.1] * 3] * 4, [0.0] * 3)  # ids 2, 3: read first by the encoder's forward
features = encoder.forward(x.clone()).relu()
print(f"features: [{features.v.shape[0]}, {features.v.shape[1]}]")
head = None
optim = Adam()
for epoch in range(1, 4):
    if head is None:
        head = Linear([[0.1]] * 3, [0.0])  # ids 6, 7: read first here
    loss = mse(head.forward(features.clone()), y.clone())
    grads = loss.backward()
    params = {"encoder.w": encoder.weight, "encoder.b": encoder.bias,
              "head.w": head.weight, "head.b": head.bias}
    optim.step(1e-3, params, grads)
    print(f"epoch {epoch} done")
