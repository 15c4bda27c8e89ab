"""Losses of one forward that a method or function of the program returns as a collection, walked
by a `for` loop at once (issue 24, N6's q04 and the review's heads.rs): `for (name, loss) in
model.task_losses(x, y)` over a `Vec<(&str, Tensor<1>)>` (or `(String, ..)`) each backpropagated
and stepped in its pass. Every pass's loss is made from the same `z` in the same call, so the
walk's second backward panics at `z` (the run names its NodeId): `shared-intermediate` naming `z`
in every command, never "`z` ... made before the loop" (`loop-external-tracked`: it is made in the
method, in the same pass). The code fix adds the walked losses and backpropagates their sum once,
after the loop; made and run, it prints what the hand-fixed twin (`NAME_fixed.rs`) prints, bit
for bit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pbpit_process import apply_json_edits, first_named, pbpit_main, pbpit_run

from pbpit.diagnose.fix_check import applied_lines

HERE = Path(__file__).parent / "loss_walks_a25"
PANIC = "graph tape has already been consumed at NodeId({})"

WALKED = [
    # a method's `Vec<(&'static str, Tensor<1>)>`, Adam stepped each pass (N6's q04)
    ("method_named_pairs.rs", "z", 7),
    # a method's `Vec<(String, Tensor<1>)>`, SGD stepped each pass (heads.rs)
    ("method_string_terms.rs", "z", 6),
    # a function's `[Tensor<1>; 2]` walked by value
    ("array_fn.rs", "h", 7),
    # `Tensor<B, D>`: a method's `Vec` walked by `.into_iter().enumerate()`
    ("vec_enumerate.rs", "feats", 6),
    # a method's tuple taken apart, its two losses walked as an array, Adam stepped each pass
    ("tuple_array_walk.rs", "h", 7),
    # `std::iter::once(main_loss).chain(std::iter::once(aux))` walked at once
    ("once_chain_method.rs", "mid", 6),
    # `Tensor<B, D>`: an array walked, each loss handed to a helper that steps
    ("walk_into_helper.rs", "code", 8),
    # a function's `Vec` of `(String, loss)` pushed one by one, into a GradientsAccumulator
    ("fn_pairs_pushed.rs", "e", 6),
]


def _twin_output(name: str) -> str:
    status, out, err = pbpit_run(HERE / name.replace(".rs", "_fixed.rs"))
    assert status == 0, err
    return out


def _runs_as_twin(tmp_path: Path, name: str, text: str) -> None:
    fixed = tmp_path / name
    fixed.write_text(text)
    status, out, err = pbpit_run(fixed)
    assert status == 0, err
    assert out == _twin_output(name)


def _code_helps(diagnostic: dict) -> list[dict]:
    return [h for h in diagnostic.get("help", []) if h.get("edits")]


@pytest.mark.parametrize(("name", "shared", "node"), WALKED)
def test_a_called_collection_of_losses_is_shared_in_every_command(name, shared, node, tmp_path):
    path = HERE / name
    status, _, err = pbpit_run(path)
    assert status == 101 and PANIC.format(node) in err
    ran = json.loads(pbpit_main("run", "--json", str(path)).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    explained = json.loads(pbpit_main("explain", "--json", str(path)).stdout)
    audited = json.loads(pbpit_main("audit", "--json", str(path)).stdout)["diagnostics"]
    linted = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    diagnostics = [error, explained["diagnostic"], audited[0], linted[0]]
    assert [d["rule"] for d in diagnostics] == ["shared-intermediate"] * 4
    text = path.read_text(encoding="utf-8")
    for diagnostic in diagnostics:
        assert first_named(diagnostic["message"]) == shared
        assert "before the loop" not in diagnostic["message"]
        (added,) = _code_helps(diagnostic)
        assert "add the losses of the loop's passes" in added["message"]
        _runs_as_twin(tmp_path, name, apply_json_edits(text, added["edits"]))
    # `explain FILE` writes the corrected lines of the same fix, not only its title
    (fix,) = [f for f in explained["fixes"] if f["title"].startswith("add the losses")]
    assert any(mark != " " for mark, *_ in fix["lines"])
    _runs_as_twin(tmp_path, name, applied_lines(text, fix["lines"]) + "\n")


@pytest.mark.parametrize(("name", "shared", "node"), WALKED)
def test_lint_fix_writes_the_sum_of_the_walked_losses(name, shared, node, tmp_path):
    copy = tmp_path / name
    copy.write_text((HERE / name).read_text(encoding="utf-8"))
    pbpit_main("lint", "--fix", str(copy))
    assert json.loads(pbpit_main("lint", "--format", "json", str(copy)).stdout)["findings"] == []
    status, out, err = pbpit_run(copy)
    assert status == 0, err
    assert out == _twin_output(name)


@pytest.mark.parametrize("mode", ["bt", "nobt"])
def test_explain_stdin_names_the_shared_tensor_of_a_called_collection(mode, tmp_path):
    name, shared, node = WALKED[0]
    crate = tmp_path / "crate"
    (crate / "src").mkdir(parents=True)
    text = (HERE / name).read_text(encoding="utf-8")
    (crate / "src" / "main.rs").write_text(text)
    (crate / "Cargo.toml").write_text('[package]\nname = "walk"\nversion = "0.1.0"\n')
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "loss.backward()" in t)
    message = (
        "thread 'main' (7) panicked at /home/u/.cargo/registry/src/index.crates.io-"
        "1949cf8c6b5b557f/burn-autodiff-0.22.1/src/runtime/server.rs:74:17:\n"
        f"Cannot run backward: {PANIC.format(node)}. Burn does not support retain_graph. "
        "Combine losses before backward or recompute the forward pass. Use detach() only to "
        "intentionally sever gradients through the previous computation.\n"
    )
    if mode == "bt":
        message += f"stack backtrace:\n   4: walk::main\n             at ./src/main.rs:{line}:54\n"
    else:
        message += "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    out = pbpit_main("explain", "-", "--source", ".", "--json", cwd=crate, stdin=message).stdout
    panic = json.loads(out)["panics"][0]
    # with the user's frame, the diagnosis of its line; without, the file's likely ones
    diagnostic = (panic.get("diagnostics") or panic.get("likely"))[0]
    assert diagnostic["rule"] == "shared-intermediate"
    named = any(n.startswith(f"NodeId({node}) is `{shared}`") for n in diagnostic["notes"])
    assert named or first_named(diagnostic["message"]) == shared
    (added,) = _code_helps(diagnostic)
    _runs_as_twin(tmp_path, name, apply_json_edits(text, added["edits"]))


HANDED = [
    # `model = apply(model, &mut optim, loss, lr)` once per loss, `Tensor<B, D>` (N6's q21)
    ("helper_apply.rs", "code", 8, "rec_loss + cls_loss, 0.05)"),
    # `Tensor<B, D>`: a `&mut self` method given the optimizer and the loss
    ("trainer_mut_self.rs", "code", 5, "trainer.learn(&mut optim, rec + sparse)"),
    # a closure bound by `let` that backpropagates and steps
    ("closure_apply.rs", "z", 6, "apply(net, fit + smooth)"),
    # `Tensor<B, D>`: the fields of a struct a helper returns, each handed to `update`
    ("struct_fields_helper.rs", "out", 6, "update(net, &mut optim, t.fit + t.reg)"),
]


@pytest.mark.parametrize(("name", "shared", "node", "summed"), HANDED)
def test_losses_handed_to_a_stepping_helper_are_added_in_its_own_form(
    name, shared, node, summed, tmp_path
):
    # The first code fix of every command hands the sum to the helper once (the hand twin's
    # `apply(model, &mut optim, rec_loss + cls_loss, 0.05)`); the GAN-style detach of the
    # shared tensor in the first loss comes only after it.
    path = HERE / name
    status, _, err = pbpit_run(path)
    assert status == 101 and PANIC.format(node) in err
    ran = json.loads(pbpit_main("run", "--json", str(path)).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    explained = json.loads(pbpit_main("explain", "--json", str(path)).stdout)
    audited = json.loads(pbpit_main("audit", "--json", str(path)).stdout)["diagnostics"]
    linted = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    text = path.read_text(encoding="utf-8")
    for diagnostic in (error, explained["diagnostic"], audited[0], linted[0]):
        assert diagnostic["rule"] == "shared-intermediate"
        assert first_named(diagnostic["message"]) == shared
        first, *rest = _code_helps(diagnostic)
        assert f"{summed}`" in first["message"]
        assert all(h["message"].startswith("if the first loss must not train") for h in rest)
        _runs_as_twin(tmp_path, name, apply_json_edits(text, first["edits"]))
    (fix,) = [f for f in explained["fixes"] if f["title"].startswith("add the losses")]
    _runs_as_twin(tmp_path, name, applied_lines(text, fix["lines"]) + "\n")
    # the run's words say the fix once: no `(a + b).backward()` the helper hides
    assert not any(".backward()`" in h["message"] for h in error["help"])
    copy = tmp_path / "fixed_by_lint.rs"
    copy.write_text(text)
    pbpit_main("lint", "--fix", str(copy))
    status, out, err = pbpit_run(copy)
    assert status == 0, err
    assert out == _twin_output(name)


def test_a_hash_map_walk_gets_the_sum_as_code_with_why_pbpit_did_not_run_it(tmp_path):
    # pbpit refuses to run a walk of a `HashMap` whose body prints in its order (Rust draws the
    # order anew each run): the sum is code (the same losses in any order), with the reason it
    # was not run. Made with the map a `BTreeMap` (key order), it prints what the hand twin of
    # that program prints.
    name = "hash_map_walk.rs"
    text = (HERE / name).read_text(encoding="utf-8")
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(HERE / name)).stdout)[
        "findings"
    ]
    assert finding["rule"] == "shared-intermediate" and first_named(finding["message"]) == "pred"
    (added,) = _code_helps(finding)
    assert "checked" not in added and "`losses`, a `HashMap`" in added["note"]
    fixed = tmp_path / name
    made = apply_json_edits(text, added["edits"])
    fixed.write_text(made.replace("HashMap::new()", "BTreeMap::new()"))
    status, out, err = pbpit_run(fixed)
    assert status == 0, err
    twin = Path(__file__).parent / "loss_collections_a24" / "btree_iter_fixed.rs"
    assert out == pbpit_run(twin)[1]


def test_losses_handed_with_rates_of_their_own_are_added_in_words_keeping_the_rates():
    # `apply(.., rec_loss, 0.05)` then `apply(.., cls_loss, 0.01)`: one call of the sum would
    # step `cls_loss` at `0.05`; no code, and the words say how to keep the second rate.
    path = HERE / "helper_rates.rs"
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    (added,) = [h for h in finding["help"] if h["message"].startswith("add the losses")]
    assert not added["edits"]
    assert "`rec_loss + cls_loss * (0.01 / 0.05)` with `0.05`" in added["message"]
    ran = json.loads(pbpit_main("run", "--json", str(path)).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    (words,) = [h for h in error["help"] if h["message"].startswith("add the losses")]
    assert not words["edits"] and "`0.05` and `0.01`" in words["message"]
    assert ".backward()`" not in words["message"]


def test_explain_writes_the_sum_of_a_walk_lint_does_not_read(tmp_path):
    # `for term in parts.all()` of a struct a method made this pass (lint reads `all()` of a
    # struct given back by value as data, and is silent): the run's diagnosis and explain's
    # corrected lines add the walked losses after the loop, as the hand twin does.
    name = "struct_method_array.rs"
    path = HERE / name
    text = path.read_text(encoding="utf-8")
    explained = json.loads(pbpit_main("explain", "--json", str(path)).stdout)
    assert explained["diagnostic"]["rule"] == "shared-intermediate"
    (fix,) = [f for f in explained["fixes"] if f["title"].startswith("add the losses")]
    assert any(mark != " " for mark, *_ in fix["lines"])
    _runs_as_twin(tmp_path, name, applied_lines(text, fix["lines"]) + "\n")
    ran = json.loads(pbpit_main("run", "--json", str(path)).stdout)
    (error,) = [d for d in ran["diagnostics"] if d["level"] == "error"]
    (added,) = _code_helps(error)
    _runs_as_twin(tmp_path, name, apply_json_edits(text, added["edits"]))


def test_a_hash_map_a_method_returns_gets_the_same_note(tmp_path):
    # `for (name, loss) in model.task_losses(..)` of a method returning a `HashMap`: the sum as
    # code, why pbpit did not run it; made with a `BTreeMap` (key order: the `Vec`'s here), it
    # prints what the `Vec` program's hand twin prints.
    path = HERE / "hash_map_method.rs"
    text = path.read_text(encoding="utf-8")
    (finding,) = json.loads(pbpit_main("lint", "--format", "json", str(path)).stdout)["findings"]
    assert finding["rule"] == "shared-intermediate" and first_named(finding["message"]) == "z"
    (added,) = _code_helps(finding)
    assert "a `HashMap`, whose order Rust draws anew" in added["note"]
    fixed = tmp_path / "method_named_pairs.rs"
    fixed.write_text(apply_json_edits(text, added["edits"]).replace("HashMap", "BTreeMap"))
    status, out, err = pbpit_run(fixed)
    assert status == 0, err
    assert out == _twin_output("method_named_pairs.rs")
