"""The audit, `pbpit explain` and the memory report, on the named cases and on user cases."""

from __future__ import annotations

import json

import pytest
from pbpit_process import apply_fix, pbpit_cli, write_case

from pbpit.diagnose.audit import audit
from pbpit.diagnose.explain import explain_in_case, find_panic, parse_node_id
from pbpit.runner import resolve_case, run_case


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


def test_audit_entry_of_twice_has_kind_line_and_is_tracked():
    entry = next(e for e in audit(run_case(resolve_case("twice"))) if e.label == "feats")
    assert (entry.node_id, entry.line, entry.tracked, entry.kind) == (
        2,
        19,
        True,
        "tracked_intermediate",
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
    assert {e.label: (e.kind, e.verdict) for e in entries} == {
        "w": ("leaf_requires_grad", "ok"),
        "batch": ("untracked", "ok"),
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
    assert find_panic(output) == 12
    assert find_panic("step 0\nstep 1\n") is None


def test_explain_entry_covers_meaning_causes_fixes_and_finding_the_node():
    result = pbpit_cli("explain", "NodeId(2)")
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
    result = pbpit_cli("explain", "-", stdin=output)
    assert result.returncode == 0
    assert result.stdout.startswith("NodeId(5):")


def test_explain_of_output_without_panic_says_so_and_exits_1():
    result = pbpit_cli("explain", "-", stdin="all good\n")
    assert result.returncode == 1
    assert result.stdout == ""
    assert "no `graph tape has already been consumed` panic" in result.stderr


def test_explain_of_unknown_id_lists_the_ids_and_exits_2():
    result = pbpit_cli("explain", "NodeId(40)", "--case", "twice")
    assert result.returncode == 2
    assert result.stderr == "pbpit: error: NodeId(40) does not exist in twice: its ids are 0..6\n"


def test_explain_of_malformed_id_exits_2():
    result = pbpit_cli("explain", "NodeId(two)")
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
    result = pbpit_cli("explain", "NodeId(2)", "--case", "twice")
    assert result.returncode == 0
    # rustc's suggestions: `+` under inserted text; `N -` and `N +` rows when lines move.
    assert (
        "help: detach once: if `feats` needs no gradient, cut it off where it is made\n"
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


def test_explain_json_is_one_object():
    data = json.loads(pbpit_cli("explain", "2", "--case", "shared_loss", "--json").stdout)
    assert data["node"]["label"] == "feats"
    assert data["audit"]["pattern"] == "shared-intermediate"
    assert data["fixes"][0]["key"] == "add the losses"
    assert (data["diagnostic"]["level"], data["diagnostic"]["line"]) == ("note", 18)


# -- run: audit, memory, colour --------------------------------------------------------------------


def test_run_json_carries_the_audit():
    data = json.loads(pbpit_cli("run", "twice", "--json").stdout)
    assert [(a["label"], a["verdict"]) for a in data["audit"]] == [
        ("x", "ok"),
        ("w", "ok"),
        ("feats", "hazard"),
    ]
    assert data["audit"][2]["pattern"] == "loop-external-tracked"


def test_run_shows_the_audit_after_the_diagnosis():
    out = pbpit_cli("run", "twice").stdout
    assert out.index("lost its step") < out.index("audit:")


def test_audit_command_exits_1_on_a_hazard_and_0_when_clean():
    assert pbpit_cli("audit", "twice").returncode == 1
    assert pbpit_cli("audit", "twice_fix").returncode == 0


def test_run_memory_shows_the_drop_at_backward():
    out = pbpit_cli("run", "twice", "--memory").stdout
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
    out = pbpit_cli("explain", "NodeId(3)", "--case", "twice_fix").stdout
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
    out = pbpit_cli("audit", str(path)).stdout
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
    assert (hidden.kind, hidden.verdict) == ("tracked_intermediate", "ok")
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
    out = pbpit_cli("run", "twice").stdout
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


def test_no_corrected_lines_for_a_tensor_made_in_a_function(tmp_path):
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
    assert fixes["recompute in the loop"].lines == []
    assert "call that function inside the loop" in fixes["recompute in the loop"].note


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
    result = pbpit_cli("audit", str(path))
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
    out = pbpit_cli("run", str(path)).stdout
    assert "error: NodeId(1) `y` is not on the tape: nothing to backpropagate\n" in out
    assert "lost its step" not in out
