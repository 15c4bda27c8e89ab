"""`explain -` on a real panic log (a `RUST_BACKTRACE=1 cargo run` stderr whose frames reach the
user's crate), from held-out programs of session 20 and programs written for this file:

- a fix shown as code is checked as `pbpit lint` checks it: made and run where pbpit runs the
  program (two carried tensors, each detached alone, still panic: neither is code, each says
  so), else made and read again only, and said so;
- carried state is "made in one pass of the loop" at the loop's line and carried into the next
  by the binding lint names, never "made before the loop"; a tensor made before the loop is
  said so, with that loop's line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbpit.diagnose.fix_check import applied, check_edits
from pbpit.diagnostics.model import Edit

HERE = Path(__file__).parent / "advice_logs21"
ROOT = Path(__file__).resolve().parent.parent

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
   3: {crate}::main
             at ./src/main.rs:{line}:{column}
   4: core::ops::function::FnOnce::call_once
             at /rustc/ded5c06cf21d2b93bffd5d884aa6e96934ee4234/library/core/src/ops/\
function.rs:250:5
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
"""


def crate(tmp_path: Path, text: str, name: str = "trainer") -> Path:
    root = tmp_path / name
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(
        f'[package]\nname = "{name}"\nversion = "0.1.0"\nedition = "2021"\n\n'
        '[dependencies]\nburn = "0.22"\n'
    )
    (root / "src" / "main.rs").write_text(text)
    return root


def log(text: str, node: int, name: str = "trainer", call: str = "loss.backward()") -> str:
    """The panic's stderr, its innermost user frame at the last line's `call` (its `backward`),
    as a backtrace points at it."""
    (line, at) = [(n, t.index(call)) for n, t in enumerate(text.splitlines(), 1) if call in t][-1]
    return PANIC.format(node=node, crate=name, line=line, column=at + call.index("backward") + 1)


def explain_dash(root: Path, stdin: str, *flags: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "pbpit", "explain", "-", "--source", ".", *flags],
        cwd=root,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def _errors(root: Path, stdin: str) -> list[dict]:
    done = explain_dash(root, stdin, "--json")
    assert done.returncode == 0, done.stderr
    (panic,) = json.loads(done.stdout)["panics"]
    return panic["diagnostics"]


def test_two_carried_memories_each_detached_alone_are_not_shown_as_code(tmp_path):
    """Both memories carry the last pass's tape (`fast_mem`, `slow_mem`, each blended with this
    pass's features): detaching one leaves the other's, so each fix alone still panics. Made by
    hand, each still panics (checked here by running it): `explain -` shows neither as code."""
    text = (HERE / "two_memories.rs").read_text()
    errors = _errors(crate(tmp_path, text), log(text, 16))
    # One error, as the run's (its two findings at one backward said once, their fixes once).
    assert [e["message"] for e in errors] == [
        "Cannot run backward: graph tape has already been consumed at NodeId(16)"
    ]
    helps = [h for e in errors for h in e["help"]]
    assert helps
    # Each memory detached alone is said in words, with why it is not code.
    for name in ("fast_mem", "slow_mem"):
        alone = [h for h in helps if h["message"].startswith(f"detach `{name}` at")]
        for said in alone:
            assert not said["edits"]
            assert said["note"].startswith("pbpit made this edit and ran the program: it still")
    # The oracle: each detach alone, made by hand, still panics.
    lines = text.splitlines()
    for name in ("fast_mem", "slow_mem"):
        at = next(n for n, t in enumerate(lines, 1) if t.strip().startswith(f"{name} = "))
        end = len(lines[at - 1]) + 1
        edit = Edit(at, end, at, end, f"\n        {name} = {name}.detach();")
        path = tmp_path / f"{name}.rs"
        path.write_text(applied(text, [edit]))
        assert check_edits(path, []).verdict == "panics"
    # What is shown as code ran, and runs when made by hand.
    for shown in [h for h in helps if h["edits"]]:
        assert shown["checked"]["verdict"] == "runs"
        path = tmp_path / "shown.rs"
        path.write_text(applied(text, [Edit(**e) for e in shown["edits"]]))
        assert check_edits(path, []).verdict == "runs"


@pytest.mark.parametrize(
    ("program", "node", "said"),
    [
        # `h` is made on line 34, in the loop of line 32; `mem.h` carries it into the next pass.
        (
            "field_state.rs",
            13,
            "NodeId(13) is `mem.h` (`h` where it was made), made in one pass of the loop at "
            "line 32 and carried into the next: an earlier pass's backward consumed its step",
        ),
    ],
)
def test_carried_state_is_made_in_one_pass_of_the_loop(tmp_path, program, node, said):
    text = (HERE / program).read_text()
    (error,) = _errors(crate(tmp_path, text), log(text, node))
    assert said in error["notes"]
    (fix,) = [h for h in error["help"] if h["edits"]]
    assert fix["checked"]["verdict"] == "runs"


