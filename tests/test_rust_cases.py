"""Rust cases through every command: run, check, audit, explain and graph read `.rs` files and
cite their Rust lines; the fixes they propose are Rust and make the program run."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pbpit_process import apply_edits, apply_fix, pbpit_cli, pbpit_main, write_case

from pbpit.diagnose.audit import audit
from pbpit.diagnose.explain import explain_in_case
from pbpit.runner import BUILTIN_CASES, CASES_DIR, resolve_case, run_case

TWINS = [file.removesuffix(".py") for file in BUILTIN_CASES.values()]


def line_of(path, text: str) -> int:
    """The 1-based line of `path` holding `text` (once)."""
    found = [i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line]
    assert len(found) == 1, (text, found)
    return found[0]


def rust_case(directory, body: str, name: str = "my_case.rs"):
    return write_case(directory, body, name)


def normalised(stderr: str) -> str:
    return re.sub(r"thread 'main' \(\d+\)", "thread 'main' (TID)", stderr)


# -- the twins ------------------------------------------------------------------------------------


@pytest.mark.parametrize("stem", TWINS)
def test_rust_twin_prints_byte_for_byte_what_the_python_case_prints(stem):
    python = pbpit_main("run", stem, "--raw")
    rust = pbpit_main("run", f"{stem}.rs", "--raw")
    assert (rust.returncode, rust.stdout) == (python.returncode, python.stdout)
    assert normalised(rust.stderr) == normalised(python.stderr)
    assert rust.stdout == (CASES_DIR / f"{stem}.stdout").read_text()


def test_check_runs_the_rust_twins_beside_the_python_cases():
    out = pbpit_main("check")
    assert out.returncode == 0, out.stdout + out.stderr
    for name in BUILTIN_CASES:
        assert re.search(rf"^ok +{re.escape(name)}\.rs$", out.stdout, re.M), out.stdout


def test_a_rust_twin_resolves_by_name_and_a_file_of_that_name_wins(tmp_path):
    assert resolve_case("shared_loss.rs").path == CASES_DIR / "shared_loss.rs"
    own = rust_case(tmp_path, "fn main() {}\n", "twice.rs")
    out = pbpit_cli("run", "twice.rs", "--raw", cwd=tmp_path)
    assert (out.returncode, out.stdout, out.stderr) == (0, "", ""), own


def test_list_names_the_rust_twins():
    data = json.loads(pbpit_main("list", "--json").stdout)
    assert [Path(c["rust_path"]).is_file() for c in data["cases"]] == [True] * len(TWINS)
    assert "twice.rs" in pbpit_main("list").stdout


# -- diagnostics cite Rust lines ------------------------------------------------------------------


def test_audit_of_twice_rs_flags_feats_at_its_rust_line():
    path = CASES_DIR / "twice.rs"
    (hazard,) = [e for e in audit(run_case(resolve_case("twice.rs"))) if e.verdict == "hazard"]
    assert (hazard.label, hazard.pattern) == ("feats", "loop-external-tracked")
    assert hazard.line == line_of(path, "let feats = x.clone().exp();")
    assert hazard.loop_line == line_of(path, "for step in 0..3 {")


def test_explain_in_twice_rs_quotes_the_rust_line_and_underlines_the_value():
    path = CASES_DIR / "twice.rs"
    line = line_of(path, "let feats = x.clone().exp();")
    text = path.read_text().splitlines()[line - 1]
    column = text.index("x.clone()") + 1
    out = pbpit_main("explain", "2", "--case", "twice.rs")
    assert out.returncode == 0, out.stderr
    assert f"twice.rs:{line}:{column}\n" in out.stdout
    assert f"{line} | {text}\n" in out.stdout
    assert " " * (column - 1) + "^" * len("x.clone().exp()") + " exp(NodeId(0) `x`)" in out.stdout


def test_explain_in_twice_rs_writes_its_fixes_in_rust():
    path = CASES_DIR / "twice.rs"
    result = run_case(resolve_case("twice.rs"))
    # `x` requires grad, so gradients must reach it: recompute in the loop first (SPEC's fix B),
    # detach once second (fix A, which leaves x.grad = None).
    recompute, detach = explain_in_case(result, 2).fixes
    line = line_of(path, "let feats = x.clone().exp();")
    text = path.read_text().splitlines()[line - 1]
    assert ("+", None, "        let feats = x.clone().exp();") in recompute.lines
    assert ("+", line, text.replace(".exp();", ".exp().detach();")) in detach.lines


def test_explain_in_shared_loss_rs_adds_the_losses_with_let():
    result = run_case(resolve_case("shared_loss.rs"))
    (fix,) = explain_in_case(result, 2).fixes
    added = [text.strip() for mark, _, text in fix.lines if mark == "+"]
    assert added == ["let g1 = (l1 + l2).backward();", "let g2 = g1;"]


def test_graph_of_a_rust_case_names_its_tensors():
    out = pbpit_main("graph", "twice.rs", "--json")
    labels = {node["id"]: node["label"] for node in json.loads(out.stdout)["nodes"]}
    assert {labels[0], labels[1], labels[2], labels[4]} == {"x", "w", "feats", "loss"}


def test_run_of_a_rust_case_names_the_rust_file_and_line():
    out = pbpit_main("run", "double_backward.rs")
    made = line_of(CASES_DIR / "double_backward.rs", "let loss = ")
    assert out.returncode == 101
    # The error is lint's finding: at the backward that panics, the loss's line labelled.
    assert "--> cases/double_backward.rs:20:17\n" in out.stdout
    assert f"\n{made} |     let loss = " in out.stdout


# -- fixes proposed for Rust programs work when applied -------------------------------------------

HEAD = """\
    use burn::tensor::Tensor;

    fn main() {
        let device = Device::flex().autodiff();
"""

FIXABLE = {
    "twice": None,
    "shared_loss": None,
    "double_backward": None,
    "rnn": HEAD
    + """\
        let w = Tensor::<1>::from_floats([0.5, 0.5], &device).require_grad();
        let mut h = Tensor::<1>::zeros([2], &device);
        for _step in 0..3 {
            let x_t = Tensor::<1>::from_floats([1.0, 2.0], &device);
            h = (h * w.clone() + x_t).tanh();
            let loss = h.clone().sum();
            let _grads = loss.backward();
        }
    }
