"""The audit, `pbpit explain` and the memory report, on the named cases and on user cases."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from pbpit_process import apply_edits, apply_fix, pbpit_cli, pbpit_main, write_case

from pbpit.diagnose.audit import audit
from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.node_ids import parse_node_id
from pbpit.diagnose.output import scan
from pbpit.engine.graph import Requirement
from pbpit.errors import RustUnsupported
from pbpit.runner import resolve_case, run_case

ONLY_FIRST = "; gradients compared in backward #1, the only one the original ran"
"""The check's scope: these cases panic at their 2nd backward, and each fix runs 3."""


def audited(case: str) -> dict[str, tuple[str, str | None]]:
    """label -> (verdict, pattern) for a case's audit."""
    return {e.label: (e.verdict, e.pattern) for e in audit(run_case(resolve_case(case)))}


# -- the audit on the named cases ---------------------------------------------------------------


def test_audit_of_twice_flags_exactly_feats():
    assert audited("twice") == {
        "x": ("ok", None),
        "w": ("ok", None),
        "feats": ("hazard", "loop-external-tracked"),
    }


def test_audit_of_twice_fix_finds_no_hazard():
    assert all(verdict == "ok" for verdict, _ in audited("twice_fix").values())
    assert audited("twice_fix")["feats"] == ("ok", None)


def test_audit_of_shared_loss_flags_feats_as_shared():
    assert audited("shared-loss") == {"feats": ("hazard", "shared-intermediate")}


def test_audit_of_double_backward_flags_the_loss():
    assert audited("double-backward") == {"loss": ("hazard", "double-backward")}


def test_audit_entry_of_twice_has_requirement_line_and_is_tracked():
    entry = next(e for e in audit(run_case(resolve_case("twice"))) if e.label == "feats")
    assert (entry.node_id, entry.line, entry.tracked, entry.requirement) == (
        2,
        19,
        True,
        Requirement.GRAD_IN_BACKWARD,
    )
    assert entry.loop_line == 20


# -- the audit on user cases ----------------------------------------------------------------------

DATA_OUTSIDE_LOOP = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    batch = pb.Tensor.from_floats([3.0, 4.0], device).exp()
    for step in range(3):
        loss = (batch * w).sum()
        loss.backward()
"""


def test_data_prepared_outside_the_loop_is_fine(tmp_path):
    entries = audit(run_case(resolve_case(str(write_case(tmp_path, DATA_OUTSIDE_LOOP)))))
    assert {e.label: (e.requirement, e.verdict) for e in entries} == {
        "w": (Requirement.GRAD, "ok"),
        "batch": (Requirement.NONE, "ok"),
    }


LOOP_WITHOUT_BACKWARD = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    hidden = w.exp()
    total = 0.0
    for step in range(3):
        total += (hidden * w).sum().into_scalar()
"""


def test_loop_whose_body_runs_no_backward_is_not_audited(tmp_path):
    assert audit(run_case(resolve_case(str(write_case(tmp_path, LOOP_WITHOUT_BACKWARD))))) == []


NESTED_LOOPS = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    for epoch in range(2):
        hidden = w.tanh()
        for batch in range(2):
            loss = (hidden * w).sum()
            loss.backward()
