"""gan_no_detach.rs in pbpit's Python API: the GAN step with the fake batch not detached for the
discriminator, whose backward consumes the generator's step: the panic at NodeId(10), `fake`."""

import pbpit as pb
from pbpit.rust.format import f32_display_precision


def linear(weight, bias):
    return pb.Linear(pb.Param.from_tensor(weight), pb.Param.from_tensor(bias))


class Generator(pb.Module):
    def __init__(self, fc):
        self.fc = fc

    def forward(self, z):
        return self.fc.forward(z)


class Discriminator(pb.Module):
    def __init__(self, fc):
        self.fc = fc

    def forward(self, x):
        return self.fc.forward(x)


device = pb.Device.default().autodiff()
generator = Generator(linear(pb.Tensor.from_floats([[0.5, -0.5]], device),
                             pb.Tensor.from_floats([0.0, 0.25], device)))
discriminator = Discriminator(linear(pb.Tensor.from_floats([[0.25], [0.5]], device),
                                     pb.Tensor.from_floats([0.0], device)))
z = pb.Tensor.from_floats([[1.0], [-0.5]], device)
real = pb.Tensor.from_floats([[1.0, 2.0], [0.5, 1.0]], device)
valid = pb.Tensor.ones([2, 1], device)
fake_label = pb.Tensor.zeros([2, 1], device)
opt_g = pb.AdamConfig.new().init()
opt_d = pb.AdamConfig.new().init()
mse = pb.MseLoss.new()

for iteration in range(3):
    fake = generator.forward(z.clone())

    d_real = discriminator.forward(real.clone())
    d_fake = discriminator.forward(fake.clone())
    d_loss = (mse.forward(d_real, valid.clone(), pb.Reduction.Mean)
              + mse.forward(d_fake, fake_label.clone(), pb.Reduction.Mean))
    print(f"iteration {iteration}: d_loss = "
          f"{f32_display_precision(d_loss.clone().into_scalar(), 5)}")
    grads = pb.GradientsParams.from_grads(d_loss.backward(), discriminator)
    discriminator = opt_d.step(0.01, discriminator, grads)

    # Generator: fool the updated discriminator.
    g_loss = mse.forward(discriminator.forward(fake), valid.clone(), pb.Reduction.Mean)
    grads = pb.GradientsParams.from_grads(g_loss.backward(), generator)
    generator = opt_g.step(0.01, generator, grads)

    print(f"iteration {iteration}: d_loss = {f32_display_precision(d_loss.into_scalar(), 5)}, "
          f"g_loss = {f32_display_precision(g_loss.into_scalar(), 5)}")
sample = generator.forward(z)
print(f"sample = {pb.rust_debug(sample.to_vec())}")