@pytest.mark.parametrize(
    ("program", "node", "said"),
    [
        # N2's p15: the loss is made on line 24 by `Trainer::compute`, which the loop of line
        # 40 calls (line 42), kept in `trainer.pending`, backpropagated again by the next pass.
        (
            "pending_loss_struct.rs",
            9,
            "NodeId(9) is `trainer.pending`, made in one pass of the loop at line 40 and carried "
            "into the next: an earlier pass's backward consumed its step",
        ),
        # N2's p12: `anchor_emb` is made in the epoch loop (line 45), before the pair loop of
        # line 47 whose backward panics.
        (
            "siamese_anchor.rs",
            14,
            "NodeId(14) is `anchor_emb`, made before the loop at line 47 and used in it: an "
            "earlier pass's backward consumed its step",
        ),
    ],
)
def test_where_a_loops_tensor_is_made_is_read_from_the_file(tmp_path, program, node, said):
    text = (HERE / program).read_text()
    (error,) = _errors(crate(tmp_path, text), log(text, node))
    assert error["notes"][0] == said


def test_a_fix_of_a_program_pbpit_cannot_run_is_read_again_only_and_says_so(tmp_path):
    """The same program reading a file (outside what pbpit runs): the fix is made and read
    again, shown as code, and says it was not run."""
    text = (
        (HERE / "field_state.rs")
        .read_text()
        .replace(
            "    let stream = [",
            '    let cfg = std::fs::read_to_string("cfg.toml").unwrap_or_default();\n'
            '    println!("{}", cfg.len());\n    let stream = [',
        )
    )
    (error,) = _errors(crate(tmp_path, text), log(text, 13))
    (fix,) = [h for h in error["help"] if h["edits"]]
    assert "checked" not in fix
    assert "not run: pbpit cannot run this program" in fix["note"]
    assert "made in one pass of the loop at line 34" in error["notes"][0]


def test_a_fix_lints_clean_but_panics_when_run_is_not_shown_as_code(tmp_path, monkeypatch):
    """`fast_mem` detached alone: read again, lint finds `fast_mem`'s finding gone (what a
    check without running accepts, as `explain -` did), but run, it still panics at
    `slow_mem`: `explain -`'s check runs it and says it in words."""
    from dataclasses import replace

    from pbpit.diagnose.crash import checked_fixes
    from pbpit.diagnose.fix_check import checked_findings
    from pbpit.diagnostics.model import Help
    from pbpit.lint.tree import lint_paths

    text = (HERE / "two_memories.rs").read_text()
    root = crate(tmp_path, text)
    monkeypatch.chdir(root)
    report = lint_paths(["src"])
    (finding, _) = sorted(report.findings, key=lambda f: f.name)
    assert finding.name == "fast_mem"
    line = text.splitlines().index("        net = optim.step(0.1, net, grads);") + 1
    end = len(text.splitlines()[line - 1]) + 1
    alone = Help(
        "detach `fast_mem` at the end of each pass",
        [Edit(line, end, line, end, "\n        fast_mem = fast_mem.detach();")],
    )
    finding = replace(finding, helps=[alone])
    (read,) = checked_findings([finding])
    assert read.helps[0].edits  # read again only, it passes
    (ran,) = checked_fixes(report, [finding])
    (said,) = ran.helps
    assert not said.edits
    assert said.checked.verdict == "panics"
    assert "it still panics" in said.note


@pytest.mark.parametrize(
    ("program", "node", "twin"),
    [
        # N2's p17 of session 20 and its hand twin c17 (written before pbpit read it).
        ("vae_two_steps.rs", 17, "vae_two_steps_fixed.rs"),
        ("two_heads_two_steps.rs", 8, "two_heads_two_steps_fixed.rs"),
    ],
)
def test_two_steps_on_a_shared_forward_get_the_second_forward_made_again(
    tmp_path, program, node, twin
):
    """Two losses of one forward, each with its optimizer step, the second loss made after the
    first step: the fix that keeps two steps (the forward the second loss reads made again
    after the first step) is code, checked by running it, and `lint --fix` writes the twin
    written by hand; adding the losses (one step) stays words."""
    text = (HERE / program).read_text()
    errors = _errors(crate(tmp_path, text), log(text, node, call=".backward()"))
    shown = [h for e in errors for h in e["help"] if h["edits"]]
    assert shown and all(h["checked"]["verdict"] == "runs" for h in shown)
    assert all(h["message"].startswith("make `") for h in shown)
    said = [h for e in errors for h in e["help"] if not h["edits"]]
    assert any(h["message"].startswith("add the losses") for h in said)
    fixed = tmp_path / "fixed.rs"
    fixed.write_text(text)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "pbpit", "lint", "--fix", str(fixed)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert fixed.read_text() == (HERE / twin).read_text()