"""


def test_tracked_tensor_made_in_the_outer_loop_is_a_hazard_of_the_inner(tmp_path):
    result = run_case(resolve_case(str(write_case(tmp_path, NESTED_LOOPS))))
    assert result.exit_code == 101
    assert {e.label: (e.verdict, e.loop_line) for e in audit(result)} == {
        "w": ("ok", 5),
        "hidden": ("hazard", 7),
    }


# -- explain ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "NodeId(2)",
        "2",
        "Cannot run backward: graph tape has already been consumed at NodeId(2). Burn does not",
    ],
)
def test_node_id_is_read_from_every_accepted_form(text):
    assert parse_node_id(text) == 2


@pytest.mark.parametrize("text", ["NodeId(x)", "two", "", "-3"])
def test_malformed_node_id_is_none(text):
    assert parse_node_id(text) is None


def test_panic_is_found_in_a_programs_output():
    output = "   Compiling app\nstep 0\nthread 'main' (7) panicked at a.rs:1:1:\n" + (
        "Cannot run backward: graph tape has already been consumed at NodeId(12). Burn does"
    )
    (panic,) = scan([output.encode()])
    assert panic.node_id == 12
    assert scan([b"step 0\nstep 1\n"]) == []


def test_explain_entry_covers_meaning_causes_fixes_and_finding_the_node():
    result = pbpit_main("explain", "NodeId(2)")
    assert result.returncode == 0
    assert result.stdout.startswith("NodeId(2): the graph tape was already consumed\n")
    text = " ".join(result.stdout.split())  # wrapped to the terminal
    for words in (
        "retain_graph",
        "by value",
        "memory",
        "outside the training loop",
        "Two losses sharing an intermediate",
        "backward() twice",
        ".detach()",
        "recompute it every step",
        "(l1 + l2).backward()",
        "ids count tensor creations",
    ):
        assert words in text, words


def test_explain_reads_a_piped_program_output():
    output = "step 0: ok\nCannot run backward: graph tape has already been consumed at NodeId(5).\n"
    result = pbpit_main("explain", "-", stdin=output)
    assert result.returncode == 0
    assert result.stdout.startswith("NodeId(5):")


def test_explain_of_output_without_panic_says_so_and_exits_1():
    result = pbpit_main("explain", "-", stdin="all good\n")
    assert result.returncode == 1
    assert result.stdout == ""
    assert "no `graph tape has already been consumed` panic" in result.stderr


def test_explain_of_unknown_id_lists_the_ids_and_exits_2():
    result = pbpit_main("explain", "NodeId(40)", "--case", "twice")
    assert result.returncode == 2
    assert result.stderr == "pbpit: error: NodeId(40) does not exist in twice: its ids are 0..6\n"


def test_explain_of_malformed_id_exits_2():
    result = pbpit_main("explain", "NodeId(two)")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "malformed node id" in result.stderr


def test_explain_in_twice_names_feats_and_both_backwards():
    explanation = explain_in_case(run_case(resolve_case("twice")), 2)
    assert explanation.node.label == "feats"
    assert [p.label for p in explanation.parents] == ["x"]
    assert (explanation.consumed_by.number, explanation.consumed_by.iteration) == (1, 0)
    assert (explanation.reached_by.number, explanation.reached_by.iteration) == (2, 1)
    assert explanation.path == [6, 5, 2]


def test_explain_in_twice_writes_detach_once_and_recompute_as_corrected_lines():
    fixes = {f.key: f for f in explain_in_case(run_case(resolve_case("twice")), 2).fixes}
    assert fixes["detach once"].lines == [
        ("-", 19, "feats = x.clone().exp()"),
        ("+", 19, "feats = x.clone().exp().detach()"),
    ]
    assert fixes["recompute in the loop"].applies
    assert fixes["recompute in the loop"].lines == [
        ("-", 19, "feats = x.clone().exp()"),
        (" ", 20, "for step in range(3):"),
        ("+", None, "    feats = x.clone().exp()"),
        (" ", 21, "    loss = (feats.clone() * w.clone()).sum()"),
    ]


def test_explain_in_shared_loss_adds_the_losses():
    (fix,) = explain_in_case(run_case(resolve_case("shared-loss")), 2).fixes
    assert (fix.key, fix.applies) == ("add the losses", True)
    assert fix.lines == [
        ("-", 24, "g1 = l1.backward()"),
        ("+", 24, "g1 = (l1 + l2).backward()"),
        ("-", 26, "g2 = l2.backward()"),
        ("+", 26, "g2 = g1"),
    ]


def test_explain_in_double_backward_builds_the_loss_again():
    explanation = explain_in_case(run_case(resolve_case("double-backward")), 4)
    assert explanation.path == [4]
    (fix,) = explanation.fixes
    assert (fix.key, fix.applies) == ("rebuild the loss", True)
    assert fix.lines == [
        ("+", None, "loss = (x.clone().exp() * w.clone()).sum()"),
        (" ", 21, "grads = loss.backward()"),
    ]
    assert "already in `grads`" in fix.note


def test_explain_with_case_prints_the_fixed_lines_as_rustc_prints_suggestions():
    result = pbpit_main("explain", "NodeId(2)", "--case", "twice")
    assert result.returncode == 0
    # rustc's suggestions: `+` under inserted text; `N -` and `N +` rows when lines move.
    assert (
        "help: detach once: if `feats` needs no gradient, cut it off where it is made"
        " (checked: runs without the panic; w.grad unchanged; x.grad = None" + ONLY_FIRST + ")\n"
        "   |\n"
        "19 | feats = x.clone().exp().detach()\n"
        "   |                        +++++++++\n"
    ) in result.stdout
    assert (
        "   |\n"
        "19 - feats = x.clone().exp()\n"
        "19 | for step in range(3):\n"
        "20 +     feats = x.clone().exp()\n"
        "   |\n"
    ) in result.stdout
    assert "-19 |" not in result.stdout and "+19 |" not in result.stdout
    assert "reached it by 6 -> 5 -> 2 and panicked" in result.stdout


LINT_FIXES = Path(__file__).parent / "lint" / "fixes"


@pytest.mark.parametrize(
    ("case", "node_id"),
    [
        ("cases/twice.rs", 2),
        ("cases/double_backward.rs", 4),
        ("cases/shared_loss.rs", 2),
        (str(LINT_FIXES / "recompute_needs_clone.rs"), 3),
        (str(LINT_FIXES / "double_backward_moved.rs"), 4),
    ],
    ids=["twice", "double_backward", "shared_loss", "recompute_needs_clone", "rebuild_moved"],
)
def test_explain_s_corrected_lines_applied_run_without_panic_or_use_after_move(
    case, node_id, tmp_path
):
    # `x.matmul(w)` moved into the loop as written moves `x` and `w` in its first pass: rustc's
    # E0382, which pbpit's interpreter refuses as rustc does. The lines must clone them.
    source = Path(case).read_text()
    fixes = [f for f in explain_in_case(run_case(resolve_case(case)), node_id).fixes if f.lines]
    assert fixes
    for fix in fixes:
        patched = tmp_path / Path(case).name
        patched.write_text(apply_edits(source, fix.edits()))
        try:
            result = run_case(resolve_case(str(patched)))
        except RustUnsupported as refused:
            pytest.fail(f"{fix.key}: {refused}")
        assert result.exit_code == 0 and result.panic is None, (fix.key, result.stdout)


def test_explain_json_is_one_object():
    data = json.loads(pbpit_main("explain", "2", "--case", "shared_loss", "--json").stdout)
    assert data["node"]["label"] == "feats"
    assert data["audit"]["pattern"] == "shared-intermediate"
    assert data["fixes"][0]["key"] == "add the losses"
    assert (data["diagnostic"]["level"], data["diagnostic"]["line"]) == ("note", 18)


# -- run: audit, memory, colour --------------------------------------------------------------------


def test_run_json_carries_the_audit():
    data = json.loads(pbpit_main("run", "twice", "--json").stdout)
    assert [(a["label"], a["verdict"]) for a in data["audit"]] == [
        ("x", "ok"),
        ("w", "ok"),
        ("feats", "hazard"),
    ]
    assert data["audit"][2]["pattern"] == "loop-external-tracked"


def test_run_shows_the_audit_after_the_diagnosis():
    out = pbpit_main("run", "twice").stdout
    assert out.index("lost its step") < out.index("audit:")


def test_audit_command_exits_1_on_a_hazard_and_0_when_clean():
    assert pbpit_main("audit", "twice").returncode == 1
    assert pbpit_main("audit", "twice_fix").returncode == 0


def test_run_memory_shows_the_drop_at_backward():
    out = pbpit_main("run", "twice", "--memory").stdout
    assert "backward #1 (root NodeId(4) `loss`, ran): 24 B -> 0 B" in out


def test_saved_bytes_of_a_large_tensor_are_released_by_backward(tmp_path):
    body = """\
        import numpy as np
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats(np.ones(1_000_000, dtype=np.float32), device).require_grad()
        loss = x.exp().sum()
        loss.backward()
    """
    (record,) = run_case(resolve_case(str(write_case(tmp_path, body)))).backwards
    # exp saves its 4 MB output; sum saves nothing
    assert (record.saved_bytes_before, record.saved_bytes_after) == (4_000_000, 0)


def test_output_has_no_colour_off_a_terminal():
    for args in (["run", "twice"], ["audit", "twice"], ["explain", "2", "--case", "twice"]):
        assert "\x1b[" not in pbpit_cli(*args).stdout


def test_explain_in_twice_fix_finds_the_detached_features_have_no_step_and_need_no_fix():
    explanation = explain_in_case(run_case(resolve_case("twice_fix")), 3)
    assert (explanation.node.label, explanation.node.op, explanation.node.tracked) == (
        "feats",
        "detach",
        False,
    )
    assert explanation.consumed_by is None and explanation.reached_by is None
    assert explanation.audit.verdict == "ok"
    assert explanation.fixes == []
    out = pbpit_main("explain", "NodeId(3)", "--case", "twice_fix").stdout
    assert "it never had a step: an untracked tensor is not on the tape" in out


TRAIN_STEP_IN_A_FUNCTION = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    hidden = w.tanh()


    def train_step():
        loss = (hidden * w).sum()
        return loss.backward()


    for step in range(3):
        grads = train_step()
"""


