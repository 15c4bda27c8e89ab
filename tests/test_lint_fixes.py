"""Every fix pbpit suggests works when applied.

`tests/lint/fixes/` holds runnable buggy programs, each `NAME.rs` marking its findings with
`//~ WARN rule` (as `tests/lint/*.rs` do), beside the fixes a Burn user writes by hand:
`NAME.fixed.rs` (the fix that keeps what the program computes) and `NAME.*.fixed.rs` (the other
right fixes: a detached cache, a GAN's detached step...). Each help edit lint gives (and the
dynamic diagnosis of `pbpit run` gives) is applied on its own, and every machine-applicable one
together: the program must then run to its end, lose that finding, and print what one of the
hand-written fixes prints (the gradients).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pbpit_process import apply_edits, pbpit_main

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnostics.model import APPLICABILITIES, Diagnostic, Edit, Help
from pbpit.errors import RustUnsupported
from pbpit.lint.rules import RULES
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case
from pbpit.rust.syntax import parse_bytes

FIXES = Path(__file__).parent / "lint" / "fixes"
PROGRAMS = sorted(p for p in FIXES.glob("*.rs") if not p.name.endswith(".fixed.rs"))
ANNOTATION = re.compile(r"//~(\^*)\s*WARN\s+([\w-]+)")
IDS = [p.stem for p in PROGRAMS]


def annotated(path: Path) -> set[tuple[int, str]]:
    expected = set()
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        for carets, rule in ANNOTATION.findall(line):
            expected.add((number - len(carets), rule))
    return expected


def references(program: Path) -> list[Path]:
    """`NAME.fixed.rs` first, then the other hand-written fixes."""
    stem = program.stem
    return [FIXES / f"{stem}.fixed.rs", *sorted(FIXES.glob(f"{stem}.*.fixed.rs"))]


def lint(path: Path) -> list[Diagnostic]:
    report = lint_paths([path])
    assert not report.errors, report.errors
    return report.findings


def run(path: Path):
    """The program run by pbpit's Rust interpreter; a program rustc rejects fails the test."""
    try:
        return run_case(resolve_case(str(path)))
    except RustUnsupported as refused:
        pytest.fail(f"{path.name} does not compile as patched: {refused}")


def outputs(program: Path) -> dict[str, str]:
    """What each hand-written fix prints, by file name; each runs clean and lints clean."""
    printed = {}
    for reference in references(program):
        result = run(reference)
        assert result.exit_code == 0 and result.panic is None, (reference.name, result.stderr)
        assert lint(reference) == [], reference.name
        printed[reference.name] = result.stdout
    return printed


def overlap(edits: list[Edit]) -> bool:
    """Whether two edits touch the same text (two insertions at one point count), as rustfix
    refuses."""
    spans = sorted(((e.line, e.column), (e.end_line, e.end_column)) for e in edits)
    pairs = zip(spans, spans[1:], strict=False)
    return any(after[0] < before[1] or after[0] == before[0] for before, after in pairs)


def check_patched(program: Path, tmp_path: Path, edits: list[Edit], rule: str, what: str) -> str:
    """Apply `edits` to `program`; the result runs to its end with no finding of `rule`.
    Returns what it prints."""
    assert not overlap(edits), (what, edits)
    patched = tmp_path / program.name
    patched.write_text(apply_edits(program.read_text(), edits))
    result = run(patched)
    assert result.exit_code == 0 and result.panic is None, (what, result.stdout, result.panic)
    assert [f.rule for f in lint(patched) if f.rule == rule] == [], (what, patched.read_text())
    return result.stdout


def helps_with_edits(findings: list[Diagnostic]) -> list[tuple[Diagnostic, Help]]:
    return [(f, h) for f in findings for h in f.helps if h.edits]


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_lint_finds_exactly_the_annotated_findings(program):
    assert {(f.primary.line, f.rule) for f in lint(program)} == annotated(program)


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_the_program_panics_and_its_hand_written_fixes_run(program):
    result = run(program)
    assert result.exit_code == 101 and result.panic is not None
    assert outputs(program)


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_each_help_edit_applied_alone_runs_as_a_hand_written_fix(program, tmp_path):
    printed = outputs(program)
    for finding, help_ in helps_with_edits(lint(program)):
        assert help_.applicability in APPLICABILITIES
        stdout = check_patched(program, tmp_path, help_.edits, finding.rule, help_.message)
        assert stdout in printed.values(), (help_.message, stdout, printed)


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_every_machine_applicable_edit_together_runs_as_the_fix_that_keeps_the_program(
    program, tmp_path
):
    findings = lint(program)
    edits = [
        edit
        for _, help_ in helps_with_edits(findings)
        if help_.applicability == "MachineApplicable"
        for edit in help_.edits
    ]
    if not edits:
        # No machine edit: every fix depends on what the user means, said in words or marked.
        assert all(
            h.applicability != "MachineApplicable" or not h.edits for f in findings for h in f.helps
        )
        return
    reference = references(program)[0]
    expected = run(reference).stdout
    for rule in {f.rule for f in findings}:
        assert check_patched(program, tmp_path, edits, rule, "all") == expected


