"""`pbpit lint`: the static checker for Burn code.

The snippets in `tests/lint/` mark what must be found as rustc's UI tests do, with a trailing
`//~ WARN rule` on the line of the finding's primary span; each file must give exactly that set
of (line, rule), nothing more.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from lint_score import annotated, found, programs
from pbpit_process import apply_edits, lint_captured, pbpit_main, write_source
from rich.console import Console

from pbpit.lint.command import lint_command
from pbpit.lint.rules import DOUBLE, LOOP_EXTERNAL, RULES
from pbpit.lint.tree import lint_paths, rust_files

SNIPPETS = Path(__file__).parent / "lint"

# SPEC §3 `twice`, as a Burn user writes it.
TWICE = """\
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;

fn main() {
    let device = Default::default();
    let x = Tensor::<Autodiff<Flex>, 1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<Autodiff<Flex>, 1>::from_floats([1.0, 2.0], &device).require_grad();
    // "Features" computed once, outside the loop, to save time.
    let feats = x.clone().exp();
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?}", w.grad(&grads).map(|g| g.into_data()));
    }
}
"""

TWICE_REPORT = """\
warning[pbpit::loop-external-tracked]: `feats` is a tracked tensor made before the loop and \
used in it: the loop's 2nd backward panics
  --> src/main.rs:9:17
   |
9  |     let feats = x.clone().exp();
   |                 ^^^^^^^^^^^^^^^ `feats` is made here, outside the loop, from `x` which \
