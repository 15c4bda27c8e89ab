"""One diagnosis across `run`, `audit`, `explain`, `explain -` (a `RUST_BACKTRACE=1` panic log)
and `lint`, on Burn 0.22 programs written for this file (tests/advice_r22/, hand verdicts in
its VERDICTS.md: the NodeId counted by hand, the rule, the binding a user changes, and hand
twins written before pbpit's advice was read):

- `explain -` on a backtrace names the binding the run and lint name (the carrier `prev_ctx`,
  not `ctx`, the value on the panicking line), with the same rule and the same first fix;
- a backward's two findings (`first`, `second`) are one error there, not two;
- a fix is said once: not in words and again as the code that ran;
- one backward statement each pass of a loop runs, each pass on its own loss, is said as the
  losses of the loop's passes by every command, never as two losses;
- two losses whose gradients one name holds, looked at by `&g` only: code in every command.

The oracles: the programs' panics at the hand-counted NodeId, and the twins' runs (a fix shown
as code, made, prints what a hand twin prints)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, json_diagnostics, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_r22"
LOOP, SHARED, DOUBLE = "loop-external-tracked", "shared-intermediate", "double-backward"

# program: (NodeId, rule, binding, hand twins, the panicking backward's call)
HAND = {
    "ctx_carried.rs": (12, LOOP, "prev_ctx", ["ctx_carried.twin.rs"], "loss.backward()"),
    "two_slices.rs": (
        8,
        SHARED,
        "second",
        ["two_slices.twin.rs", "two_slices.twin_b.rs"],
        "spread.backward()",
    ),
    "row_losses_sliced.rs": (6, SHARED, "scores", ["row_losses_sliced.twin.rs"], "loss.backward()"),
    "shadowed_grads.rs": (3, SHARED, "pred", ["shadowed_grads.twin.rs"], "smooth.backward()"),
    "ratio_retry.rs": (9, DOUBLE, "err", ["ratio_retry.twin.rs"], "(err / (size / LIMIT))"),
    "target_losses_walked.rs": (
        8,
        LOOP,
        "out",
        ["target_losses_walked.twin.rs"],
        "miss.backward()",
    ),
}

PANIC = """\
thread 'main' (4242) panicked at /home/u/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/\
burn-autodiff-0.22.1/src/runtime/server.rs:74:17:
Cannot run backward: graph tape has already been consumed at NodeId({node}). Burn does not \
support retain_graph. Combine losses before backward or recompute the forward pass. Use detach() \
only to intentionally sever gradients through the previous computation.
stack backtrace:
   0: __rustc::rust_begin_unwind
             at /rustc/ded5c06cf21d2b93bffd5d884aa6e96934ee4234/library/std/src/panicking.rs:697:5
   1: core::panicking::panic_fmt
             at /rustc/ded5c06cf21d2b93bffd5d884aa6e96934ee4234/library/core/src/panicking.rs:75:14
   2: burn_autodiff::runtime::server::AutodiffServer::backward
             at /home/u/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-autodiff-0.22.1/\
src/runtime/server.rs:74:17
   3: burn_tensor::tensor::api::autodiff::<impl burn_tensor::tensor::api::base::Tensor<B,_>>::\
backward
             at /home/u/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-tensor-0.22.1/\
src/tensor/api/autodiff.rs:20:9
   4: trainer::main
             at ./src/main.rs:{line}:{column}
   5: core::ops::function::FnOnce::call_once
             at /rustc/ded5c06cf21d2b93bffd5d884aa6e96934ee4234/library/core/src/ops/\
function.rs:250:5
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
"""
"""Burn 0.22's panic (tests/burn022's recorded stderr) with a backtrace in rustc's std format,
its user frame at the panicking `.backward()`."""


def _text(name: str) -> str:
    return (HERE / name).read_text(encoding="utf-8")


def _log(name: str) -> str:
    node, _, _, _, call = HAND[name]
    lines = _text(name).splitlines()
    (number, text) = [(n, t) for n, t in enumerate(lines, 1) if call in t][-1]
    column = text.index(".backward()", text.index(call)) + 2
    return PANIC.format(node=node, line=number, column=column)


def _twin_outputs(name: str) -> list[str]:
    outputs = []
    for twin in HAND[name][3]:
        status, out, err = pbpit_run(HERE / twin)
        assert status == 0, (twin, err)
        outputs.append(out)
    return outputs


def _run_fixed(name: str, edits: list[dict], tmp_path: Path) -> tuple[int, str]:
    fixed = tmp_path / "fixed.rs"
    fixed.write_text(apply_json_edits(_text(name), edits), encoding="utf-8")
    status, out, _ = pbpit_run(fixed)
    return status, out


def _explain_dash(name: str, tmp_path: Path):
    """`explain -` on the program's panic log, in a crate of its own."""
    from pbpit.program_output import explain_stream

    crate = tmp_path / "trainer"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "trainer"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\nburn = "0.22"\n'
    )
    (crate / "src" / "main.rs").write_text(_text(name), encoding="utf-8")
    explained = explain_stream(io.BytesIO(_log(name).encode()), str(crate))
    (diagnosis,) = explained.diagnoses
    return diagnosis


