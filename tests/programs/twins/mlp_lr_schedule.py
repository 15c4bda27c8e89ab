"""Twin of mlp_lr_schedule.rs: two hidden layers, SGD whose rate halves every two epochs."""

from burn32 import Linear, Sgd, T, f32_display_precision, mse, rust_display, v

PANICS_AT = None

fc1 = Linear([[0.5, -0.5, 0.25], [0.25, 0.5, -0.25]], [0.0, 0.125, 0.0])
fc2 = Linear([[0.5, -0.25], [0.25, 0.5], [-0.5, 0.25]], [0.0, 0.0])
out = Linear([[1.0], [-0.5]], [0.25])
params = fc1.params() + fc2.params() + out.params()
x = T.from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 0.5], [0.0, -1.0]])
y = T.from_floats([[0.5], [1.0], [0.0], [-0.5]])
optim = Sgd()


def forward(x):
    return out.forward(fc2.forward(fc1.forward(x).relu()).tanh())


for epoch in range(6):
    lr = 0.5 * 0.5 ** (epoch // 2)  # f64, exact: a power of two
    loss = mse(forward(x.clone()), y.clone())
    print(f"epoch {epoch}: lr = {rust_display(lr)}, "
          f"loss = {f32_display_precision(loss.scalar(), 6)}")
    optim.step(lr, params, loss.backward())
pred = v(forward(x).v)
print(f"pred = [{', '.join(f32_display_precision(p, 4) for p in pred)}]")
