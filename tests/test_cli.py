"""The command line: user cases, bad input, and the commands that must start fast."""

from __future__ import annotations

import pytest
from pbpit_process import HIDDEN_LAYER_CASE, imported_by, pbpit_cli, write_case

import pbpit
from pbpit.runner import CASES_DIR

TWICE_RS = str(CASES_DIR / "twice.rs")


def test_user_case_file_runs_and_panics_at_its_cached_intermediate(tmp_path):
    path = write_case(tmp_path, HIDDEN_LAYER_CASE)
    result = pbpit_cli("run", str(path), "--raw")
    assert result.returncode == 101
    assert result.stdout.startswith("0 [")
    assert "consumed at NodeId(3)" in result.stderr


def test_user_case_diagnosis_names_the_user_variable(tmp_path):
    path = write_case(tmp_path, HIDDEN_LAYER_CASE)
    result = pbpit_cli("run", str(path))
    assert "NodeId(3) `hidden`" in result.stdout
    assert "hidden = inputs.matmul(weights).tanh()" in result.stdout


def test_unknown_case_names_the_nearest(tmp_path):
    result = pbpit_cli("run", "twcie")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert "unknown case `twcie`" in result.stderr and "`twice`" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_case_file_is_one_line_exit_2(tmp_path):
    result = pbpit_cli("run", str(tmp_path / "nope.py"))
    assert result.returncode == 2
    assert result.stderr == f"pbpit: error: no such case file: {tmp_path / 'nope.py'}\n"


def test_case_with_syntax_error_names_file_and_line(tmp_path):
    path = write_case(tmp_path, "import pbpit as pb\nx = (1,\n")
    result = pbpit_cli("run", str(path))
    assert result.returncode == 2
    assert result.stderr.startswith(f"pbpit: error: syntax error in case {path}:2")
    assert result.stderr.count("\n") == 1


def test_case_raising_a_python_error_is_a_case_error_exit_1(tmp_path):
    path = write_case(tmp_path, "print('before')\nvalue = 1 / 0\n")
    result = pbpit_cli("run", str(path), "--raw")
    assert result.returncode == 1
    assert result.stdout == "before\n"
    assert result.stderr == f"pbpit: case error at {path}:2: ZeroDivisionError: division by zero\n"


def test_case_error_in_json_carries_message_and_line(tmp_path):
    import json

    path = write_case(tmp_path, "import pbpit as pb\n\npb.Tensor.from_floats(1.0, None)\n")
    result = pbpit_cli("run", str(path), "--json")
    data = json.loads(result.stdout)
    assert result.returncode == data["exit_code"] == 1
    assert data["error"]["line"] == 3
    assert "expected a list or array of floats" in data["error"]["message"]


def test_raw_and_json_together_are_refused():
    result = pbpit_cli("run", "twice", "--raw", "--json")
    assert result.returncode == 2
    assert "cannot be used together" in result.stderr


def test_version_is_the_package_version():
    result = pbpit_cli("--version")
    assert result.stdout == f"pbpit {pbpit.__version__}\n"
    assert result.returncode == 0


def test_list_shows_every_case_with_what_it_reproduces():
    listed, twins = pbpit_cli("list").stdout.split("\n\n")
    lines = listed.splitlines()
    assert twins == "Each has a Rust twin that prints the same: `pbpit run twice.rs`.\n"
    assert [line.split()[0] for line in lines] == [
        "twice",
        "twice_fix",
        "shared-loss",
        "double-backward",
    ]
    assert all(len(line.split(maxsplit=1)) == 2 for line in lines)


@pytest.mark.parametrize("args", [["--help"], ["list"], ["--version"]])
def test_commands_that_compute_nothing_do_not_import_numba(args):
    _, imported = imported_by(args, ["numba"])
    assert imported == [False]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["run", "--bogus"], "No such option: --bogus"),
        (["run"], "missing argument 'case'"),
        (["nope"], "No such command 'nope'"),
    ],
)
def test_argument_mistakes_are_one_line_and_exit_2(args, message):
    result = pbpit_cli(*args)
    assert result.returncode == 2
    assert result.stderr.startswith("pbpit: error: ") and message.lower() in result.stderr.lower()
    assert result.stderr.count("\n") == 1


def test_list_json_names_every_case_with_its_file():
    import json

    data = json.loads(pbpit_cli("list", "--json").stdout)
    assert [c["name"] for c in data["cases"]] == [
        "twice",
        "twice_fix",
        "shared-loss",
        "double-backward",
    ]
    assert all(c["path"].endswith(".py") and c["summary"] for c in data["cases"])


def test_case_stderr_is_kept_apart_and_comes_before_the_panic(tmp_path):
    path = write_case(
        tmp_path,
        """\
        import sys
        import pbpit as pb

        x = pb.Tensor.from_floats([1.0], pb.Device.flex().autodiff()).require_grad()
        loss = x.exp().sum()
        loss.backward()
        print("to stderr", file=sys.stderr)
        loss.backward()
        """,
    )
    result = pbpit_cli("run", str(path), "--raw")
    assert result.stdout == ""
    assert result.stderr.startswith("to stderr\n\nthread 'main' (")


