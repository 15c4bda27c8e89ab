"""Shapes of real training code (tests/lint/real/) checked by the interpreter: where `pbpit run`
runs a program to its end, lint must be silent; where it panics, lint must find the panic's
rule. And what lint makes of a function's declared tuple result (a program lint alone reads)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "gen"))

from oracle import AGREE, judge  # noqa: E402

from pbpit.lint.tree import lint_paths  # noqa: E402

REAL = Path(__file__).resolve().parent / "lint" / "real"


def test_the_endpoint_bridge_runs_clean_and_lint_is_silent():
    # An `Option` of a struct holding a tracked tensor and a fresh leaf of it, joined across an
    # `if`, read with `map` and `if let Some(b)`: the chunks backpropagate from the leaf.
    verdict = judge(REAL / "automata_endpoint_bridge.rs")
    assert verdict.node_id is None, verdict.detail  # the run ends: no panic
    assert verdict.findings == []
    assert verdict.outcome == AGREE


def test_the_bridge_whose_rows_reach_the_chunks_panics_and_lint_finds_it():
    verdict = judge(REAL / "automata_endpoint_bridge_rows_in_loop.rs")
    assert verdict.node_id is not None  # the run panics
    assert verdict.panic_rule == "loop-external-tracked"
    assert ("loop-external-tracked", "bridge.endpoint_rows", 65) in verdict.findings


TUPLE = """
fn select(x: Tensor<B, 2>) -> Result<(Tensor<B, 2>, Option<Vec<usize>>), String> {
    Ok(x.mul_scalar(2.0)).map(|c| (c, None))
}
fn main() {
    let w = Tensor::<B, 2>::ones([2, 2], &device).require_grad();
    let base = w.clone().exp();
    let (condition, expansion) = select(base.clone()).unwrap();
    for _ in 0..3 {
        let weights = some_crate::weights(&expansion);
        let loss = (w.clone() * weights USE).sum();
        loss.backward();
    }
}
"""


def found(tmp_path: Path, text: str) -> set[tuple[str, str]]:
    path = tmp_path / "main.rs"
    path.write_text(text, encoding="utf-8")
    report = lint_paths([path])
    assert not report.errors, report.errors
    return {(d.rule, d.name) for d in report.findings}


def test_a_declared_element_that_holds_no_tensor_is_data(tmp_path):
    # `-> Result<(Tensor, Option<Vec<usize>>)>` made by `Result::map`: lint reads the result
    # as one tensor; the element whose type holds no tensor is data, the other still tracked.
    assert found(tmp_path, TUPLE.replace(" USE", "")) == set()
    used = found(tmp_path, TUPLE.replace(" USE", " + condition.clone()"))
    assert ("loop-external-tracked", "condition") in used


def test_an_element_whose_type_may_hold_a_tensor_stays_tracked(tmp_path):
    # The element is made by a function lint cannot read (`None` itself would be data
    # whatever `T` is: a value holds a tensor only if what makes it does).
    generic = (
        TUPLE.replace("Option<Vec<usize>>", "T")
        .replace("fn select(", "fn select<T>(")
        .replace("(c, None)", "(c.clone(), other_crate::expand(c))")
    )
    assert ("loop-external-tracked", "expansion") in found(tmp_path, generic.replace(" USE", ""))
