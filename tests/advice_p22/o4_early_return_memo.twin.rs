//! Question answering over one document: a memo returns the document summary early when it has
//! one, else computes it, keeps a copy and returns it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reader {
    doc_enc: Linear,
    q_enc: Linear,
}

struct SummaryMemo {
    summary: Option<Tensor<2>>,
}

impl SummaryMemo {
    fn summary(&mut self, model: &Reader, doc: Tensor<2>) -> Tensor<2> {
        if let Some(kept) = self.summary.as_ref() {
            return kept.clone();
        }
        let fresh = model.doc_enc.forward(doc).tanh().mean_dim(0);
        self.summary = Some(fresh.clone());
        fresh
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(61);
    let mut model = Reader {
        doc_enc: LinearConfig::new(2, 3).init(&device),
        q_enc: LinearConfig::new(2, 3).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let doc = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]], &device);
    let questions = Tensor::<2>::from_floats([[1.0, 1.0], [0.0, 0.5], [0.7, -0.2]], &device);
    let answers = Tensor::<2>::from_floats([[1.0], [0.0], [0.5]], &device);
    let mut memo = SummaryMemo { summary: None };

    for i in 0..3 {
        let ctx = memo.summary(&model, doc.clone());
        let q = questions.clone().slice([i..i + 1, 0..2]);
        let a = answers.clone().slice([i..i + 1, 0..1]);
        let score = (model.q_enc.forward(q) * ctx).sum_dim(1);
        let loss = (score - a).powf_scalar(2.0).mean();
        println!("question {i}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
        memo.summary = None;
    }
}
