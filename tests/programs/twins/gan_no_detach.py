"""Twin of gan_no_detach.rs: gan_step.py with the fake batch attached."""

from burn32 import Adam, Linear, T, f32_display_precision, mse, rust_debug, v

PANICS_AT = 10  # derived by hand in gan_no_detach.rs
DETACH = False

gen = Linear([[0.5, -0.5]], [0.0, 0.25])
disc = Linear([[0.25], [0.5]], [0.0])
z = T.from_floats([[1.0], [-0.5]])
real = T.from_floats([[1.0, 2.0], [0.5, 1.0]])
valid = T.from_floats([[1.0], [1.0]])
fake_label = T.from_floats([[0.0], [0.0]])
opt_g, opt_d = Adam(), Adam()
for iteration in range(3):
    fake = gen.forward(z.clone())
    d_real = disc.forward(real.clone())
    d_fake = disc.forward(fake.clone().detach() if DETACH else fake.clone())
    d_loss = mse(d_real, valid.clone()) + mse(d_fake, fake_label.clone())
    if not DETACH:
        print(f"iteration {iteration}: d_loss = {f32_display_precision(d_loss.scalar(), 5)}")
    opt_d.step(0.01, {"w": disc.weight, "b": disc.bias}, d_loss.backward())
    g_loss = mse(disc.forward(fake), valid.clone())
    opt_g.step(0.01, {"w": gen.weight, "b": gen.bias}, g_loss.backward())
    print(f"iteration {iteration}: d_loss = {f32_display_precision(d_loss.scalar(), 5)}, "
          f"g_loss = {f32_display_precision(g_loss.scalar(), 5)}")
print(f"sample = {rust_debug(v(gen.forward(z).v))}")
