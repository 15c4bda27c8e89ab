"""`pbpit graph`: the tape at a moment of a run, as a tree, Mermaid, Graphviz or JSON."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import textwrap
from functools import cache

import pytest
from pbpit_process import HIDDEN_LAYER_CASE, pbpit_cli, pbpit_main, write_case

from pbpit.diagnose.graph import (
    MAX_TEXT_DEPTH,
    Step,
    TapeGraph,
    render_dot,
    render_mermaid,
    render_text,
    tape_graph,
)
from pbpit.engine.graph import Requirement
from pbpit.errors import UsageError
from pbpit.runner import resolve_case, run_case
from pbpit.trace import RunResult

LEAF, TRACKED, UNTRACKED = Requirement.GRAD, Requirement.GRAD_IN_BACKWARD, Requirement.NONE

BUILTIN = ("twice", "twice_fix", "shared-loss", "double-backward")


@cache
def run(case: str) -> RunResult:
    return run_case(resolve_case(case))


def graph(case: str, after: int | None = None) -> TapeGraph:
    return tape_graph(run(case), after)


def node(g: TapeGraph, node_id: int):
    return next(n for n in g.nodes if n.id == node_id)


def chain_case(tmp_path, length: int):
    return write_case(
        tmp_path,
        f"""\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        x = pb.Tensor.from_floats([1.0], device).require_grad()
        y = x
        for _ in range({length}):
            y = y.mul_scalar(1.0)
        y.sum().backward()
        """,
        name=f"chain_{length}.py",
    )


# -- the moment drawn and each node's step -------------------------------------------------------


def test_default_moment_is_at_the_panic_after_the_last_successful_backward():
    g = graph("twice")
    assert (g.after, g.failing, g.failing_root, g.missing) == (1, 2, 6, 2)


def test_twice_at_the_panic_feats_is_consumed_by_backward_1_and_missing():
    feats = node(graph("twice"), 2)
    assert (feats.label, feats.op, feats.requirement, feats.step, feats.consumed_by) == (
        "feats",
        "exp",
        TRACKED,
        Step.CONSUMED,
        1,
    )
    assert graph("twice").missing == 2


def test_twice_at_the_panic_the_second_forward_is_live_with_its_saved_bytes():
    g = graph("twice")
    assert [(n.id, n.requirement, n.step, n.saved_bytes) for n in g.nodes[5:]] == [
        (5, TRACKED, Step.LIVE, 16),
        (6, TRACKED, Step.LIVE, 0),
    ]
    assert g.live_saved_bytes == 16


def test_twice_leaves_root_steps_were_consumed_by_backward_1():
    g = graph("twice")
    assert [(n.label, n.requirement, n.step, n.consumed_by) for n in g.nodes[:2]] == [
        ("x", LEAF, Step.CONSUMED, 1),
        ("w", LEAF, Step.CONSUMED, 1),
    ]


def test_failing_walk_goes_from_the_second_loss_down_to_feats():
    assert graph("twice").walk == [6, 5, 2]
    assert graph("shared-loss").walk == [6, 5, 2]
    assert graph("double-backward").walk == [4]


def test_after_0_shows_every_step_live_and_only_the_nodes_that_existed():
    g = graph("twice", 0)
    assert [(n.id, n.requirement, n.step, n.consumed_by) for n in g.nodes] == [
        (0, LEAF, Step.LIVE, None),
        (1, LEAF, Step.LIVE, None),
        (2, TRACKED, Step.LIVE, None),
        (3, TRACKED, Step.LIVE, None),
        (4, TRACKED, Step.LIVE, None),
    ]
    assert (g.missing, g.walk, g.live_steps, g.live_saved_bytes) == (None, [], 5, 24)


def test_after_a_rejected_backward_nothing_more_is_consumed():
    rejected, before = graph("twice", 2), graph("twice", 1)
    assert [(n.step, n.consumed_by) for n in rejected.nodes] == [
        (n.step, n.consumed_by) for n in before.nodes
    ]
    assert rejected.missing is None
    assert render_text(rejected).plain.splitlines()[0] == (
        "twice: the tape after backward #2 (rejected: it consumed nothing), the last of the run"
    )


@pytest.mark.parametrize("case", BUILTIN)
def test_live_saved_bytes_equal_what_the_next_backward_found_on_the_tape(case):
    result = run(case)
    for number, backward in enumerate(result.backwards):
        assert tape_graph(result, number).live_saved_bytes == backward.saved_bytes_before


def test_run_without_a_panic_is_drawn_at_its_end():
    g = graph("twice_fix")
    assert (g.after, g.backward_count, g.missing, g.failing) == (5, 5, None, None)


def test_detached_feats_is_untracked_and_its_exp_step_is_freed_by_the_next_backward():
    # Nothing holds the exp's result once it is detached: Burn's `free_unavailable_nodes`
    # frees its step (8 B) after backward #1, which never reached it.
    g = graph("twice_fix")
    detached, exp = node(g, 3), node(g, 2)
    assert (detached.label, detached.op, detached.requirement, detached.step) == (
        "feats",
        "detach",
        UNTRACKED,
        None,
    )
    assert detached.saved_bytes == 0
    assert (exp.step, exp.consumed_by, exp.saved_bytes, g.live_saved_bytes) == (
        Step.FREED,
        1,
        8,
        0,
    )


# -- text ------------------------------------------------------------------------------------------


def test_double_backward_text_tree():
    result = pbpit_main("graph", "double-backward")
    assert result.stdout == textwrap.dedent(
        """\
        double-backward: the tape after backward #1, as backward #2 finds it

        NodeId(4) `loss` = sum  [consumed by #1]  [MISSING]  <- backward #2
        └── NodeId(3) = mul  [consumed by #1]
            ├── NodeId(2) = exp  [consumed by #1]
            │   └── NodeId(0) `x` = from_floats  [leaf, consumed by #1]
            └── NodeId(1) `w` = from_floats  [leaf, consumed by #1]

        backward #2 started there and found no step at NodeId(4) `loss`: the panic
        live steps: 0, holding 0 B
        """
    )


def test_twice_text_tree_starts_at_the_failing_root_and_prints_shared_nodes_once():
    assert render_text(graph("twice")).plain == textwrap.dedent(
        """\
        twice: the tape after backward #1, as backward #2 finds it

        NodeId(6) `loss` = sum  [live, 0 B saved]  <- backward #2
        └── NodeId(5) = mul  [live, 16 B saved]
            ├── NodeId(2) `feats` = exp  [consumed by #1]  [MISSING]
            │   └── NodeId(0) `x` = from_floats  [leaf, consumed by #1]
            └── NodeId(1) `w` = from_floats  [leaf, consumed by #1]

        NodeId(4) `loss` = sum  [consumed by #1]
        └── NodeId(3) = mul  [consumed by #1]
            ├── NodeId(2) `feats` (see above)
            └── NodeId(1) `w` (see above)

        backward #2 went 6 -> 5 -> 2 and found no step at NodeId(2) `feats`: the panic
        live steps: 2, holding 16 B
        """
    )


def test_text_before_any_backward_shows_live_steps_and_their_bytes():
    lines = render_text(graph("twice", 0)).plain.splitlines()
    assert lines[0] == "twice: the tape before any backward"
    assert "    ├── NodeId(2) `feats` = exp  [live, 8 B saved]" in lines
    assert "    │   └── NodeId(0) `x` = from_floats  [leaf]" in lines
    assert lines[-1] == "live steps: 5, holding 24 B"


def test_untracked_inputs_hang_on_dashed_branches():
    lines = render_text(graph("twice_fix")).plain.splitlines()
    assert lines[2:7] == [
        "NodeId(5) = sum  [consumed by #1]",
        "└── NodeId(4) = mul  [consumed by #1]",
        "    ├╌╌ NodeId(3) `feats` = detach  [untracked]",
        "    │   └╌╌ NodeId(2) = exp  [freed after #1]",
        "    │       └── NodeId(0) `x` = from_floats  [leaf, consumed by #3]",
    ]


def test_user_case_tree_names_its_variables_and_its_untracked_input(tmp_path):
    path = write_case(tmp_path, HIDDEN_LAYER_CASE)
    result = pbpit_main("graph", str(path))
    assert result.returncode == 0
    assert result.stdout.splitlines()[2:9] == [
        "NodeId(7) `loss` = mean  [live, 0 B saved]  <- backward #2",
        "└── NodeId(6) = mul_scalar  [live, 0 B saved]",
        "    └── NodeId(3) `hidden` = tanh  [consumed by #1]  [MISSING]",
        "        └── NodeId(2) = matmul  [consumed by #1]",
        "            ├╌╌ NodeId(1) `inputs` = from_floats  [untracked]",
        "            └── NodeId(0) `weights` = from_floats  [leaf, consumed by #1]",
        "",
    ]


def test_subtrees_deeper_than_the_limit_continue_as_their_own_tree(tmp_path):
    g = tape_graph(run_case(resolve_case(str(chain_case(tmp_path, 30)))))
    lines = render_text(g).plain.splitlines()
    cut = f"NodeId({31 - MAX_TEXT_DEPTH})"
    assert any(line.endswith("(continued below)") and cut in line for line in lines)
    assert f"{cut} `y` = mul_scalar  [consumed by #1] (continued)" in lines
    for node_id in range(31):
        expanded = [line for line in lines if f"NodeId({node_id}) `" in line and " = " in line]
        assert len(expanded) == (2 if f"NodeId({node_id})" == cut else 1), node_id


def test_hundred_thousand_node_chain_renders_as_text_without_recursion(tmp_path):
    result = pbpit_cli("graph", str(chain_case(tmp_path, 100_000)))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[2] == "NodeId(100001) = sum  [consumed by #1]"
    assert lines[-3].endswith("└── NodeId(0) `x` = from_floats  [leaf, consumed by #1]")
    assert lines[-1] == "live steps: 0, holding 0 B"
    assert max(len(line) for line in lines) < 4 * MAX_TEXT_DEPTH + 80


def test_text_has_no_colour_off_a_terminal_or_with_no_color():
    def colour_codes(output: str) -> set[str]:
        params = re.findall(r"\x1b\[([0-9;]*)m", output)
        return {p for group in params for p in group.split(";") if p.startswith(("3", "9"))}

    assert "\x1b[" not in pbpit_cli("graph", "twice").stdout
    assert colour_codes(pbpit_cli("graph", "twice", env={"FORCE_COLOR": "1"}).stdout)
    forced_plain = pbpit_cli("graph", "twice", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert colour_codes(forced_plain.stdout) == set()


# -- mermaid ---------------------------------------------------------------------------------------


def test_mermaid_has_a_classdef_per_status_and_one_line_per_edge():
    lines = render_mermaid(graph("shared-loss")).splitlines()
    assert lines[0] == "flowchart BT"
    defined = [line.split()[1] for line in lines if line.startswith("    classDef ")]
    assert defined == ["leaf", "live", "consumed", "untracked", "missing"]
    edges = [line.strip() for line in lines if re.fullmatch(r"\s+n\d+ \S+ n\d+", line)]
    assert edges == ["n0 --> n2", "n2 --> n3", "n1 --> n3", "n3 --> n4", "n2 ==> n5", "n5 ==> n6"]


def test_mermaid_classes_mark_the_missing_node_and_each_status():
    lines = render_mermaid(graph("shared-loss")).splitlines()
    assert [line.strip() for line in lines if line.startswith("    class ")] == [
        "class n0,n1 leaf",
        "class n5,n6 live",
        "class n3,n4 consumed",
        "class n2 missing",
    ]


def test_mermaid_draws_untracked_inputs_dotted():
    assert "    n2 -.-> n3\n" in render_mermaid(graph("twice_fix"))


def test_mermaid_labels_are_quoted_with_hash_escaped_as_an_entity():
    text = render_mermaid(graph("twice"))
    assert '    n2["feats = exp<br/>NodeId(2)<br/>consumed by #35;1<br/>' in text
    boxes = [line for line in text.splitlines() if re.match(r"\s+n\d+\[", line)]
    assert len(boxes) == 7
    assert all(re.fullmatch(r'\s+n\d+\["[^"#]*(#\w+;[^"#]*)*"\]', line) for line in boxes)


def test_mermaid_comments_give_the_moment_and_the_live_bytes():
    comments = [
        line.strip() for line in render_mermaid(graph("twice")).splitlines() if "%%" in line
    ]
    assert comments == [
        "%% twice: the tape after backward #1, as backward #2 finds it",
        "%% backward #2 went 6 -> 5 -> 2 and found no step at NodeId(2) `feats`: the panic",
        "%% live steps: 2, holding 16 B",
    ]


# -- dot -------------------------------------------------------------------------------------------


def test_dot_draws_untracked_inputs_dashed_and_the_failing_walk_red():
    lines = render_dot(graph("twice")).splitlines()
    assert lines[-4:] == [
        '    n2 -> n5 [color="#b91c1c", penwidth=2.5];',
        "    n1 -> n5;",
        '    n5 -> n6 [color="#b91c1c", penwidth=2.5];',
        "}",
    ]
    assert '    n2 -> n3 [style=dashed, color="#9ca3af"];' in render_dot(graph("twice_fix"))
    assert "// live steps: 2, holding 16 B" in lines


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz `dot` is not installed")
@pytest.mark.parametrize("case", BUILTIN)
def test_dot_is_a_digraph_graphviz_renders(case):
    rendered = subprocess.run(
        ["dot", "-Tsvg"], input=render_dot(graph(case)), capture_output=True, text=True
    )
    assert rendered.returncode == 0, rendered.stderr
    assert rendered.stderr == ""
    assert "<svg" in rendered.stdout


# -- json and the command line ---------------------------------------------------------------------


def test_json_is_one_object_with_every_node_and_its_step():
    result = pbpit_main("graph", "twice", "--json")
    assert (result.returncode, result.stderr) == (0, "")
    data = json.loads(result.stdout)
    assert set(data) == {"case", "after", "nodes", "missing", "walk", "live_saved_bytes"}
    assert (data["case"], data["after"], data["missing"], data["live_saved_bytes"]) == (
        "twice",
        1,
        2,
        16,
    )
    assert data["nodes"][2] == {
        "id": 2,
        "label": "feats",
        "op": "exp",
        "parents": [0],
        "inputs": [0],
        "status": "consumed",
        "consumed_by": 1,
        "saved_bytes": 8,
    }
    assert [n["status"] for n in data["nodes"]] == [
        "leaf",
        "leaf",
        "consumed",
        "consumed",
        "consumed",
        "live",
        "live",
    ]


def test_graph_exits_0_although_the_case_panics():
    for fmt in ("text", "mermaid", "dot"):
        result = pbpit_main("graph", "twice", "--format", fmt)
        assert (result.returncode, result.stderr) == (0, ""), fmt


@pytest.mark.parametrize("after", ["-1", "3"])
def test_after_out_of_range_exits_2_with_one_line(after):
    result = pbpit_main("graph", "twice", "--after", after)
    assert result.returncode == 2
    assert result.stderr == (
        f"pbpit: error: --after {after} is out of range: case `twice` runs 2 backwards; "
        "use 0 (before any) to 2\n"
    )


def test_after_out_of_range_is_a_usage_error_in_the_library():
    with pytest.raises(UsageError, match="out of range"):
        tape_graph(run("double-backward"), 3)


def test_unknown_format_exits_2_with_one_line():
    result = pbpit_main("graph", "twice", "--format", "svg")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "pbpit: error: unknown --format `svg` (expected text, mermaid, dot)\n"


def test_format_and_json_together_exit_2():
    result = pbpit_main("graph", "twice", "--format", "dot", "--json")
    assert result.returncode == 2
    assert result.stderr == "pbpit: error: --format and --json cannot be used together\n"


def test_unknown_case_exits_2_with_one_line():
    result = pbpit_main("graph", "twcie")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "unknown case `twcie`" in result.stderr
