"""Bad input found by fuzzing (issue 10): each gets one clear line and exit 2, or a case error
that says what is wrong, never a traceback, a hang or a misleading message."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from pbpit_process import pbpit_cli, write_case

from pbpit.errors import UsageError

# Burn's NodeId is a u64 from a counter that panics at u64::MAX (graph/node.rs).
U64_MAX = 18446744073709551615
PANIC_LINE = "Cannot run backward: graph tape has already been consumed at NodeId({}). Burn does"


def one_error_line(result: subprocess.CompletedProcess) -> str:
    """The one line of a usage error, after checking it is one (exit 2, nothing on stdout)."""
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result.stderr


# -- node ids ------------------------------------------------------------------------------------


def test_a_node_id_of_5000_digits_is_beyond_u64():
    line = one_error_line(pbpit_cli("explain", "1" * 5000))
    assert "beyond u64" in line and "5000 digits" in line


def test_a_panic_line_on_stdin_with_a_5000_digit_id_is_beyond_u64():
    result = pbpit_cli("explain", "-", stdin="step 0\n" + PANIC_LINE.format("1" * 5000) + "\n")
    assert "beyond u64" in one_error_line(result)


@pytest.mark.parametrize("text", [str(U64_MAX + 1), f"NodeId({U64_MAX + 1})"])
def test_the_first_id_past_u64_is_refused(text):
    assert "beyond u64" in one_error_line(pbpit_cli("explain", text))


def test_u64_max_itself_is_never_an_id():
    # Burn's counter panics "NodeId overflowed" when it hands out u64::MAX.
    assert "NodeId overflowed" in one_error_line(pbpit_cli("explain", str(U64_MAX)))


def test_the_largest_id_burn_can_give_is_explained():
    result = pbpit_cli("explain", str(U64_MAX - 1))
    assert result.returncode == 0
    assert result.stdout.startswith(f"NodeId({U64_MAX - 1}): ")


def test_two_different_node_ids_are_ambiguous():
    line = one_error_line(pbpit_cli("explain", "NodeId(3)NodeId(4)"))
    assert "ambiguous" in line and "NodeId(3) and NodeId(4)" in line


def test_the_same_node_id_twice_is_that_node():
    from pbpit.diagnose.node_ids import parse_node_id

    assert parse_node_id("NodeId(3) ... NodeId(3)") == 3


def test_a_huge_id_is_refused_by_the_library_as_a_usage_error():
    from pbpit.diagnose.node_ids import parse_node_id
    from pbpit.diagnose.output import scan

    with pytest.raises(UsageError, match="beyond u64"):
        parse_node_id("9" * 5000)
    # In a program's output it is said as such, and the rest of the output still read.
    (panic,) = scan([PANIC_LINE.format("9" * 5000).encode() + b"\n"])
    assert panic.node_id is None and "beyond u64" in (panic.rejected or "")


@pytest.mark.parametrize("args", [["-1"], ["-1", "--json"], ["--json", "-1"]])
def test_a_negative_node_id_is_a_malformed_node_id_not_an_option(args):
    assert "malformed node id `-1`" in one_error_line(pbpit_cli("explain", *args))


def test_an_unknown_option_of_explain_is_still_an_unknown_option():
    assert "No such option: --jsn" in one_error_line(pbpit_cli("explain", "2", "--jsn"))


# -- finding a case ------------------------------------------------------------------------------


def test_a_file_without_a_case_suffix_is_refused_like_a_directory(tmp_path):
    notes = write_case(tmp_path, "print('hi')\n", "hostname")
    for target in (notes, tmp_path):
        line = one_error_line(pbpit_cli("run", str(target)))
        assert line == f"pbpit: error: not a case file: {target} (expected a .py or .rs file)\n"


@pytest.mark.parametrize("spec", ["twice.py", "shared_loss.py", "shared-loss.py"])
def test_a_builtin_case_is_found_by_its_python_file_name(tmp_path, spec):
    by_name = pbpit_cli("run", spec.split(".")[0], "--raw", cwd=tmp_path)
    by_file = pbpit_cli("run", spec, "--raw", cwd=tmp_path)
    assert by_file.returncode == by_name.returncode == 101
    assert by_file.stdout == by_name.stdout != ""


def test_a_file_named_like_a_builtin_case_here_is_run_instead(tmp_path):
    write_case(tmp_path, "print('mine')\n", "twice.py")
    assert pbpit_cli("run", "twice.py", "--raw", cwd=tmp_path).stdout == "mine\n"


def test_a_case_that_is_not_utf8_says_so_in_either_language(tmp_path):
    lines = {}
    for name in ("bad.py", "bad.rs"):
        (tmp_path / name).write_bytes(b"// \xff\n")
        lines[name] = one_error_line(pbpit_cli("run", name, cwd=tmp_path))
    assert lines == {
        name: f"pbpit: error: cannot read case file {name}: not UTF-8 text "
        "(invalid start byte at byte 3)\n"
        for name in lines
    }


# -- Rust syntax ---------------------------------------------------------------------------------


def test_a_syntax_error_inside_macro_arguments_is_a_syntax_error(tmp_path):
    write_case(tmp_path, 'fn main() {\n    let x = 1;\n    println!("{}", (x + ));\n}\n', "x.rs")
    line = one_error_line(pbpit_cli("run", "x.rs", cwd=tmp_path))
    # rustc: "error: expected expression, found `)`" at 3:25 (the `)` after `+ `).
    assert line.startswith("pbpit: error: syntax error in case x.rs:3:")
    assert "cannot read" not in line


def test_a_syntax_error_inside_vec_is_a_syntax_error(tmp_path):
    write_case(tmp_path, "fn main() {\n    let v = vec![1, 2 +];\n}\n", "v.rs")
    line = one_error_line(pbpit_cli("run", "v.rs", cwd=tmp_path))
    assert line.startswith("pbpit: error: syntax error in case v.rs:2:")


def test_a_nul_byte_in_a_message_is_escaped(tmp_path):
    (tmp_path / "nul.rs").write_bytes(b"fn main() {\n    let x = 1 \0;\n}\n")
    line = one_error_line(pbpit_cli("run", "nul.rs", cwd=tmp_path))
    assert "\0" not in line and "`\\u{0}`" in line


def test_control_characters_never_reach_the_terminal_raw():
    from pbpit.errors import printable

    assert printable("a\0b\x1b[31m\nc\td\x7f") == "a\\u{0}b\\u{1b}[31m\\u{a}c\td\\u{7f}"


# -- the Python API ------------------------------------------------------------------------------


@pytest.mark.parametrize("call", ["from_floats([1.0], 1.5)", "ones([2], 1.5)", "zeros([2], 'cpu')"])
def test_a_device_that_is_not_a_device_is_a_clear_type_error(tmp_path, call):
    write_case(tmp_path, f"import pbpit as pb\n\npb.Tensor.{call}\n")
    result = pbpit_cli("run", "my_case.py", "--json", cwd=tmp_path)
    import json

    error = json.loads(result.stdout)["error"]
    assert result.returncode == 1 and error["line"] == 3
    assert error["message"].startswith("TypeError: Tensor.")
    assert "expected a Device" in error["message"]
    assert "is_autodiff" not in error["message"]


# -- comment lines: linear, not quadratic ---------------------------------------------------------


@pytest.mark.parametrize("command", [["run"], ["audit"], ["explain", "2", "--case"]])
def test_many_comment_lines_before_a_rust_case_do_not_hang(tmp_path, command):
    from pbpit.runner.find import CASES_DIR

    # Before the fix 20k lines took 5.8 s and grew with the square; 150k took minutes. Linear,
    # it is a few seconds: the limit only guards against a hang, it times nothing.
    path = tmp_path / "commented.rs"
    path.write_text("// a comment\n" * 150_000 + (CASES_DIR / "twice.rs").read_text())
    result = subprocess.run(
        [sys.executable, "-m", "pbpit", *command, str(path)],
        capture_output=True,
        text=True,
        timeout=90,
    )
    # run: the panic (101); audit: the hazard (1); explain: the explanation (0).
    assert result.returncode == {"run": 101, "audit": 1, "explain": 0}[command[0]]
    assert "150" in result.stdout and "feats" in result.stdout


def test_explain_dash_with_stdin_closed_is_one_line():
    closed = subprocess.run(
        [sys.executable, "-m", "pbpit", "explain", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        # The shell's `<&-`: the descriptor itself closed, so Python's sys.stdin is None.
        preexec_fn=lambda: os.close(0),
    )
    assert "no standard input" in one_error_line(closed)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [["list"], ["explain", "3"], ["list", "--json"]])
def test_output_to_a_full_disk_is_one_line_and_exit_1(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "pbpit", *args], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 1
    assert done.stderr == "pbpit: error: cannot write the output: No space left on device\n"
