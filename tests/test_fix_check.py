"""A fix is checked by making it: the edits applied to a copy of the program, the copy loaded by
the interpreter (what rustc rejects is refused) and run. Only a fix that runs without the panic
is shown as code; the others keep their words and say what making them did."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from pbpit_process import pbpit_main

from pbpit.diagnose import fix_check
from pbpit.diagnose.fix_check import PANICS, REFUSED, RUNS, check_edits, checked_helps
from pbpit.diagnostics.model import Diagnostic, Edit, Help

# Burn 0.22's style: features cached before the loop; the loop reads both leaves' gradients.
CACHED = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    for step in 0..2 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        let x_grad = x.grad(&grads).unwrap();
        println!("{step}: {:?}", x_grad.into_data().to_vec::<f32>().unwrap());
    }
}
"""


ONLY_FIRST = "; gradients compared in backward #1, the only one the original ran"
"""The stamp's scope: these programs panic at their 2nd backward, and the fix runs 3."""


def program(tmp_path: Path, text: str = CACHED) -> Path:
    path = tmp_path / "main.rs"
    path.write_text(text)
    return path


def digest(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def insert(line: int, column: int, text: str) -> Edit:
    return Edit(line, column, line, column, text)


def test_a_fix_that_recomputes_in_the_loop_runs(tmp_path):
    path = program(tmp_path)
    # Move `feats` into the loop: delete line 7, insert it as the loop's first line.
    edits = [
        Edit(7, 1, 8, 1, ""),
        insert(9, 1, "        let feats = x.clone().exp();\n"),
    ]
    check = check_edits(path, edits)
    assert (check.verdict, check.detail, check.exit_code) == (RUNS, "runs without the panic", 0)


def test_a_detach_whose_gradient_the_program_unwraps_panics_where_it_unwraps(tmp_path):
    path = program(tmp_path)
    check = check_edits(path, [insert(7, 32, ".detach()")])
    assert check.verdict == PANICS
    assert check.detail == "it panics at line 11: called `Option::unwrap()` on a `None` value"


def test_a_fix_that_keeps_the_panic_names_its_node(tmp_path):
    path = program(tmp_path)
    check = check_edits(path, [insert(9, 47, "")])  # no change at all: the original panic
    assert (check.verdict, check.detail) == (PANICS, "it still panics at NodeId(2)")


def test_an_edit_rustc_rejects_is_refused_with_rustcs_code(tmp_path):
    path = program(tmp_path)
    # `feats` moved into the loop's first pass and used again: E0382, as rustc says.
    check = check_edits(path, [Edit(9, 21, 9, 34, "feats")])
    assert check.verdict == REFUSED
    assert "use of moved value: `feats`" in check.detail and "E0382" in check.detail


def test_checking_reads_the_users_files_only_and_leaves_nothing_behind(tmp_path, monkeypatch):
    path = program(tmp_path)
    (tmp_path / "notes.txt").write_text("not a program")
    before = digest(tmp_path)
    # A temporary folder of this test's own: other processes' checks come and go in the shared one.
    temp = tmp_path.parent / (tmp_path.name + "-temp")
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    left = {p.name for p in temp.glob("pbpit-fix-*")}
    check_edits(path, [insert(7, 32, ".detach()")])
    assert digest(tmp_path) == before
    assert {p.name for p in temp.glob("pbpit-fix-*")} == left == set()


def test_a_crate_root_is_checked_with_its_module_files(tmp_path):
    root = tmp_path / "src"
    root.mkdir()
    (root / "features.rs").write_text(
        "use burn::tensor::Tensor;\n\npub fn of(x: Tensor<1>) -> Tensor<1> {\n    x.exp()\n}\n"
    )
    main = CACHED.replace("let feats = x.clone().exp();", "let feats = features::of(x.clone());")
    path = program(root, "mod features;\n" + main)
    # The edit is in the module file: detach what it returns.
    check = check_edits(path, [insert(4, 12, ".detach()")], root / "features.rs")
    assert check.verdict == PANICS and "Option::unwrap()" in check.detail


def test_a_help_that_fails_loses_its_code_and_says_why(tmp_path):
    path = program(tmp_path)
    moved = insert(9, 1, "        let feats = x.clone().exp();\n")
    good = Help("move it", [Edit(7, 1, 8, 1, ""), moved])
    bad = Help("detach each pass (applies here): detach it", [insert(7, 32, ".detach()")])
    words = Help("think again")
    finding = Diagnostic("loop-external-tracked", "m", str(path), [], [bad, good, words])
    helps = checked_helps(finding, path, path).helps
    # The fix that ran first, then the words, then the one that failed: never "applies here".
    assert helps[0].edits == good.edits and helps[0].checked.verdict == RUNS
    assert helps[0].headline == "move it (checked: runs without the panic)"
    assert helps[1] is words
    assert helps[2].edits == [] and helps[2].checked.verdict == PANICS
    assert helps[2].message == "detach each pass: detach it"
    assert helps[2].note.startswith("pbpit made this edit and ran the program: it panics at line")
    assert [h.to_json().get("checked", {}).get("verdict") for h in helps] == [
        RUNS,
        None,
        PANICS,
    ]


def test_explain_does_not_print_a_fix_that_panics_as_code(tmp_path):
    path = program(tmp_path)
    out = pbpit_main("explain", str(path)).stdout
    # Detaching `feats` leaves `x` without a gradient, which the loop unwraps.
    assert ".exp().detach();" not in out
    assert (
        "pbpit made this edit and ran the program: it panics at line 11: called "
        "`Option::unwrap()` on a `None` value, so it is not shown"
    ) in out
    # Recomputing in the loop is shown: both leaves get the first backward's bits again.
    assert f"(checked: runs without the panic; x.grad, w.grad unchanged{ONLY_FIRST})" in out


def test_the_copy_limit_is_a_verdict_not_an_error(tmp_path, monkeypatch):
    # A program of two files (`mod helper;`): its folder is copied, and here it is too large.
    path = program(tmp_path, "mod helper;\n" + CACHED)
    (tmp_path / "helper.rs").write_text("pub fn unused() {}\n")
    monkeypatch.setattr(fix_check, "COPY_LIMIT", 10)
    check = check_edits(path, [insert(8, 32, ".detach()")])
    assert check.verdict == fix_check.FAILS and "too large" in check.detail
    assert os.path.exists(path)


def test_a_single_file_in_a_large_folder_is_checked_on_its_own(tmp_path, monkeypatch):
    # A file that names no other (no `mod name;`) runs alone: a downloads folder or /tmp full
    # of other files does not withhold its fixes.
    path = program(tmp_path)
    (tmp_path / "other.rs").write_text("fn main() {}\n" * 50)
    monkeypatch.setattr(fix_check, "COPY_LIMIT", 10)
    check = check_edits(path, [insert(7, 32, ".detach()")])
    # Run, the edit cuts `x`'s gradient, which the loop unwraps.
    assert (check.verdict, check.detail.split(":")[0]) == (PANICS, "it panics at line 11")


# -- one diagnosis: the run's error names the rule lint names ---------------------------------

TWO_LOSSES_IN_ONE_PASS = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    for step in 0..2 {
        let feats = (x.clone() * w.clone()).exp();
        let reconstruction = feats.clone().sum();
        let penalty = feats.powf_scalar(2.0).mean();
        let grads = reconstruction.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        let grads = penalty.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""

RNN_CARRIED = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let mut h = Tensor::<1>::zeros([2], &device);
    for step in 0..3 {
        let h_new = (h.clone() + w.clone()).tanh();
        let loss = h_new.clone().sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        h = h_new;
    }
}
"""


def run_json(path: Path) -> dict:
    import json

    return json.loads(pbpit_main("run", "--json", str(path)).stdout)


def lint_rules(path: Path) -> list[str]:
    import json

    found = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    return [finding["rule"] for finding in found]


def test_two_losses_of_one_pass_are_shared_never_carried(tmp_path):
    path = program(tmp_path, TWO_LOSSES_IN_ONE_PASS)
    ran = run_json(path)
    (hazard,) = [entry for entry in ran["audit"] if entry["verdict"] == "hazard"]
    assert (hazard["label"], hazard["pattern"], hazard["carried"]) == (
        "feats",
        "shared-intermediate",
        False,
    )
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    assert error["rule"] == "shared-intermediate"
    assert lint_rules(path) == ["shared-intermediate"]


def test_state_carried_into_the_next_pass_is_carried(tmp_path):
    path = program(tmp_path, RNN_CARRIED)
    ran = run_json(path)
    (hazard,) = [entry for entry in ran["audit"] if entry["verdict"] == "hazard"]
    assert (hazard["pattern"], hazard["carried"]) == ("loop-external-tracked", True)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    assert error["rule"] == "loop-external-tracked"
    assert lint_rules(path) == ["loop-external-tracked"]
    # The fix detaches the state on the line that carries it (`h = h_new;`, line 12, made
    # `h = h_new.detach();`), never `h_new = h_new.detach();` after it (moved by then).
    fixes = [h for h in error["help"] if h["edits"]]
    edits = [(e["line"], e["column"], e["replacement"]) for h in fixes for e in h["edits"]]
    assert edits == [(12, len("        h = h_new") + 1, ".detach()")]
    assert "`h`, line 12" in fixes[0]["message"]
    assert fixes[0]["checked"]["verdict"] == "runs"
    assert not any("h_new` at the end" in h["message"] for h in error["help"])


# -- lint: a detach whose cut gradient the program unwraps is not written as code -------------


def test_lint_writes_no_detach_whose_cut_gradient_the_loop_unwraps(tmp_path):
    import json

    path = program(tmp_path)  # the loop unwraps `x`'s gradient; `feats` is made from `x`
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    detach = next(h for h in finding["help"] if "detach it once" in h["message"])
    assert detach["edits"] == []
    # Lint cannot run it: it says what the edit may do; `pbpit run` makes it and runs it.
    assert detach["note"] == (
        "not written as code: line 11 unwraps `x`'s gradient: if `feats` is the loss's only "
        "way to `x`, detaching `feats` leaves `x` without a gradient, and the unwrap panics "
        "(`pbpit run` makes it and tells)"
    )
    (error,) = json.loads(pbpit_main("run", "--json", str(path)).stdout)["diagnostics"][:1]
    detach = next(h for h in error["help"] if "detach it once" in h["message"])
    assert detach["edits"] == [] and detach["checked"]["verdict"] == PANICS


def test_lint_still_writes_the_detach_when_the_cut_gradient_is_not_unwrapped(tmp_path):
    import json

    text = CACHED.replace("x.grad(&grads).unwrap()", "w.grad(&grads).unwrap()")
    path = program(tmp_path, text)
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    detach = next(h for h in finding["help"] if "detach it once" in h["message"])
    assert detach["edits"]
    assert check_edits(path, [Edit(**e) for e in detach["edits"]]).verdict == RUNS


def test_explain_json_gives_each_fix_its_check_and_no_lines_for_one_that_fails(tmp_path):
    import json

    path = program(tmp_path)
    data = json.loads(pbpit_main("explain", "--json", str(path)).stdout)
    checks = {fix["key"]: (fix["checked"]["verdict"], bool(fix["lines"])) for fix in data["fixes"]}
    assert checks == {"detach once": (PANICS, False), "recompute in the loop": (RUNS, True)}


# Written after the code: state kept in a struct field by a method, across episodes.
FIELD_STATE = """\
use burn::prelude::*;

struct Agent {
    w: Tensor<1>,
    memory: Tensor<1>,
}

impl Agent {
    fn act(&mut self, obs: Tensor<1>) -> Tensor<1> {
        let out = (obs * self.w.clone() + self.memory.clone()).tanh();
        self.memory = out.clone();
        out
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut agent = Agent {
        w: Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad(),
        memory: Tensor::<1>::zeros([2], &device),
    };
    for episode in 0..3 {
        let obs = Tensor::<1>::from_floats([1.0, episode as f32], &device);
        let loss = agent.act(obs).sum();
        let grads = loss.backward();
        let w_grad = agent.w.grad(&grads).unwrap();
        println!("{episode}: {:?}", w_grad.into_data().to_vec::<f32>().unwrap());
    }
}
"""


def test_state_carried_in_a_struct_field_is_detached_in_the_field(tmp_path):
    path = program(tmp_path, FIELD_STATE)
    ran = run_json(path)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    # The run's error is lint's finding though the run cites the caller's line (24) and lint
    # the line that makes the tensor in the method (10).
    assert (error["rule"], error["line"]) == ("loop-external-tracked", 10)
    assert not any("`out` at the end" in h["message"] for h in error["help"])
    (fix,) = [h for h in error["help"] if h["edits"]]
    # Detached where the method puts it (line 11, `self.memory = out.clone();`); `out` is
    # returned after it, so its clone stays.
    edits = [(e["line"], e["column"], e["replacement"]) for e in fix["edits"]]
    assert edits == [(11, len("        self.memory = out.clone()") + 1, ".detach()")]
    assert fix["checked"]["verdict"] == RUNS


# -- gradients: a fix that keeps them gives the first backward's bits; one that cuts says which --

# Both leaves' gradients printed after the first backward, bit for bit (`{:?}` of f32 prints the
# shortest text that reads back to the same bits): the oracle the comparison is checked against.
BOTH_PRINTED = """\
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    for step in 0..2 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("{step}: x {:?} w {:?}", v(x.grad(&grads)), v(w.grad(&grads)));
    }
}
"""
RECOMPUTE = [Edit(11, 1, 12, 1, ""), insert(13, 1, "        let feats = x.clone().exp();\n")]
DETACH = [insert(11, 32, ".detach()")]


def _first_line(path: Path) -> str:
    return pbpit_main("run", "--raw", str(path)).stdout.splitlines()[0]


def test_recompute_in_the_loop_keeps_the_first_backwards_gradients_bit_for_bit(tmp_path):
    from pbpit.diagnose.fix_check import UNCHANGED, applied, baseline
    from pbpit.runner import Case, run_case

    path = program(tmp_path, BOTH_PRINTED)
    original = run_case(Case.file(path))
    check = check_edits(path, RECOMPUTE, baseline=baseline(original))
    assert check.ok and check.gradients == (("x", UNCHANGED), ("w", UNCHANGED))
    assert check.headline == f"runs without the panic; x.grad, w.grad unchanged{ONLY_FIRST}"
    # The oracle: what the fixed program prints of its first backward, as the original did.
    (tmp_path / "fixed").mkdir()
    fixed = program(tmp_path / "fixed", applied(BOTH_PRINTED, RECOMPUTE))
    assert _first_line(fixed) == _first_line(path)
    assert _first_line(path) == "0: x Some([1.6487212, 5.4365635]) w Some([1.6487212, 2.7182817])"


def test_detach_once_says_which_leaf_loses_its_gradient(tmp_path):
    from pbpit.diagnose.fix_check import NONE, UNCHANGED, applied, baseline
    from pbpit.runner import Case, run_case

    path = program(tmp_path, BOTH_PRINTED)
    check = check_edits(path, DETACH, baseline=baseline(run_case(Case.file(path))))
    assert check.ok and check.gradients == (("x", NONE), ("w", UNCHANGED))
    assert check.headline == f"runs without the panic; w.grad unchanged; x.grad = None{ONLY_FIRST}"
    assert check.to_json()["gradients"] == {"x": "none", "w": "unchanged"}
    (tmp_path / "fixed").mkdir()
    fixed = program(tmp_path / "fixed", applied(BOTH_PRINTED, DETACH))
    assert _first_line(fixed) == "0: x None w Some([1.6487212, 2.7182817])"


def test_a_fix_that_changes_a_gradient_says_so(tmp_path):
    from pbpit.diagnose.fix_check import CHANGED, UNCHANGED, baseline
    from pbpit.runner import Case, run_case

    path = program(tmp_path, BOTH_PRINTED)
    # Recomputed, and the loss doubled: w's gradient is twice the original's, x's too.
    doubled = [*RECOMPUTE, insert(13, 53, " * 2.0")]
    check = check_edits(path, doubled, baseline=baseline(run_case(Case.file(path))))
    assert check.ok and check.gradients == (("x", CHANGED), ("w", CHANGED)), check
    assert check.headline == f"runs without the panic; x.grad, w.grad changed{ONLY_FIRST}"
    assert UNCHANGED not in dict(check.gradients).values()


def test_runs_json_gives_each_checked_fix_its_gradients():
    import json

    cases = Path(__file__).resolve().parents[1] / "cases"
    data = json.loads(pbpit_main("run", "--json", str(cases / "twice.rs")).stdout)
    (error,) = [d for d in data["diagnostics"] if d["level"] == "error"]
    checks = {h["message"]: h["checked"] for h in error["help"] if "checked" in h}
    detach = next(c for m, c in checks.items() if "detach it once" in m)
    recompute = next(c for m, c in checks.items() if "compute it inside the loop" in m)
    assert detach["gradients"] == {"x": "none", "w": "unchanged"}
    assert recompute["gradients"] == {"x": "unchanged", "w": "unchanged"}


# -- lint --fix: the fix a user would choose, or the one asked for; never one that fails ---------


def _fixed(tmp_path: Path, text: str, *options: str) -> str:
    path = tmp_path / "main.rs"
    path.write_text(text)
    pbpit_main("lint", *options, str(path))
    return path.read_text()


def test_fix_detaches_what_the_program_takes_no_gradient_from(tmp_path):
    # The loop reads `w`'s gradient only: nothing trains through `feats` (made from `x`).
    text = BOTH_PRINTED.replace(
        '"{step}: x {:?} w {:?}", v(x.grad(&grads)), v(w.grad(&grads))',
        '"{step}: w {:?}", v(w.grad(&grads))',
    )
    assert "let feats = x.clone().exp().detach();" in _fixed(tmp_path, text, "--fix")


def test_fix_recomputes_what_the_program_trains_and_fix_equals_chooses(tmp_path):
    # `x.grad(&grads)` is read: the default recomputes; `--fix=detach` detaches all the same.
    recomputed = _fixed(tmp_path, BOTH_PRINTED, "--fix")
    assert "        let feats = x.clone().exp();" in recomputed.splitlines()
    (tmp_path / "other").mkdir()
    detached = _fixed(tmp_path / "other", BOTH_PRINTED, "--fix=detach")
    assert "let feats = x.clone().exp().detach();" in detached


def test_fix_equals_add_leaves_a_finding_without_that_fix_alone(tmp_path):
    assert _fixed(tmp_path, BOTH_PRINTED, "--fix=add") == BOTH_PRINTED


def test_fix_equals_something_else_is_one_line_and_status_2(tmp_path):
    path = program(tmp_path, BOTH_PRINTED)
    out = pbpit_main("lint", "--fix=everything", str(path))
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == "pbpit: error: --fix takes detach, recompute or add, not `everything`\n"


def test_fix_does_not_write_a_fix_the_interpreter_refuses(tmp_path):
    from pbpit.lint.apply import _refused

    path = program(tmp_path, BOTH_PRINTED)
    original = path.read_bytes()
    # `x` moved into `feats` before the loop: rustc's E0382 at the loop's read of `x`.
    moved = original.replace(b"let feats = x.clone().exp();", b"let feats = x.exp();")
    assert _refused(str(path), original, moved).startswith("error[E0382]")
    assert _refused(str(path), original, original) is None


def test_a_detach_that_takes_a_node_id_compares_each_parameter_with_itself():
    """`.detach()` takes a node id, so every parameter made after it has another id in the fixed
    run: the gradients are compared leaf with leaf (by name, else by place among the unnamed
    leaves), never id with id. Detaching `probs` leaves the forward's values as they were, so the
    layers' parameters get the same bits, and `x` none (softmax's own detached input, a leaf no
    binding holds, is not listed)."""
    import json

    program = Path(__file__).parent / "data" / "fix_check" / "head_probs.rs"
    data = json.loads(pbpit_main("run", "--json", str(program)).stdout)
    (error,) = [d for d in data["diagnostics"] if d["level"] == "error"]
    assert "NodeId(6)" in " ".join(error["notes"])
    checks = {h["message"]: h["checked"] for h in error["help"] if "checked" in h}
    detach = next(c for m, c in checks.items() if "detach it once" in m)
    recompute = next(c for m, c in checks.items() if "compute it inside the loop" in m)
    # The layers' parameters by their path in the module, as Burn's records name them.
    params = ["head.norm.gamma", "head.norm.beta", "head.out.weight", "head.out.bias"]
    assert detach["gradients"] == {"x": "none", **dict.fromkeys(params, "unchanged")}
    assert recompute["gradients"] == {"x": "unchanged", **dict.fromkeys(params, "unchanged")}


def test_recompute_names_the_leaves_a_user_holds_not_softmaxs_own():
    program = Path(__file__).parent / "data" / "fix_check" / "head_probs.rs"
    run = pbpit_main("run", str(program))
    said = run.stdout + run.stderr
    assert "gradients must reach `x`, so compute `probs` in the loop" in said


def test_state_in_an_option_field_run_and_lint_name_the_field_and_its_place():
    """Written after the code: a Burn 0.22 agent keeps `Some(out)` in a struct field across
    episodes. Ids by hand from the measured table: x 0; Linear's weight 1, bias 2, matmul 3,
    reshape 4, add 5; tanh 6. The run and lint name the same rule and the field that carries it,
    and the help says to detach what is put in the Option, never the Option itself."""
    import json

    program = Path(__file__).parent / "data" / "fix_check" / "memory_opt.rs"
    data = run_json(program)
    (error,) = [d for d in data["diagnostics"] if d["level"] == "error"]
    assert "NodeId(6) `out`" in " ".join(error["notes"])
    lint = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)
    (warning,) = lint["findings"]
    for diagnostic in (error, warning):
        assert diagnostic["rule"] == "loop-external-tracked"
        assert diagnostic["message"].startswith("`agent.memory` carries a tracked tensor")
        words = " ".join(h["message"] for h in diagnostic["help"])
        assert "detach `out` where it is put in `agent.memory`, not the `Option`" in words
        assert "agent.memory.detach()" not in words


def test_the_tensor_put_in_an_option_field_is_detached_as_checked_code(tmp_path):
    """The help names what is put in the field and writes it: `Some(out.clone().detach())`
    where the loop puts it. Measured outside the fix check, on copies of the original and of
    the fixed program that print the parameters' gradients after each backward: the fixed one
    runs its three episodes without the panic (the original panics in the second); its first
    gradients are the original's to the bit (the first episode has no memory yet: the same
    computation), as the run's check claims; and by hand, for `out = tanh(x W + b)` with
    x = [0.5, -1.0], W's gradient is x^T times b's: [0.5 db0, 0.5 db1, -db0, -db1] (exact)."""
    import json
    import struct

    from pbpit.diagnose.fix_check import applied

    program = DATA / "memory_opt.rs"
    lint = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)
    (help_,) = lint["findings"][0]["help"]
    edits = [Edit(**e) for e in help_["edits"]]
    fixed = applied(program.read_text(), edits)
    assert "        agent.memory = Some(out.clone().detach());\n" in fixed
    error = next(d for d in run_json(program)["diagnostics"] if d["level"] == "error")
    (checked,) = [h["checked"] for h in error["help"] if "checked" in h]
    assert checked["gradients"] == {"cell.fc.weight": "unchanged", "cell.fc.bias": "unchanged"}

    backward = "        let grads = GradientsParams::from_grads(loss.backward(), &cell);\n"
    printing = (
        "        let raw = loss.backward();\n"
        "        let w = cell.fc.weight.grad(&raw).unwrap();\n"
        "        let b = cell.fc.bias.as_ref().unwrap().grad(&raw).unwrap();\n"
        '        println!("w {:?}", w.into_data().to_vec::<f32>().unwrap());\n'
        '        println!("b {:?}", b.into_data().to_vec::<f32>().unwrap());\n'
        "        let grads = GradientsParams::from_grads(raw, &cell);\n"
    )
    runs = {}
    for name, text in (("original", program.read_text()), ("fixed", fixed)):
        assert text.count(backward) == 1
        (tmp_path / name).mkdir()
        measured = program_in(tmp_path / name, text.replace(backward, printing))
        runs[name] = pbpit_main("run", "--raw", str(measured))
    original, after = runs["original"], runs["fixed"]
    assert original.returncode == 101 and "graph tape has already been consumed" in original.stderr
    assert (after.returncode, after.stderr) == (0, "")
    lines = after.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[::3]] == [f"episode {e}" for e in range(3)]
    assert lines[:3] == original.stdout.splitlines()[:3]  # the first backward's bits

    def f32s(line: str, name: str) -> list[float]:
        assert line.startswith(name + " [") and line.endswith("]")
        numbers = [float(v) for v in line[len(name) + 2 : -1].split(", ")]
        return [struct.unpack("<f", struct.pack("<f", v))[0] for v in numbers]

    db0, db1 = f32s(lines[2], "b")  # the first episode's input is x itself (no memory yet)
    assert f32s(lines[1], "w") == [0.5 * db0, 0.5 * db1, -db0, -db1]


def test_the_tensor_a_method_puts_in_an_option_field_is_detached_in_that_method(tmp_path):
    """`learner.hidden` is filled by `Learner::step` (`self.hidden = Some(h.clone())`): the
    edit is made there, and the fixed program runs its three passes. By hand, pass 0: no
    hidden state yet, `prev` is zeros, so w's gradient, (1 - h^2) * prev, is [0.0, 0.0]."""
    from pbpit.diagnose.fix_check import applied

    program = Path(__file__).parent / "agreement" / "learner_option.rs"
    (help_,) = _lint_helps(program_in(tmp_path, program.read_text()))
    assert help_.message.startswith("detach `h` where it is put in `learner.hidden`")
    fixed = applied(program.read_text(), help_.edits)
    assert "        self.hidden = Some(h.clone().detach());\n" in fixed
    (tmp_path / "fixed").mkdir()
    printed = pbpit_main("run", "--raw", str(program_in(tmp_path / "fixed", fixed))).stdout
    assert printed.splitlines()[0] == "0: Some([0.0, 0.0])"
    assert len(printed.splitlines()) == 3


