"""A module's parameters are named by their path in the module, as Burn's records name them
(`model.encoder.weight`), wherever a diagnostic names them: the audit's rows, explain's "gradients
must reach", the run's notes. A parameter's node has no `let` of its own: its name is the path
from the program's variable that holds the module."""

from __future__ import annotations

import json
from pathlib import Path

from pbpit_process import pbpit_main

PROGRAM = Path(__file__).parent / "data" / "params" / "module_paths.rs"


def test_the_audit_names_each_parameter_by_its_path_in_the_module():
    data = json.loads(pbpit_main("run", "--json", str(PROGRAM)).stdout)
    labels = {entry["node_id"]: entry["label"] for entry in data["audit"]}
    # Burn's ids: each `from_floats` takes one, `Param::from_tensor` keeps it (0, 1, 2).
    assert [labels[0], labels[1], labels[2]] == [
        "model.encoder.weight",
        "model.encoder.bias",  # an `Option<Param<..>>`: the option's field name
        "model.head",
    ]


def test_explain_says_which_parameters_the_gradients_must_reach_by_name():
    out = pbpit_main("explain", str(PROGRAM)).stdout
    assert "gradients must reach `model.encoder.bias`, `model.encoder.weight`, so" in out
    assert "`NodeId(0)`" not in out and "`NodeId(1)`" not in out


def test_leaves_held_in_a_struct_field_or_a_vec_are_named_by_where_they_are_held():
    program = PROGRAM.parent / "held_leaves.rs"
    data = json.loads(pbpit_main("run", "--json", str(program)).stdout)
    labels = {node["id"]: node["label"] for node in data["nodes"]}
    # Ids by hand in the program's header; a `Vec`'s element as the program indexes it.
    assert [labels[0], labels[1], labels[2], labels[3]] == [
        "neuron.w",
        "neuron.v",
        "heads[0]",
        "heads[1]",
    ]
