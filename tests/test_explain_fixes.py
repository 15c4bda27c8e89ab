"""explain, audit and lint on the realistic programs of tests/programs/ (issue 14, deliver 4),
as a new user read them: each line a note names says what it is, the edits explain writes
compile and run, a helper's results are named by the caller's bindings, whatever the pattern,
and a tensor is said to be made by the call that makes it in the caller.

Lines, names and ids expected here are read off the programs' source by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pbpit_process import apply_edits, pbpit_main, write_case

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import audit_report, explanation_diagnostic
from pbpit.errors import RustUnsupported
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

PROGRAMS = Path(__file__).parent / "programs"


def _run(path: Path):
    try:
        return run_case(resolve_case(str(path)))
    except RustUnsupported as refused:
        pytest.fail(f"{path.name} does not compile: {refused}")


# -- 1. "made outside the loop at line 62": 62 is the loop's line, the features are made at 59 ---


def test_the_cached_features_note_names_the_line_they_are_made_at_and_the_loops_line():
    out = pbpit_main("explain", str(PROGRAMS / "features_cached.rs")).stdout
    # features_cached.rs: `let features = ...` is line 59, `for epoch in 1..=3 {` line 62.
    assert "made at line 59, before the loop at line 62, and used in it" in out
    assert "outside the loop at line 62" not in out
    row = next(
        line
        for line in pbpit_main("run", str(PROGRAMS / "features_cached.rs")).stdout.splitlines()
        if line.startswith("  NodeId(7) `features`")
    )
    assert row.endswith(
        "hazard  made at line 59, before the loop at line 62, and used in it: its 2nd pass panics"
    )


# -- 3. a helper's results bound by a pattern: each element named by its own binding ------------

HEADS = """\
use burn::prelude::*;

STRUCT
fn heads(x: Tensor<1>, w: Tensor<1>) -> RETURNS {
    let first = (x.clone() * w.clone()).exp();
    let second = (x * w).tanh();
    BUILT
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let PATTERN = heads(x, w.clone());
    for step in 0..3 {
        let loss = (left.clone() * right.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: {:?}", w.grad(&grads).is_some());
    }
}
"""
STRUCT = "struct Heads {\n    first: Tensor<1>,\n    second: Tensor<1>,\n}\n"
PATTERNS = {
    "tuple": ("", "(Tensor<1>, Tensor<1>)", "(first, second)", "(left, right)"),
    "struct": (STRUCT, "Heads", "Heads { first, second }", "Heads { first: left, second: right }"),
    "array": ("", "[Tensor<1>; 2]", "[first, second]", "[left, right]"),
}


@pytest.mark.parametrize("kind", PATTERNS)
def test_each_element_of_a_destructured_result_is_named_by_its_own_binding(tmp_path, kind):
    struct, returns, built, pattern = PATTERNS[kind]
    text = (
        HEADS.replace("STRUCT\n", struct)
        .replace("RETURNS", returns)
        .replace("BUILT", built)
        .replace("PATTERN", pattern)
    )
    result = _run(write_case(tmp_path, text, "main.rs"))
    line = 13 + struct.count("\n")  # the caller's `let PATTERN = heads(..)`
    # Ids: w 0, x 1, mul 2, exp 3 (`first`), mul 4, tanh 5 (`second`).
    left, right = result.node(3), result.node(5)
    assert (left.label, left.line) == ("left", line)
    assert (right.label, right.line) == ("right", line)
    assert left.made_in == [("heads", 4 + struct.count("\n"))]
    assert result.panic is not None
    explanation = explain_in_case(result, result.panic.node_id)
    note = explanation_diagnostic(result, explanation)
    assert explanation.node.label in ("left", "right")
    assert f"`{explanation.node.label}`" in note.message and note.labels[0].line == line
    rows = {e.node_id: (e.label, e.line) for e in audit_report(result).entries}
    assert rows[5] == ("right", line)  # the row of the node the 2nd backward panics at


def test_the_two_heads_program_names_its_heads_by_mains_bindings(tmp_path):
    text = (PROGRAMS / "two_heads_slice.rs").read_text()
    renamed = text.replace("(policy, value) = model", "(pi, v) = model")
    renamed = renamed.replace("policy.dims(), value.dims()", "pi.dims(), v.dims()")
    renamed = renamed.replace("forward(policy, actions)", "forward(pi, actions)")
    renamed = renamed.replace("forward(value, returns", "forward(v, returns")
    result = _run(write_case(tmp_path, renamed, "main.rs"))
    # Ids (the program's header): 13 the policy's slice, 14 the value's; `let (..)` is line 55.
    assert [(result.node(i).label, result.node(i).line) for i in (13, 14)] == [
        ("pi", 55),
        ("v", 55),
    ]


# -- 2. explain's edit compiles where it is written: `value_loss` is only made at line 60 --------


def _explain_edits(path: Path):
    result = _run(path)
    assert result.panic is not None
    explanation = explain_in_case(result, result.panic.node_id)
    return explanation, [edit for fix in explanation.fixes for edit in fix.edits()]


def test_explains_added_losses_are_backpropagated_where_both_exist_and_the_program_runs(
    tmp_path,
):
    program = PROGRAMS / "two_heads_slice.rs"
    explanation, edits = _explain_edits(program)
    (fix,) = explanation.fixes
    assert fix.key == "add the losses" and edits
    patched = tmp_path / "main.rs"
    patched.write_text(apply_edits(program.read_text(), edits))
    lines = patched.read_text().splitlines()
    # Line 58's backward goes; the sum is backpropagated where `value_loss.backward()` was.
    assert "    let _policy_grads = policy_loss.backward();" not in lines
    assert "    let _value_grads = (policy_loss + value_loss).backward();" in lines
    run = pbpit_main("run", str(patched))
    assert run.returncode == 0, run.stdout + run.stderr
    assert "value backward done" in run.stdout and "panicked" not in run.stdout


def test_no_edit_is_written_where_the_first_gradients_are_used_before_the_second_loss():
    # shared_trunk_helper.rs: line 55 steps the optimizer with line 54's gradients, and
    # `loss_b` is only made at line 57: no edit of one or two lines compiles and keeps that.
    explanation, edits = _explain_edits(PROGRAMS / "shared_trunk_helper.rs")
    assert [fix.key for fix in explanation.fixes] == ["add the losses"] and edits == []
    out = pbpit_main("explain", str(PROGRAMS / "shared_trunk_helper.rs")).stdout
    assert "(loss_a + loss_b).backward();" not in out


# -- 4. made by the call in the caller; "whose parameters require grad" only of a module with some


def test_lint_names_the_helper_whose_call_makes_the_features():
    (finding,) = lint_paths([PROGRAMS / "shared_trunk_helper.rs"]).findings
    # Line 52: `let features = embed(&model, x);`; `embed` runs `model.gelu.forward(..)`.
    assert finding.labels[0].line == 52
    assert finding.labels[0].text == "`features` is made here, by `embed`"


def test_a_parameter_free_module_is_not_said_to_have_parameters(tmp_path):
    # The program with `embed` written in place: `Gelu` has no parameters, the `Linear` it is
    # given the output of has.
    text = (PROGRAMS / "shared_trunk_helper.rs").read_text()
    inlined = text.replace("embed(&model, x);", "model.gelu.forward(model.trunk.forward(x));")
    (finding,) = lint_paths([write_case(tmp_path, inlined, "main.rs")]).findings
    assert finding.labels[0].line == 52
    assert finding.labels[0].text == (
        "`features` is made here, by `model.trunk.forward`, whose parameters require grad"
    )