def _lint_helps(path: Path) -> list[Help]:
    from pbpit.diagnose.fix_check import lint_checked
    from pbpit.lint.tree import lint_paths

    (finding,) = lint_checked(lint_paths([str(path)])).findings
    return finding.helps


# -- state a pass that leaves early carries; lint's own helps made and read again -----------------

DATA = Path(__file__).parent / "data" / "fix_check"
FIRST = "w Some([0.46211717, 0.7615942]) x Some([0.19661193, -0.05249679])"
"""The first backward's gradients of saved_epochs_break.rs, by hand: w gets tanh(0.5 x),
x gets w * 0.5 * (1 - tanh(0.5 x)^2), rounded to f32 (the original's first printed line)."""


def test_a_collection_a_pass_that_breaks_fills_is_emptied_right_after_its_backward(tmp_path):
    """The batches loop breaks at its second batch, and the epochs loop runs it again: a
    `saved.clear();` as the body's last line would be skipped by the pass that breaks (and the
    next epoch's first batch panics). lint writes it after the backward's statement; the fixed
    program runs each pass on its own features, so every pass prints the first's gradients."""
    import json

    from pbpit.diagnose.fix_check import applied

    program = DATA / "saved_epochs_break.rs"
    lint = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)
    (finding,) = lint["findings"]
    (help_,) = finding["help"]
    edits = [Edit(**e) for e in help_["edits"]]
    assert [(e.line, e.column, e.replacement) for e in edits] == [
        (22, 1, "            saved.clear();\n")
    ]
    error = next(d for d in run_json(program)["diagnostics"] if d["level"] == "error")
    (checked,) = [h["checked"] for h in error["help"] if "checked" in h]
    assert checked["verdict"] == RUNS
    assert checked["gradients"] == {"w": "unchanged", "x": "unchanged"}
    fixed = program_in(tmp_path, applied(program.read_text(), edits))
    printed = pbpit_main("run", "--raw", str(fixed)).stdout.splitlines()
    assert printed == [f"{e} {b}: {FIRST}" for e in (0, 1) for b in (0, 1)]