def test_an_op_in_a_function_called_from_the_loop_is_in_the_loop(tmp_path):
    result = run_case(resolve_case(str(write_case(tmp_path, TRAIN_STEP_IN_A_FUNCTION))))
    entries = {e.label: (e.verdict, e.pattern, e.loop_line) for e in audit(result)}
    assert entries == {
        "w": ("ok", None, 13),
        "hidden": ("hazard", "loop-external-tracked", 13),
    }
    fixes = {f.key: f for f in explain_in_case(result, result.panic.node_id).fixes}
    assert fixes["recompute in the loop"].lines[1:] == [
        (" ", 13, "for step in range(3):"),
        ("+", None, "    hidden = w.tanh()"),
        (" ", 14, "    grads = train_step()"),
    ]


LOGGED_IN_THE_LOOP = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    hidden = w.tanh()
    for step in range(3):
        print(hidden.mul_scalar(2.0).sum().into_scalar())
        w.mul_scalar(3.0).sum().backward()
"""


def test_state_used_only_until_its_backward_and_detached_after_is_fine(tmp_path):
    # Truncated backprop: the state made before the loop is backpropagated once, then the loop
    # carries a detached copy. The run is clean, and so is the audit.
    body = """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        w = pb.Tensor.from_floats([0.5, 0.5], device).require_grad()
        x = pb.Tensor.from_floats([1.0, 2.0], device)
        h = (x * w).tanh()
        for step in range(4):
            h = (h * w + x).tanh()
            if step % 2 == 1:
                grads = h.sum().backward()
                h = h.detach()
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    assert result.exit_code == 0
    entries = audit(result)
    assert [e.verdict for e in entries] == ["ok"] * len(entries)
    assert {e.label for e in entries} >= {"w", "x", "h"}


def test_a_loop_that_ran_once_still_flags_what_its_next_pass_would_reuse(tmp_path):
    body = """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        feats = x.exp()
        for step in range(1):
            grads = (feats * 2.0).sum().backward()
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    assert result.exit_code == 0
    (hazard,) = [e for e in audit(result) if e.verdict == "hazard"]
    assert (hazard.label, hazard.pattern) == ("feats", "loop-external-tracked")


def test_a_warning_on_a_one_digit_line_has_rustcs_one_column_gutter(tmp_path):
    body = """\
        import pbpit as pb

        x = pb.Tensor.from_floats([0.5], pb.Device.flex().autodiff()).require_grad()
        feats = x.exp()
        for step in range(2):
            grads = feats.sum().backward()
    """
    path = write_case(tmp_path, body)
    out = pbpit_main("audit", str(path)).stdout
    warning = out[out.index("\nwarning[") + 1 :].splitlines()
    assert warning[1:6] == [
        f" --> {path}:4:9",
        "  |",
        "4 | feats = x.exp()",
        "  |         ^^^^^^^ `feats` is made here, outside the loop, from `x` which requires grad",
        "5 | for step in range(2):",
    ]


def test_a_tracked_tensor_no_backward_in_the_loop_walks_is_fine(tmp_path):
    result = run_case(resolve_case(str(write_case(tmp_path, LOGGED_IN_THE_LOOP))))
    assert result.exit_code == 0
    hidden = next(e for e in audit(result) if e.label == "hidden")
    assert (hidden.requirement, hidden.verdict) == (Requirement.GRAD_IN_BACKWARD, "ok")
    assert "no backward there walks through it" in hidden.reason


def test_audit_of_a_long_training_loop_finds_no_hazard(tmp_path):
    body = """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
        for step in range(1500):
            loss = (w.tanh() * w).sum()
            loss.backward()
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    assert len(result.backwards) == 1500
    assert [(e.label, e.verdict) for e in audit(result)] == [("w", "ok")]