requires grad
10 |     for step in 0..3 {
11 |         let loss = (feats.clone() * w.clone()).sum();
   |                     ----- used here, inside the loop
12 |         let grads = loss.backward();
   |                     --------------- this backward consumes `feats`'s step; the next pass \
panics at it
   |
help: if `feats` needs no gradient, detach it once
   |
9  |     let feats = x.clone().exp().detach();
   |                                +++++++++
   = note: detached, `x` gets no gradient through it: no optimizer steps it and the program \
reads none
help: if gradients must flow through `feats`, compute it inside the loop, every pass
   |
9  -     let feats = x.clone().exp();
9  |     for step in 0..3 {
10 +         let feats = x.clone().exp();
   |

pbpit lint: 1 warning in 1 file (1 file checked)
"""

CLEAN = """\
fn main() {
    let device = Default::default();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    for _ in 0..3 {
        let _grads = (w.clone() * 2.0).sum().backward();
    }
}
"""


run = lint_captured
write = write_source


# -- the snippet suite --------------------------------------------------------------------------
# Every program of tests/lint/, its subdirectories included (a crate directory is one program),
# as tools/lint_score.py finds them; each marks its findings `//~ WARN rule`.

PROGRAMS = programs()


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_snippet_findings_are_exactly_the_annotated_ones(program):
    assert found(program) == annotated(program)


def test_suite_covers_every_rule_and_clean_programs():
    expected = {program.name: annotated(program) for program in PROGRAMS}
    rules = {rule for marks in expected.values() for _, _, rule in marks}
    assert rules == {rule.name for rule in RULES}
    clean = {name for name, marks in expected.items() if not marks}
    assert {"twice_fix.rs", "gan_fixed.rs", "rnn_detached.rs", "mlp_training.rs"} <= clean
    # Buggy and fixed pairs: a fixed program is clean, and so is every program named for a
    # shape that must stay silent.
    fixed = {name for name in expected if name.removesuffix(".rs").endswith("_fixed")}
    assert len(fixed) >= 20
    assert fixed <= clean, sorted(fixed - clean)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_each_fix_written_as_code_removes_its_finding_and_adds_none(program, tmp_path):
    findings = lint_paths([program.path]).findings
    before = Counter((f.rule, f.name) for f in findings)
    copy = tmp_path / program.path.name
    for finding in findings:
        for help_ in finding.helps:
            if not help_.edits:
                continue
            if program.path.is_dir():
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(program.path, copy)
                target = copy / Path(finding.path).resolve().relative_to(program.path)
            else:
                target = copy
            target.write_text(apply_edits(Path(finding.path).read_text(), help_.edits))
            remaining = lint_paths([copy])
            assert not remaining.errors, (help_.message, remaining.errors)
            after = Counter((f.rule, f.name) for f in remaining.findings)
            # Its own finding gone, none added; one fix of several tensors (`mean` and `std`
            # made before the loop, each alone still panicking at the other) removes theirs too.
            assert after <= before - Counter([(finding.rule, finding.name)]), help_.message


# -- the three patterns, one behaviour each -----------------------------------------------------


def rules_in(tmp_path: Path, body: str) -> list[tuple[int, str]]:
    path = write(tmp_path, "main.rs", body)
    return [(f.primary.line, f.rule) for f in lint_paths([path]).findings]


def test_leaf_parameter_used_in_loop_is_not_a_hazard(tmp_path):
    assert rules_in(tmp_path, CLEAN) == []


def test_detach_then_require_grad_is_a_new_leaf(tmp_path):
    body = """\
    fn main() {
        let x = Tensor::<B, 1>::from_floats([1.0], &device).require_grad();
        let feats = x.clone().exp().detach().require_grad();
        for _ in 0..3 {
            let _grads = (feats.clone() * 2.0).sum().backward();
        }
    }
    """
    assert rules_in(tmp_path, body) == []


def test_clone_of_a_loss_backpropagated_again_is_double_backward(tmp_path):
    body = """\
    fn main() {
        let x = Tensor::<B, 1>::from_floats([1.0], &device).require_grad();
        let loss = x.clone().exp().sum();
        let copy = loss.clone();
        let _g1 = loss.backward();
        let _g2 = copy.backward();
    }
    """
    assert rules_in(tmp_path, body) == [(6, DOUBLE)]


def test_losses_added_before_one_backward_share_nothing(tmp_path):
    body = """\
    fn main() {
        let x = Tensor::<B, 1>::from_floats([1.0], &device).require_grad();
        let feats = x.clone().exp();
        let l1 = feats.clone().sum();
        let l2 = (feats * 2.0).sum();
        let _grads = (l1 + l2).backward();
    }
    """
    assert rules_in(tmp_path, body) == []


def test_shared_intermediate_recomputed_between_backwards_is_fine(tmp_path):
    body = """\
    fn main() {
        let x = Tensor::<B, 1>::from_floats([1.0], &device).require_grad();
        let feats = x.clone().exp();
        let _g1 = feats.sum().backward();
        let feats = x.clone().exp();
        let _g2 = (feats * 2.0).sum().backward();
    }
    """
    assert rules_in(tmp_path, body) == []


def test_backward_in_both_arms_of_an_if_is_not_two_backwards(tmp_path):
    body = """\
    fn main() {
        let x = Tensor::<B, 1>::from_floats([1.0], &device).require_grad();
        let feats = x.clone().exp();
        if flag {
            let _g = feats.clone().sum().backward();
        } else {
            let _g = (feats * 2.0).sum().backward();
        }
    }
    """
    assert rules_in(tmp_path, body) == []


def test_inner_loop_reports_a_tensor_made_in_the_outer_one(tmp_path):
    body = """\
    fn main() {
        for epoch in 0..3 {
            let feats = model.forward(x.clone());
            for step in 0..3 {
                let _g = feats.clone().sum().backward();
            }
        }
    }
    """
    assert rules_in(tmp_path, body) == [(3, LOOP_EXTERNAL)]


def test_backward_in_a_called_function_is_seen_at_the_call(tmp_path):
    # `step` backpropagates what it is given: each pass's call consumes `feats`, made once.
    body = """\
    fn step<B: AutodiffBackend>(feats: Tensor<B, 2>) {
        let _g = feats.sum().backward();
    }

    fn main() {
        let feats = model.forward(x.clone());
        for _ in 0..3 {
            step(feats.clone());
        }
    }
    """
    assert rules_in(tmp_path, body) == [(6, "loop-external-tracked")]


def test_tensor_in_a_struct_field_is_seen(tmp_path):
    # `self.cache` is computed once, before the loop, and every pass backpropagates through it.
    body = """\
    impl Trainer {
        fn fit(&mut self) {
            self.cache = self.model.forward(self.x.clone());
            for _ in 0..3 {
                let _g = self.cache.clone().sum().backward();
            }
        }
    }
    """
    assert rules_in(tmp_path, body) == [(3, "loop-external-tracked")]


def test_reading_stops_when_a_pass_starts_as_the_last_one_did(monkeypatch):
    # Stopping early finds exactly what three passes of every loop find.
    from pbpit.lint import analysis as lint

    def findings() -> list[dict]:
        return [f.to_json() for f in lint_paths(sorted(SNIPPETS.glob("*.rs"))).findings]

    early = findings()
    monkeypatch.setattr(lint._Function, "_entry", lambda self, key, number: object())
    assert findings() == early


def test_state_held_in_an_option_is_detached_where_it_is_put():
    [finding] = lint_paths([SNIPPETS / "lstm_state_carried.rs"]).findings
    [help_] = finding.helps
    assert help_.edits == []  # `state = state.detach();` would not compile on an Option
    assert help_.message.startswith("detach the tensors `state` holds at the end of each pass")


def test_carried_tensor_is_named_after_the_variable_that_carries_it():
    [finding] = lint_paths([SNIPPETS / "previous_output_carried.rs"]).findings
    assert finding.message.startswith("`prev_out` carries a tracked tensor from one pass")
    assert [(label.line, label.text) for label in finding.labels] == [
        (12, "`out` is made here, by `model.forward`, whose parameters require grad"),
        (14, "`prev_out` brings it here from the previous pass"),
        (17, "this backward consumes `out`'s step; a later pass, through `prev_out`, panics at it"),
    ]


def test_a_test_expecting_the_panic_is_not_read(tmp_path):
    body = """\
    #[test]
    #[should_panic]
    fn twice() {
        let loss = model.forward(x).sum();
        let _g1 = loss.backward();
        let _g2 = loss.backward();
    }
    """
    assert rules_in(tmp_path, body) == []


# -- allow comments -----------------------------------------------------------------------------


def test_allow_comment_silences_exactly_one_finding(tmp_path):
    body = """\
    fn main() {
        // pbpit: allow(loop-external-tracked)
        let a = model.forward(x.clone());
        let b = model.forward(x.clone());
        for _ in 0..3 {
            let _g = (a.clone() + b.clone()).sum().backward();
        }
    }
    """
    assert rules_in(tmp_path, body) == [(4, LOOP_EXTERNAL)]


def test_allow_comment_names_the_rule_it_silences(tmp_path):
    body = """\
    fn main() {
        // pbpit: allow(double-backward, shared-intermediate)
        let a = model.forward(x.clone());
        for _ in 0..3 {
            let _g = a.clone().sum().backward();
        }
    }
    """
    assert rules_in(tmp_path, body) == [(3, LOOP_EXTERNAL)]


def test_allow_comment_above_a_multiline_let_silences_its_finding(tmp_path):
    body = """\
    fn main() {
        // pbpit: allow(loop-external-tracked)
        let a =
            model.forward(x.clone());
        for _ in 0..3 {
            let _g = a.clone().sum().backward();
        }
    }
    """
    assert rules_in(tmp_path, body) == []


# -- output: human ------------------------------------------------------------------------------


def test_human_output_on_spec_twice_is_rustc_shaped(tmp_path, monkeypatch):
    write(tmp_path, "src/main.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run(["src/main.rs"])
    assert (status, stderr) == (1, "")
    assert stdout == TWICE_REPORT


def test_gutter_widens_with_the_widest_line_number(tmp_path, monkeypatch):
    write(tmp_path, "main.rs", "\n" * 95 + TWICE)
    monkeypatch.chdir(tmp_path)
    _, stdout, _ = run(["main.rs"])
    assert "   --> main.rs:104:17\n    |\n104 |     let feats" in stdout


def test_lines_far_apart_are_joined_by_an_ellipsis(tmp_path, monkeypatch):
    spaced = TWICE.replace("    for step", "    let a = 1;\n    let b = 2;\n    for step")
    write(tmp_path, "main.rs", spaced)
    monkeypatch.chdir(tmp_path)
    _, stdout, _ = run(["main.rs"])
    assert "exp();\n   |                 ^^^" in stdout
    assert "requires grad\n...\n13 |         let loss" in stdout


def test_two_spans_on_one_line_are_drawn_as_rustc_draws_them(tmp_path, monkeypatch):
    body = """\
    fn main() {
        let feats = model.forward(x.clone());
        for _ in 0..3 {
            let _g = from_grads((feats.clone() * 2.0).sum().backward(), &m);
        }
    }
    """
    write(tmp_path, "main.rs", body)
    monkeypatch.chdir(tmp_path)
    _, stdout, _ = run(["main.rs"])
    pad = " " * 29
    assert (
        "4 |         let _g = from_grads((feats.clone() * 2.0).sum().backward(), &m);\n"
        f"  | {pad}-----                      ---------- "
        "this backward consumes `feats`'s step; the next pass panics at it\n"
        f"  | {pad}|\n"
        f"  | {pad}used here, inside the loop\n"
    ) in stdout


def test_two_findings_in_a_file_come_in_line_order(tmp_path, monkeypatch):
    body = """\
    fn main() {
        let late = model.forward(x.clone());
        let loss = model.forward(x.clone()).sum();
        let _g1 = loss.backward();
        let _g2 = loss.backward();
        for _ in 0..3 {
            let _g = late.clone().sum().backward();
        }
    }
    """
    write(tmp_path, "main.rs", body)
    monkeypatch.chdir(tmp_path)
    _, stdout, _ = run(["main.rs"])
    assert re.findall(r"--> main.rs:(\d+):", stdout) == ["2", "5"]
    _, stdout, _ = run(["main.rs"], "json")
    assert [f["line"] for f in json.loads(stdout)["findings"]] == [2, 5]


TABBED = (
    "fn main() {\n"
    "\tlet feats = /* é 特 */ model.forward(x);\n"
    "\tfor _ in 0..3 {\n"
    "\t\tlet _g = feats.clone().sum().backward();\n"
    "\t}\n"
    "}\n"
)


def test_columns_count_characters_and_the_snippet_shows_tabs_as_four_spaces(tmp_path, monkeypatch):
    # As rustc: `-->` and JSON count a tab or a wide character as one column; the quoted line
    # shows a tab as four spaces and the carets follow what is shown (特 takes two cells).
    (tmp_path / "main.rs").write_text(TABBED)
    monkeypatch.chdir(tmp_path)
    _, stdout, _ = run(["main.rs"])
    assert " --> main.rs:2:24\n" in stdout
    assert (
        "2 |     let feats = /* é 特 */ model.forward(x);\n"
        f"  | {' ' * 27}^^^^^^^^^^^^^^^^ `feats` is made here"
    ) in stdout
    assert "4 |         let _g = feats.clone()" in stdout
    assert f"  | {' ' * 17}-----" in stdout
    _, stdout, _ = run(["main.rs"], "json")
    [finding] = json.loads(stdout)["findings"]
    assert (finding["column"], finding["end_column"]) == (24, 40)


def test_crlf_lines_are_quoted_without_carriage_returns(tmp_path, monkeypatch):
    (tmp_path / "lf.rs").write_bytes(TWICE.encode())
    (tmp_path / "crlf.rs").write_bytes(TWICE.replace("\n", "\r\n").encode())
    monkeypatch.chdir(tmp_path)
    _, lf, _ = run(["lf.rs"])
    _, crlf, _ = run(["crlf.rs"])
    assert "\r" not in crlf
    assert crlf == lf.replace("lf.rs", "crlf.rs")
    _, lf_json, _ = run(["lf.rs"], "json")
    _, crlf_json, _ = run(["crlf.rs"], "json")
    [lf_finding], [crlf_finding] = (
        json.loads(lf_json)["findings"],
        json.loads(crlf_json)["findings"],
    )
    assert crlf_finding["labels"] == lf_finding["labels"]
    # The line a fix adds ends as the file's lines do.
    moved = crlf_finding["help"][1]["edits"][1]["replacement"]
    assert moved == "        let feats = x.clone().exp();\r\n"


def test_a_byte_order_mark_is_not_a_column(tmp_path, monkeypatch):
    body = "fn main() { let f = model.forward(x); for _ in 0..3 { f.clone().sum().backward(); } }\n"
    (tmp_path / "bom.rs").write_bytes(b"\xef\xbb\xbf" + body.encode())
    monkeypatch.chdir(tmp_path)
    _, stdout, _ = run(["bom.rs"])
    assert " --> bom.rs:1:21\n" in stdout
    assert "\ufeff" not in stdout


def test_clean_run_says_so_and_exits_0(tmp_path):
    path = write(tmp_path, "main.rs", CLEAN)
    assert run([str(path)]) == (0, "pbpit lint: no warnings (1 file checked)\n", "")


def test_colour_only_on_a_terminal(tmp_path):
    path = str(write(tmp_path, "main.rs", TWICE))
    plain = io.StringIO()
    lint_command([path], "human", plain, io.StringIO())
    assert "\x1b[" not in plain.getvalue()
    terminal = Console(file=io.StringIO(), force_terminal=True, color_system="standard")
    lint_command([path], "human", terminal, io.StringIO())
    coloured = terminal.file.getvalue()
    assert "\x1b[" in coloured
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain.getvalue()


def test_no_color_is_respected(tmp_path, monkeypatch):
    path = str(write(tmp_path, "main.rs", TWICE))
    monkeypatch.setenv("NO_COLOR", "1")
    console = Console(file=io.StringIO(), force_terminal=True)
    lint_command([path], "human", console, io.StringIO())
    parameters = re.findall(r"\x1b\[([0-9;]*)m", console.file.getvalue())
    colours = [p for p in parameters if re.search(r"(^|;)(3[0-9]|9[0-7])(;|$)", p)]
    assert parameters and not colours  # bold stays, colour goes


# -- output: JSON and SARIF ---------------------------------------------------------------------


def test_json_has_files_findings_and_errors(tmp_path, monkeypatch):
    write(tmp_path, "src/main.rs", TWICE)
    write(tmp_path, "src/clean.rs", CLEAN)
    monkeypatch.chdir(tmp_path)
    status, stdout, _ = run(["src"], "json")
    data = json.loads(stdout)
    assert status == 1
    assert data["files_checked"] == 2
    assert data["files"] == ["src/clean.rs", "src/main.rs"]
    assert data["errors"] == []
    [finding] = data["findings"]
    assert {k: finding[k] for k in ("rule", "id", "path", "line", "column")} == {
        "rule": LOOP_EXTERNAL,
        "id": "pbpit::loop-external-tracked",
        "path": "src/main.rs",
        "line": 9,
        "column": 17,
    }
    assert (finding["end_line"], finding["end_column"]) == (9, 32)
    assert finding["message"].startswith("`feats` is a tracked tensor made before the loop")
    assert [(label["line"], label["primary"]) for label in finding["labels"]] == [
        (9, True),
        (11, False),
        (12, False),
    ]
    detach = finding["help"][0]
    assert detach["message"] == "if `feats` needs no gradient, detach it once"
    assert detach["edits"] == [
        {"line": 9, "column": 32, "end_line": 9, "end_column": 32, "replacement": ".detach()"}
    ]


def test_json_keys_are_the_documented_ones(tmp_path, monkeypatch):
    write(tmp_path, "main.rs", TWICE)
    write(tmp_path, "bad.rs", "fn main() {\n    let x = ;\n}\n")
    (tmp_path / "latin1.rs").write_bytes(b"// caf\xe9\n")
    monkeypatch.chdir(tmp_path)
    data = json.loads(run(["."], "json")[1])
    assert list(data) == ["files_checked", "files", "findings", "errors", "skipped"]
    [finding] = data["findings"]
    assert list(finding) == [
        "rule", "id", "level", "message", "path", "line", "column", "end_line", "end_column",
        "labels", "help",
    ]  # fmt: skip
    keys = ["line", "column", "end_line", "end_column"]
    assert all(list(label) == [*keys, "text", "primary"] for label in finding["labels"])
    # Detach once names the leaf it takes every gradient from (`x`, in a note); recompute none.
    assert [list(help_) for help_ in finding["help"]] == [
        ["message", "edits", "note"],
        ["message", "edits"],
    ]
    edits = [edit for help_ in finding["help"] for edit in help_["edits"]]
    assert edits and all(list(edit) == [*keys, "replacement"] for edit in edits)
    [error] = data["errors"]
    assert list(error) == ["path", "line", "column", "message"]
    [skip] = data["skipped"]
    assert list(skip) == ["path", "line", "column", "function", "reason"]


def sarif_of(paths: list[str]) -> tuple[int, dict]:
    status, stdout, _ = run(paths, "sarif")
    return status, json.loads(stdout)


def check_region(region: dict) -> None:
    assert region["startLine"] >= 1 and region["startColumn"] >= 1
    assert (region["endLine"], region["endColumn"]) > (region["startLine"], region["startColumn"])


def test_sarif_is_what_github_code_scanning_reads(tmp_path, monkeypatch):
    write(tmp_path, "src/main.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    status, log = sarif_of(["src"])
    assert status == 1
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    [run_] = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "pbpit"
    rules = driver["rules"]
    assert [rule["id"] for rule in rules] == [f"pbpit::{rule.name}" for rule in RULES]
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["help"]["text"]
        assert rule["defaultConfiguration"]["level"] == "warning"
    [result] = run_["results"]
    assert result["ruleId"] == "pbpit::loop-external-tracked"
    assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
    assert result["level"] == "warning" and result["message"]["text"]
    [location] = result["locations"]
    physical = location["physicalLocation"]
    assert physical["artifactLocation"] == {"uri": "src/main.rs", "uriBaseId": "%SRCROOT%"}
    assert run_["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tmp_path.resolve().as_uri() + "/"}}
    assert physical["region"] == {"startLine": 9, "startColumn": 17, "endLine": 9, "endColumn": 32}
    for related in result["relatedLocations"]:
        check_region(related["physicalLocation"]["region"])
        assert related["message"]["text"]
    assert all(isinstance(v, str) for v in result["partialFingerprints"].values())
    assert run_["invocations"][0]["executionSuccessful"] is True


def test_sarif_names_a_file_outside_the_working_directory_by_absolute_uri(tmp_path, monkeypatch):
    path = write(tmp_path, "elsewhere/main.rs", TWICE)
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    _, log = sarif_of([str(path)])
    [result] = log["runs"][0]["results"]
    location = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert location == {"uri": path.resolve().as_uri()}


def test_sarif_uri_is_percent_encoded(tmp_path, monkeypatch):
    write(tmp_path, "my src/é.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    _, log = sarif_of(["my src"])
    [result] = log["runs"][0]["results"]
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "my%20src/%C3%A9.rs"


def test_sarif_fingerprint_survives_lines_added_above(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "main.rs", TWICE)
    _, before = sarif_of(["main.rs"])
    write(tmp_path, "main.rs", "// a comment\n\n" + TWICE)
    _, after = sarif_of(["main.rs"])
    [first], [second] = before["runs"][0]["results"], after["runs"][0]["results"]
    assert first["partialFingerprints"] == second["partialFingerprints"]
    assert first["locations"] != second["locations"]


def test_sarif_reports_a_parse_error_as_a_note_of_a_successful_invocation(tmp_path, monkeypatch):
    write(tmp_path, "bad.rs", "fn main() {\n    let x = ;\n}\n")
    monkeypatch.chdir(tmp_path)
    status, log = sarif_of(["bad.rs"])
    invocation = log["runs"][0]["invocations"][0]
    assert status == 0 and invocation["executionSuccessful"] is True
    [notification] = invocation["toolExecutionNotifications"]
    assert notification["level"] == "note"
    location = notification["locations"][0]["physicalLocation"]
    assert location["artifactLocation"]["uri"] == "bad.rs"
    assert location["region"]["startLine"] == 2


# -- inputs and exit codes ----------------------------------------------------------------------


def test_parse_error_is_reported_and_the_other_files_are_still_checked(tmp_path, monkeypatch):
    write(tmp_path, "a_bad.rs", "fn main() {\n    let x = ;\n}\n")
    write(tmp_path, "b_twice.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    status, stdout, stderr = run(["."])
    assert status == 1 and stderr == ""
    assert stdout.startswith("note: skipped a_bad.rs:2:11: cannot parse: unexpected `=`\n\nwarn")
    assert "warning[pbpit::loop-external-tracked]" in stdout
    assert stdout.endswith("pbpit lint: 1 warning in 1 file (1 file checked, 1 skipped)\n")


def test_exit_status_is_0_clean_1_findings_2_errors(tmp_path):
    clean = write(tmp_path, "clean.rs", CLEAN)
    twice = write(tmp_path, "twice.rs", TWICE)
    bad = tmp_path / "bad.rs"
    bad.write_bytes(b"fn main() { let s = \"caf\xe9\"; }\n")  # not UTF-8: cannot be read
    assert run([str(clean)])[0] == 0
    assert run([str(clean), str(twice)])[0] == 1
    assert run([str(twice), str(bad)])[0] == 2


def test_missing_path_is_one_line_and_exit_2(tmp_path):
    missing = tmp_path / "nope.rs"
    status, stdout, stderr = run([str(missing)])
    assert (status, stdout) == (2, "")
    assert stderr == f"pbpit: error: no such file or directory: {missing}\n"


def test_a_named_file_that_is_not_rust_is_one_line_and_exit_2(tmp_path):
    script = write(tmp_path, "case.py", "print('hello')\n")
    status, stdout, stderr = run([str(script)])
    assert (status, stdout) == (2, "")
    assert stderr == (
        f"pbpit: error: not a Rust file: {script} (expected .rs files or directories)\n"
    )


def test_non_utf8_file_is_an_error_not_a_traceback(tmp_path):
    path = tmp_path / "latin1.rs"
    path.write_bytes(b"// caf\xe9\nfn main() {}\n")
    status, stdout, stderr = run([str(path)], "json")
    assert status == 2
    [error] = json.loads(stdout)["errors"]
    assert error["path"] == str(path) and "not UTF-8" in error["message"]
    assert stderr.startswith("pbpit: error: ") and stderr.count("\n") == 1


def test_unknown_format_is_exit_2(tmp_path):
    path = write(tmp_path, "main.rs", CLEAN)
    status, stdout, stderr = run([str(path)], "xml")
    assert (status, stdout) == (2, "")
    assert "unknown --format `xml`" in stderr


def test_directories_are_walked_sorted_skipping_target_and_hidden(tmp_path, monkeypatch):
    for name in ("src/b.rs", "src/a.rs", "src/nested/c.rs", "target/debug/gen.rs", ".git/x.rs"):
        write(tmp_path, name, CLEAN)
    write(tmp_path, "src/notes.txt", "not rust")
    monkeypatch.chdir(tmp_path)
    assert lint_paths(["src", "target/debug/gen.rs"]).files == [
        "src/a.rs",
        "src/b.rs",
        "src/nested/c.rs",
        "target/debug/gen.rs",
    ]
    assert lint_paths(["."]).files == ["src/a.rs", "src/b.rs", "src/nested/c.rs"]


def test_a_directory_that_cannot_be_listed_is_an_error(tmp_path):
    errors = []
    not_a_directory = write(tmp_path, "main.rs", CLEAN)
    assert rust_files(not_a_directory, errors) == []
    [error] = errors
    assert error.path == str(not_a_directory)
    assert error.text.startswith(f"cannot read directory {not_a_directory}: ")


def test_a_file_named_twice_is_checked_once(tmp_path, monkeypatch):
    write(tmp_path, "main.rs", TWICE)
    monkeypatch.chdir(tmp_path)
    report = lint_paths(["main.rs", ".", "./main.rs"])
    assert report.files == ["main.rs"] and len(report.findings) == 1


def test_directory_without_rust_files_warns_and_exits_0(tmp_path):
    status, stdout, stderr = run([str(tmp_path)])
    assert status == 0
    assert stdout == "pbpit lint: no warnings (0 files checked)\n"
    assert stderr == f"pbpit: warning: no .rs file in {tmp_path}\n"


def test_lint_loads_neither_numpy_nor_the_engine_beyond_its_requirement(tmp_path):
    # Lint speaks of requirements and of the tensor API in the engine's words (`graph`, `api`:
    # plain data), nothing more. (A finding's fixes written as code are checked by the
    # interpreter, which loads the engine: a tree without findings, such as Burn's, does not.)
    path = write(tmp_path, "main.rs", CLEAN)
    code = (
        "import io, sys\n"
        "from pbpit.lint.command import lint_command\n"
        f"lint_command([{str(path)!r}], 'sarif', io.StringIO(), io.StringIO())\n"
        "heavy = ('numpy', 'numba', 'pbpit.engine')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "['pbpit.engine', 'pbpit.engine.api', 'pbpit.engine.graph']\n"


# -- the registry: every rule's examples, fixes and documentation -------------------------------

RULE_IDS = [rule.name for rule in RULES]


def lint_text(directory: Path, name: str, text: str) -> list:
    path = directory / name
    path.write_text(text)
    report = lint_paths([path])
    assert not report.errors, report.errors
    return report.findings


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_a_rules_bad_example_is_one_finding_of_that_rule(rule, tmp_path):
    assert [f.rule for f in lint_text(tmp_path, "bad.rs", rule.bad)] == [rule.name]


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_a_rules_fixed_example_has_no_finding(rule, tmp_path):
    assert lint_text(tmp_path, "fixed.rs", rule.fixed) == []


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_each_fix_of_a_rules_bad_example_written_as_code_leaves_no_finding(rule, tmp_path):
    [finding] = lint_text(tmp_path, "bad.rs", rule.bad)
    for help_ in (h for h in finding.helps if h.edits):
        fixed = apply_edits(rule.bad, help_.edits)
        assert lint_text(tmp_path, "fixed.rs", fixed) == [], (help_.message, fixed)


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_a_rules_bad_example_panics_as_burn_does_and_its_fixed_example_runs(rule, tmp_path):
    from pbpit.runner import resolve_case, run_case

    bad, fixed = tmp_path / "bad.rs", tmp_path / "fixed.rs"
    bad.write_text(rule.bad)
    fixed.write_text(rule.fixed)
    panicked = run_case(resolve_case(str(bad)))
    assert panicked.exit_code == 101 and panicked.panic is not None
    assert rule.panic in panicked.panic.message
    # Where Burn's message names a node, the page's account names the one the program panics at.
    if "NodeId(" in panicked.panic.message:
        assert f"NodeId({panicked.panic.node_id})" in rule.why
    ran = run_case(resolve_case(str(fixed)))
    assert (ran.exit_code, ran.error) == (0, None)


def test_rules_are_named_once_and_looked_up_with_or_without_the_prefix():
    from pbpit.lint.rules import rule_named

    assert len(set(RULE_IDS)) == len(RULES)
    for rule in RULES:
        assert rule_named(rule.name) is rule and rule_named(f"pbpit::{rule.name}") is rule
    assert rule_named("retain-graph") is None


def test_the_rules_page_is_the_one_the_registry_writes():
    from pbpit.lint.explain import rules_page

    page = Path(__file__).parent.parent / "docs" / "RULES.md"
    assert page.read_text(encoding="utf-8") == rules_page(), "run tools/rules_page.py"


def test_sarif_describes_each_rule_with_its_examples(tmp_path, monkeypatch):
    write(tmp_path, "main.rs", CLEAN)
    monkeypatch.chdir(tmp_path)
    _, log = sarif_of(["main.rs"])
    described = log["runs"][0]["tool"]["driver"]["rules"]
    for rule, sarif_rule in zip(RULES, described, strict=True):
        assert sarif_rule["shortDescription"]["text"] == rule.summary
        assert sarif_rule["fullDescription"]["text"].startswith(" ".join(rule.why.split()[:8]))
        markdown = sarif_rule["help"]["markdown"]
        assert f"```rust\n{rule.bad}```" in markdown and f"```rust\n{rule.fixed}```" in markdown


@pytest.mark.parametrize("rule", RULES, ids=RULE_IDS)
def test_explain_rule_reads_as_rustc_explain(rule):
    result = pbpit_main("explain", rule.name)
    assert (result.returncode, result.stderr) == (0, "")
    text = result.stdout
    summary = " ".join(text.split("\n\n")[0].split())
    assert summary == rule.summary[0].upper() + rule.summary[1:] + "."
    # The prose is wrapped to the terminal; the code is as written.
    flat = " ".join(text.split())
    bad, fixed = text.index(rule.bad), text.index(rule.fixed)
    assert flat.index(" ".join(rule.bad.split())) < flat.index(" ".join(rule.why.split()))
    assert flat.index(" ".join(rule.why.split())) < flat.index(" ".join(rule.fixed.split()))
    assert bad < fixed
    assert all(f"- {fix.name}: " in text for fix in rule.fixes)
    assert pbpit_main("explain", f"pbpit::{rule.name}").stdout == text


def test_explain_rule_as_json_is_one_object():
    result = pbpit_main("explain", "pbpit::double-backward", "--json")
    data = json.loads(result.stdout)
    assert result.returncode == 0
    assert list(data) == ["rule", "id", "summary", "panic", "why", "bad", "fixed", "fixes"]
    assert data["id"] == "pbpit::double-backward"
    assert [fix["name"] for fix in data["fixes"]] == ["keep the gradients", "rebuild the loss"]


def test_explain_of_an_unknown_word_is_one_line_naming_the_rules():
    result = pbpit_main("explain", "retain-graph")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "malformed node id `retain-graph`" in result.stderr
    assert all(rule.name in result.stderr for rule in RULES)


def test_a_read_of_a_value_keeps_every_other_field():
    # `_read_as` copies a `Value` field by field (faster than `dataclasses.replace`): a field
    # added to `Value` and not copied there fails here.
    from dataclasses import fields

    from pbpit.lint.analysis import _read_as
    from pbpit.lint.values import Value

    given = {f.name: object() for f in fields(Value)}
    reads = object()
    read = _read_as(Value(**given), reads)  # type: ignore[arg-type]
    for f in fields(Value):
        assert getattr(read, f.name) is (reads if f.name == "reads" else given[f.name]), f.name