def program_in(folder: Path, text: str) -> Path:
    path = folder / "main.rs"
    path.write_text(text)
    return path


def _lint_report(path: Path, helps: list[Help]):
    """lint's report of `path`, its one finding's helps replaced by `helps`."""
    from dataclasses import replace

    from pbpit.lint.tree import lint_paths

    report = lint_paths([str(path)])
    (finding,) = report.findings
    return replace(report, findings=[replace(finding, helps=helps)])


def test_lint_says_in_words_a_help_whose_edit_leaves_the_finding(tmp_path):
    """The emptying written as the inner body's last line (after the `if .. { break; }`):
    it compiles, but lint reading the edited file still warns. Running it panics, by hand: the
    first epoch's batch 0 makes 2, 3 (pushed), 4, 5 and is emptied; its batch 1 makes 6, 7
    (pushed), 8, 9, and breaks before the emptying; the next epoch's batch 0 adds NodeId(7),
    whose step batch 1's backward consumed."""
    from pbpit.diagnose.fix_check import LINTS, lint_checked

    path = program_in(tmp_path, (DATA / "saved_epochs_break.rs").read_text())
    last = [insert(27, 1, "            saved.clear();\n")]
    (finding,) = lint_checked(_lint_report(path, [Help("empty it", last)])).findings
    (help_,) = finding.helps
    assert help_.edits == [] and help_.checked.verdict == LINTS
    assert help_.note == (
        "pbpit made this edit and read it again: lint still warns: `saved` carries a tracked "
        "tensor from one pass of the loop into the next: a later pass's backward panics, so it "
        "is not shown"
    )
    assert check_edits(path, last).detail == "it still panics at NodeId(7)"