def test_backward_twice_on_a_leaf_gives_ones_again(tmp_path):
    body = """\
        import pbpit as pb

        x = pb.Tensor.from_floats([1.0, 2.0], pb.Device.flex().autodiff()).require_grad()
        x.backward()
        print(pb.rust_debug(x.grad(x.backward()).to_vec()))
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    assert (result.exit_code, result.stdout) == (0, "[1.0, 1.0]\n")


def test_help_line_command_can_be_pasted_into_a_shell():
    out = pbpit_main("run", "twice").stdout
    assert "`pbpit explain 2 --case twice`" in out


FIXABLE = {
    "twice": None,
    "shared_loss": None,
    "double_backward": None,
    "rnn": """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        w = pb.Tensor.from_floats([0.5, 0.5], device).require_grad()
        h = pb.Tensor.zeros([2], device)
        for step in range(3):
            x_t = pb.Tensor.from_floats([1.0, 2.0], device)
            h = (h * w + x_t).tanh()
            loss = h.sum()
            grads = loss.backward()
    """,
    "two_layers_cached": """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([[1.0, 2.0]], device)
        w1 = pb.Tensor.from_floats([[1.0], [0.5]], device).require_grad()
        pre = x.matmul(w1)
        hidden = pre.relu()
        for step in range(3):
            loss = hidden.mul_scalar(2.0).sum()
            grads = loss.backward()
    """,
    "parenthesised_forward": """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        feats = (
            x.clone()
            .exp()
        )
        for step in range(3):
            grads = (feats * 2.0).sum().backward()
    """,
    "double_through_a_chain": """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        out = x.exp()
        loss = out.sum()
        grads = loss.backward()
        grads = loss.backward()
    """,
}


@pytest.mark.parametrize("name", FIXABLE)
def test_the_fix_that_applies_makes_the_case_run_when_applied(tmp_path, name):
    from pbpit.runner import builtin_cases

    body = FIXABLE[name]
    if body is None:
        path = next(c.path for c in builtin_cases() if c.path.stem == name)
    else:
        path = write_case(tmp_path, body, f"{name}.py")
    result = run_case(resolve_case(str(path)))
    assert result.exit_code == 101
    fix = next(f for f in explain_in_case(result, result.panic.node_id).fixes if f.applies)
    assert fix.lines, fix
    fixed = tmp_path / f"{name}_fixed.py"
    fixed.write_text(apply_fix(path.read_text(), fix))
    rerun = run_case(resolve_case(str(fixed)))
    assert (rerun.exit_code, rerun.error) == (0, None), fixed.read_text()


def test_carried_state_is_detached_at_the_end_of_each_pass(tmp_path):
    path = write_case(tmp_path, FIXABLE["rnn"])
    result = run_case(resolve_case(str(path)))
    entry = next(e for e in audit(result) if e.verdict == "hazard")
    assert (entry.label, entry.pattern, entry.carried) == ("h", "loop-external-tracked", True)
    (fix,) = explain_in_case(result, entry.node_id).fixes
    assert fix.lines == [
        (" ", 10, "    grads = loss.backward()"),
        ("+", None, "    h = h.detach()"),
    ]


def test_fix_b_moves_the_whole_forward_made_outside_the_loop(tmp_path):
    path = write_case(tmp_path, FIXABLE["two_layers_cached"])
    result = run_case(resolve_case(str(path)))
    fixes = {f.key: f for f in explain_in_case(result, result.panic.node_id).fixes}
    assert [(m, n) for m, n, _ in fixes["recompute in the loop"].lines] == [
        ("-", 6),
        ("-", 7),
        (" ", 8),
        ("+", None),
        ("+", None),
        (" ", 9),
    ]


def test_a_tensor_made_in_a_function_is_recomputed_by_calling_it_in_the_loop(tmp_path):
    body = """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()


        def features():
            return w.tanh()


        cached = features()
        for step in range(2):
            (cached * w).sum().backward()
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    fixes = {f.key: f for f in explain_in_case(result, result.panic.node_id).fixes}
    # Cited at the caller's statement, as lint cites it: the call moves into the loop.
    assert fixes["recompute in the loop"].lines == [
        ("-", 11, "cached = features()"),
        (" ", 12, "for step in range(2):"),
        ("+", None, "    cached = features()"),
        (" ", 13, "    (cached * w).sum().backward()"),
    ]


def test_losses_without_names_get_no_corrected_lines(tmp_path):
    body = """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
        feats = w.exp()
        feats.sum().backward()
        feats.mul_scalar(2.0).sum().backward()
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    (fix,) = explain_in_case(result, result.panic.node_id).fixes
    assert fix.key == "add the losses" and fix.lines == []


def test_a_case_runs_as_main_with_its_own_argv(tmp_path):
    body = """\
        import sys
        print(__name__, sys.argv[1:], sys.modules["__main__"].__name__)
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    assert result.stdout == "__main__ [] __main__\n"


def test_modules_beside_one_case_are_not_seen_by_the_next(tmp_path):
    for folder, word in (("a", "A"), ("b", "B")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "helper_module.py").write_text(f"WORD = {word!r}\n")
        write_case(tmp_path / folder, "from helper_module import WORD\nprint(WORD)\n")
    first = run_case(resolve_case(str(tmp_path / "a" / "my_case.py")))
    second = run_case(resolve_case(str(tmp_path / "b" / "my_case.py")))
    assert (first.stdout, second.stdout) == ("A\n", "B\n")


