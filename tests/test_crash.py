"""From a backtrace's frames to the user's file and the lint finding (`pbpit.diagnose.crash`):
which frames are the user's, how their paths resolve in the crate, and which finding a frame's
line is."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.crash import (
    diagnose,
    explain_events,
    find_crate,
    frame_crate,
    is_users,
    render,
    resolve,
)
from pbpit.diagnose.output import Frame, Panic
from pbpit.errors import UsageError
from pbpit.lint.tree import lint_paths

# A loop-external tracked tensor whose backward runs in a helper: the backward is line 4, the
# helper's call in the loop line 15, `feats` is made on line 12.
TRAINER = """\
use burn::tensor::{Device, Tensor};

fn step(loss: Tensor<1>) {
    let grads = loss.backward();
    println!("{:?}", grads);
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp();
    for _ in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        step(loss);
    }
}
"""

MANIFEST = '[package]\nname = "trainer"\nversion = "0.1.0"\nedition = "2021"\n'


def _crate(root: Path, main: str = TRAINER) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "Cargo.toml").write_text(MANIFEST)
    (root / "src" / "main.rs").write_text(main)
    return root


def _panic(*frames: Frame, node_id: int = 2) -> Panic:
    message = f"Cannot run backward: graph tape has already been consumed at NodeId({node_id})."
    return Panic("main", message, None, None, None, node_id, list(frames))


# Frames as rustc 1.95 prints them for a Burn program: the panic machinery, Burn's, the user's.
RUSTC = "/rustc/0123abcd/library"
STD = Frame(0, "__rustc::rust_begin_unwind", f"{RUSTC}/std/src/panicking.rs", 697, 5)
CORE = Frame(1, "core::panicking::panic_fmt", f"{RUSTC}/core/src/panicking.rs", 75, 14)
REGISTRY = "/home/u/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-autodiff-0.22.1"
SERVER = "burn_autodiff::runtime::server::AutodiffServer::backward"
BURN = Frame(4, SERVER, REGISTRY + "/src/runtime/server.rs", 74, 17)
STEP = Frame(8, "trainer::step", "./src/main.rs", 4, 22)
MAIN = Frame(9, "trainer::main", "./src/main.rs", 15, 9)


@pytest.mark.parametrize(
    ("function", "crate"),
    [
        ("trainer::train::fit", "trainer"),
        ("<trainer::Model as burn::module::Module>::forward", "trainer"),
        ("<&trainer::Model as core::fmt::Debug>::fmt", "trainer"),
        ("trainer::main::{{closure}}", "trainer"),
        ("core::ops::function::FnOnce::call_once", "core"),
    ],
)
def test_a_frames_crate_is_the_first_path_segment_of_its_function(function, crate):
    assert frame_crate(function) == crate


@pytest.mark.parametrize("frame", [STD, CORE, BURN])
def test_the_standard_librarys_and_burns_frames_are_not_the_users(frame):
    assert not is_users(frame)


def test_burn_from_git_or_vendored_is_not_the_users_by_its_crate_name():
    vendored = Frame(3, "burn_tensor::tensor::api::Tensor<B,_,K>::backward", "vendor/b.rs", 1, 1)
    assert not is_users(vendored)
    assert is_users(STEP) and is_users(MAIN)


def test_paths_resolve_relative_to_the_crate_and_from_a_build_elsewhere(tmp_path):
    root = _crate(tmp_path / "trainer")
    crate = find_crate(None, root)
    main = root / "src" / "main.rs"
    assert resolve("./src/main.rs", crate) == main
    assert resolve("src/main.rs", crate) == main
    # Built in CI or a container at another path: the leading directories are dropped.
    assert resolve("/builds/ci/trainer/src/main.rs", crate) == main
    assert resolve(str(main), crate) == main
    assert resolve("./src/other.rs", crate) is None


def test_a_workspace_members_paths_resolve_from_the_workspace_root(tmp_path):
    (tmp_path / "Cargo.toml").write_text('[workspace]\nmembers = ["crates/app"]\n')
    member = _crate(tmp_path / "crates" / "app")
    crate = find_crate(None, member)
    # cargo builds workspace members with paths relative to the workspace root.
    assert resolve("crates/app/src/main.rs", crate) == member / "src" / "main.rs"


def test_no_crate_is_none_and_a_source_that_is_not_a_directory_is_refused(tmp_path):
    assert find_crate(None, tmp_path) is None
    with pytest.raises(UsageError, match="not a directory"):
        find_crate(str(tmp_path / "missing"), tmp_path)


def test_a_helpers_backward_is_matched_at_its_call_in_the_loop(tmp_path, monkeypatch):
    root = _crate(tmp_path / "trainer")
    monkeypatch.chdir(root)
    crate = find_crate(None)
    report = lint_paths(["src"])
    diagnosis = diagnose(_panic(STD, CORE, BURN, STEP, MAIN), crate, report)
    assert [f.frame.function for f in diagnosis.frames] == ["trainer::step", "trainer::main"]
    (error,) = diagnosis.exact
    assert error.level == "error"
    assert error.message == (
        "Cannot run backward: graph tape has already been consumed at NodeId(2)"
    )
    # The panic's line is primary: the helper's call in the loop, line 15 from column 9.
    assert (error.primary.line, error.primary.column) == (15, 9)
    assert {label.line for label in error.labels} == {12, 14, 15}
    assert error.notes[0].startswith("NodeId(2) is `feats`")
    assert "`trainer::step` at ./src/main.rs:4:22" in error.notes[1]
    assert "called from `trainer::main` at ./src/main.rs:15:9" in error.notes[1]
    assert any(help_.edits for help_ in error.helps)


def test_without_a_backtrace_the_findings_are_likely_causes(tmp_path, monkeypatch):
    root = _crate(tmp_path / "trainer")
    monkeypatch.chdir(root)
    explained = explain_events([_panic()], None)
    (diagnosis,) = explained.diagnoses
    assert diagnosis.exact == []
    assert [f.tape.name for f in diagnosis.likely] == ["feats"]
    text = render(explained, 100).plain
    assert "this finding of `pbpit lint` in the crate can cause it" in text
    assert "RUST_BACKTRACE=1" in text


def test_a_backward_lint_cannot_explain_is_still_shown_on_the_users_line(tmp_path, monkeypatch):
    clean = TRAINER.replace("let feats = x.clone().exp();", "let feats = x.clone().exp().detach();")
    root = _crate(tmp_path / "trainer", clean)
    monkeypatch.chdir(root)
    explained = explain_events([_panic(STD, BURN, STEP, MAIN)], None)
    (error,) = explained.diagnoses[0].exact
    # The `.backward()` call on the innermost frame's line: `loss.backward()` of line 4.
    line = clean.split("\n")[3]
    start = line.index(".backward()") + 2
    assert (error.primary.line, error.primary.column) == (4, start)
    assert error.primary.end_column == start + len("backward()")
    assert error.primary.text == "panicked here, in `loss.backward()`"
    assert "found no cause" in " ".join(error.notes)


def test_without_a_crate_the_general_entry_and_the_advice(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = render(explain_events([_panic()], None), 100).plain
    assert text.startswith("NodeId(2): the graph tape was already consumed")
    assert "--source DIR" in text and "RUST_BACKTRACE=1" in text


def test_other_panics_are_named_with_their_message(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    message = "index out of bounds: the len is 3 but the index is 5"
    other = Panic("main", message, "src/main.rs", 4, 5, None)
    explained = explain_events([other], None)
    assert explained.status == 1
    text = render(explained, 100).plain
    assert "thread 'main' panicked at src/main.rs:4:5: index out of bounds" in text
    assert explained.missing().startswith("the program panicked, but not with")


def test_the_error_renders_as_rustc_does(tmp_path, monkeypatch):
    root = _crate(tmp_path / "trainer")
    monkeypatch.chdir(root)
    text = render(explain_events([_panic(STD, BURN, STEP, MAIN)], None), 100).plain
    expected = [
        "error[pbpit::loop-external-tracked]: Cannot run backward: graph tape has already been "
        "consumed at NodeId(2)",
        "  --> src/main.rs:15:9",
        "   |",
        "12 |     let feats = x.clone().exp();",
        "   |                 --------------- `feats` is made here, outside the loop, from `x` "
        "which requires grad",
        "13 |     for _ in 0..3 {",
        "14 |         let loss = (feats.clone() * w.clone()).sum();",
        "   |                     ----- used here, inside the loop",
        "15 |         step(loss);",
        "   |         ^^^^^^^^^^ panicked here, in the backward this call runs (in `step`): an "
        "earlier pass consumed `feats`'s step",
    ]
    assert text.split("\n")[: len(expected)] == expected


def test_a_users_crate_named_like_burns_is_still_the_users(tmp_path, monkeypatch):
    root = _crate(tmp_path / "burn-playground")
    manifest = root / "Cargo.toml"
    manifest.write_text(manifest.read_text().replace('"trainer"', '"burn-playground"'))
    monkeypatch.chdir(root)
    step = Frame(8, "burn_playground::step", "./src/main.rs", 4, 22)
    main = Frame(9, "burn_playground::main", "./src/main.rs", 15, 9)
    explained = explain_events([_panic(STD, BURN, step, main)], None)
    (error,) = explained.diagnoses[0].exact
    assert (error.primary.line, error.primary.column) == (15, 9)
    # Burn's own crates stay Burn's.
    assert not is_users(BURN, frozenset({"burn_playground"}))


def test_an_unexplained_panic_names_the_calls_it_was_made_from(tmp_path, monkeypatch):
    clean = TRAINER.replace("let feats = x.clone().exp();", "let feats = x.clone().exp().detach();")
    monkeypatch.chdir(_crate(tmp_path / "trainer", clean))
    (error,) = explain_events([_panic(STD, BURN, STEP, MAIN)], None).diagnoses[0].exact
    assert error.notes[0] == (
        "thread 'main' panicked in `trainer::step` at ./src/main.rs:4:22, called from "
        "`trainer::main` at ./src/main.rs:15:9"
    )


def test_a_frame_on_a_line_without_backward_says_the_source_may_have_changed(tmp_path, monkeypatch):
    # The program was built, then a line was added above: the backtrace's line 4 is now `}`.
    moved = TRAINER.replace("fn step(", "// a comment added after the build\nfn step(")
    monkeypatch.chdir(_crate(tmp_path / "trainer", moved))
    stale = Frame(8, "trainer::step", "./src/main.rs", 4, 22)
    (error,) = explain_events([_panic(STD, BURN, stale)], None).diagnoses[0].exact
    assert any("the source may have changed" in note for note in error.notes)


def test_a_frame_in_a_path_dependency_outside_the_crate_is_linted_there(tmp_path, monkeypatch):
    # The loop (and the cached tensor) are in ../mylib, a path dependency of the binary crate.
    library = _crate(tmp_path / "mylib")
    binary = tmp_path / "mybin"
    (binary / "src").mkdir(parents=True)
    dependency = '\n[dependencies]\nmylib = { path = "../mylib" }\n'
    (binary / "Cargo.toml").write_text(MANIFEST.replace('"trainer"', '"mybin"') + dependency)
    (binary / "src" / "main.rs").write_text("fn main() {\n    mylib::main();\n}\n")
    monkeypatch.chdir(binary)
    step = Frame(8, "mylib::step", str(library / "src" / "main.rs"), 4, 22)
    main = Frame(9, "mylib::main", str(library / "src" / "main.rs"), 15, 9)
    (error,) = explain_events([_panic(STD, BURN, step, main)], None).diagnoses[0].exact
    assert error.rule == "loop-external-tracked"
    assert (error.primary.line, error.primary.column) == (15, 9)