""",
    "two_layers_cached": HEAD
    + """\
        let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
        let w1 = Tensor::<2>::from_floats([[1.0], [0.5]], &device).require_grad();
        // `x.clone()`: the fix moves this line into the loop, where a bare `x` is a use after
        // move (rustc's E0382), which pbpit refuses.
        let pre = x.clone().matmul(w1.clone());
        let hidden = burn::tensor::activation::relu(pre);
        for _step in 0..3 {
            let loss = hidden.clone().mul_scalar(2.0).sum();
            let _grads = loss.backward();
        }
    }
""",
    "rustfmt_layout": HEAD
    + """\
        let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
        let feats = x
            .clone()
            .exp();
        let a = x.clone().log(); let b = x.clone().sqrt();
        for _step in 0..3 {
            let loss = (feats.clone() + a.clone() * b.clone()).sum();
            let _grads = loss.backward();
        }
    }
""",
    "double_through_a_chain": HEAD
    + """\
        let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
        let out = x.clone().exp();
        let loss = out.sum();
        let grads = loss.backward();
        let grads = loss.backward();
    }
""",
}


@pytest.mark.parametrize("name", FIXABLE)
def test_the_rust_fix_that_applies_makes_the_program_run_when_applied(tmp_path, name):
    body = FIXABLE[name]
    path = CASES_DIR / f"{name}.rs" if body is None else rust_case(tmp_path, body, f"{name}.rs")
    result = run_case(resolve_case(str(path)))
    assert result.exit_code == 101, result.stdout
    fix = next(f for f in explain_in_case(result, result.panic.node_id).fixes if f.applies)
    assert fix.lines, fix
    fixed = tmp_path / f"{name}_fixed.rs"
    fixed.write_text(apply_fix(path.read_text(), fix))
    rerun = run_case(resolve_case(str(fixed)))
    assert (rerun.exit_code, rerun.error) == (0, None), fixed.read_text()


def test_carried_rust_state_is_detached_with_an_assignment(tmp_path):
    path = rust_case(tmp_path, FIXABLE["rnn"])
    result = run_case(resolve_case(str(path)))
    entry = next(e for e in audit(result) if e.verdict == "hazard")
    assert (entry.label, entry.carried) == ("h", True)
    (fix,) = explain_in_case(result, entry.node_id).fixes
    assert fix.lines[-1] == ("+", None, "        h = h.detach();")


# -- what pbpit cannot run ------------------------------------------------------------------------


def test_rust_outside_the_subset_is_one_line_and_exit_2(tmp_path):
    path = rust_case(
        tmp_path,
        """\
        union Model { a: i32 }

        fn main() {}
        """,
    )
    out = pbpit_main("run", str(path))
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.startswith(f"error: unsupported Rust: `union` items\n --> {path}:1:1\n")
    assert out.stderr.endswith(
        f"\npbpit: cannot run {path}: 1 construct outside the subset pbpit runs "
        "(docs/RUST_SUBSET.md lists the subset)\n"
    )


def test_a_rust_syntax_error_is_one_line_and_exit_2(tmp_path):
    path = rust_case(tmp_path, "fn main() {\n    let x = ;\n}\n")
    out = pbpit_main("run", str(path))
    assert out.returncode == 2
    assert re.fullmatch(rf"pbpit: error: .*{re.escape(str(path))}:2:\d+: .+\n", out.stderr)
    assert "Traceback" not in out.stderr


def test_bless_refuses_an_unsupported_rust_case_and_writes_nothing(tmp_path):
    rust_case(tmp_path, 'fn main() { let t = b"a"; }\n', "char.rs")
    out = pbpit_cli("check", "char.rs", "--bless", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (
        2,
        "error: unsupported Rust: byte strings\n"
        " --> char.rs:1:21\n"
        "  |\n"
        '1 | fn main() { let t = b"a"; }\n'
        "  |                     ^^^^\n"
        "  |\n"
        '  = help: write `"a".as_bytes()`\n'
        "\n"
        "pbpit: cannot run char.rs: 1 construct outside the subset pbpit runs "
        "(docs/RUST_SUBSET.md lists the subset)\n",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["char.rs"]


def test_a_rust_programs_own_panic_is_checked_with_its_file_name(tmp_path):
    path = rust_case(
        tmp_path,
        """\
        fn main() {
            let nothing: Option<f32> = None;
            println!("{}", nothing.unwrap());
        }
        """,
    )
    assert pbpit_main("check", str(path), "--bless").returncode == 0
    stderr = (tmp_path / "my_case.stderr").read_text()
    assert stderr.startswith("\nthread 'main' (TID) panicked at my_case.rs:3:")
    out = pbpit_cli("check", str(path), cwd=tmp_path.parent)
    assert out.returncode == 0, out.stdout


# -- lint from the command line -------------------------------------------------------------------


def test_lint_finds_the_twice_pattern_and_passes_its_fix():
    found = pbpit_main("lint", str(CASES_DIR / "twice.rs"))
    assert found.returncode == 1
    assert "warning[pbpit::loop-external-tracked]" in found.stdout
    clean = pbpit_main("lint", str(CASES_DIR / "twice_fix.rs"))
    assert clean.returncode == 0, clean.stdout


def test_lint_of_a_missing_path_is_one_line_and_exit_2(tmp_path):
    out = pbpit_main("lint", str(tmp_path / "nope.rs"))
    assert out.returncode == 2
    assert len(out.stderr.splitlines()) == 1 and "Traceback" not in out.stderr


def test_a_statement_over_several_lines_is_not_detached_halfway(tmp_path):
    path = rust_case(tmp_path, FIXABLE["rustfmt_layout"])
    result = run_case(resolve_case(str(path)))
    fix_a = next(f for f in explain_in_case(result, 1).fixes if f.key == "detach once")
    assert fix_a.lines == []  # `x.detach()` on its first line would detach the wrong tensor


def test_two_statements_on_one_line_underline_the_one_that_made_the_node(tmp_path):
    path = rust_case(tmp_path, FIXABLE["rustfmt_layout"])
    line = line_of(path, "let a = x.clone().log(); let b")
    out = pbpit_main("explain", "3", "--case", str(path)).stdout
    text = path.read_text().splitlines()[line - 1]
    column = text.index("x.clone().sqrt()") + 1
    assert f"{path}:{line}:{column}\n" in out
    assert " " * (column - 1) + "^" * len("x.clone().sqrt()") + " sqrt(NodeId(0) `x`)" in out


def test_raw_output_interleaves_stdout_and_stderr_as_the_program_wrote_them(tmp_path):
    path = rust_case(
        tmp_path,
        """\
        fn main() {
            println!("out 1");
            eprintln!("err 1");
            println!("out 2");
            let nothing: Option<f32> = None;
            nothing.unwrap();
        }
        """,
    )
    both = subprocess.run(
        [sys.executable, "-m", "pbpit", "run", str(path), "--raw"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert both.returncode == 101
    lines = both.stdout.splitlines()
    # rustc's empty line before the panic, as a program compiled by rustc 1.95 prints it.
    assert lines[:4] == ["out 1", "err 1", "out 2", ""]
    where = re.escape(f"{path}:6:13:")
    assert re.fullmatch(rf"thread 'main' \(\d+\) panicked at {where}", lines[4])


def test_a_symlink_loop_is_named_as_one(tmp_path):
    (tmp_path / "a.rs").symlink_to(tmp_path / "b.rs")
    (tmp_path / "b.rs").symlink_to(tmp_path / "a.rs")
    out = pbpit_cli("check", str(tmp_path), "--bless")
    assert (out.returncode, out.stderr.count("\n")) == (2, 1)
    assert "symbolic link" in out.stderr and "Traceback" not in out.stderr


def test_a_case_and_its_twin_that_print_differently_cannot_share_goldens(tmp_path):
    write_case(tmp_path, "import pbpit\n\nprint('hi')\n", "same.py")
    rust_case(tmp_path, 'fn main() { println!("ho"); }\n', "same.rs")
    out = pbpit_main("check", str(tmp_path), "--bless")
    assert out.returncode == 2
    assert out.stderr == (
        "pbpit: error: cannot bless same.py and same.rs: they share same.stdout but print "
        "differently\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["same.py", "same.rs"]


def test_recursion_deeper_than_the_interpreter_follows_is_unsupported_not_a_result(tmp_path):
    path = rust_case(
        tmp_path,
        """\
        fn depth(n: i32) -> i32 {
            if n == 0 { 0 } else { depth(n - 1) + 1 }
        }

        fn main() {
            println!("{}", depth(1000000));
        }
        """,
    )
    out = pbpit_cli("run", str(path), "--raw")
    assert (out.returncode, out.stdout) == (2, "")
    # Issue 14: the refusal names the call that goes deeper than rustc's main stack.
    assert out.stderr.startswith("error: unsupported Rust: calls nested deeper than 174,000:")
    assert f"\n --> {path}:2:28\n" in out.stderr


def test_a_quoted_line_shows_tabs_as_rustc_does_and_the_caret_under_the_span(tmp_path):
    path = tmp_path / "tabs.rs"
    path.write_text(
        "fn main() {\n"
        "\tlet device = Device::flex().autodiff();\n"
        "\tlet x = Tensor::<1>::from_floats([0.5], &device).require_grad();\n"
        '\tlet s = "特"; let feats = x.clone().exp();\n'
        "\tfor _step in 0..2 {\n"
        "\t\tlet _grads = (feats.clone() * 2.0).sum().backward();\n"
        "\t}\n"
        "}\n"
    )
    out = pbpit_main("audit", str(path)).stdout
    assert '4 |     let s = "特"; let feats = x.clone().exp();\n' in out
    # Under `x.clone().exp()`, in cells: the tab is 4, `特` 2, so 4 + 9 + 2 + 15 before it.
    assert "  | " + " " * 30 + "^" * len("x.clone().exp()") + " `feats` is made here" in out


def test_explain_in_a_program_without_tensors_says_so(tmp_path):
    path = rust_case(tmp_path, 'fn main() { println!("hi"); }\n')
    out = pbpit_main("explain", "0", "--case", str(path))
    assert (out.returncode, out.stderr) == (
        2,
        f"pbpit: error: NodeId(0) does not exist in {path}: it made no tensor on an autodiff "
        "device\n",
    )


RUNNABLE_LINT_SNIPPETS = [
    CASES_DIR / "twice.rs",
    CASES_DIR / "shared_loss.rs",
    CASES_DIR / "double_backward.rs",
    Path(__file__).parent / "lint" / "cached_chain.rs",
]


@pytest.mark.parametrize("path", RUNNABLE_LINT_SNIPPETS, ids=lambda p: p.name)
def test_every_fix_lint_writes_as_code_makes_the_program_run(path, tmp_path):
    from pbpit.lint.tree import lint_paths

    assert run_case(resolve_case(str(path))).exit_code == 101
    text = path.read_text()
    fixes = [h for f in lint_paths([path]).findings for h in f.helps if h.edits]
    for number, fix in enumerate(fixes):
        fixed = tmp_path / f"fixed_{number}.rs"
        fixed.write_text(apply_edits(text, fix.edits))
        rerun = run_case(resolve_case(str(fixed)))
        assert (rerun.exit_code, rerun.error) == (0, None), (fix.message, fixed.read_text())


@pytest.mark.parametrize(
    ("source", "where", "what"),
    [
        (
            "fn main() {\n    if true {\n        let x = 1;\n}\n",
            "1:11",
            "this file contains an unclosed delimiter `{`",
        ),
        (
            'fn main() {\n    let s = "{ (";\n    let x = (1 + 2];\n}\n',
            "3:19",
            "unexpected closing delimiter `]`",
        ),
        ("fn main() {\n    let x = 1 +;\n}\n", "2:16", "expected an expression"),
    ],
)
def test_a_syntax_error_names_the_delimiter_or_what_is_missing(tmp_path, source, where, what):
    path = rust_case(tmp_path, source)
    out = pbpit_main("run", str(path))
    assert (out.returncode, out.stderr) == (
        2,
        f"pbpit: error: syntax error in case {path}:{where}: {what}\n",
    )


def test_a_looping_link_given_by_name_is_named_as_one(tmp_path):
    (tmp_path / "a.rs").symlink_to(tmp_path / "b.rs")
    (tmp_path / "b.rs").symlink_to(tmp_path / "a.rs")
    run = pbpit_cli("run", "a.rs", cwd=tmp_path)
    lint = pbpit_cli("lint", "a.rs", cwd=tmp_path)
    assert (run.returncode, lint.returncode) == (2, 2)
    assert run.stderr == (
        "pbpit: error: cannot read case file a.rs: a symbolic link that loops or points nowhere\n"
    )
    assert lint.stderr == "pbpit: error: a symbolic link that loops or points nowhere: a.rs\n"
