"""Lint's table of what each method does to tracking (pbpit/lint/analysis/methods.py) against
what lint did before the table: tests/data/lint_method_effects.json holds the sets and the
chain of name tests of the analysis at commit 3d12bbe, captured from that code (not from the
table). Every name they knew is classified the same way by the table, and the table knows no
other name with an effect."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pbpit.engine import api
from pbpit.lint.analysis import methods

OLD = json.loads((Path(__file__).parent / "data" / "lint_method_effects.json").read_text())
SETS: dict[str, set[str]] = {name: set(members) for name, members in OLD["sets"].items()}

# The effect each test of the old chain gave (its body, read in the old code).
BY_NAME = {
    "backward": methods.BACKWARD,
    "require_grad": methods.LEAF,
    "set_require_grad": methods.LEAF_IF_TRUE,
    "detach": methods.DETACH,
    "valid": methods.NO_GRAD,
    "no_grad": methods.NO_GRAD,
    "val": methods.PARAMETER,
    "take": methods.TAKE,
}
BY_SET = {
    "SAME_TENSOR": methods.SAME,
    "UNTRACKED_RESULT": methods.UNTRACKED,
    "IN_PLACE": methods.PUSH,
    "EMPTIED": methods.EMPTY,
    "ITERATING": methods.ITERATE,
    "PIECES": methods.PIECES,
    "MAPPING": methods.MAP,
    "ADAPTING": methods.ADAPT,
}


def old_effects(name: str) -> tuple[str, ...]:
    """The effects the old chain tried for `name`, in order, up to the first that always
    returns."""
    found = []
    for test in OLD["chain"]:
        if name in test["names"]:
            found.append(BY_NAME[name])
        else:
            sets = [s for s in test["sets"] if name in SETS[s]]
            if not sets:
                continue
            if test.get("inner"):  # `if name in _EMPTIED` inside the test of both sets
                inner = [s for s in sets if s in test["inner"]]
                sets = inner or [s for s in test["sets"] if s not in test["inner"]]
            found.append(BY_SET[sets[0]])
        if not test["conditional"]:
            break
    return tuple(found)


def known_names() -> set[str]:
    names = set().union(*SETS.values())
    for test in OLD["chain"]:
        names.update(test["names"])
    return names


def test_the_capture_holds_what_the_old_code_had():
    # A failing capture would make every comparison below vacuous.
    assert len(OLD["chain"]) == 14
    assert {"clone", "unwrap", "into"} <= SETS["SAME_TENSOR"]
    assert {"into_scalar", "grad", "to_vec", "len"} <= SETS["UNTRACKED_RESULT"]
    assert old_effects("map") == (methods.MAP, methods.ADAPT)
    assert old_effects("clear") == (methods.EMPTY,)
    assert old_effects("push") == (methods.PUSH,)
    assert old_effects("exp") == ()


# Rows changed after the capture, each for a shape the old code read wrongly: `drain(..)` empties
# the collection as `clear()` does, where the old code left it holding its elements
# (tests/lint/losses_drained_reduce.rs, a false alarm; pbpit run: clean).
# `fold` of a walk from the newest cut short (`xs.iter().rev().take(k).fold(..)`) is what its
# closure made of the elements it took, where the old code read every element the collection
# held (a false alarm where pbpit run is clean: tools/gen_agree.py's `kept` holder, fold read).
CHANGED = {
    "drain": ((methods.DRAIN, methods.ITERATE), (methods.ITERATE,)),
    "fold": ((methods.FOLDED,), ()),
    "try_fold": ((methods.FOLDED,), ()),
    # `xs.iter().rev().take(k)` of a kept Vec: the passes' that put its k newest, so that
    # `.cloned().collect()`, `.map(..)`, `.reduce(..)` of it hold no older pass's.
    "take": ((methods.TAKE, methods.NEWEST), (methods.TAKE,)),
    # `once(a).chain(once(b))` holds a's and b's elements in order, where the old code read only
    # the receiver's (the losses of `for loss in once(rec).chain(once(aux))`).
    "chain": ((methods.CHAIN, methods.ADAPT), (methods.ADAPT,)),
}


def test_every_name_the_old_sets_and_chain_knew_has_the_same_effects():
    differ = {}
    for name in sorted(known_names()):
        row = methods.METHODS.get(name)
        new = row.effects if row is not None else ()
        if name in CHANGED:
            assert (new, old_effects(name)) == CHANGED[name], name
        elif new != old_effects(name):
            differ[name] = (old_effects(name), new)
    assert differ == {}


# Rows added after the capture, each for a shape the old code read wrongly (the programs of
# tests/lint/real/automata_endpoint_bridge*.rs): std's Option, Result and bool methods that hand
# their content on or yield what their closures make, where the old code merged a struct the
# `Option` held into one tensor.
ADDED = {
    **{n: (methods.SAME,) for n in ("as_mut", "as_deref", "as_deref_mut", "ok")},
    **{n: (methods.YIELD,) for n in ("and_then", "map_or", "map_or_else", "then", "then_some")},
    **{
        n: (methods.OR,)
        for n in ("unwrap_or", "unwrap_or_else", "unwrap_or_default", "or", "or_else")
    },
    # A map or Vec read at a loop's counter (`cache.get(&step)`): that pass's element.
    **{n: (methods.KEYED,) for n in ("get", "get_mut")},
    # `map.remove(&k)`: the entry at k taken out, what the pass inserted there if it did.
    "remove": (methods.REMOVE,),
    # `map.entry(k).or_insert(v)`: the map holds v too; its entry at k, an earlier pass's or v.
    **{n: (methods.ENTRY,) for n in ("or_insert", "or_insert_with")},
    # `opt.get_or_insert_with(|| v)`: its content where it holds one, else v, which it then holds.
    "get_or_insert_with": (methods.FILL,),
    "get_or_insert": (methods.FILL,),  # `opt.get_or_insert(v)`: the same, `v` given by value
    # `opt.replace(v)`: the value out, as `take()` gives it, and `v` left in its place.
    "replace": (methods.TAKE,),
    # `xs.first()`, `xs.iter().next()` of `vec![data]` only pushed to since: that data.
    **{n: (methods.FIRST,) for n in ("first", "next")},
    # `xs.last()` of a `Vec` kept across passes: what the latest pass that pushed put.
    "last": (methods.LAST,),
    # `for loss in losses.values()` of a map: its elements, one a pass (as `iter()`).
    **{n: (methods.ITERATE,) for n in ("values", "values_mut", "into_values")},
}


# Rows of Burn's API added to pbpit/engine/api.py after the capture, read as api.py says: a
# tensor of ones or zeros shaped like another (burn-tensor base.rs `ones_like`: `Self::ones(..)`)
# is data; the element-wise `min_pair`/`max_pair` of two tensors an op, tracked if one is.
API_ADDED = {
    "ones_like": (methods.UNTRACKED,),
    "zeros_like": (methods.UNTRACKED,),
    "min_pair": (),
    "max_pair": (),
    # burn-autodiff's float_sin, float_cos, float_log1p: one op each, tracked as its input
    "sin": (),
    "cos": (),
    "log1p": (),
    "expand": (),  # burn-autodiff's float_expand: one op, tracked as its input
    "flip": (),
    "slice_assign": (),  # one op, tracked if the tensor or the value is
    "sign": (),  # burn-autodiff's float_sign, float_round, float_floor, float_ceil: one op each
    "round": (),
    "floor": (),
    "ceil": (),
    "erf": (),
    # burn-tensor's own compositions: split (a narrow a piece, pieces of the tensor, as the
    # `burn` row had it), slice_dim (a slice), var/var_bias (five ops); random_like a new leaf
    "split": (methods.PIECES,),
    "slice_dim": (),
    "var": (),
    "var_bias": (),
    "random_like": (methods.UNTRACKED,),
    "max_dim_with_indices": (),  # burn-autodiff's MaxMinDim: one op; the indices an Int tensor
    "min_dim_with_indices": (),
    "cumsum": (),  # one op
    "var_mean": (),  # (var, mean), both of the tensor
    # burn-tensor's layout ops, made of ops burn-autodiff tracks (a permute; slices and a cat;
    # a repeat_dim a dim): tracked as their input
    "movedim": (),
    "roll": (),
    "roll_dim": (),
    "repeat": (),
}


def test_burns_rows_added_since_come_from_api_py():
    table = methods.METHODS
    assert {n: table[n].effects for n in API_ADDED} == API_ADDED
    assert {table[n].source for n in API_ADDED} == {"api"}
    assert {n for n in API_ADDED if table[n].from_data} == {
        "ones_like",
        "zeros_like",
        "random_like",
    }


def test_no_other_name_has_an_effect():
    extra = {n: r.effects for n, r in methods.METHODS.items() if r.effects}
    assert set(extra) - set(ADDED) - set(API_ADDED) <= known_names()
    assert {n: extra.get(n) for n in ADDED} == ADDED
    assert not set(ADDED) & known_names()


def test_closures_given_to_the_added_rows_are_read_for_their_value():
    table = methods.METHODS
    assert {n for n, r in table.items() if r.closure == methods.CONTENT} == {
        "and_then",
        "map_or",
        "map_or_else",
    }
    assert table["then"].closure == methods.VALUE
    assert table["unwrap_or_else"].closure == methods.VALUE
    assert table["map"].closure is None  # an iterator's: a loop body


def test_the_flags_are_the_old_sets():
    table = methods.METHODS
    assert {n for n, r in table.items() if r.library} - set(API_ADDED) == SETS["BURN_METHODS"]
    assert {n for n, r in table.items() if r.from_data} - set(API_ADDED) == SETS["FROM_DATA"]
    assert {n for n, r in table.items() if r.per_element} == SETS["REPEATING"]
    assert {n for n, r in table.items() if r.module} == SETS["MODULE_METHODS"]


def test_every_row_of_burns_tensor_api_is_a_row_of_the_table():
    for method in api.METHODS:
        row = methods.METHODS[method.name]
        assert row.source == "api" and row.library
        # What api.py says of the result in the graph, as the table reads it.
        if method.tracked == api.INPUTS:
            assert row.effects in ((), (methods.PIECES,)), method.name
        if method.tracked == api.NEVER and method.receiver is not None:
            assert row.effects == (methods.UNTRACKED,), method.name


# -- the name checks that were outside the table, each now a row


def test_functions_called_by_path_are_rows():
    row = methods.function_row
    assert row("", "from_inner").effects == (methods.UNTRACKED,)
    assert row("Tensor", "from_inner").effects == (methods.UNTRACKED,)
    for name in ("zeros", "from_data", "from_floats", "ones"):
        assert row("Tensor", name).effects == (methods.UNTRACKED,), name
    assert row("Model", "zeros") is None  # a tree's own `zeros` is read as a call of it
    assert row("GradientsParams", "from_grads").effects == (methods.UNTRACKED,)
    assert row("mem", "take").effects == row("mem", "replace").effects == (methods.TAKE_PLACE,)
    for owner, name in (("", "Some"), ("", "Ok"), ("Box", "new"), ("Rc", "new"), ("Arc", "new")):
        assert row(owner, name).effects == (methods.WRAP,), (owner, name)
    assert row("Vec", "new") is None
    assert row("", "Err") is None


def test_what_a_call_of_no_method_of_the_tree_gives_is_a_row():
    table = methods.METHODS
    assert table["map"].otherwise == (
        methods.MODULE_MAPPER,
        methods.LEAVES_MADE,
        methods.CAPTURED,
    )
    for name in ("collect", "iter", "into_iter"):
        assert table[name].otherwise == (methods.LEAVES_GATHERED,), name
    assert table["to_device"].otherwise == (methods.MODULE_FIELD,)
    assert {n for n, r in table.items() if methods.MODULE in r.otherwise} == SETS["MODULE_METHODS"]


def test_the_reader_of_calls_tests_no_method_or_function_name():
    # An effect is a row: the reader of calls (analysis/calls.py) names no method or function
    # of the tables; only `forward` (a module's, by its prefix) and `optimizer.step` remain.
    source = (Path(methods.__file__).parent / "calls.py").read_text(encoding="utf-8")
    quoted = set(re.findall(r'"(\w+)"', source))
    named = set(methods.METHODS) | {p.split("::")[-1] for p in methods.FUNCTIONS}
    named |= {p.split("::")[0] for p in methods.FUNCTIONS}
    assert quoted & named == set()
    assert {"forward", "step"} <= quoted