def test_audit_of_a_case_that_raised_is_not_a_pass(tmp_path):
    path = write_case(tmp_path, "import pbpit as pb\nraise RuntimeError('broken data')\n")
    result = pbpit_main("audit", str(path))
    assert result.returncode == 1
    assert "RuntimeError: broken data" in result.stderr


def test_a_byte_order_mark_does_not_hide_the_loops(tmp_path):
    from pbpit.runner import builtin_cases

    twice = next(c.path for c in builtin_cases() if c.name == "twice").read_bytes()
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbf" + twice)
    entries = audit(run_case(resolve_case(str(path))))
    assert [(e.label, e.pattern) for e in entries if e.verdict == "hazard"] == [
        ("feats", "loop-external-tracked")
    ]


def test_a_statement_over_several_lines_still_names_its_tensor(tmp_path):
    body = """\
        import pbpit as pb

        x = pb.Tensor.from_floats([0.5], pb.Device.flex().autodiff()).require_grad()
        feats = (
            x.clone()
            .exp()
        )
        loss = feats.sum()
    """
    result = run_case(resolve_case(str(write_case(tmp_path, body))))
    assert [n.label for n in result.nodes] == ["x", "feats", "loss"]


def test_a_backward_on_an_untracked_tensor_is_recorded_and_diagnosed_as_such(tmp_path):
    body = """\
        import pbpit as pb

        x = pb.Tensor.from_floats([1.0], pb.Device.flex().autodiff())
        y = x.exp()
        grads = y.backward()
    """
    path = write_case(tmp_path, body)
    result = run_case(resolve_case(str(path)))
    (backward,) = result.backwards
    assert (backward.root, backward.ok, backward.missing, backward.line) == (1, False, 1, 5)
    out = pbpit_main("run", str(path)).stdout
    assert "error: NodeId(1) `y` is not on the tape: nothing to backpropagate\n" in out
    assert "lost its step" not in out


# -- one diagnostic whichever command finds it ----------------------------------------------------


def _block(out: str, start: str) -> list[str]:
    """The diagnostic that begins with the line `start` in `out`, up to its blank line."""
    lines = out.splitlines()
    first = lines.index(start)
    end = next((i for i in range(first, len(lines)) if not lines[i]), len(lines))
    return lines[first:end]


def test_audit_of_a_rust_case_prints_lints_diagnostic_with_the_runs_notes():
    from pbpit.runner import CASES_DIR

    head = (
        "warning[pbpit::loop-external-tracked]: `feats` is a tracked tensor made before the loop "
        "and used in it: the loop's 2nd backward panics"
    )
    linted = _block(pbpit_cli("lint", "cases/twice.rs", cwd=CASES_DIR.parent).stdout, head)
    audited = _block(pbpit_cli("audit", "cases/twice.rs", cwd=CASES_DIR.parent).stdout, head)
    # SPEC's ids: feats 2 made from x 0; step 0's loss 4, step 1's 6 (walk 6 -> 5 -> 2); the
    # backward is line 21 of twice.rs.
    notes = [
        "   = note: NodeId(2) `feats` = exp(NodeId(0) `x`): a tracked intermediate",
        "   = note: backward #1 at line 21 (root NodeId(4) `loss`, loop pass 0) consumed its step",
        "   = note: backward #2 at line 21 (root NodeId(6) `loss`, loop pass 1) went 6 -> 5 -> 2 "
        "and found no step",
    ]
    first_help = linted.index(
        "help: if `feats` needs no gradient, detach it once (checked: runs without the panic)"
    )
    # The audit ran each fix of lint's (the program made with its edits, and run): both run;
    # detached, `feats` gives `x` no gradient; recomputed, both leaves get the same bits.
    said = iter(
        [
            "(checked: runs without the panic; w.grad unchanged; x.grad = None" + ONLY_FIRST + ")",
            "(checked: runs without the panic; x.grad, w.grad unchanged" + ONLY_FIRST + ")",
        ]
    )
    # Lint ran each too, and says so without the gradients (it has no run to compare with).
    ran = " (checked: runs without the panic)"
    checked = [
        f"{line.removesuffix(ran)} {next(said)}" if line.startswith("help: ") else line
        for line in linted[first_help:]
    ]
    assert all(line.endswith(ran) for line in linted[first_help:] if line.startswith("help: "))
    assert audited == linted[:first_help] + notes + checked


def test_audit_of_a_python_case_writes_the_warning_in_lints_words():
    out = pbpit_main("audit", "twice").stdout
    head = (
        "warning[pbpit::loop-external-tracked]: `feats` is a tracked tensor made before the loop "
        "and used in it: the loop's 2nd backward panics"
    )
    assert _block(out, head)[1:9] == [
        "  --> cases/twice.py:19:9",
        "   |",
        "19 | feats = x.clone().exp()",
        "   |         ^^^^^^^^^^^^^^^ `feats` is made here, outside the loop, from `x` which "
        "requires grad",
        "20 | for step in range(3):",
        "21 |     loss = (feats.clone() * w.clone()).sum()",
        "   |             ----- used here, inside the loop",
        "22 |     grads = loss.backward()",
    ]
    assert (
        "   |             --------------- this backward consumes `feats`'s step; the next pass "
        "panics at it"
    ) in out
    assert (
        "help: if `feats` needs no gradient, detach it once"
        " (checked: runs without the panic; w.grad unchanged; x.grad = None" + ONLY_FIRST + ")\n"
        "   |\n"
        "19 | feats = x.clone().exp().detach()\n"
        "   |                        +++++++++\n"
        "help: if gradients must flow through `feats`, compute it inside the loop, every pass"
        " (checked: runs without the panic; x.grad, w.grad unchanged" + ONLY_FIRST + ")\n"
    ) in out


