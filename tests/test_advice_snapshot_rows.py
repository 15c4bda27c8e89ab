"""A tensor made before the loop that the loop makes again from rows of the same data is a
snapshot: PPO's old log-probs, computed once for the whole rollout and compared, minibatch by
minibatch, with the log-probs the loop computes again from rows of the same observations. Its
fix is to detach it where it is made (recomputed in the loop, the ratio is exp(0) = 1 and the
clipped objective trains nothing): the run's words say that, not "compute it in the loop".
(Held-out program whose run said "recompute in the loop ... every pass" beside the detach.)"""

from __future__ import annotations

from pbpit.diagnose.explain import explain_in_case
from pbpit.runner import resolve_case, run_case

PPO = """\
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Actor {
    head: Linear,
}

impl Actor {
    fn logp(&self, states: Tensor<2>, taken: Tensor<2, Int>) -> Tensor<1> {
        let all = log_softmax(self.head.forward(states), 1);
        let rows = all.dims()[0];
        all.gather(1, taken).reshape([rows])
    }
}

struct Batch {
    states: Tensor<2>,
    taken: Tensor<2, Int>,
    behaviour: Tensor<1>,
}

fn gather_batch(actor: &Actor, device: &Device) -> Batch {
    let states = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [1.0, 0.0, 0.5], [0.3, 0.3, 0.3], [0.9, 0.1, 0.0]],
        device,
    );
    let taken = Tensor::<2, Int>::from_ints([[1], [0], [0], [1]], device);
    let behaviour = actor.logp(states.clone(), taken.clone());
    Batch { states, taken, behaviour }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut actor = Actor { head: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let batch = gather_batch(&actor, &device);
    let gains = Tensor::<1>::from_floats([1.0, -0.5, 0.25, 0.75], &device);
    for round in 0..3 {
        let pick = Tensor::<1, Int>::from_ints([round % 4, (round + 1) % 4], &device);
        let states = batch.states.clone().select(0, pick.clone());
        let taken = batch.taken.clone().select(0, pick.clone());
        let before = batch.behaviour.clone().select(0, pick.clone());
        let ratio = (actor.logp(states, taken) - before).exp();
        let loss = (ratio * gains.clone().select(0, pick)).mean().neg();
        let grads = GradientsParams::from_grads(loss.backward(), &actor);
        actor = optim.step(0.1, actor, grads);
    }
}
"""


def test_old_log_probs_compared_with_the_loops_minibatch_are_detached_not_recomputed(tmp_path):
    path = tmp_path / "ppo.rs"
    path.write_text(PPO)
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None and result.panic.label == "behaviour"
    explanation = explain_in_case(result, result.panic.node_id)
    assert explanation is not None and explanation.audit is not None
    fixes = {fix.key: fix for fix in explanation.fixes}
    # The loop computes `actor.logp` again from rows of `states`: `behaviour` is a snapshot.
    assert fixes["detach once"].applies
    assert not fixes["recompute in the loop"].applies
    assert "again from the same data" in fixes["detach once"].title
    assert next(f for f in explanation.fixes if f.applies).key == "detach once"


KL = """\
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::log_softmax,
};

struct Memory {
    obs: Tensor<2>,
    old_logits: Tensor<2>,
}

fn remember(policy: &Linear, device: &Device) -> Memory {
    let obs = Tensor::<2>::from_floats([[0.2, 0.4], [0.9, 0.1], [0.5, 0.5], [0.0, 1.0]], device);
    let old_logits = log_softmax(policy.forward(obs.clone()), 1);
    Memory { obs, old_logits }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut policy: Linear = LinearConfig::new(2, 3).init(&device);
    let mut optim = AdamConfig::new().init();
    let memory = remember(&policy, &device);
    for epoch in 0..2 {
        for start in [0usize, 2] {
            let obs = memory.obs.clone().narrow(0, start, 2);
            let new = log_softmax(policy.forward(obs), 1);
            let old = memory.old_logits.clone().narrow(0, start, 2);
            let kl = (old.clone().exp() * (old - new)).sum();
            let grads = GradientsParams::from_grads(kl.backward(), &policy);
            policy = optim.step(1e-2, policy, grads);
        }
        println!("epoch {epoch}");
    }
}
"""


def test_a_layer_called_again_at_another_line_on_rows_of_the_same_data_is_a_snapshot(tmp_path):
    # `policy.forward` before the loop (line 15) and in it (line 28), on rows of `obs`: the KL
    # to the old policy compares the two, so the old one is detached, not recomputed.
    path = tmp_path / "kl.rs"
    path.write_text(KL)
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None and result.panic.label == "old_logits"
    explanation = explain_in_case(result, result.panic.node_id)
    assert explanation is not None
    assert next(f for f in explanation.fixes if f.applies).key == "detach once"


def test_the_field_that_carries_it_into_the_loop_is_named_and_the_run_keeps_its_words(tmp_path):
    # `behaviour` is `gather_batch`'s `let`, put in the `Batch` that `let batch` (line 40)
    # binds; the loop reads it as `batch.behaviour`: lint and the run name that field, and the
    # run's words still say which fix applies (detach once), its help on the let in the helper.
    from pbpit.diagnose.findings import diagnose_run
    from pbpit.lint.tree import lint_paths

    path = tmp_path / "ppo.rs"
    path.write_text(PPO)
    (finding,) = lint_paths([str(path)]).findings
    assert finding.name == "batch.behaviour"
    assert finding.message.startswith("`batch.behaviour` is a tracked tensor made before the loop")
    (error,) = diagnose_run(run_case(resolve_case(str(path)))).errors
    assert error.name == "batch.behaviour"
    assert error.helps[0].message.startswith("detach once: "), error.helps[0].message