def test_lint_says_in_words_a_help_whose_edit_rustc_rejects_and_keeps_one_that_works(tmp_path):
    """An edit that moves `saved` out of the loop's state (`let kept = saved;`): the next pass's
    `saved.push(..)` borrows a moved value, rustc's E0382. The edit lint writes is kept,
    unchanged and without a mark."""
    from pbpit.diagnose.fix_check import REFUSED, lint_checked

    path = program_in(tmp_path, (DATA / "saved_epochs_break.rs").read_text())
    good = Help("empty it", [insert(22, 1, "            saved.clear();\n")])
    bad = Help("take it", [insert(22, 1, "            let kept = saved;\n")])
    (finding,) = lint_checked(_lint_report(path, [good, bad])).findings
    assert finding.helps[0] == good
    assert finding.helps[1].edits == [] and finding.helps[1].checked.verdict == REFUSED
    assert finding.helps[1].note == (
        "pbpit made this edit and read it again: error[E0382]: borrow of moved value: `saved`, "
        "so it is not shown"
    )


def test_a_program_that_draws_unseeded_weights_is_compared_from_one_stream():
    """Each run of an unseeded program draws other weights (Burn seeds from the OS): compared
    with the run the user saw, every gradient of a fix would be 'changed'. The original and the
    fixed program are both run from one key: recomputing `feats` in the loop leaves the layer's
    gradients of the first backward bit for bit as they were."""
    program = DATA / "unseeded_linear.rs"
    error = next(d for d in run_json(program)["diagnostics"] if d["level"] == "error")
    assert "NodeId(6) `feats`" in " ".join(error["notes"])
    (checked,) = [h["checked"] for h in error["help"] if "checked" in h]
    assert checked["gradients"] == {"linear.weight": "unchanged", "linear.bias": "unchanged"}


