"""State a loop carries that lint's fix empties or detaches as code where `.detach()` on it
would not compile: the running sum of the losses an `Option` field keeps (`self.total =
Some(match self.total.take() { .. })`, a counter beside it), backpropagated by the loop or by a
method of its own and never reset; a `Vec` of tensors a method steps in place
(`for h in self.hidden.iter_mut() { *h = .. }`). The oracle is running the fixed program: it
runs to its end, and prints the gradients a fix written by hand prints (the reset after each
backward; a method detaching each element), each pass, digit for digit (`{:?}` of an f32 is
its shortest round trip, so equal text is equal bits)."""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import apply_edits, pbpit_run

from pbpit.lint.analysis import lint_source
from pbpit.rust.syntax import parse_bytes

LINT = Path(__file__).parent / "lint"

# Each program of tests/lint, the lines lint's fix adds, and the hand fix: (old, new) text.
CASES = {
    "accumulator_option_meter_reset_after_backward.rs": (
        ["            meter.total = None;", "            meter.batches = 0;"],
        (
            "            let grads = mean.backward();\n",
            "            let grads = mean.backward();\n"
            "            meter = Meter { total: None, batches: 0 };\n",
        ),
    ),
    "accumulator_option_reset_in_flush.rs": (
        ["        self.sum = None;", "        self.seen = 0;"],
        (
            "        w.grad(&grads).unwrap()\n",
            "        let g = w.grad(&grads).unwrap();\n"
            "        *self = Running { sum: None, seen: 0 };\n"
            "        g\n",
        ),
    ),
    # A method named `push` of the file's own type: not `Vec::push` (was: "empty
    # `running.sum`", whose `.clear()` an `Option` does not have).
    "accumulator_option_user_push.rs": (
        ["        self.sum = None;", "        self.seen = 0;"],
        (
            "        w.grad(&grads).unwrap()\n",
            "        let g = w.grad(&grads).unwrap();\n"
            "        *self = Running { sum: None, seen: 0 };\n"
            "        g\n",
        ),
    ),
    # A `Vec` has no `.detach()` and holds no `Some(..)`: each element detached in place (was:
    # "detach the tensor .. not the `Option`: `bank.hidden = Some(tensor.detach())`").
    "vec_stepped_in_place_by_iter_mut.rs": (
        ["        for t in bank.hidden.iter_mut() { *t = t.clone().detach(); }"],
        (
            "        let grads = bank.hidden[1].clone().sum().backward();\n"
            '        println!("step {} {:?}", t, w.grad(&grads).is_some());\n',
            "        let grads = bank.hidden[1].clone().sum().backward();\n"
            '        println!("step {} {:?}", t, '
            "w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());\n"
            "        for h in bank.hidden.iter_mut() {\n"
            "            *h = h.clone().detach();\n"
            "        }\n",
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_fix_lint_writes_runs_and_gives_the_hand_fixs_gradients(name, tmp_path):
    lines, (old, new) = CASES[name]
    path = LINT / name
    text = path.read_text()
    (finding,) = lint_source(parse_bytes(path.read_bytes(), str(path)))
    written = [h for h in finding.helps if h.edits]
    assert written, [h.message for h in finding.helps]
    fixed = apply_edits(text, written[0].edits)
    added = [line for line in fixed.splitlines() if line not in text.splitlines()]
    assert added == lines, added
    assert old in text
    hand = text.replace(old, new)
    if "is_some()" in old:  # the program prints whether; both print the gradient itself
        fixed = fixed.replace(old.splitlines()[1], new.splitlines()[1])
    (tmp_path / "fixed.rs").write_text(fixed)
    (tmp_path / "hand.rs").write_text(hand)
    ours = pbpit_run(tmp_path / "fixed.rs")
    theirs = pbpit_run(tmp_path / "hand.rs")
    assert ours[0] == 0 and theirs[0] == 0, (ours, theirs)
    assert ours[1] == theirs[1] and ours[1].count("\n") >= 2, (ours[1], theirs[1])


def test_minibatches_walked_every_epoch_are_not_said_to_panic_at_the_loops_2nd_backward():
    # Two minibatches a pass: the 2nd backward is the second batch's; slice 0 is reused by the
    # 3rd, which `pbpit run` counts (tests/lint/struct_batches_releaf_slices_every_epoch.rs).
    path = LINT / "struct_batches_releaf_slices_every_epoch.rs"
    (finding,) = lint_source(parse_bytes(path.read_bytes(), str(path)))
    assert finding.message.endswith("a later backward of the loop panics"), finding.message