@pytest.mark.parametrize("program", PROGRAMS, ids=IDS)
def test_each_edit_of_the_dynamic_diagnosis_runs_as_a_hand_written_fix(program, tmp_path):
    printed = outputs(program)
    diagnosis = diagnose_run(run(program))
    found = [*diagnosis.errors, *diagnosis.audit.warnings]
    assert found, "the run is diagnosed"
    for finding, help_ in helps_with_edits(found):
        rule = finding.rule or "?"
        stdout = check_patched(program, tmp_path, help_.edits, rule, help_.message)
        assert stdout in printed.values(), (help_.message, stdout, printed)


def test_pbpit_run_json_gives_the_edits_it_prints(tmp_path):
    program = FIXES / "recompute_needs_clone.rs"
    completed = pbpit_main("run", "--json", str(program))
    data = json.loads(completed.stdout)
    helps = [h for d in data["diagnostics"] for h in d["help"] if h["edits"]]
    assert helps
    printed = outputs(program)
    for help_ in helps:
        edits = [Edit(**edit) for edit in help_["edits"]]
        stdout = check_patched(program, tmp_path, edits, "loop-external-tracked", "json")
        assert stdout in printed.values()


def test_the_corpus_covers_every_rule_and_every_fix_written_as_code():
    rules = {rule for program in PROGRAMS for _, rule in annotated(program)}
    assert rules == {rule.name for rule in RULES}
    messages = [h.message for p in PROGRAMS for _, h in helps_with_edits(lint(p))]
    for words in (
        "detach it once",
        "compute it inside the loop",
        "at the end of each pass",
        "a new leaf where it is put in `",
        "detach `",
        "build `",
        "detach it first",
        "drop `.",
    ):
        assert any(words in message for message in messages), words
    assert len(PROGRAMS) >= 12


# -- shapes no runnable program holds: the help stays in words, never a wrong edit -----------


def lint_text(tmp_path: Path, text: str) -> list[Diagnostic]:
    path = tmp_path / "main.rs"
    path.write_text(text)
    return lint(path)


ALL_REDUCE = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let in_0 = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let in_1 = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let [out_tensor_0, out_tensor_1] = &compute_all_reduce(vec![in_0.clone(), in_1.clone()]);
    let l0 = (out_tensor_0.clone() * 2.0).sum();
    let l1 = (out_tensor_1.clone() * 3.0).sum();
    let _g0 = l0.backward();
    let _g1 = l1.backward();
}
"""


def test_no_help_writes_code_on_a_pattern_or_detaches_a_loss_into_data(tmp_path):
    # Burn's own all_reduce test: the help said `[out_tensor_0, out_tensor_1].clone().detach()`,
    # and detaching `out_tensor_0` in `l0` leaves `l0` nothing to backpropagate.
    for finding in lint_text(tmp_path, ALL_REDUCE):
        for help_ in finding.helps:
            assert "].clone()" not in help_.message and "].detach()" not in help_.message
            assert all(edit.line != 7 for edit in help_.edits), help_
            assert "detach" not in help_.message, help_.message


def helps_of(tmp_path: Path, body: str) -> dict[str, Help]:
    [finding] = lint_text(tmp_path, body)
    return {h.message.split(",")[0].split(":")[0]: h for h in finding.helps}


CARRIED = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut hidden = Tensor::<1>::zeros([2], &device);
    for step in 0..4 {
        hidden = (hidden * w.clone() + 0.1).tanh();
        let _grads = hidden.clone().sum().backward();
        LAST
    }
}
"""


@pytest.mark.parametrize(
    "last",
    [
        'if step % 2 == 0 { continue; }\n        println!("{step}");',
        'let hidden = w.clone();\n        println!("{:?}", hidden.dims());',
    ],
    ids=["a pass that continues skips the last line", "a let of the same name in the body"],
)
def test_detach_each_pass_is_said_in_words_where_the_last_line_would_miss_the_state(tmp_path, last):
    [help_] = lint_text(tmp_path, CARRIED.replace("LAST", last))[0].helps
    assert help_.edits == [] and "hidden = hidden.detach();" in help_.message