def test_audit_json_carries_the_same_diagnostic_as_lint_json():
    from pbpit.runner import CASES_DIR

    lint = json.loads(pbpit_cli("lint", "cases/twice.rs", "--json", cwd=CASES_DIR.parent).stdout)
    audit_ = json.loads(
        pbpit_cli("audit", "cases/twice.rs", "--json", cwd=CASES_DIR.parent).stdout
    )
    (linted,) = lint["findings"]
    (audited,) = audit_["diagnostics"]
    # The same, but for what the run adds: its notes, and each fix checked by running it.
    checks = [help_.pop("checked") for help_ in audited["help"]]
    ran = {"verdict": "runs", "detail": "runs without the panic", "exit_code": 0}
    # Lint ran each fix too: the same verdict, without the gradients of a run to compare with.
    assert [help_.pop("checked") for help_ in linted["help"]] == [ran, ran]
    scope = {"compared_backwards": 1, "fixed_backwards": 3}
    assert checks == [
        # Compared in the one backward the original ran; the fixed program runs three.
        {**ran, "gradients": {"x": "none", "w": "unchanged"}, **scope},
        {**ran, "gradients": {"x": "unchanged", "w": "unchanged"}, **scope},
    ]
    assert {k: v for k, v in audited.items() if k != "notes"} == linted
    assert audit_["audit"][2]["pattern"] == "loop-external-tracked"  # the old keys stay


@pytest.mark.parametrize("name", ["twice", "shared_loss", "double_backward", "rnn"])
def test_every_fix_the_audit_writes_as_code_makes_the_case_run(tmp_path, name):
    from pbpit_process import apply_edits

    from pbpit.diagnose.findings import audit_report
    from pbpit.runner import builtin_cases

    body = FIXABLE[name]
    if body is None:
        path = next(c.path for c in builtin_cases() if c.path.stem == name)
    else:
        path = write_case(tmp_path, body, f"{name}.py")
    (warning,) = audit_report(run_case(resolve_case(str(path)))).warnings
    fixes = [h for h in warning.helps if h.edits]
    assert fixes
    for number, fix in enumerate(fixes):
        fixed = tmp_path / f"{name}_fixed_{number}.py"
        fixed.write_text(apply_edits(path.read_text(), fix.edits))
        rerun = run_case(resolve_case(str(fixed)))
        assert (rerun.exit_code, rerun.error) == (0, None), fixed.read_text()


@pytest.mark.parametrize("name", list(FIXABLE))
def test_explains_edits_say_what_its_corrected_lines_say(tmp_path, name):
    from pbpit_process import apply_edits

    from pbpit.runner import builtin_cases

    body = FIXABLE[name]
    if body is None:
        path = next(c.path for c in builtin_cases() if c.path.stem == name)
    else:
        path = write_case(tmp_path, body, f"{name}.py")
    result = run_case(resolve_case(str(path)))
    for fix in explain_in_case(result, result.panic.node_id).fixes:
        if fix.lines:
            assert apply_edits(path.read_text(), fix.edits()) == apply_fix(path.read_text(), fix)


# -- fixes named by what they do -------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["run", "twice"],
        ["audit", "twice"],
        ["explain", "2", "--case", "twice"],
        ["run", "shared_loss"],
        ["explain", "4", "--case", "double_backward"],
    ],
)
def test_no_fix_is_named_by_a_letter(args):
    out = pbpit_main(*args).stdout
    for letter in "ABCD":
        assert f"fix {letter}" not in out and f"(fix {letter})" not in out


def test_run_names_the_fix_that_applies_by_what_it_does():
    out = pbpit_main("run", "twice").stdout
    assert (
        "   = help: recompute in the loop: gradients must reach `x`, so compute `feats` in the "
        "loop, every pass\n"
    ) in out
    shared = pbpit_main("run", "shared_loss").stdout
    # Said once: as the code that ran, not again in words quoting the same code.
    assert "help: add the losses and run one backward: `(l1 + l2).backward()` (checked:" in shared
    assert shared.count("`(l1 + l2).backward()`") == 1


def test_run_diagnosis_is_the_audits_finding_raised_to_an_error_with_the_runs_notes():
    out = pbpit_main("run", "twice").stdout
    audited = pbpit_main("audit", "twice").stdout
    head = (
        "error[pbpit::loop-external-tracked]: `feats` is a tracked tensor made before the loop "
        "and used in it: the loop's 2nd backward panics"
    )
    block = _block(out, head)
    warning = _block(audited, head.replace("error[", "warning[", 1))
    # The same finding (labels, notes, fixes), led by what the run saw and which fix applies.
    assert block[:11] == [head, *warning[1:11]]
    assert block[11:17] == [
        "   = note: the run panicked: NodeId(2) `feats` lost its step to an earlier backward",
        "   = note: NodeId(2) `feats` = exp(NodeId(0) `x`): a tracked intermediate",
        "   = note: backward #1 at line 22 (root NodeId(4) `loss`, loop pass 0) consumed its step",
        "   = note: backward #2 at line 22 (root NodeId(6) `loss`, loop pass 1) went 6 -> 5 -> 2 "
        "and found no step",
        "   = help: recompute in the loop: gradients must reach `x`, so compute `feats` in the "
        "loop, every pass",
        "   = help: `pbpit explain 2 --case twice` shows the corrected lines",
    ]
    assert block[17:] == warning[14:]  # the fixes as code, each checked
    assert "warning[pbpit::" not in out  # said once, as the error


