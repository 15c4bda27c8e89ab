"""Three or more losses sharing one intermediate, each backpropagated (tests/advice_steps/, each
program beside its twin `NAME.clean.rs`, fixed by hand): the fix adds all of them and runs one
backward; adding two of three leaves the third backward to panic. `run`, `audit`, `explain` and
`lint` show that fix as the same checked code (one diagnosis), `lint --fix` writes it.

Oracles: the hand-fixed twin's output (a fix shown as code, made, prints what the twin prints);
the losses by hand (each program names three); a gradient derived by hand (three_losses_plain:
x = [0.5, -1, 2], w = [1, 2, -0.5], feats = relu(x * w) = [0.5, 0, 0]; the sum l1 + l2 + l3 of
sum(feats), 2 sum(feats), mean(feats^2) gives d/dfeats = 1 + 2 + 2 feats / 3 = [10/3, 3, 3],
through relu's mask [1, 0, 0] and x: w.grad = [5/3, 0, 0]).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, pbpit_main, pbpit_run

HERE = Path(__file__).parent / "advice_steps"

THREE = {
    "multitask_three_losses.rs": ("l_age", "l_height", "l_weight"),
    "three_losses_plain.rs": ("l1", "l2", "l3"),
    "generic_three_heads.rs": ("loss_a", "loss_b", "loss_c"),
}


def _json(*args: str) -> dict:
    return json.loads(pbpit_main(*args).stdout)


def _coded(diagnostics: list[dict]) -> list[dict]:
    return [h for d in diagnostics for h in d.get("help", []) if h.get("edits")]


def _twin_stdout(name: str, tmp_path: Path) -> str:
    twin = tmp_path / "twin.rs"
    twin.write_text((HERE / name.replace(".rs", ".clean.rs")).read_text(encoding="utf-8"))
    status, out, err = pbpit_run(twin)
    assert status == 0, err
    return out


def _stdout_of(text: str, tmp_path: Path) -> str:
    path = tmp_path / "fixed.rs"
    path.write_text(text, encoding="utf-8")
    status, out, err = pbpit_run(path)
    assert status == 0, err
    return out


@pytest.mark.parametrize("name", sorted(THREE))
def test_every_command_shows_the_sum_of_all_three_as_the_same_checked_code(name, tmp_path):
    path = str(HERE / name)
    losses = THREE[name]
    run = _coded(_json("run", "--json", path)["diagnostics"])
    audit = _coded(_json("audit", "--json", path)["diagnostics"])
    explain = _coded([_json("explain", "--json", path)["diagnostic"]])
    lint = _coded(_json("lint", "--format", "json", path)["findings"])
    summed = f"({' + '.join(losses)}).backward()"
    for helps in (run, audit, explain, lint):
        (help_,) = [h for h in helps if summed in h["message"]]
        assert help_["edits"] == run[0]["edits"]
    assert run[0]["checked"]["verdict"] == "runs"
    fixed = apply_json_edits((HERE / name).read_text(encoding="utf-8"), run[0]["edits"])
    assert fixed.count(".backward()") == 1 and summed in fixed
    assert _stdout_of(fixed, tmp_path) == _twin_stdout(name, tmp_path)


@pytest.mark.parametrize("name", sorted(THREE))
def test_the_words_name_every_loss(name):
    linted = pbpit_main("lint", str(HERE / name))
    text = linted.stderr + linted.stdout
    assert "is shared by three losses" in text
    assert "is shared by two losses" not in text
    run = pbpit_main("run", str(HERE / name)).stdout
    # The run names the three too, never two of them: once, as the code that ran (its words
    # quoting the same code are not said again).
    a, b, c = THREE[name]
    assert f"({a} + {b}).backward()" not in run
    assert run.count(f"`({a} + {b} + {c}).backward()`") == 1


def test_the_sum_of_three_gives_the_gradient_derived_by_hand(tmp_path):
    (help_,) = _coded(
        [_json("explain", "--json", str(HERE / "three_losses_plain.rs"))["diagnostic"]]
    )
    fixed = apply_json_edits((HERE / "three_losses_plain.rs").read_text(), help_["edits"])
    printed = _stdout_of(fixed, tmp_path).strip()
    values = [float(v) for v in printed.removeprefix("w.grad = [").removesuffix("]").split(",")]
    assert values[0] == pytest.approx(5 / 3, rel=1e-6) and values[1:] == [0.0, 0.0]


def test_a_third_loss_no_copy_holds_keeps_the_fix_in_words(tmp_path):
    """A third backward of a loss made from the tensor, on a line that is no copy of the first
    two's (a `println!` between): the sum of the two would leave it to panic, so lint writes
    no code and names the three."""
    text = (HERE / "three_losses_plain.rs").read_text(encoding="utf-8")
    text = text.replace(
        "    let _g3 = l3.backward();\n",
        '    println!("two done");\n    let _g3 = l3.backward();\n',
    )
    path = tmp_path / "apart.rs"
    path.write_text(text, encoding="utf-8")
    data = _json("lint", "--format", "json", str(path))
    (finding,) = data["findings"]
    assert not _coded([finding])
    assert any("(l1 + l2 + l3).backward()" in h["message"] for h in finding["help"])


@pytest.mark.parametrize("name", sorted(THREE))
def test_lint_fix_writes_the_sum_and_the_program_prints_what_the_twin_prints(name, tmp_path):
    copy = tmp_path / name
    shutil.copy(HERE / name, copy)
    result = pbpit_main("lint", "--fix", str(copy))
    assert result.returncode == 0, result.stderr
    assert copy.read_text(encoding="utf-8").count(".backward()") == 1
    assert _stdout_of(copy.read_text(encoding="utf-8"), tmp_path) == _twin_stdout(name, tmp_path)


def test_the_vae_run_shows_explains_checked_code():
    """p08's shape (a VAE's two losses into one `GradientsAccumulator`): the run's error and
    the audit show the fix explain shows, as the same checked code."""
    path = str(HERE / "vae_two_losses.rs")
    (explained,) = _coded([_json("explain", "--json", path)["diagnostic"]])
    run = _json("run", "--json", path)
    (error,) = [d for d in run["diagnostics"] if d["level"] == "error"]
    (shown,) = _coded([error])
    assert shown["edits"] == explained["edits"] and shown["checked"]["verdict"] == "runs"
    assert "(recon + kl).backward()" in shown["message"]


@pytest.mark.parametrize("name", ["heads_loop.rs"])
def test_a_loop_over_heads_every_fix_shown_as_code_prints_what_the_twin_prints(name, tmp_path):
    """A loop over three heads, each pass backpropagating its head's loss into one accumulator:
    every fix any command shows as code runs and prints what the hand-fixed twin prints (the
    same three losses each step)."""
    path = str(HERE / name)
    text = (HERE / name).read_text(encoding="utf-8")
    twin = _twin_stdout(name, tmp_path)
    helps = [
        *_coded(_json("run", "--json", path)["diagnostics"]),
        *_coded([_json("explain", "--json", path)["diagnostic"]]),
        *_coded(_json("lint", "--format", "json", path)["findings"]),
    ]
    assert helps
    for help_ in helps:
        fixed = apply_json_edits(text, help_["edits"])
        assert _stdout_of(fixed, tmp_path) == twin, help_["message"]


def test_a_backward_and_its_step_written_again_go_together():
    """The trainer crate's `fit_shared`: `let grads = mse.backward(); model = model.sgd(&grads,
    LR);` then the same of `penalty`. By hand: one backward of the sum and one step, so the
    second copy goes whole (its step too), not only its backward (which left two steps)."""
    path = Path(__file__).parent / "crates" / "trainer" / "src" / "train.rs"
    data = _json("lint", "--format", "json", str(path))
    (help_,) = [
        h
        for f in data["findings"]
        if f["rule"] == "shared-intermediate"
        for h in f["help"]
        if "(mse + penalty).backward()" in h["message"] and h.get("edits")
    ]
    fixed = apply_json_edits(path.read_text(encoding="utf-8"), help_["edits"])
    body = fixed.split("pub fn fit_shared", 1)[1].split("pub fn", 1)[0]
    assert body.count(".backward()") == 1 and "(mse + penalty).backward()" in body
    assert body.count("model = model.sgd(&grads, LEARNING_RATE);") == 1
