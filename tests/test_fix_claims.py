"""What pbpit says of a fix it checked, held to the programs' runs.

`tests/data/fix_claims/` holds panicking programs written (with what their fixed versions
print) before pbpit ran on them. Each claim is compared with the program's own output: the
original's lines before its panic, the fixed program's lines, and gradients derived by hand.

- a gradient claimed unchanged is the same in every backward the original ran, not only the
  first (`shadow_target`: the second backward, which ran, trained `w` through the shadow);
- a detached value that only adds a number to the loss is said to train nothing
  (`constant_anchor`), one that is data to a product is not (`carried_product`);
- the run's pointer to explain is printed only where explain shows corrected lines;
- a statement moved into the loop clones its receiver only for a method taking `self`.
"""

from __future__ import annotations

from pathlib import Path

from pbpit_process import apply_edits

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import CHANGED, CHANGED_LATER, CONSTANT_TERM, UNCHANGED
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

DATA = Path(__file__).parent / "data" / "fix_claims"


def _diagnosis(name: str):
    result = run_case(resolve_case(str(DATA / name)))
    assert result.panic is not None and result.panic.node_id is not None
    (error, *_) = diagnose_run(result).errors
    return result, error


def _code_fixes(error) -> list:
    return [h for h in error.helps if h.edits and h.checked is not None and h.checked.ok]


def _printed(path: Path) -> list[str]:
    result = run_case(resolve_case(str(path)))
    return result.stdout.splitlines()


def _fixed(tmp_path: Path, name: str, help_) -> Path:
    path = tmp_path / name
    path.write_text(apply_edits((DATA / name).read_text(), help_.edits))
    return path


def test_a_later_backward_that_changes_is_said_not_unchanged(tmp_path):
    result, error = _diagnosis("shadow_target.rs")
    # The original ran two backwards (two lines) and panicked in the third.
    assert result.stdout.splitlines() == [
        "step 0: w.grad = [2.0, -12.0]",
        "step 1: w.grad = [0.5, -3.0]",
    ]
    (fix, *_) = _code_fixes(error)
    check = fix.checked
    assert dict(check.gradients)["w"] == CHANGED_LATER
    assert ("w", CHANGED, 2) in check.later
    # (w's claim said with shadow's, which the fix leaves without a gradient there)
    assert "w.grad changed and shadow.grad = None in backward #2 (the same before it)" in (
        check.headline
    )
    assert "w.grad unchanged" not in check.headline and not check.keeps_gradients
    assert check.to_json()["later"]["w"] == {"state": "changed", "backward": 2}
    # The oracle: the fixed program prints the first backward's gradient as the original
    # did, and another for the second (the shadow no longer carries `w`'s graph).
    fixed = _printed(_fixed(tmp_path, "shadow_target.rs", fix))
    assert fixed[0] == "step 0: w.grad = [2.0, -12.0]"
    assert fixed[1].startswith("step 1: w.grad = ") and fixed[1] != "step 1: w.grad = [0.5, -3.0]"


def test_a_detached_penalty_is_said_to_train_nothing_and_a_recompute_keeps_it(tmp_path):
    result, error = _diagnosis("constant_anchor.rs")
    # By hand: d/dw of (w*x - 1)^2 summed is 2(w*x - 1)x = [0, -24] at w = [0.5, -1],
    # x = [2, 3]; the anchor's 0.1 * sum(w*x) adds 0.1x = [0.2, 0.3].
    assert result.stdout.splitlines() == ["step 0: w.grad = [0.2, -23.7]"]
    fixes = _code_fixes(error)
    detach = next(h for h in fixes if any(".detach()" in e.replacement for e in h.edits))
    recompute = next(h for h in fixes if h is not detach)
    assert detach.checked.constant and CONSTANT_TERM in detach.checked.headline
    assert detach.checked.to_json()["constant"] is True
    assert dict(detach.checked.gradients) == {"w": CHANGED}
    assert _printed(_fixed(tmp_path, "constant_anchor.rs", detach)) == [
        "step 0: w.grad = [0.0, -24.0]",  # the anchor's share gone: it trains nothing
        "step 1: w.grad = [0.0, -24.0]",
        "step 2: w.grad = [0.0, -24.0]",
    ]
    assert not recompute.checked.constant and CONSTANT_TERM not in recompute.checked.headline
    assert dict(recompute.checked.gradients) == {"w": UNCHANGED}
    (tmp_path / "r").mkdir()
    assert _printed(_fixed(tmp_path / "r", "constant_anchor.rs", recompute))[0] == (
        "step 0: w.grad = [0.2, -23.7]"
    )


def test_a_detached_state_that_is_data_to_a_product_is_not_said_to_train_nothing(tmp_path):
    result, error = _diagnosis("carried_product.rs")
    (fix, *_) = _code_fixes(error)
    assert not fix.checked.constant and CONSTANT_TERM not in fix.checked.headline
    assert dict(fix.checked.gradients) == {"w": UNCHANGED}
    fixed = _printed(_fixed(tmp_path, "carried_product.rs", fix))
    assert fixed[0] == result.stdout.splitlines()[0]
    # The detached state still shapes w's gradient: pass 1's differs from pass 0's.
    assert len(fixed) == 3 and fixed[1].split("= ")[1] != fixed[0].split("= ")[1]


def test_the_pointer_to_explain_is_said_only_where_explain_shows_corrected_lines():
    from pbpit.diagnose.explain import explain_in_case
    from pbpit.diagnose.findings import explanation_diagnostic

    for name, shown in (("borrowed_method.rs", True), ("words_first.rs", False)):
        result, error = _diagnosis(name)
        pointer = any(h.message.endswith("shows the corrected lines") for h in error.helps)
        explanation = explain_in_case(result, result.panic.node_id)
        said = explanation_diagnostic(result, explanation)
        lines = any(h.edits for h in said.helps)
        assert pointer == lines == shown, (name, pointer, lines)


def test_a_method_taking_self_moves_its_receiver_and_one_taking_ref_self_does_not():
    (moving,) = lint_paths([DATA / "moving_method.rs"]).findings
    (borrowed,) = lint_paths([DATA / "borrowed_method.rs"]).findings
    written = [e.replacement for h in moving.helps for e in h.edits]
    assert any("let b = net.clone().consume(x.clone());" in r for r in written), written
    written = [e.replacement for h in borrowed.helps for e in h.edits]
    assert any("let a = net.features(x.clone());" in r for r in written), written
    assert not any("net.clone().features" in r for r in written)