CACHED = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    BETWEEN
    for PATTERN in 0..3 {
        let _grads = (feats.clone() * w.clone()).sum().backward();
    }
}
"""


@pytest.mark.parametrize(
    ("between", "pattern"),
    [("let y = x;", "step"), ("let x = w.clone();", "step"), ("", "x")],
    ids=["moved between", "bound anew between", "the loop's pattern"],
)
def test_recompute_in_the_loop_is_said_in_words_where_moving_changes_what_a_name_is(
    tmp_path, between, pattern
):
    body = CACHED.replace("BETWEEN", between).replace("PATTERN", pattern)
    recompute = next(
        h for h in lint_text(tmp_path, body)[0].helps if "inside the loop" in h.message
    )
    assert recompute.edits == [] and recompute.message.endswith("where the backward uses it")


DETACH_FIRST = "if nothing must train through it, detach it first: a new leaf, cut from the graph"
DROP = "if gradients must flow through it to the leaves it comes from, drop "


def test_applicability_marks_the_fix_that_keeps_the_program_machine_applicable():
    marks = {}
    for program in PROGRAMS:
        for finding, help_ in helps_with_edits(lint(program)):
            marks.setdefault((finding.rule, help_.message.split("`")[0]), set()).add(
                help_.applicability
            )
    machine, maybe = {"MachineApplicable"}, {"MaybeIncorrect"}
    loop = "loop-external-tracked"
    # Detach once and recompute in the loop: by program (`DETACH_ONCE`, the next test).
    for key in ((loop, "if "), (loop, "if gradients must flow through ")):
        marks.pop(key, None)
    expected = {
        (loop, "detach "): machine,
        (loop, "detach the tensors "): machine,
        (loop, "make "): machine,
        ("shared-intermediate", "if the first loss must not train what made "): maybe,
        # two_losses: the sum's gradients read twice by a look only (`&grads`), as its
        # .fixed.rs does
        ("shared-intermediate", "add the losses and run one backward: "): machine,
        ("double-backward", "use the "): maybe,  # keep the gradients: a helper may do more
        ("double-backward", "or build "): machine,
        ("require-grad-non-leaf", DETACH_FIRST): machine,
        ("require-grad-non-leaf", DROP): maybe,
    }
    assert marks == expected


MACHINE, MAYBE = "MachineApplicable", "MaybeIncorrect"
DETACH_ONCE = {
    # program: how sure lint is of detach once, and of recompute in the loop (None: not written
    # as code). Machine applicable only where the fix keeps what the program trains; maybe where
    # it cuts a gradient the program reads or steps. By hand, from each program:
    # it prints `w1.grad` (`code` is made from `w1`): detached, w1 gets none.
    "cached_chain": (MAYBE, MACHINE),
    # it prints `x.grad` (`feats` is `x.exp()`).
    "cached_features": (MAYBE, MACHINE),
    # it prints `scale.grad` (`feats` is made from `scale`).
    "multiline_features": (MAYBE, MACHINE),
    # it prints `w`'s gradient (through `w_seen`, its clone; `pre` is `x.matmul(w)`).
    "recompute_needs_clone": (MAYBE, MACHINE),
    # the optimizer steps the head only: the backbone is never stepped and no gradient of it is
    # read, so detached features train the head as before; recomputing trains nothing more.
    "frozen_backbone_slices": (MACHINE, MAYBE),
    # the optimizer steps the student only: the teacher's logits are targets.
    "teacher_logits_narrow": (MACHINE, MAYBE),
    # the loss itself, made before the loop: no detach once (it would train nothing).
    "loss_itself": (None, MACHINE),
    # a prediction of `w`, which it prints the gradient of: no detach once as code.
    "prediction_cached": (None, MACHINE),
}


def _detach_once_marks(program: Path) -> tuple[str | None, str | None]:
    detach = recompute = None
    for finding, help_ in helps_with_edits(lint(program)):
        if finding.rule != "loop-external-tracked":
            continue
        if help_.message.startswith("if gradients must flow through "):
            recompute = help_.applicability
        elif help_.message.startswith("if `") and "detach it once" in help_.message:
            detach = help_.applicability
    return detach, recompute


def test_applicability_of_detach_once_and_recompute_is_exact_by_program():
    found = {p.stem: _detach_once_marks(p) for p in PROGRAMS}
    found = {stem: marks for stem, marks in found.items() if marks != (None, None)}
    assert found == DETACH_ONCE


@pytest.mark.parametrize("stem", [s for s, (d, _) in DETACH_ONCE.items() if d is not None])
def test_detach_once_is_machine_applicable_where_made_it_trains_and_prints_as_before(
    stem, tmp_path
):
    """The oracle of `DETACH_ONCE`'s first column, by running: detach once made, the program
    prints what the original printed before its panic (every gradient it reads, every loss of
    what it steps, the same) and no leaf an optimizer steps changes, exactly where lint marks
    it machine applicable."""
    from pbpit.diagnose.fix_check import applied, check_edits
    from pbpit.lint.command import _original

    program = FIXES / f"{stem}.rs"
    before, trained = _original(str(program))
    (detach,) = [h for _, h in helps_with_edits(lint(program)) if "detach it once" in h.message]
    check = check_edits(str(program), detach.edits, str(program), baseline=before, pinned=True)
    assert check.ok, check.detail
    kept = all(had == "unchanged" for leaf, had in check.gradients if leaf in trained)
    original = run_case(resolve_case(str(program))).stdout.splitlines()
    fixed = tmp_path / program.name
    fixed.write_text(applied(program.read_text(), detach.edits))
    printed = run_case(resolve_case(str(fixed))).stdout.splitlines()
    same = printed[: len(original)] == original
    assert (kept and same) == (DETACH_ONCE[stem][0] == MACHINE)


@pytest.mark.parametrize("stem", ["frozen_backbone_slices", "teacher_logits_narrow"])
def test_detach_once_of_a_frozen_module_names_the_leaves_that_lose_their_gradient(stem):
    """Lint names the leaves detach once takes every gradient from, as the run's check finds
    them (`= None` once the fix is made and run)."""
    from pbpit.diagnose.fix_check import check_edits
    from pbpit.lint.command import _original

    program = FIXES / f"{stem}.rs"
    (detach,) = [h for _, h in helps_with_edits(lint(program)) if "detach it once" in h.message]
    before, _ = _original(str(program))
    check = check_edits(str(program), detach.edits, str(program), baseline=before, pinned=True)
    lost = [leaf for leaf, had in check.gradients if had == "none"]
    assert lost
    named = ", ".join(f"`{leaf}`" for leaf in lost)
    assert detach.note == (
        f"detached, {named} get no gradient through it: no optimizer steps them and the "
        "program reads none"
    )


# -- a backward a helper runs, said at the user's call; state a method keeps, fixed where it is


CORPUS = FIXES.parent


@pytest.mark.parametrize(
    ("program", "line", "helper", "note"),
    [
        ("helper_backward_in_loop.rs", 69, "update_parameters", "on its parameter `loss`"),
        ("method_learn.rs", 52, "Agent::learn", "on its parameter `loss`"),
        (
            "helper_train_step_cached.rs",
            47,
            "train_step",
            "on a loss made from its parameter `feats`",
        ),
        ("helper_gan_all_backwards.rs", 67, "optimize", "on its parameter `loss`"),
        ("helper_backward_twice.rs", 39, "backward_d", "on its parameter `loss`"),
        ("trait_impl_backward.rs", 41, "ActorCritic::update", "on its parameter `loss`"),
    ],
)
def test_a_backward_a_helper_runs_is_said_at_the_call_with_the_parameter_it_backpropagates(
    program, line, helper, note
):
    # The label is on `update_parameters(loss, ..)`: "this backward" over a call read as if the
    # call were a `.backward()`; the helper's own signature names what it backpropagates.
    [finding] = lint(CORPUS / program)
    at_call = [label.text for label in finding.labels if label.line == line]
    assert any(text.startswith(f"this call runs a backward (in `{helper}`) ") for text in at_call)
    assert f"`{helper}` calls `.backward()` {note}" in finding.notes
    assert not any(text.startswith("this backward") for text in at_call)


def test_a_vec_field_filled_each_pass_is_emptied_not_detached(tmp_path):
    # `agent.saved_log_probs` is a `Vec<Tensor>`: `.clone().detach()` on it does not compile.
    # Emptied once its backward has run, the next episode's loss holds none of this one's.
    program = CORPUS / "logprobs_vec_field.rs"
    [finding] = lint(program)
    [help_] = finding.helps
    assert [e.replacement.strip() for e in help_.edits] == ["agent.saved_log_probs.clear();"]
    patched = tmp_path / program.name
    patched.write_text(apply_edits(program.read_text(), help_.edits))
    assert lint(patched) == []
    assert not parse_bytes(patched.read_bytes()).root.has_error


def test_a_field_of_a_struct_declared_elsewhere_is_detached_in_words(tmp_path):
    # Written from the loop, `net.hidden` is a private field of a struct of another module.
    body = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut net = other::Net::new(&device);
    for _ in 0..4 {
        net.hidden = (net.hidden.clone() * w.clone()).tanh();
        let _grads = net.hidden.clone().sum().backward();
    }
}
"""
    findings = lint_text(tmp_path, body)
    assert [f.rule for f in findings] == ["loop-external-tracked"]
    [help_] = findings[0].helps
    assert help_.edits == [] and "net.hidden = net.hidden.clone().detach();" in help_.message