def test_run_json_carries_the_diagnosis_as_the_models_json():
    data = json.loads(pbpit_main("run", "twice", "--json").stdout)
    (error,) = data["diagnostics"]
    assert (error["level"], error["rule"], error["line"], error["column"]) == (
        "error",
        "loop-external-tracked",
        19,
        9,
    )
    assert error["notes"][0] == (
        "the run panicked: NodeId(2) `feats` lost its step to an earlier backward"
    )
    assert [h["checked"]["verdict"] for h in error["help"] if h["edits"]] == ["runs", "runs"]


# -- the audit says each thing once --------------------------------------------------------------


def test_the_audits_table_points_at_the_warning_instead_of_repeating_it():
    out = pbpit_main("audit", "twice").stdout
    row = next(line for line in out.splitlines() if line.startswith("  NodeId(2)"))
    assert row.endswith("  hazard  warning[pbpit::loop-external-tracked] below")
    assert "its 2nd pass panics" not in out
    # Without the warnings (in `run`), the row says why itself.
    assert (
        "hazard  made at line 19, before the loop at line 20, and used in it"
        in pbpit_main("run", "twice").stdout
    )


ONE_STATEMENT_TWO_OPS = """\
    import pbpit as pb

    device = pb.Device.flex().autodiff()
    x = pb.Tensor.from_floats([[1.0, 2.0]], device)
    w1 = pb.Tensor.from_floats([[1.0], [0.5]], device).require_grad()
    hidden = x.matmul(w1).tanh()
    for step in range(3):
        loss = hidden.mul_scalar(2.0).sum()
        grads = loss.backward()
"""


def test_one_statement_making_two_tracked_nodes_is_one_hazard(tmp_path):
    path = write_case(tmp_path, ONE_STATEMENT_TWO_OPS)
    result = run_case(resolve_case(str(path)))
    # ids: x 0, w1 1, matmul 2, tanh 3 (`hidden`, what the loop reads)
    (hazard,) = [e for e in audit(result) if e.verdict == "hazard"]
    assert (hazard.node_id, hazard.label, hazard.same_statement) == (3, "hidden", (2,))
    out = pbpit_main("audit", str(path)).stdout
    assert out.count("\nwarning[") == 1 and "NodeId(2)" not in out.split("\nwarning[")[0]
    assert explain_in_case(result, 2).audit == hazard


# -- underlines --------------------------------------------------------------------------------


@pytest.mark.parametrize(("case", "line", "indent"), [("twice", 21, 4), ("twice.rs", 20, 8)])
def test_an_inner_node_underlines_its_own_sub_expression(case, line, indent):
    # Line `loss = (feats.clone() * w.clone()).sum()`: NodeId(3) is the mul, NodeId(4) the sum.
    before = indent + len("let " if case.endswith(".rs") else "") + len("loss = (")
    mul = pbpit_main("explain", "3", "--case", case).stdout
    assert f":{line}:{before + 1}\n" in mul
    gutter = " " * len(str(line)) + " | "
    assert (
        gutter
        + " " * before
        + "^" * len("feats.clone() * w.clone()")
        + " mul(NodeId(2) `feats`, NodeId(1) `w`)\n"
    ) in mul
    whole = pbpit_main("explain", "4", "--case", case).stdout
    assert (
        gutter
        + " " * (before - 1)
        + "^" * len("(feats.clone() * w.clone()).sum()")
        + " sum(NodeId(3))\n"
    ) in whole


# -- explain's prose -------------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["60", "80", "100"])
def test_explains_prose_fills_the_terminal_width_and_keeps_code_as_written(width):
    from pbpit.diagnose.explain import entry

    out = pbpit_main("explain", "2", env={"COLUMNS": width}).stdout
    source = entry(2)
    code = {line for line in source.splitlines() if line.startswith("    ") and "  " in line[:6]}
    lines = out.splitlines()
    for number, line in enumerate(lines):
        if line in code:
            continue
        assert len(line) <= int(width), line
        following = lines[number + 1] if number + 1 < len(lines) else ""
        # A line that ends a paragraph early would have left room for the next word (in
        # ENTRY a paragraph follows a blank line; only a list item follows a line directly).
        starts_item = following.split()[0][:-1].isdigit() if following.strip() else True
        if line.strip() and following not in code and not starts_item:
            next_word = following.split()[0]
            assert len(line) + 1 + len(next_word) > int(width), (line, following)
    assert " ".join(out.split()) == " ".join(source.split())


def test_explains_prose_is_80_columns_wide_when_piped():
    out = pbpit_cli("explain", "2", env={"COLUMNS": ""}).stdout
    assert max(len(line) for line in out.splitlines()) <= 80
    assert any(len(line) > 74 for line in out.splitlines())


# -- Burn's other panic: require_grad() on a tracked intermediate --------------------------------

REQUIRE_GRAD_ON_AN_INTERMEDIATE = {
    "my_case.py": """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
        feats = x.clone().exp().require_grad()
        grads = (feats.clone() * w.clone()).sum().backward()
    """,
    "main.rs": """\
        use burn::tensor::{Device, Tensor};

        fn main() {
            let device = Device::flex().autodiff();
            let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
            let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
            let feats = x.clone().exp().require_grad();
            let _grads = (feats.clone() * w.clone()).sum().backward();
        }
    """,
}
# Where `require_grad` starts on the line that calls it (1-based), counted by hand.
REQUIRE_GRAD_AT = {"my_case.py": (6, 25), "main.rs": (7, 33)}


@pytest.mark.parametrize("name", list(REQUIRE_GRAD_ON_AN_INTERMEDIATE))
def test_run_reports_the_require_grad_panic_as_its_rules_error_on_the_call(tmp_path, name):
    path = write_case(tmp_path, REQUIRE_GRAD_ON_AN_INTERMEDIATE[name], name)
    out = pbpit_main("run", "--json", str(path))
    assert out.returncode == 101, out.stderr
    (error,) = [d for d in json.loads(out.stdout)["diagnostics"] if d["level"] == "error"]
    assert (error["id"], error["line"], error["column"]) == (
        "pbpit::require-grad-non-leaf",
        *REQUIRE_GRAD_AT[name],
    )
    assert error["message"] == (
        "`require_grad()` on a tracked intermediate panics: "
        "`Can't convert a non leaf tensor into a tracked tensor`"
    )
    leads = [help_["message"].split(":")[0] for help_ in error["help"]]
    assert leads == ["detach first", "drop require_grad"]