def test_case_imports_modules_beside_it(tmp_path):
    (tmp_path / "shared_model.py").write_text("SCALE = 3.0\n")
    path = write_case(tmp_path, "from shared_model import SCALE\nprint(SCALE)\n")
    result = pbpit_cli("run", str(path), "--raw", cwd="/")
    assert (result.returncode, result.stdout) == (0, "3.0\n")


def test_sys_exit_with_a_message_prints_it_and_exits_1(tmp_path):
    path = write_case(tmp_path, "import sys\nsys.exit('bad data')\n")
    result = pbpit_cli("run", str(path), "--raw")
    assert (result.returncode, result.stderr) == (1, "bad data\n")


def test_case_with_a_byte_order_mark_runs(tmp_path):
    path = tmp_path / "bom.py"
    path.write_bytes(b"\xef\xbb\xbfprint('ok')\n")
    assert pbpit_cli("run", str(path), "--raw").stdout == "ok\n"


def test_non_ascii_digits_are_a_malformed_node_id():
    result = pbpit_cli("explain", "\u00b2")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "malformed node id" in result.stderr


def test_float32_overflow_is_silent_as_in_rust(tmp_path):
    path = write_case(
        tmp_path,
        """\
        import pbpit as pb

        x = pb.Tensor.from_floats([3e38], pb.Device.flex().autodiff())
        print(pb.rust_debug((x * x).to_vec()), pb.rust_debug(((x - x) / (x - x)).to_vec()))
        """,
    )
    result = pbpit_cli("run", str(path), "--raw")
    assert (result.stdout, result.stderr) == ("[inf] [NaN]\n", "")


def test_names_after_a_reset_belong_to_the_new_tensors(tmp_path):
    import json

    path = write_case(
        tmp_path,
        """\
        import pbpit as pb

        device = pb.Device.flex().autodiff()
        a = pb.Tensor.from_floats([1.0], device)
        b = a.exp()
        pb.reset()
        c = pb.Tensor.from_floats([2.0], device)
        d = c.tanh()
        """,
    )
    nodes = json.loads(pbpit_cli("run", str(path), "--json").stdout)["nodes"]
    assert [(n["id"], n["label"]) for n in nodes] == [(0, "c"), (1, "d")]


def test_bare_pbpit_prints_its_help():
    result = pbpit_cli()
    assert result.returncode == 0
    assert "Usage: pbpit" in result.stdout and result.stderr == ""


# -- choosing the output format: one way for every command ----------------------------------------


def test_two_flags_choosing_formats_are_one_line_naming_both():
    result = pbpit_cli("run", "twice", "--raw", "--json")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "pbpit: error: --raw and --json cannot be used together\n"


@pytest.mark.parametrize("command", ["graph", "lint"])
def test_format_and_json_choosing_different_formats_are_refused_alike(command):
    target = "twice" if command == "graph" else TWICE_RS
    other = "dot" if command == "graph" else "sarif"
    result = pbpit_cli(command, target, "--format", other, "--json")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "pbpit: error: --format and --json cannot be used together\n"


@pytest.mark.parametrize(
    ("command", "target", "expected"),
    [("graph", "twice", "text, mermaid, dot"), ("lint", TWICE_RS, "human, json, sarif")],
)
def test_unknown_format_is_one_line_in_the_same_words_for_every_command(command, target, expected):
    result = pbpit_cli(command, target, "--format", "svg")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"pbpit: error: unknown --format `svg` (expected {expected})\n"


def test_lint_format_json_and_json_flag_agree():
    import json

    both = pbpit_cli("lint", TWICE_RS, "--format", "json", "--json")
    alone = pbpit_cli("lint", TWICE_RS, "--json")
    assert both.returncode == alone.returncode == 1
    assert json.loads(both.stdout) == json.loads(alone.stdout)


@pytest.mark.parametrize(
    "args",
    [
        ["run", "nope", "--json"],
        ["graph", "twice", "--after", "9", "--json"],
        ["audit", "x/y.py", "--json"],
    ],
)
def test_a_usage_error_under_json_prints_nothing_on_stdout(args):
    result = pbpit_cli(*args)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("pbpit: error: ") and result.stderr.count("\n") == 1


# -- the language of a case: decided when it is found ---------------------------------------------


def test_a_case_file_without_a_py_or_rs_suffix_is_refused(tmp_path):
    path = write_case(tmp_path, "print('as python would')\n", "notes.txt")
    result = pbpit_cli("run", str(path), "--raw")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"pbpit: error: not a case file: {path} (expected a .py or .rs file)\n"


def test_each_case_carries_its_language_onto_its_result(tmp_path):
    from pbpit.runner import Language, resolve_case, run_case

    rust = write_case(tmp_path, 'fn main() { println!("hi"); }\n', "hello.rs")
    cases = {"twice": Language.PYTHON, "twice.rs": Language.RUST, str(rust): Language.RUST}
    for spec, language in cases.items():
        case = resolve_case(spec)
        assert case.language is language
        assert run_case(case, trace=False).language is language