def test_a_tensor_kept_in_an_option_is_detached_inside_the_some(tmp_path):
    """`.detach()` is a tensor's: on `Some(..)` it would not compile (rustc's E0599; outside
    what pbpit runs). lint detaches the tensor the `Some` holds; the fixed program runs, each
    pass printing the same gradient of `w` (the features are data now), which is not the
    original first backward's (that one also reached `w` through the features: `changed`)."""
    import json

    from pbpit.diagnose.fix_check import REFUSED, applied, lint_checked

    program = DATA / "cached_option.rs"
    text = program.read_text()
    lint = json.loads(pbpit_main("lint", "--format", "json", str(program)).stdout)
    (finding,) = lint["findings"]
    detach = next(h for h in finding["help"] if "detach it once" in h["message"])
    edits = [Edit(**e) for e in detach["edits"]]
    fixed = applied(text, edits)
    assert "= Some(x.clone().matmul(w.clone()).tanh().detach());" in fixed
    error = next(d for d in run_json(program)["diagnostics"] if d["level"] == "error")
    checked = next(h["checked"] for h in error["help"] if "detach it once" in h["message"])
    assert checked["verdict"] == RUNS and checked["gradients"] == {"w": "changed"}
    original = pbpit_main("run", "--raw", str(program)).stdout.splitlines()[0]
    first, second = pbpit_main("run", "--raw", str(program_in(tmp_path, fixed))).stdout.splitlines()
    assert first.removeprefix("0: ") == second.removeprefix("1: ") != original.removeprefix("0: ")
    # The detach written on the Option: lint's check refuses it, and says so in words.
    (tmp_path / "on").mkdir()
    path = program_in(tmp_path / "on", text)
    on_option = [insert(12, 77, ".detach()")]
    assert applied(text, on_option).splitlines()[11].endswith(".tanh()).detach();")
    (help_,) = lint_checked(_lint_report(path, [Help("detach it", on_option)])).findings[0].helps
    assert help_.edits == [] and help_.checked.verdict == REFUSED
    assert help_.checked.detail == (  # rustc 1.95's words
        "error[E0599]: no method named `detach` found for enum `Option<T>` in the current scope"
    )