@pytest.mark.parametrize("name", list(REQUIRE_GRAD_ON_AN_INTERMEDIATE))
def test_each_fix_of_the_require_grad_panic_makes_the_case_run(tmp_path, name):
    from pbpit_process import apply_edits

    from pbpit.diagnose.findings import diagnose_run

    path = write_case(tmp_path, REQUIRE_GRAD_ON_AN_INTERMEDIATE[name], name)
    (error,) = diagnose_run(run_case(resolve_case(str(path)))).errors
    assert all(help_.edits for help_ in error.helps)
    for number, help_ in enumerate(error.helps):
        fixed = tmp_path / f"fixed_{number}_{name}"
        fixed.write_text(apply_edits(path.read_text(), help_.edits))
        rerun = run_case(resolve_case(str(fixed)))
        assert (rerun.exit_code, rerun.panic, rerun.error) == (0, None, None), fixed.read_text()


def test_require_grad_on_a_later_line_is_reported_on_that_line_with_the_variables_name(
    tmp_path,
):
    path = write_case(
        tmp_path,
        """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        feats = x.exp()
        y = feats.require_grad()
        """,
    )
    out = pbpit_main("run", str(path), env={"COLUMNS": "200"})
    assert out.returncode == 101
    report = out.stdout[out.stdout.index("error[") :]
    assert "\n".join(report.splitlines()[:6]) == (
        "error[pbpit::require-grad-non-leaf]: `require_grad()` on a tracked intermediate panics: "
        "`Can't convert a non leaf tensor into a tracked tensor`\n"
        f" --> {path}:6:11\n"
        "  |\n"
        "6 | y = feats.require_grad()\n"
        "  |     ----- ^^^^^^^^^^^^^^ this panics: `feats` is not a leaf\n"
        "  |     |"
    )


# -- detach once on an operator's result ---------------------------------------------------------

PRODUCT_MADE_BEFORE_THE_LOOP = {
    "my_case.py": """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        a = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
        b = pb.Tensor.from_floats([1.0, 2.0], device)
        w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
        feats = a * b
        for step in range(3):
            loss = (feats.clone() * w.clone()).sum()
            grads = loss.backward()
    """,
    "main.rs": """\
        use burn::tensor::{Device, Tensor};

        fn main() {
            let device = Device::flex().autodiff();
            let a = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
            let b = Tensor::<1>::from_floats([1.0, 2.0], &device);
            let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
            let feats = a.clone() * b.clone();
            for _step in 0..3 {
                let loss = (feats.clone() * w.clone()).sum();
                let _grads = loss.backward();
            }
        }
    """,
}


@pytest.mark.parametrize(
    ("name", "made", "detached"),
    [
        ("my_case.py", "feats = a * b", "feats = (a * b).detach()"),
        ("my_case.py", "feats = (a * b)", "feats = (a * b).detach()"),
        ("my_case.py", "feats = a.mul(b)", "feats = a.mul(b).detach()"),
        (
            "main.rs",
            "    let feats = a.clone() * b.clone();",
            "    let feats = (a.clone() * b.clone()).detach();",
        ),
    ],
)
def test_detach_once_detaches_the_whole_value_and_the_case_then_runs(
    tmp_path, name, made, detached
):
    from pbpit_process import apply_edits

    body = textwrap.dedent(PRODUCT_MADE_BEFORE_THE_LOOP[name])
    original = "    let feats = a.clone() * b.clone();" if name == "main.rs" else "feats = a * b"
    path = write_case(tmp_path, body.replace(original, made), name)
    result = run_case(resolve_case(str(path)))
    assert result.exit_code == 101
    fix = next(f for f in explain_in_case(result, 3).fixes if f.key == "detach once")
    assert [row[2] for row in fix.lines if row[0] == "+"] == [detached]
    fixed = tmp_path / f"fixed_{name}"
    fixed.write_text(apply_edits(path.read_text(), fix.edits()))
    rerun = run_case(resolve_case(str(fixed)))
    assert (rerun.exit_code, rerun.error) == (0, None), fixed.read_text()


@pytest.mark.parametrize(
    ("case", "node"),
    # SPEC: `twice` panics at NodeId(2); features_cached.rs's comment counts NodeId(7) by hand.
    [("twice", 2), ("tests/programs/features_cached.rs", 7)],
)
def test_explain_of_a_case_explains_the_node_its_panic_names(case, node):
    by_case = pbpit_main("explain", case)
    by_node = pbpit_main("explain", str(node), "--case", case)
    assert by_case.returncode == by_node.returncode == 0, by_case.stderr
    assert by_case.stdout == by_node.stdout
    assert f"NodeId({node})" in by_case.stdout.splitlines()[0]


def test_explain_of_a_case_without_the_panic_is_one_usage_line():
    out = pbpit_main("explain", "tests/programs/mlp_adam.rs")
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1
    assert "runs without the tape panic" in out.stderr
    assert "pbpit explain N --case tests/programs/mlp_adam.rs" in out.stderr


def test_explain_of_a_name_that_is_a_rule_and_a_case_is_the_rule():
    out = pbpit_main("explain", "double-backward")
    assert out.returncode == 0
    assert out.stdout.startswith("The same loss (or a clone of it) is backpropagated twice")