@pytest.mark.parametrize("name", sorted(HAND))
def test_the_program_panics_at_the_hand_counted_node_and_each_twin_runs_clean(name):
    node = HAND[name][0]
    status, _, err = pbpit_run(HERE / name)
    assert status == 101 and f"consumed at NodeId({node})." in err, err
    for twin in HAND[name][3]:
        status, out, err = pbpit_run(HERE / twin)
        assert status == 0 and out.count("\n") >= 2, (twin, err)
        done = pbpit_main("lint", "--format", "json", str(HERE / twin))
        assert json.loads(done.stdout)["findings"] == [], twin


@pytest.mark.parametrize("command", ["run", "audit", "explain", "lint"])
@pytest.mark.parametrize("name", sorted(HAND))
def test_each_command_names_the_hand_rule_andfirst_named(name, command):
    _, rule, binding, _, _ = HAND[name]
    (first, *_) = json_diagnostics(command, HERE / name)
    assert first["rule"] == rule, first["message"]
    assert first_named(first["message"]) == binding, first["message"]


@pytest.mark.parametrize("name", sorted(HAND))
def test_explain_dash_on_a_backtrace_is_the_runs_diagnosis_in_one_error(name, tmp_path):
    node, rule, binding, _, _ = HAND[name]
    diagnosis = _explain_dash(name, tmp_path)
    # One error (two findings of one backward are said in it), the run's rule and binding.
    (error,) = diagnosis.exact
    assert error.rule == rule and error.name == binding, (error.rule, error.name)
    assert error.notes[0].startswith(f"NodeId({node}) is `{binding}`"), error.notes[0]
    # Its first fix as code is the run's first, and made it prints what a hand twin prints.
    (run_error, *_) = json_diagnostics("run", HERE / name)
    coded = [h for h in error.helps if h.edits]
    run_coded = [h for h in run_error["help"] if h["edits"]]
    assert coded and run_coded, ([h.message for h in error.helps], run_error["help"])
    edits = [e.to_json() for e in coded[0].edits]
    assert edits == run_coded[0]["edits"]
    status, out = _run_fixed(name, edits, tmp_path)
    assert status == 0 and out in _twin_outputs(name), out


@pytest.mark.parametrize("name", sorted(HAND))
def test_a_fix_is_said_once_in_the_runs_error_and_in_explain_dash(name, tmp_path):
    (error, *_) = json_diagnostics("run", HERE / name)
    diagnosis = _explain_dash(name, tmp_path)
    for messages in (
        [h["message"] for h in error["help"]],
        [h.message for h in diagnosis.exact[0].helps],
    ):
        code = [q for m in messages for q in re.findall(r"`([^`]*\([^`]*)`", m)]
        assert len(code) == len(set(code)), messages  # `(a + b).backward()` once
        assert len(messages) == len(set(messages)), messages
        # double-backward's rebuild: as the code that ran, not again in words above it.
        assert not any(m.startswith("rebuild the loss: build `") for m in messages), messages


PER_PASS = "the losses of the loop's passes"


@pytest.mark.parametrize(
    ("name", "each_pass"), [("row_losses_sliced.rs", True), ("two_slices.rs", False)]
)
def test_the_losses_of_a_loops_passes_are_said_so_by_every_command(name, each_pass, tmp_path):
    said = {command: json_diagnostics(command, HERE / name)[0] for command in ("run", "lint")}
    texts = [said["run"]["message"], said["lint"]["message"]]
    audit = json.loads(pbpit_main("audit", "--json", str(HERE / name)).stdout)
    texts += [e["reason"] for e in audit["audit"] if e["verdict"] == "hazard"]
    texts.append(_explain_dash(name, tmp_path).exact[0].notes[0])
    for text in texts:
        assert (PER_PASS in text) is each_pass, text
        assert not (each_pass and "two losses" in text), text


def test_shadowed_gradients_read_by_a_look_get_the_sum_as_code_in_every_command(tmp_path):
    name = "shadowed_grads.rs"
    edits = []
    for command in ("run", "audit", "explain", "lint"):
        (first, *_) = json_diagnostics(command, HERE / name)
        (added,) = [h for h in first["help"] if "`(fit + smooth).backward()`" in h["message"]]
        assert added["edits"], (command, added)
        edits.append(added["edits"])
    assert all(e == edits[0] for e in edits)
    fixed = apply_json_edits(_text(name), edits[0])
    assert fixed.count(".backward()") == 1
    status, out = _run_fixed(name, edits[0], tmp_path)
    assert status == 0 and out in _twin_outputs(name), out