def test_detaching_one_read_is_not_offered_when_the_first_loss_reads_the_tensor_twice():
    # `kl` reads `log_var` twice and `mu` once, all parts of one forward: one `.detach()` after
    # the first clone leaves `kl` tracked through the rest, and the 2nd backward still panics.
    # (The code fix is the sum's one backward, `(kl + rec).backward()`: no detach.)
    for _ in range(3):  # which part the finding names is not fixed: a detach is words only
        [finding] = lint(CORPUS / "destructure_nested_tuple.rs")
        written = [e.replacement for h in finding.helps for e in h.edits]
        assert written and not any(".detach()" in text for text in written)


def test_a_part_of_a_destructured_forward_is_detached_on_the_next_line(tmp_path):
    # `let PpoOutput { policies: old_policies, .. } = policy_net.forward(..)`: the value is a
    # struct, so `.detach()` goes on the part, shadowed on the line after the `let`.
    program = CORPUS / "real" / "rl_ppo_old_policy_not_detached.rs"
    [finding] = lint(program)
    [detach] = [h for h in finding.helps if h.edits]
    assert [(e.line, e.replacement.strip()) for e in detach.edits] == [
        (34, "let old_policies = old_policies.detach();")
    ]
    patched = tmp_path / program.name
    patched.write_text(apply_edits(program.read_text(), detach.edits))
    assert lint(patched) == []
    assert not parse_bytes(patched.read_bytes()).root.has_error


