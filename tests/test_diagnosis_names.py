"""What the diagnoses name: a module's parameters by their path as Burn's records name them
(`model.encoder.layers.0.weight`; burn-core's `enter_module(index, "Vec")`, burn-store's
`layers.0.weight`), also when the run panics before the statement of the module's binding ends;
and "add the losses" naming the two losses as the program holds them (two bindings, each
pass's `loss` of a loop over a `Vec`, a temporary by its backward's line), never `loss + loss`
or a bare NodeId. The expected names are in each program's header (tests/agreement), derived
from its source; that every command names the same binding is tests/test_agreement.py's."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.fix_check import NONE, UNCHANGED, compare
from pbpit.runner import Case, run_case

AGREEMENT = Path(__file__).parent / "agreement"


def _explained(name: str):
    result = run_case(Case.file(AGREEMENT / name))
    assert result.panic is not None and result.panic.node_id is not None, name
    return result, explain_in_case(result, result.panic.node_id)


def _leaves(result) -> list[str | None]:
    return [n.label for n in result.nodes if n.requires_grad and not n.parents]


def test_parameters_of_nested_modules_and_a_vec_are_named_as_burns_records_name_them():
    result, explanation = _explained("params_nested_vec.rs")
    assert _leaves(result) == [
        "model.encoder.block.fc1.weight",
        "model.encoder.block.fc1.bias",
        "model.encoder.layers.0.weight",
        "model.encoder.layers.0.bias",
        "model.encoder.layers.1.weight",
        "model.encoder.layers.1.bias",
        "head.weight",
        "head.bias",
    ]
    recompute = next(f for f in explanation.fixes if f.key == "recompute in the loop")
    assert recompute.title.startswith(
        "gradients must reach `model.encoder.block.fc1.bias`, `model.encoder.block.fc1.weight`, "
        "`model.encoder.layers.0.bias`, "
    ), recompute.title


def test_parameters_first_read_in_a_method_that_panics_are_named_by_selfs_path():
    result, explanation = _explained("params_in_method.rs")
    assert _leaves(result) == [
        "self.encoder.fc1.weight",
        "self.encoder.fc1.bias",
        "self.head.weight",
        "self.head.bias",
    ]
    said = " ".join(f"{f.title} {f.note}" for f in explanation.fixes)
    assert "`self.encoder.fc1.bias`, `self.encoder.fc1.weight`" in said
    assert "NodeId(" not in said


def test_the_fix_check_finds_a_parameter_the_fixed_run_names_by_the_callers_binding():
    """A run that panicked in the method names the encoder's weight `self.encoder.fc.weight`;
    the fixed program returns from the method, and its caller's statement names it
    `trainer.encoder.fc.weight`: the same parameter, whose gradient is compared."""
    grad = np.array([1.0, 2.0], dtype=np.float32)
    before = {"self.encoder.fc.weight": ("self.encoder.fc.weight", grad), "w": ("w", grad)}
    after = {"trainer.encoder.fc.weight": ("trainer.encoder.fc.weight", grad.copy())}
    assert compare(before, after) == (("self.encoder.fc.weight", UNCHANGED), ("w", NONE))
    # Two parameters of that path after the fix: which one it is is not known.
    both = {**after, "teacher.encoder.fc.weight": ("teacher.encoder.fc.weight", grad)}
    assert compare(before, both)[0] == ("self.encoder.fc.weight", NONE)


@pytest.mark.parametrize(
    ("program", "title"),
    [
        (
            "two_losses_one_pass.rs",
            "run one backward on the sum of `policy` and `value`: `(policy + value).backward()`",
        ),
        (
            "losses_vec.rs",
            # The words of lint's code fix for losses a loop walks (one fix, said once); the
            # note names them as each pass's `loss`.
            "add the losses of the loop's passes and run one backward on their sum, after the loop",
        ),
        (
            "losses_temporary.rs",
            "run one backward on the sum of the loss backpropagated at line 11 and the loss "
            "backpropagated at line 13",
        ),
    ],
)
def test_add_the_losses_names_the_two_losses_as_the_program_holds_them(program, title):
    _, explanation = _explained(program)
    (added,) = [f for f in explanation.fixes if f.key == "add the losses"]
    assert added.title == title
    assert "NodeId(" not in added.note and "`loss` + `loss`" not in added.note
    if program == "losses_vec.rs":
        assert "the `loss` of each pass of the backward at line 15" in added.note
    # Every binding the words name is one of the program's (no `total` it does not have).
    source = (AGREEMENT / program).read_text(encoding="utf-8")
    for named in re.findall(r"`([^`]+)`", f"{added.title} {added.note}"):
        for word in re.findall(r"[A-Za-z_]\w*", named):
            assert re.search(rf"\b{word}\b", source), (word, added.title)


def test_the_audits_table_names_a_hazard_by_the_binding_its_warning_names():
    """The hazard's row says `norm.mean` (the warning's binding), not `self.mean` where the
    method made it; rows of other tensors keep their own names."""
    from pbpit.diagnose.findings import audit_report
    from pbpit.report import render_audit

    result = run_case(Case.file(AGREEMENT / "normalizer_method_field.rs"))
    table = render_audit(result, audit_report(result)).plain
    (hazard,) = [line for line in table.splitlines() if " hazard " in line]
    assert hazard.startswith("  NodeId(6) `norm.mean`  "), hazard
    assert "  NodeId(0) `w`  " in table
