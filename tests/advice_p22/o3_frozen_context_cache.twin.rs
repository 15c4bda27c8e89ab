//! A frozen context network (pretrained, never given to the optimizer) summarises a document
//! once; an adapter caches the summary in a field and a small reader head is trained on it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Context {
    net: Linear,
}

#[derive(Module, Debug)]
struct Reader {
    head: Linear,
}

struct Adapter {
    summary: Option<Tensor<2>>,
}

impl Adapter {
    fn summary(&mut self, ctx: &Context, doc: Tensor<2>) -> Tensor<2> {
        if self.summary.is_none() {
            let s = ctx.net.forward(doc).tanh().mean_dim(0);
            self.summary = Some(s.detach());
        }
        self.summary.clone().unwrap()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(29);
    let context = Context { net: LinearConfig::new(3, 4).init(&device) };
    let mut reader = Reader { head: LinearConfig::new(4, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let doc = Tensor::<2>::from_floats([[0.1, 0.2, 0.3], [0.4, -0.5, 0.6], [-0.7, 0.8, 0.0]], &device);
    let goals = [0.25, -0.5, 0.75];
    let mut adapter = Adapter { summary: None };

    for t in 0..3 {
        let s = adapter.summary(&context, doc.clone());
        let loss = (reader.head.forward(s) - goals[t]).powf_scalar(2.0).mean();
        println!("turn {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &reader);
        reader = sgd.step(0.2, reader, grads);
    }
}
