"""`pbpit lint` across functions, methods, struct state, closures, collections and patterns.

Each program is short Burn code; the expected findings are derived by hand from Burn's
autodiff: `backward()` consumes the step of every tracked intermediate it reaches (the graph
tape), and a later backward that reaches one of those again panics.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit.lint.analysis import Program
from pbpit.lint.tree import lint_paths
from pbpit.rust.syntax import read_rust


def write(tmp_path: Path, *files: str) -> list[Path]:
    """The files, dedented, as `file0.rs`, `file1.rs`, ..."""
    paths = []
    for number, text in enumerate(files):
        path = tmp_path / f"file{number}.rs"
        path.write_text(textwrap.dedent(text))
        paths.append(path)
    return paths


def program(tmp_path: Path, *files: str) -> Program:
    """The files as one tree: what lint knows of its functions."""
    return Program([read_rust(path) for path in write(tmp_path, *files)])


def findings(tmp_path: Path, *files: str) -> list[tuple[str, int, str]]:
    """(file, line, rule) of each finding of the files, linted as one tree."""
    report = lint_paths(write(tmp_path, *files))
    assert not report.errors, report.errors
    return [(Path(f.path).name, f.primary.line, f.rule) for f in report.findings]


def lines(tmp_path: Path, *files: str) -> list[tuple[int, str]]:
    return [(line, rule) for _, line, rule in findings(tmp_path, *files)]


# -- a backward inside a helper


def test_helper_that_backpropagates_its_argument_in_a_loop(tmp_path):
    # Pass 2's call backpropagates through `feats` again: its step went with pass 1's backward.
    text = """\
    fn train_step<B: AutodiffBackend>(head: &Head<B>, feats: Tensor<B, 2>) {
        let loss = head.forward(feats).mean();
        let _grads = loss.backward();
    }

    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            train_step(&head, feats.clone());
        }
    }
    """
    assert lines(tmp_path, text) == [(7, "loop-external-tracked")]


def test_helper_that_backpropagates_is_silent_when_the_input_is_recomputed(tmp_path):
    text = """\
    fn train_step<B: AutodiffBackend>(head: &Head<B>, feats: Tensor<B, 2>) {
        let loss = head.forward(feats).mean();
        let _grads = loss.backward();
    }

    fn main() {
        for _ in 0..10 {
            let feats = encoder.forward(x.clone());
            train_step(&head, feats);
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_the_same_loss_given_twice_to_a_backward_helper(tmp_path):
    text = """\
    fn backward_d<B: AutodiffBackend>(loss: Tensor<B, 1>) {
        let grads = loss.backward();
        println!("{:?}", grads);
    }

    fn main() {
        let loss = disc.forward(real.clone()).mean();
        backward_d(loss.clone());
        backward_d(loss);
    }
    """
    found = findings(tmp_path, text)
    assert [(line, rule) for _, line, rule in found] == [(9, "double-backward")]


def test_a_shared_intermediate_given_to_a_helper_in_another_file(tmp_path):
    # Both losses reach `feats`; the helper, in another file, backpropagates each in turn.
    helper = """\
    pub fn update_parameters<B: AutodiffBackend>(loss: Tensor<B, 1>, lr: f64) {
        let grads = loss.backward();
        let _ = (grads, lr);
    }
    """
    main = """\
    fn main() {
        let feats = trunk.forward(x);
        let policy_loss = policy.forward(feats.clone()).mean();
        let value_loss = value.forward(feats).mean();
        update_parameters(policy_loss, 1e-3);
        update_parameters(value_loss, 1e-3);
    }
    """
    assert findings(tmp_path, helper, main) == [("file1.rs", 2, "shared-intermediate")]


def test_the_helpers_backward_is_named_in_the_diagnostic(tmp_path):
    text = """\
    fn update_parameters<B: AutodiffBackend>(loss: Tensor<B, 1>) {
        let _grads = loss.backward();
    }

    fn main() {
        let loss = model.forward(x).mean();
        update_parameters(loss.clone());
        update_parameters(loss);
    }
    """
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(text))
    [finding] = lint_paths([path]).findings
    # The panic is in the 2nd call (line 8); the 1st call (line 7) is the backward that
    # consumed the graph: both are the user's lines, not the helper's `.backward()`.
    assert finding.rule == "double-backward"
    assert finding.primary.line == 8
    assert {label.line for label in finding.labels} >= {7, 8}
    assert 2 not in {label.line for label in finding.labels}


def test_a_method_helper_through_self(tmp_path):
    text = """\
    impl<B: AutodiffBackend> Trainer<B> {
        fn learn(&mut self, loss: Tensor<B, 1>) {
            let grads = loss.backward();
            self.apply(grads);
        }

        fn fit(&mut self, x: Tensor<B, 2>) {
            let feats = self.model.forward(x);
            for _ in 0..3 {
                self.learn(feats.clone().sum());
            }
        }
    }
    """
    assert lines(tmp_path, text) == [(8, "loop-external-tracked")]


def test_recursion_among_helpers_ends(tmp_path):
    text = """\
    fn ping<B: AutodiffBackend>(loss: Tensor<B, 1>, n: usize) {
        if n == 0 { let _g = loss.backward(); } else { pong(loss, n - 1); }
    }

    fn pong<B: AutodiffBackend>(loss: Tensor<B, 1>, n: usize) {
        ping(loss, n)
    }

    fn main() {
        let loss = model.forward(x).mean();
        ping(loss, 3);
    }
    """
    assert lines(tmp_path, text) == []


# -- what a helper returns


def test_a_helper_that_detaches_returns_data(tmp_path):
    # The truncated-BPTT fix written as a helper: the carried state is data every pass.
    text = """\
    fn cut<B: Backend>(s: Tensor<B, 2>) -> Tensor<B, 2> {
        s.detach()
    }

    fn main() {
        let mut state = Tensor::zeros([1, 8], &device);
        for _ in 0..10 {
            let out = cell.forward(x.clone(), state);
            let loss = out.clone().mean();
            let _g = loss.backward();
            state = cut(out);
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_a_helper_that_passes_its_argument_through_keeps_it_tracked(tmp_path):
    text = """\
    fn keep<B: Backend>(s: Tensor<B, 2>) -> Tensor<B, 2> {
        s.clone()
    }

    fn main() {
        let mut state = Tensor::zeros([1, 8], &device);
        for _ in 0..10 {
            let out = cell.forward(x.clone(), state);
            let loss = out.clone().mean();
            let _g = loss.backward();
            state = keep(out);
        }
    }
    """
    assert lines(tmp_path, text) == [(8, "loop-external-tracked")]


def test_separate_networks_returned_as_a_tuple_are_independent(tmp_path):
    text = """\
    fn compute<B: AutodiffBackend>(
        actor: &Actor<B>, critic: &Critic<B>, states: Tensor<B, 2>,
    ) -> (Tensor<B, 1>, Tensor<B, 1>) {
        let actor_loss = actor.forward(states.clone()).mean();
        let critic_loss = critic.forward(states).mean();
        (actor_loss, critic_loss)
    }

    fn main() {
        let (actor_loss, critic_loss) = compute(&actor, &critic, batch.states);
        let _ga = actor_loss.backward();
        let _gc = critic_loss.backward();
    }
    """
    assert lines(tmp_path, text) == []


def test_parts_of_a_tuple_from_one_trunk_still_share_it(tmp_path):
    text = """\
    fn compute<B: AutodiffBackend>(
        trunk: &Trunk<B>, states: Tensor<B, 2>,
    ) -> (Tensor<B, 1>, Tensor<B, 1>) {
        let h = trunk.forward(states);
        (h.clone().mean(), h.sum())
    }

    fn main() {
        let (actor_loss, critic_loss) = compute(&trunk, batch.states);
        let _ga = actor_loss.backward();
        let _gc = critic_loss.backward();
    }
    """
    assert [rule for _, rule in lines(tmp_path, text)] == ["shared-intermediate"]


def test_independent_graphs_in_a_vec_destructured_as_a_slice(tmp_path):
    # Burn's own all_reduce test: each output is its own graph.
    text = """\
    fn compute_all_reduce(tensors: Vec<Tensor<1>>, devices: Vec<Device>) -> Vec<Tensor<1>> {
        let mut out = vec![];
        for tensor in tensors.clone() {
            let out_tensor = all_reduce(tensor, devices.clone());
            let out_tensor = out_tensor.resolve();
            out.push(out_tensor);
        }
        out
    }

    fn main() {
        let in_0 = TestTensor::<1>::from_data([2.0, 5.0], &device).require_grad();
        let in_1 = TestTensor::<1>::from_data([4.0, 1.0], &device).require_grad();
        let [out_0, out_1] = &compute_all_reduce(vec![in_0.clone(), in_1.clone()], devices)[..]
        else {
            panic!("should have 2 tensors")
        };
        let out_1 = out_1.clone().mul_scalar(4.0);
        let grads_0 = out_0.backward();
        let grads_1 = out_1.backward();
    }
    """
    assert lines(tmp_path, text) == []


def test_a_module_method_other_than_forward_is_tracked(tmp_path):
    text = """\
    struct Model<B: Backend> {
        encoder: Linear<B>,
    }

    impl<B: Backend> Model<B> {
        fn encode(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
            self.encoder.forward(x)
        }
    }

    fn main() {
        let model = Model::new(&device);
        let code = model.encode(x.clone());
        for _ in 0..3 {
            let _g = code.clone().sum().backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(13, "loop-external-tracked")]


def test_a_parameter_free_forward_of_the_program_is_not_tracked(tmp_path):
    text = """\
    struct Normalizer<B: Backend> {
        mean: Tensor<B, 1>,
        std: Tensor<B, 1>,
    }

    impl<B: Backend> Normalizer<B> {
        fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
            (x - self.mean.clone().unsqueeze()) / self.std.clone().unsqueeze()
        }
    }

    fn main() {
        let norm = Normalizer::new(&device);
        let inputs = norm.forward(raw.clone());
        for _ in 0..3 {
            let _g = model.forward(inputs.clone()).sum().backward();
        }
    }
    """
    assert lines(tmp_path, text) == []


# -- state in struct fields


RNN = """\
struct Rnn<B: Backend> {
    cell: Linear<B>,
    hidden: Tensor<B, 2>,
}

impl<B: Backend> Rnn<B> {
    fn step(&mut self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let h = self.cell.forward(x).add(self.hidden.clone()).tanh();
        self.hidden = {KEPT};
        h
    }
}

fn main() {
    let mut rnn = Rnn::new(&device);
    for x in batches {
        let out = rnn.step(x);
        let _g = out.sum().backward();
    }
}
"""


def test_hidden_state_kept_in_a_field_across_passes(tmp_path):
    # Pass 2 adds `self.hidden` (pass 1's `h`, consumed) into the new graph.
    found = lines(tmp_path, RNN.replace("{KEPT}", "h.clone()"))
    assert [rule for _, rule in found] == ["loop-external-tracked"]


def test_hidden_state_detached_in_its_field_is_silent(tmp_path):
    assert lines(tmp_path, RNN.replace("{KEPT}", "h.clone().detach()")) == []


def test_log_probabilities_pushed_into_a_field_and_never_cleared(tmp_path):
    text = """\
    impl<B: AutodiffBackend> Agent<B> {
        fn act(&mut self, state: Tensor<B, 2>) {
            let log_prob = self.policy.forward(state).log();
            self.log_probs.push(log_prob);
        }

        fn learn(&mut self) {
            let loss = Tensor::cat(self.log_probs.clone(), 0).sum().neg();
            let _g = loss.backward();
            {CLEAR}
        }
    }

    fn main() {
        let mut agent = Agent::new(&device);
        for episode in 0..100 {
            agent.act(observe());
            agent.learn();
        }
    }
    """
    assert [r for _, r in lines(tmp_path, text.replace("{CLEAR}", ""))] == ["loop-external-tracked"]
    assert lines(tmp_path, text.replace("{CLEAR}", "self.log_probs.clear();")) == []


# -- closures


def test_a_closure_capturing_cached_features_called_in_the_loop(tmp_path):
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        let head = |w: Tensor<B, 2>| feats.clone().matmul(w);
        for _ in 0..5 {
            let _g = head(weights.val()).sum().backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]


def test_a_closure_computing_afresh_each_call_is_silent(tmp_path):
    text = """\
    fn main() {
        let head = |w: Tensor<B, 2>| encoder.forward(x.clone()).matmul(w);
        for _ in 0..5 {
            let _g = head(weights.val()).sum().backward();
        }
    }
    """
    assert lines(tmp_path, text) == []


# -- collections of losses


def test_chunk_losses_of_one_forward_iterated_with_for(tmp_path):
    text = """\
    fn main() {
        let out = model.forward(x);
        let losses = out.chunk(4, 0);
        for loss in losses {
            let _g = loss.sum().backward();
        }
    }
    """
    # The chunks' losses share the one forward (as `pbpit run` says of it): each pass takes
    # another part of `out`, not `out` whole.
    assert [rule for _, rule in lines(tmp_path, text)] == ["shared-intermediate"]


def test_losses_of_separate_forwards_pushed_and_iterated_are_silent(tmp_path):
    text = """\
    fn main() {
        let mut losses = Vec::new();
        for batch in batches {
            let loss = model.forward(batch).mean();
            losses.push(loss);
        }
        for loss in losses {
            let _g = loss.backward();
        }
    }
    """
    assert lines(tmp_path, text) == []


# -- patterns


def test_a_shorthand_struct_pattern_keeps_every_field_tracked(tmp_path):
    text = """\
    fn main() {
        let Out { adv_loss, rec_loss, .. } = model.forward_gen(z);
        let _g1 = adv_loss.backward();
        let _g2 = rec_loss.backward();
    }
    """
    assert [rule for _, rule in lines(tmp_path, text)] == ["shared-intermediate"]


def test_one_shorthand_field_among_explicit_ones(tmp_path):
    text = """\
    fn main() {
        let Out { adv_loss: adv, rec_loss } = model.forward_gen(z);
        let _g1 = adv.backward();
        let _g2 = rec_loss.backward();
    }
    """
    assert [rule for _, rule in lines(tmp_path, text)] == ["shared-intermediate"]


def test_a_reference_pattern_destructures_its_tuple(tmp_path):
    text = """\
    fn main() {
        let feats = model.forward(x);
        let pair = (feats.clone().sum(), (feats * 2.0).sum());
        let &(ref a, ref b) = &pair;
        let _g1 = a.clone().backward();
        let _g2 = b.clone().backward();
    }
    """
    assert [rule for _, rule in lines(tmp_path, text)] == ["shared-intermediate"]


# -- a branch that runs in the first pass only


def test_a_first_pass_flag_flipped_in_its_branch(tmp_path):
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        let mut initialized = false;
        for _ in 0..10 {
            if !initialized {
                let _g = feats.clone().sum().backward();
                initialized = true;
            }
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_a_flag_that_is_never_flipped_runs_every_pass(tmp_path):
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        let first = true;
        for _ in 0..10 {
            if first {
                let _g = feats.clone().sum().backward();
            }
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]


# -- the shapes around real code: module paths, optimizers, parameters, destructured results


def named(tmp_path: Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    """(file, line, rule) of each finding of files named as given (`src/train.rs`), one tree."""
    paths = []
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
        paths.append(path)
    report = lint_paths(paths)
    assert not report.errors, report.errors
    return [(Path(f.path).name, f.primary.line, f.rule) for f in report.findings]


_STEP = """\
pub fn step<B: AutodiffBackend>(head: &Head<B>, feats: Tensor<B, 2>) {
    let _grads = head.forward(feats).mean().backward();
}
"""
_NO_BACKWARD = """\
pub fn step<B: AutodiffBackend>(head: &Head<B>, feats: Tensor<B, 2>) -> Tensor<B, 2> {
    head.forward(feats)
}
"""


def _caller(call: str) -> str:
    # `feats` is made once, before the loop: pass 2's backward through it panics.
    return f"""\
    mod train;
    fn main() {{
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {{
            {call}(&head, feats.clone());
        }}
    }}
    """


def test_a_module_path_call_reaches_the_function_of_another_file(tmp_path):
    for call in ("train::step", "crate::train::step", "self::train::step"):
        files = {"src/main.rs": _caller(call), "src/train.rs": _STEP}
        found = named(tmp_path / call.replace(":", "_"), files)
        assert found == [("main.rs", 3, "loop-external-tracked")], call


def test_a_module_path_call_takes_the_function_of_the_file_it_names(tmp_path):
    # Two files define `step`: `train::step` is train.rs's, which backpropagates; `eval::step`
    # is eval.rs's, which does not.
    trained = {"src/main.rs": _caller("train::step"), "src/train.rs": _STEP}
    trained["src/eval.rs"] = _NO_BACKWARD
    assert named(tmp_path / "a", trained) == [("main.rs", 3, "loop-external-tracked")]
    evaluated = {"src/main.rs": _caller("eval::step"), "src/train.rs": _STEP}
    evaluated["src/eval.rs"] = _NO_BACKWARD
    assert named(tmp_path / "b", evaluated) == []


def test_a_path_of_another_crate_is_not_the_tree_function_of_that_name(tmp_path):
    # `other::step` names no module of the tree: a crate's function, which runs no backward.
    files = {"src/main.rs": _caller("other::step"), "src/train.rs": _STEP}
    assert named(tmp_path, files) == []


def test_an_optimizer_step_returns_the_module_not_tracked_state(tmp_path):
    # `Optimizer::step(lr, module, grads)` returns the module with new parameters (leaves):
    # the field it is assigned to carries nothing tracked into the next pass.
    text = """\
    impl<B: AutodiffBackend> Agent<B> {
        pub fn update(&mut self, loss: Tensor<B, 1>) {
            let grads = GradientsParams::from_grads(loss.backward(), &self.policy);
            self.policy = self.optimizer.step(3e-4, self.policy.clone(), grads);
        }
    }

    pub fn learn<B: AutodiffBackend>(agent: &mut Agent<B>, batches: Vec<Tensor<B, 2>>) {
        for x in batches {
            let loss = agent.policy.forward(x).mean();
            agent.update(loss);
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_module_methods_return_modules(tmp_path):
    # `fork`, `load_record`, `Module::map(&mut mapper)` and `to_device` of a module field
    # return the module: its forward is fresh each pass.
    text = """\
    pub struct Trainer<B: AutodiffBackend> {
        model: Model<B>,
    }

    impl<B: AutodiffBackend> Trainer<B> {
        pub fn sync(&mut self, device: &B::Device, record: Record<B>) {
            self.model = self.model.clone().fork(device);
            self.model = self.model.clone().load_record(record);
            self.model = self.model.clone().map(&mut Clipper);
            self.model = self.model.clone().to_device(device);
        }
    }

    pub fn fit<B: AutodiffBackend>(trainer: &mut Trainer<B>, x: Tensor<B, 2>, device: &B::Device) {
        for _ in 0..10 {
            trainer.sync(device, load());
            let _grads = trainer.model.forward(x.clone()).mean().backward();
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_a_tensor_moved_to_a_device_stays_tracked(tmp_path):
    # `to_device` of a tensor is an op of the graph: the moved tensor made before the loop is
    # still the tensor whose step pass 1 consumes.
    text = """\
    fn main() {
        let h = encoder.forward(x).to_device(&device);
        for _ in 0..3 {
            let _grads = head.forward(h.clone()).mean().backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]


def test_a_forward_without_input_is_a_parameter(tmp_path):
    # `temperature.forward()` returns `self.log_alpha.val()`: a leaf, reusable by any number
    # of backwards; `alpha` made from it is an intermediate, consumed once.
    silent = """\
    fn train<B: AutodiffBackend>(nets: Nets<B>, x: Tensor<B, 1>) {
        let log_alpha = nets.temperature.forward();
        let alpha = log_alpha.clone().exp();
        let _g1 = (alpha * x.clone()).sum().backward();
        let _g2 = (log_alpha * x).sum().backward();
    }
    """
    (tmp_path / "a").mkdir()
    assert lines(tmp_path / "a", silent) == []
    shared = """\
    fn train<B: AutodiffBackend>(nets: Nets<B>, x: Tensor<B, 1>) {
        let alpha = nets.temperature.forward().exp();
        let _g1 = (alpha.clone() * x.clone()).sum().backward();
        let _g2 = (alpha * x).sum().backward();
    }
    """
    (tmp_path / "b").mkdir()
    assert lines(tmp_path / "b", shared) == [(2, "shared-intermediate")]


def test_results_of_a_crate_function_destructured_share_what_they_are_made_from(tmp_path):
    # `all_reduce` is not the tree's: its two results share only what they are made from.
    # From two leaves, nothing is shared; from one intermediate `h`, `h` is.
    leaves = """\
    fn main() {
        let x0 = Tensor::<B, 1>::from_data([2.0, 5.0], &device).require_grad();
        let x1 = Tensor::<B, 1>::from_data([4.0, 1.0], &device).require_grad();
        let [a, b] = &all_reduce(vec![x0.clone(), x1.clone()])[..] else { panic!() };
        let _g0 = a.backward();
        let _g1 = b.clone().mul_scalar(4.0).backward();
    }
    """
    (tmp_path / "a").mkdir()
    assert lines(tmp_path / "a", leaves) == []
    through = """\
    fn main() {
        let x = Tensor::<B, 1>::from_data([2.0, 5.0], &device).require_grad();
        let h = x.exp();
        let (a, b) = split_two(h.clone());
        let _g0 = a.sum().backward();
        let _g1 = b.sum().backward();
    }
    """
    (tmp_path / "b").mkdir()
    assert lines(tmp_path / "b", through) == [(3, "shared-intermediate")]


def test_results_of_a_module_forward_destructured_share_its_steps(tmp_path):
    # An LSTM's output and state come out of one forward: its steps are in both.
    text = """\
    fn main() {
        let (out, state) = lstm.forward(x, None);
        let _g0 = out.sum().backward();
        let _g1 = state.hidden.sum().backward();
    }
    """
    assert lines(tmp_path, text) == [(2, "shared-intermediate")]


def test_a_tree_function_collecting_per_input_results_shares_none_of_its_own(tmp_path):
    # Each result is made from every input apart (`device()` is a read, not a tensor):
    # destructured, the results share only the leaves they come from.
    text = """\
    fn reduce(inputs: Vec<Tensor<B, 1>>) -> Vec<Tensor<B, 1>> {
        let devices: Vec<_> = inputs.iter().map(|t| t.device()).collect();
        devices
            .iter()
            .map(|d| inputs.iter().fold(Tensor::zeros([2], d), |acc, t| acc + t.clone()))
            .collect()
    }

    fn main() {
        let x0 = Tensor::<B, 1>::from_data([2.0, 5.0], &device).require_grad();
        let x1 = Tensor::<B, 1>::from_data([4.0, 1.0], &device).require_grad();
        let [a, b] = &reduce(vec![x0.clone(), x1.clone()])[..] else { panic!() };
        let _g0 = a.backward();
        let _g1 = b.backward();
    }
    """
    assert lines(tmp_path, text) == []


def test_a_helper_that_backpropagates_two_fields_of_what_it_is_given(tmp_path):
    # `losses()` makes both losses through one `features`; `update` backpropagates one field,
    # then the other: the second backward needs `features`'s step again.
    text = """\
    impl<B: AutodiffBackend> ActorCritic<B> {
        pub fn losses(&self, obs: Tensor<B, 2>) -> Losses<B> {
            let features = self.trunk.forward(obs);
            Losses {
                policy: self.policy.forward(features.clone()).mean(),
                value: self.value.forward(features).mean(),
            }
        }

        pub fn update(&mut self, losses: Losses<B>) {
            let _g = losses.policy.backward();
            let _g = losses.value.backward();
        }
    }

    fn learn<B: AutodiffBackend>(module: &mut ActorCritic<B>, batches: Vec<Tensor<B, 2>>) {
        for obs in batches {
            let losses = module.losses(obs);
            module.update(losses);
        }
    }
    """
    assert lines(tmp_path, text) == [(3, "shared-intermediate")]


def test_a_helper_that_backpropagates_two_fields_of_separate_networks_is_silent(tmp_path):
    # The policy and the value come from separate networks on data: nothing is shared.
    text = """\
    impl<B: AutodiffBackend> Split<B> {
        pub fn losses(&self, obs: Tensor<B, 2>) -> Losses<B> {
            Losses {
                policy: self.policy.forward(obs.clone()).mean(),
                value: self.value.forward(obs).mean(),
            }
        }

        pub fn update(&mut self, losses: Losses<B>) {
            let _g = losses.policy.backward();
            let _g = losses.value.backward();
        }
    }

    fn learn<B: AutodiffBackend>(module: &mut Split<B>, batches: Vec<Tensor<B, 2>>) {
        for obs in batches {
            let losses = module.losses(obs);
            module.update(losses);
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_a_module_built_by_a_config_of_numbers_holds_leaves(tmp_path):
    # `init` makes parameters (`Param::from_tensor`: leaves) from numbers of the config: two
    # runs backpropagating through the same model reuse leaves only.
    text = """\
    pub struct NetConfig {
        pub width: usize,
        pub scale: f64,
    }

    impl NetConfig {
        pub fn init(&self, device: &Device) -> Net {
            let w = Tensor::<2>::arange(0..self.width as i64, device).float() * self.scale;
            Net { w: Param::from_tensor(w.log()) }
        }
    }

    fn run(model: &Net, x: Tensor<2>) {
        let _g = model.forward(x).sum().backward();
    }

    #[test]
    fn twice() {
        let model = NetConfig { width: 4, scale: 0.5 }.init(&device);
        run(&model, x.clone());
        run(&model, x);
    }
    """
    assert lines(tmp_path, text) == []


# -- which calls of a helper's name can be calls of a helper, and readings that need none


def test_a_helper_that_runs_two_backwards_called_once_outside_any_loop(tmp_path):
    # One call, in no loop, is still two backwards: `update` backpropagates both losses it is
    # given, and they share `features`.
    text = """\
    fn update<B: AutodiffBackend>(policy: Tensor<B, 1>, value: Tensor<B, 1>) {
        let _g = policy.backward();
        let _g = value.backward();
    }

    fn learn_once<B: AutodiffBackend>(model: &Model<B>, obs: Tensor<B, 2>) {
        let features = model.trunk.forward(obs);
        let policy = model.policy.forward(features.clone()).mean();
        let value = model.value.forward(features).mean();
        update(policy, value);
    }
    """
    assert lines(tmp_path, text) == [(7, "shared-intermediate")]


def test_a_method_helper_called_by_its_type_path(tmp_path):
    # `Trainer::step(&mut trainer, ..)` is the method `step` of `Trainer`, as `trainer.step(..)`.
    text = """\
    struct Trainer {}

    impl Trainer {
        fn step<B: AutodiffBackend>(&mut self, loss: Tensor<B, 1>) {
            let _g = loss.backward();
        }
    }

    fn train<B: AutodiffBackend>(trainer: &mut Trainer, model: &Model<B>, x: Tensor<B, 2>) {
        let loss = model.forward(x).mean();
        Trainer::step(trainer, loss.clone());
        Trainer::step(trainer, loss);
    }
    """
    assert lines(tmp_path, text) == [(12, "double-backward")]


def test_a_free_helper_called_by_a_module_path(tmp_path):
    text = """\
    fn update<B: AutodiffBackend>(loss: Tensor<B, 1>) {
        let _g = loss.backward();
    }

    fn train<B: AutodiffBackend>(model: &Model<B>, x: Tensor<B, 2>) {
        let loss = model.forward(x).mean();
        self::update(loss.clone());
        crate::update(loss);
    }
    """
    assert lines(tmp_path, text) == [(8, "double-backward")]


def test_a_method_of_another_type_named_as_a_free_helper_is_no_call_of_it(tmp_path):
    # `update` the free function runs a backward; `Schedule::update()` and `sched.update()` are
    # other functions: the one loss is backpropagated once.
    text = """\
    fn update<B: AutodiffBackend>(loss: Tensor<B, 1>) {
        let _g = loss.backward();
    }

    fn train<B: AutodiffBackend>(model: &Model<B>, sched: &mut Schedule, x: Tensor<B, 2>) {
        let loss = model.forward(x).mean();
        Schedule::update();
        sched.update(loss.clone());
        update(loss);
    }
    """
    assert lines(tmp_path, text) == []


def test_require_grad_on_an_intermediate_after_the_one_backward(tmp_path):
    # One backward cannot meet another; the call a rule asked to see after it is still read.
    text = """\
    fn probe<B: AutodiffBackend>(x: Tensor<B, 2>) {
        let w = x.require_grad();
        let loss = w.clone().exp().sum();
        let _grads = loss.backward();
        let h = w.exp().require_grad();
    }
    """
    assert lines(tmp_path, text) == [(5, "require-grad-non-leaf")]


def test_a_helper_that_backpropagates_its_parameter_twice(tmp_path):
    # Burn panics at the helper's second backward: the first consumed the graph of the loss the
    # caller gave it. The finding is at the call, which runs both.
    text = """\
    fn update<B: AutodiffBackend>(loss: Tensor<B, 1>) {
        let _g = loss.clone().backward();
        let _g = loss.backward();
    }

    fn train_once<B: AutodiffBackend>(model: &Model<B>, x: Tensor<B, 2>) {
        let loss = model.forward(x).mean();
        update(loss);
    }
    """
    assert lines(tmp_path, text) == [(8, "double-backward")]


def test_a_helper_with_a_backward_in_each_arm_runs_one(tmp_path):
    text = """\
    fn update<B: AutodiffBackend>(loss: Tensor<B, 1>, first: bool) {
        if first {
            let _g = loss.backward();
        } else {
            let _g = loss.backward();
        }
    }

    fn train_once<B: AutodiffBackend>(model: &Model<B>, x: Tensor<B, 2>) {
        let loss = model.forward(x).mean();
        update(loss, true);
    }
    """
    assert lines(tmp_path, text) == []


# Two types with a method `learn`: only `Agent`'s backpropagates what it is given. A call
# `x.learn(..)` reaches it only where the reading knows `x` is an `Agent`.
TWO_LEARNERS = """\
struct Agent {}
struct Logger {}

impl Agent {
    fn learn<B: AutodiffBackend>(&mut self, loss: Tensor<B, 1>) {
        let _g = loss.backward();
    }
}

impl Logger {
    fn learn<B: AutodiffBackend>(&mut self, loss: Tensor<B, 1>) {
        self.last = loss.into_scalar();
    }
}
"""


def _helper_reasons(tmp_path: Path, *files: str) -> list[list[tuple[int, int]]]:
    """Where each of the files (after TWO_LEARNERS, linted as one tree) calls a helper."""
    tree = program(tmp_path, TWO_LEARNERS, *files)
    assert "learn" in tree.helper_names
    return [tree.reasons(source) for source in tree.sources[1:]]


def test_a_method_call_on_a_receiver_of_no_helper_type_is_no_reason_to_read(tmp_path):
    # `learner` is a generic: its `learn` is neither `Agent::learn` nor the one `learn` of the
    # tree, so the function is not read (nor summarised) for it.
    text = """\
    fn fit<L: Learner, B: AutodiffBackend>(learner: &mut L, loss: Tensor<B, 1>) {
        learner.learn(loss.clone());
        learner.learn(loss);
    }
    """
    assert _helper_reasons(tmp_path, text) == [[]]
    assert findings(tmp_path, TWO_LEARNERS, text) == []


def test_a_method_call_on_a_receiver_the_reading_types_is_a_call_of_the_helper(tmp_path):
    # Each file names no `Agent` but the one with the field: the field's type says it.
    by_let = """\
    fn fit<B: AutodiffBackend>(model: &Model<B>, x: Tensor<B, 2>) {
        let mut agent = Agent::new();
        let loss = model.forward(x).mean();
        agent.learn(loss.clone());
        agent.learn(loss);
    }
    """
    by_field = """\
    struct Runner {
        agent: Agent,
    }
    """
    through_field = """\
    fn fit<B: AutodiffBackend>(runner: &mut Runner, model: &Model<B>, x: Tensor<B, 2>) {
        let loss = model.forward(x).mean();
        runner.agent.learn(loss.clone());
        runner.agent.learn(loss);
    }
    """
    by_self = """\
    impl Agent {
        fn fit<B: AutodiffBackend>(&mut self, model: &Model<B>, x: Tensor<B, 2>) {
            let loss = model.forward(x).mean();
            self.learn(loss.clone());
            self.learn(loss);
        }
    }
    """
    reasons = _helper_reasons(tmp_path, by_let, by_field, through_field, by_self)
    assert [len(found) for found in reasons] == [2, 0, 2, 2]
    found = findings(tmp_path, TWO_LEARNERS, by_let, by_field, through_field, by_self)
    assert [(file, line) for file, line, _ in found] == [
        ("file1.rs", 5),
        ("file3.rs", 4),
        ("file4.rs", 5),
    ]


def test_a_training_function_given_a_config_and_a_device_backpropagates_nothing_of_its_caller(
    tmp_path,
):
    # Its model and its batches are made from the config, on the device: tensors of its own,
    # not ones it is given. It is no helper, so its calls are no reason to read their callers.
    text = """\
    pub fn train<B: AutodiffBackend>(dir: &str, config: TrainingConfig, device: B::Device) {
        let (generator, mut critic) = config.model.init::<B>(&device);
        let mut optim = config.optimizer.init();
        let loader = DataLoaderBuilder::new(MnistBatcher::default())
            .batch_size(config.batch_size)
            .build(MnistDataset::train());
        for batch in loader.iter() {
            let loss = critic.forward(batch.images).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &critic);
            critic = optim.step(config.lr, critic, grads);
        }
    }

    fn main() {
        train::<Autodiff<NdArray>>("/tmp/a", TrainingConfig::new(), Default::default());
    }
    """
    tree = program(tmp_path, text)
    assert tree.helper_names == frozenset()
    # Nor is it read for its summary in the search for helpers: none of what it takes is one.
    assert tree.free["train"][0].summaries == {}
    source = tree.sources[0]
    assert [source.data[at:end] for at, end in tree.reasons(source)] == [b"backward"]


def test_a_function_given_a_device_and_a_tensor_backpropagates_the_tensor(tmp_path):
    text = """\
    fn update<B: AutodiffBackend>(devices: &[B::Device], loss: Tensor<B, 1>) {
        let _g = loss.backward();
        println!("on {} devices", devices.len());
    }

    fn main() {
        let loss = model.forward(x).mean();
        update(&devices, loss.clone());
        update(&devices, loss);
    }
    """
    assert program(tmp_path, text).helper_names == {"update"}
    assert lines(tmp_path, text) == [(9, "double-backward")]