# -- --fix=add: two losses of one pass backpropagated as their sum --------------------------------

SUMMED = "x Some([4.9461637, 10.873127]) w Some([1.6487212, 2.7182817])"
"""The gradients of l1 + l2 in two_losses.rs, by hand: w gets feats = exp(x) (f32 libm:
1.6487212, 2.7182817); x gets exp(x) * (w + 2) (l1's w, l2's 2): 3 * 1.6487212 and
4 * 2.7182817 rounded to f32."""


def _add_fixed(tmp_path: Path, text: str) -> tuple[str, str]:
    """`lint --fix=add` on `text`: the file after it, and what running it prints."""
    path = program_in(tmp_path, text)
    pbpit_main("lint", "--fix=add", str(path))
    fixed = path.read_text()
    return fixed, pbpit_main("run", "--raw", str(path)).stdout.strip()


def test_fix_add_backpropagates_the_sum_where_both_losses_exist(tmp_path):
    text = (DATA / "two_losses.rs").read_text()
    fixed, printed = _add_fixed(tmp_path, text)
    assert fixed == text.replace(
        "    let _g1 = l1.backward();\n    let grads = l2.backward();\n",
        "    let grads = (l1 + l2).backward();\n",
    )
    assert printed == SUMMED
    # The run says what became of the first backward's gradients: w's are l1's as before,
    # x's are not (they add l2's): never 'unchanged'.
    (error,) = [d for d in run_json(DATA / "two_losses.rs")["diagnostics"] if d["level"] == "error"]
    (add,) = [h for h in error["help"] if h["message"].startswith("add the losses and run")]
    assert add["checked"]["gradients"] == {"x": "changed", "w": "unchanged"}


