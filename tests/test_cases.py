"""The named cases print exactly SPEC §3, through `pbpit run --raw` and `--json`, as processes."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from pbpit_process import pbpit_main

PANIC_LOCATION = (
    "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/"
    "burn-autodiff-0.22.1/src/runtime/server.rs:74:17"
)
MESSAGE = (
    "Cannot run backward: graph tape has already been consumed at NodeId({}). Burn does not "
    "support retain_graph. Combine losses before backward or recompute the forward pass. Use "
    "detach() only to intentionally sever gradients through the previous computation."
)


def panic_block(node_id: int) -> str:
    # rustc 1.95's panic hook writes an empty line first (SPEC §1; the seed's empty line).
    return (
        f"\nthread 'main' (TID) panicked at {PANIC_LOCATION}:\n"
        f"{MESSAGE.format(node_id)}\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


# SPEC §3: stdout, the node the panic names (None: no panic), and the ids of the named tensors.
EXPECTED = {
    "twice": (
        "step 0: w.grad = Some([1.6487212, 2.7182817])\n",
        2,
        {"x": 0, "w": 1, "feats": 2},
    ),
    "twice_fix": (
        "A step 0: w.grad = Some([1.6487212, 2.7182817]) x.grad = None\n"
        "A step 1: w.grad = Some([1.6487212, 2.7182817]) x.grad = None\n"
        "B step 0: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])\n"
        "B step 1: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])\n"
        "C l1+l2:  w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([4.9461637, 10.873127])\n",
        None,
        {"x": 0, "w": 1},
    ),
    "shared-loss": (
        "l1 = 7.0852847, l2 = 8.734006\n"
        "l1: w.grad = Some([1.6487212, 2.7182817]) x.grad = Some([1.6487212, 5.4365635])\n",
        2,
        {"x": 0, "w": 1, "feats": 2, "l1": 4, "l2": 6},
    ),
    "double-backward": (
        "first: w.grad = Some([1.6487212, 2.7182817])\n",
        4,
        {"x": 0, "w": 1, "loss": 4},
    ),
}


@pytest.mark.parametrize("case", EXPECTED)
def test_raw_output_is_what_the_rust_program_prints(case):
    stdout, node_id, _ = EXPECTED[case]
    result = pbpit_main("run", case, "--raw")
    assert result.stdout == stdout
    stderr = re.sub(r"^thread 'main' \(\d+\)", "thread 'main' (TID)", result.stderr, flags=re.M)
    assert stderr == ("" if node_id is None else panic_block(node_id))
    assert result.returncode == (0 if node_id is None else 101)


def test_raw_thread_id_is_the_process_id():
    process = subprocess.Popen(
        [sys.executable, "-m", "pbpit", "run", "twice", "--raw"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    _, stderr = process.communicate()
    assert stderr.startswith(f"\nthread 'main' ({process.pid}) panicked at ")


@pytest.mark.parametrize("case", EXPECTED)
def test_json_is_one_object_with_the_run(case):
    stdout, node_id, labels = EXPECTED[case]
    result = pbpit_main("run", case, "--json")
    data = json.loads(result.stdout)
    assert result.stderr == ""
    assert data["case"] == case
    assert data["stdout"] == stdout
    assert data["exit_code"] == result.returncode == (0 if node_id is None else 101)
    if node_id is None:
        assert data["panic"] is None
    else:
        assert data["panic"]["node_id"] == node_id
        assert data["panic"]["message"] == MESSAGE.format(node_id)
        assert data["panic"]["label"] == next(k for k, v in labels.items() if v == node_id)
    by_label = {n["label"]: n["id"] for n in data["nodes"] if n["label"]}
    for label, node in labels.items():
        assert by_label[label] == node


def test_json_nodes_of_twice_follow_spec():
    data = json.loads(pbpit_main("run", "twice", "--json").stdout)
    fields = ("id", "op", "parents", "tracked", "requires_grad")
    nodes = [tuple(n[f] for f in fields) for n in data["nodes"]]
    assert nodes == [
        (0, "from_floats", [], True, True),
        (1, "from_floats", [], True, True),
        (2, "exp", [0], True, False),
        (3, "mul", [2, 1], True, False),
        (4, "sum", [3], True, False),
        (5, "mul", [2, 1], True, False),
        (6, "sum", [5], True, False),
    ]
    assert [n["label"] for n in data["nodes"]] == ["x", "w", "feats", None, "loss", None, "loss"]


def test_json_backwards_of_twice_say_what_each_consumed():
    data = json.loads(pbpit_main("run", "twice", "--json").stdout)
    first, second = data["backwards"]
    assert (first["root"], first["ok"], first["consumed"], first["missing"]) == (
        4,
        True,
        [0, 1, 2, 3, 4],
        None,
    )
    assert (second["root"], second["ok"], second["consumed"], second["missing"]) == (
        6,
        False,
        [],
        2,
    )


def test_json_backwards_of_double_backward_stop_at_the_loss():
    data = json.loads(pbpit_main("run", "double_backward", "--json").stdout)
    assert [(b["root"], b["ok"], b["missing"]) for b in data["backwards"]] == [
        (4, True, None),
        (4, False, 4),
    ]


@pytest.mark.parametrize("alias", ["shared_loss", "double_backward"])
def test_underscore_and_dash_names_are_the_same_case(alias):
    assert pbpit_main("run", alias, "--raw").returncode == 101


def test_run_diagnosis_names_the_tensor_and_the_consuming_backward():
    result = pbpit_main("run", "twice")
    assert result.returncode == 101
    assert result.stdout.startswith("step 0: w.grad = Some([1.6487212, 2.7182817])\n")
    assert "NodeId(2) `feats`" in result.stdout
    assert "feats = x.clone().exp()" in result.stdout
    assert "backward #1" in result.stdout and "consumed its step" in result.stdout
    assert "6 -> 5 -> 2" in result.stdout


# SPEC §3 and §1.2/§1.7: x and w are leaves that require grad, every op with a tracked input is a
# tracked intermediate, and a detached intermediate is untracked.
REQUIREMENTS = {
    "twice": ["GRAD", "GRAD", "GRAD_IN_BACKWARD", "GRAD_IN_BACKWARD", "GRAD_IN_BACKWARD"],
    "twice_fix": ["GRAD", "GRAD", "GRAD_IN_BACKWARD", "NONE"],
}


@pytest.mark.parametrize("case", REQUIREMENTS)
@pytest.mark.parametrize("language", ["python", "rust"])
def test_trace_records_each_node_with_burns_requirement(case, language):
    from pbpit.runner import resolve_case, run_case

    spec = case if language == "python" else f"{case}.rs"
    nodes = run_case(resolve_case(spec)).nodes
    expected = REQUIREMENTS[case]
    assert [node.requirement.name for node in nodes[: len(expected)]] == expected
    # What is_tracked() and is_require_grad() answer follows from it.
    assert [(n.tracked, n.requires_grad) for n in nodes[:4]] == [
        (True, True),
        (True, True),
        (True, False),
        (expected[3] != "NONE", False),
    ]
