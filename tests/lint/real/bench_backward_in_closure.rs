// Reduced from swfsql/burn-mamba, benches/layer.rs (the backward benches), commit
// b2dd6a408f3e7336ac76f2410de254496276e5d8, and MarkHaoxiang/burn-rl,
// burn-rl/benches/objective.rs (`dqn_backward`), commit bdf58367ddeef038f80ab3315f9685fc6d80218d.
// Benches time a backward many times: the warm-up loop and the timed closure each run the
// forward again from the same data input, and the helper the closure calls makes its loss
// fresh on every call. The input is data, the block's parameters are leaves. Silent.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use criterion::Criterion;

fn objective_backward<B: AutodiffBackend>(model: &QNet<B>, data: &Transitions<B>) -> B::Gradients {
    let loss = model.forward(data.states.clone()).sub(data.targets.clone()).powf_scalar(2.0).mean();
    loss.backward()
}

pub fn bench_backward<B: AutodiffBackend>(c: &mut Criterion, device: &B::Device) {
    let block = BlockConfig::new(64).init::<B>(device);
    let x = Tensor::<B, 3>::random([4, 128, 64], Distribution::Default, device);
    for _ in 0..3 {
        let (y, _cache) = block.forward(x.clone(), None);
        let _grads = y.powf_scalar(2.0).mean().backward();
    }
    c.bench_function("block backward", |b| {
        b.iter(|| {
            let (y, _cache) = block.forward(x.clone(), None);
            y.powf_scalar(2.0).mean().backward()
        })
    });
}

pub fn bench_objective<B: AutodiffBackend>(c: &mut Criterion, device: &B::Device) {
    let model = QNetConfig::new(8, 4).init::<B>(device);
    let data = Transitions::random(512, device);
    c.bench_function("dqn backward 512", |b| b.iter(|| objective_backward(&model, &data)));
}