def test_fix_add_backpropagates_the_sum_where_the_second_loss_is_made_after_the_first_backward(
    tmp_path,
):
    text = (DATA / "two_losses.rs").read_text()
    later = text.replace(
        "    let l2 = (feats * 2.0).sum();\n    let _g1 = l1.backward();\n",
        "    let _g1 = l1.backward();\n    let l2 = (feats * 2.0).sum();\n",
    )
    assert later != text
    fixed, printed = _add_fixed(tmp_path, later)
    assert fixed == later.replace("    let _g1 = l1.backward();\n", "").replace(
        "let grads = l2.backward();", "let grads = (l1 + l2).backward();"
    )
    assert printed == SUMMED


def test_fix_add_writes_nothing_when_both_backwards_gradients_are_read(tmp_path):
    text = (DATA / "two_losses.rs").read_text().replace("_g1", "g1")
    text = text.replace("v(w.grad(&grads))", "v(w.grad(&grads)), v(w.grad(&g1))")
    text = text.replace('"x {:?} w {:?}"', '"x {:?} w {:?} {:?}"')
    fixed, _ = _add_fixed(tmp_path, text)
    assert fixed == text
    lint = json.loads(
        pbpit_main("lint", "--format", "json", str(program_in(tmp_path, text))).stdout
    )
    (finding,) = lint["findings"]
    add = next(h for h in finding["help"] if h["message"].startswith("add the losses"))
    assert add["edits"] == []