def test_two_backwards_run_by_one_call_are_one_label_on_it():
    # `update(losses)` backpropagates the policy loss, then the value loss, both through the
    # shared trunk's `features`: one call, so one label saying both, not two on one span.
    path = FIXES.parent / "real" / "r2l_split_update_shared_trunk.rs"
    [finding] = lint_paths([path]).findings
    on_call = [label for label in finding.labels if label.line == 42]
    assert [label.text for label in on_call] == [
        "this call runs two backwards (in `SharedActorCritic::update`): the first consumes "
        "`features`'s step, the second needs it again and panics"
    ]


# -- keep the gradients: the second backward's call replaced by the first one's `Gradients`

TWICE = """\
use burn::tensor::{Device, Tensor};

fn step(loss: Tensor<1>, scale: f32) -> Gradients {
    loss.backward()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (w.clone() * w.clone()).sum();
    FIRST
    SECOND
    AFTER
}
"""


def _kept(tmp_path: Path, first: str, second: str, after: str = "") -> list[Edit]:
    body = TWICE.replace("FIRST", first).replace("SECOND", second).replace("AFTER", after)
    (finding,) = lint_text(tmp_path, body)
    assert finding.rule == "double-backward"
    return next(h for h in finding.helps if h.message.startswith("use the `Gradients`")).edits


def test_keep_the_gradients_uses_the_first_backwards_binding(tmp_path):
    (edit,) = _kept(
        tmp_path, "let grads = loss.clone().backward();", "let again = loss.backward();"
    )
    assert (edit.line, edit.replacement) == (12, "grads")


def test_keep_the_gradients_borrows_them_where_the_second_backward_was_borrowed(tmp_path):
    first, second = "let grads = loss.clone().backward();", "show(&loss.backward());"
    (edit,) = _kept(tmp_path, first, second, "apply(grads);")
    assert edit.replacement == "grads"


def test_keep_the_gradients_is_words_where_they_are_moved_and_read_again(tmp_path):
    # `Gradients` is not Clone: moving them into `again` would make `apply(grads)` E0382.
    first, second = "let grads = loss.clone().backward();", "let again = loss.backward();"
    assert _kept(tmp_path, first, second, "apply(grads);") == []


def test_keep_the_gradients_is_words_when_a_helper_is_given_other_arguments(tmp_path):
    first, second = "let grads = step(loss.clone(), 1.0);", "let again = step(loss, 2.0);"
    assert _kept(tmp_path, first, second) == []
    (edit,) = _kept(
        tmp_path, "let grads = step(loss.clone(), 1.0);", "let again = step(loss, 1.0);"
    )
    assert edit.replacement == "grads"