# -- --fix's default: a snapshot of what the loop computes afresh is detached ---------------------

PPO = Path(__file__).parent / "agreement" / "ppo_old_log_probs.rs"


def test_fix_detaches_ppos_old_log_probs_though_the_policy_is_stepped(tmp_path):
    """The loop steps the policy, yet the old log-probabilities are data: the loop computes the
    current ones itself with the same call. By hand: epoch 0's ratio is 1 and its loss is
    -mean(advantages) = -(0.75 - 0.5) / 2 = -0.125. Detached (the default), the gradient moves
    the policy and epoch 1's loss differs; recomputed (`--fix=recompute`), old and new are one
    tensor: the ratio is 1 in every epoch, its gradient cancels, and the loss stays -0.125: a
    fix pbpit does not write."""
    text = PPO.read_text()
    detached = _fixed(tmp_path, text, "--fix")
    made = ".squeeze::<1>();\n    for"
    assert detached == text.replace(made, ".squeeze::<1>().detach();\n    for")
    learned = pbpit_main("run", "--raw", str(tmp_path / "main.rs")).stdout.splitlines()
    assert learned[0] == "epoch 0: loss = -0.125" and len(learned) == 3
    assert learned[1] != "epoch 1: loss = -0.125"
    (tmp_path / "other").mkdir()
    # Recomputing is not written, even when asked for (`pbpit.lint.rules.snapshot`): made by
    # hand, the ratio is 1 in every epoch and the loss stays -0.125.
    assert _fixed(tmp_path / "other", text, "--fix=recompute") == text
    made = text[text.index("    let old_log_probs = ") : text.index("    for epoch")]
    loop = "    for epoch in 0..3 {\n"
    by_hand = text.replace(made, "").replace(loop, loop + "    " + made)
    (tmp_path / "other" / "main.rs").write_text(by_hand)
    stuck = pbpit_main("run", "--raw", str(tmp_path / "other" / "main.rs")).stdout.splitlines()
    assert stuck == [f"epoch {e}: loss = -0.125" for e in range(3)]


def test_fix_add_drops_the_second_backward_whose_binding_takes_the_first_ones_name(tmp_path):
    """`let grads = l1.backward(); .. let grads = l2.backward();`: what reads the second
    `grads` reads the first once the second is gone, and the first is the sum."""
    text = (DATA / "two_losses.rs").read_text().replace("let _g1 = l1", "let grads = l1")
    fixed, printed = _add_fixed(tmp_path, text)
    assert fixed == text.replace(
        "    let grads = l1.backward();\n    let grads = l2.backward();\n",
        "    let grads = (l1 + l2).backward();\n",
    )
    assert printed == SUMMED


def test_a_collection_each_pass_reads_before_it_pushes_gets_its_pushes_detached(tmp_path):
    """`history[history.len() - 1]` is read before the pass pushes: emptying the Vec would
    leave the next pass nothing to read (an index out of bounds); what is pushed is detached
    instead, named. The fixed program runs its three passes, the first printing what the
    original's first printed (the run's check: w's first gradient unchanged)."""
    from pbpit.diagnose.fix_check import applied

    program = DATA / "history_push.rs"
    (help_,) = _lint_helps(program_in(tmp_path, program.read_text()))
    assert help_.message.startswith("detach `next` where it is pushed into `history`")
    fixed = applied(program.read_text(), help_.edits)
    assert "        history.push(next.detach());\n" in fixed
    error = next(d for d in run_json(program)["diagnostics"] if d["level"] == "error")
    (checked,) = [h["checked"] for h in error["help"] if "checked" in h]
    assert checked["gradients"] == {"w": "unchanged"}
    original = pbpit_main("run", "--raw", str(program)).stdout.splitlines()
    (tmp_path / "fixed").mkdir()
    printed = pbpit_main("run", "--raw", str(program_in(tmp_path / "fixed", fixed))).stdout
    assert len(printed.splitlines()) == 3 and printed.splitlines()[0] == original[0]
