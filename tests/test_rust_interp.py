"""The Rust interpreter runs Burn snippets as written and prints what the Rust program prints;
what it cannot run exactly it refuses, before running anything, at the exact file:line:col."""

from __future__ import annotations

import ast
import io
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine.server import SERVER, SERVER_LOCATION, Panic
from pbpit.runner import resolve_case, run_case
from pbpit.rust.interp.program import Program, RustReadError, Unsupported, load
from pbpit.rust.panic import panic_block

RUST_DIR = Path(__file__).parent / "rust"
CASES = ["twice", "twice_fix", "shared-loss", "double-backward"]
UNWRAP_NONE = "called `Option::unwrap()` on a `None` value"


@dataclass
class Run:
    stdout: str
    stderr: str
    panic: Panic | None
    path: str
    source: str

    def at(self, needle: str, nth: int = 0) -> str:
        """`path:line:col` of the `nth` occurrence of `needle` in the source."""
        index = -1
        for _ in range(nth + 1):
            index = self.source.index(needle, index + 1)
        line = self.source.count("\n", 0, index) + 1
        column = index - (self.source.rfind("\n", 0, index) + 1) + 1
        return f"{self.path}:{line}:{column}"


def run_program(program: Program, source: str, hooks=None) -> Run:
    pb.reset()
    out, err = io.StringIO(), io.StringIO()
    panic = None
    try:
        program.run(out, err, hooks)
    except Panic as caught:
        panic = caught
    return Run(out.getvalue(), err.getvalue(), panic, program.path, source)


def write(tmp_path: Path, source: str, name: str = "main.rs") -> tuple[str, str]:
    source = textwrap.dedent(source).lstrip("\n")
    path = tmp_path / name
    path.write_text(source, encoding="utf-8")
    return str(path), source


def rust(tmp_path: Path, source: str, hooks=None) -> Run:
    """Load and run a program (its text dedented), as a fresh process would: ids from 0."""
    path, source = write(tmp_path, source)
    return run_program(load(path), source, hooks)


def main(tmp_path: Path, body: str) -> str:
    """The stdout of `fn main() { body }` (which must not panic)."""
    run = rust(tmp_path, "fn main() {\n" + textwrap.indent(textwrap.dedent(body), "    ") + "}\n")
    assert run.panic is None, run.panic
    return run.stdout


def refusal(tmp_path: Path, source: str) -> tuple[Unsupported, Run]:
    """The `Unsupported` that loading the program raises, and where its source is."""
    path, source = write(tmp_path, source)
    with pytest.raises(Unsupported) as caught:
        load(path)
    return caught.value, Run("", "", None, path, source)


# -- the named cases, in Rust ---------------------------------------------------------------------


@pytest.mark.parametrize("name", CASES)
def test_rs_case_prints_what_its_py_twin_prints(name):
    case = resolve_case(name)
    twin = run_case(case, trace=False)
    rs = case.path.with_suffix(".rs")
    run = run_program(load(str(rs)), rs.read_text())
    assert run.stdout == twin.stdout == case.path.with_suffix(".stdout").read_text()
    if twin.panic is None:
        assert run.panic is None
    else:
        assert run.panic is not None
        assert (run.panic.message, run.panic.node_id, run.panic.location) == (
            twin.panic.message,
            twin.panic.node_id,
            twin.panic.location,
        )
        stderr = case.path.with_suffix(".stderr").read_text()
        assert panic_block(run.panic.message, run.panic.location, "TID") == stderr


@pytest.mark.parametrize("name", CASES)
def test_rs_case_doc_summary_is_its_py_docstring_summary(name):
    case = resolve_case(name)
    first_doc_line = case.path.with_suffix(".rs").read_text().splitlines()[0]
    docstring = ast.get_docstring(ast.parse(case.path.read_text()))
    assert first_doc_line == "//! " + docstring.splitlines()[0]


def test_twice_rs_names_its_tensors_through_the_hooks():
    path = resolve_case("twice").path.with_suffix(".rs")
    seen: dict[str, int] = {}

    class Hooks:
        def statement_done(self, bindings, returning):
            for name, value in bindings.items():
                if type(value) is pb.Tensor and value.node_id is not None:
                    seen.setdefault(name, value.node_id)

    run = run_program(load(str(path)), path.read_text(), Hooks())
    assert run.panic is not None and run.panic.node_id == 2
    assert seen == {"x": 0, "w": 1, "feats": 2, "loss": 4}


def test_sgd_program_runs_as_its_python_twin():
    path = RUST_DIR / "sgd.rs"
    run = run_program(load(str(path)), path.read_text())

    pb.reset()
    device = pb.Device.default().autodiff()
    x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    lines, history = [], []
    for step in range(3):
        loss = (x.clone().exp() * w.clone()).sum()
        history.append(loss.clone().into_scalar())
        grad = w.grad(loss.backward())
        old = np.array(w.to_vec(), dtype=np.float32)
        new = old - np.float32(0.1) * np.array(grad.to_vec(), dtype=np.float32)
        w = pb.Tensor.from_floats(new, device).require_grad()
        lines.append(f"step {step}: loss = {format(np.float32(history[-1]), '.4f')}\n")
    expected = "".join(lines) + f"history = {pb.rust_debug(history)}\n"
    assert run.panic is None
    assert run.stdout == expected


# -- items, statements, control flow --------------------------------------------------------------


def test_fn_returns_its_tail_expression_and_early_return(tmp_path):
    run = rust(
        tmp_path,
        """
        fn double(a: i32) -> i32 { a * 2 }
        fn sign(a: i32) -> i32 {
            if a < 0 {
                return -1;
            }
            1
        }
        fn main() { println!("{} {} {}", double(21), sign(-5), sign(5)); }
        """,
    )
    assert run.stdout == "42 -1 1\n"


def test_recursive_fn(tmp_path):
    run = rust(
        tmp_path,
        """
        fn fact(n: u64) -> u64 { if n == 0 { 1 } else { n * fact(n - 1) } }
        fn main() { println!("{}", fact(20)); }
        """,
    )
    assert run.stdout == "2432902008176640000\n"


def test_fns_may_be_called_before_their_definition_and_use_consts(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() { println!("{}", scaled(2.0)); }
        const SCALE: f32 = 0.1;
        const TWICE: f32 = SCALE * 2.0;
        fn scaled(x: f32) -> f32 { x * TWICE }
        """,
    )
    assert run.stdout == "0.4\n"


def test_shadowing_in_a_block_leaves_the_outer_binding(tmp_path):
    out = main(
        tmp_path,
        """
        let x = 1;
        let x = x + 1;
        {
            let x = x * 10;
            println!("inner {x}");
        }
        println!("outer {x}");
        """,
    )
    assert out == "inner 20\nouter 2\n"


def test_let_mut_and_compound_assignment(tmp_path):
    out = main(
        tmp_path,
        """
        let mut n = 10;
        n += 5;
        n -= 3;
        n *= 2;
        n /= 5;
        n %= 3;
        println!("{n}");
        """,
    )
    assert out == "1\n"


def test_let_without_initializer_is_assigned_later(tmp_path):
    out = main(
        tmp_path,
        """
        let label;
        if 2 > 1 { label = "yes"; } else { label = "no"; }
        println!("{label}");
        """,
    )
    assert out == "yes\n"


def test_block_and_if_are_expressions(tmp_path):
    out = main(
        tmp_path,
        """
        let a = { let t = 3; t * t };
        let b = if a > 5 { "big" } else if a > 2 { "mid" } else { "small" };
        println!("{a} {b}");
        """,
    )
    assert out == "9 big\n"


def test_for_over_exclusive_and_inclusive_ranges(tmp_path):
    out = main(
        tmp_path,
        """
        for i in 0..3 { print!("{i} "); }
        for i in 1..=3 { print!("{i} "); }
        for i in 3..1 { print!("never {i}"); }
        println!();
        """,
    )
    assert out == "0 1 2 1 2 3 \n"


def test_range_rev_and_step_by(tmp_path):
    out = main(
        tmp_path,
        """
        for i in (0..10).step_by(3) { print!("{i} "); }
        for i in (0..=3).rev() { print!("{i} "); }
        println!();
        """,
    )
    assert out == "0 3 6 9 3 2 1 0 \n"


def test_for_over_arrays_vecs_and_iter(tmp_path):
    out = main(
        tmp_path,
        """
        let a = [1.5, 2.5];
        let v = vec![10, 20];
        for x in a { print!("{x} "); }
        for x in &v { print!("{x} "); }
        for x in v.iter() { print!("{} ", *x + 1); }
        println!();
        """,
    )
    assert out == "1.5 2.5 10 20 11 21 \n"


def test_iter_rev_and_typed_none(tmp_path):
    out = main(
        tmp_path,
        """
        let v = vec![1, 2, 3];
        for x in v.iter().rev() { print!("{x} "); }
        println!("{:?}", None::<f32>);
        """,
    )
    assert out == "3 2 1 None\n"


def test_while_with_continue(tmp_path):
    out = main(
        tmp_path,
        """
        let mut i = 0;
        while i < 5 {
            i += 1;
            if i % 2 == 0 { continue; }
            print!("{i} ");
        }
        println!();
        """,
    )
    assert out == "1 3 5 \n"


def test_loop_breaks_with_a_value(tmp_path):
    out = main(
        tmp_path,
        """
        let mut n = 1;
        let found = loop {
            n *= 3;
            if n > 50 { break n; }
        };
        println!("{found}");
        """,
    )
    assert out == "81\n"


def test_labeled_break_leaves_the_outer_loop(tmp_path):
    out = main(
        tmp_path,
        """
        'outer: for i in 0..3 {
            for j in 0..3 {
                if j == 2 { continue 'outer; }
                if i == 2 { break 'outer; }
                print!("{i}{j} ");
            }
        }
        println!();
        """,
    )
    assert out == "00 01 10 11 \n"


def test_if_let_binds_the_inner_value(tmp_path):
    out = main(
        tmp_path,
        """
        let some = Some(4);
        let none: Option<i32> = None;
        if let Some(v) = some { println!("got {v}"); }
        if let Some(v) = none { println!("got {v}"); } else { println!("nothing"); }
        """,
    )
    assert out == "got 4\nnothing\n"


def test_literal_forms(tmp_path):
    out = main(
        tmp_path,
        r"""
        println!("{} {} {} {} {}", 1_000, 0xff, 0o17, 0b101, 7u8);
        println!("{} {} {} {}", 2., 1e3, 2.5e-3, 1f32);
        println!("{} {}", true, !true);
        println!("{}|{}|{}", "tab\there \"q\" \u{e9}\x41", r"raw \n {}", "a\
                  b");
        """,
    )
    assert out == '1000 255 15 5 7\n2 1000 0.0025 1\ntrue false\ntab\there "q" éA|raw \\n {}|ab\n'


def test_nested_arrays_and_indexing(tmp_path):
    out = main(
        tmp_path,
        """
        let m = [[1, 2, 3], [4, 5, 6]];
        let row = 1;
        println!("{} {} {:?}", m[row][2], m.len(), m[0]);
        let zeros = [0.0; 3];
        println!("{:?}", zeros);
        """,
    )
    assert out == "6 2 [1, 2, 3]\n[0.0, 0.0, 0.0]\n"


def test_closures_capture_and_mutate_their_environment(tmp_path):
    out = main(
        tmp_path,
        """
        let scale = 3;
        let times = |x: i32| x * scale;
        let mut count = 0;
        let mut bump = || count += 1;
        bump();
        bump();
        println!("{} {count}", times(5));
        """,
    )
    assert out == "15 2\n"


def test_move_closure_owns_a_copy(tmp_path):
    out = main(
        tmp_path,
        """
        let mut n = 1;
        let mut inc = move || { n += 1; n };
        println!("{} {}", inc(), inc());
        println!("{n}");
        """,
    )
    assert out == "2 3\n1\n"


def test_option_methods(tmp_path):
    out = main(
        tmp_path,
        """
        let a = Some(2);
        let b: Option<i32> = None;
        println!("{:?} {:?}", a.map(|x| x * 10), b.map(|x| x * 10));
        println!("{} {} {}", a.unwrap(), a.expect("a"), b.unwrap_or(7));
        println!("{} {} {} {}", a.is_some(), a.is_none(), b.is_some(), b.is_none());
        """,
    )
    assert out == "Some(20) None\n2 2 7\ntrue false false true\n"


def test_vec_push_pop_len_and_clone(tmp_path):
    out = main(
        tmp_path,
        """
        let mut v = Vec::new();
        v.push(1.5f32);
        v.push(2.0);
        let copy = v.clone();
        let last = v.pop();
        println!("{:?} {:?} {:?} {} {}", v, copy, last, copy.len(), v.is_empty());
        """,
    )
    assert out == "[1.5] [1.5, 2.0] Some(2.0) 2 false\n"


def test_casts_saturate_wrap_and_round(tmp_path):
    out = main(
        tmp_path,
        """
        let big = 300;
        println!("{} {} {}", big as u8, -1i32 as u32, 200u8 as i8);
        println!("{} {} {} {}", -1.5f32 as u8, 1e10 as i32, f32::NAN as i32, 2.9 as i32);
        println!("{} {}", 16777217 as f32, true as i32);
        """,
    )
    assert out == "44 4294967295 -56\n0 2147483647 0 2\n16777216 1\n"


# -- numbers: typed as rustc types them -----------------------------------------------------------


def test_unconstrained_float_literals_are_f64(tmp_path):
    assert main(tmp_path, 'println!("{}", 0.1 + 0.2);') == "0.30000000000000004\n"


def test_annotated_f32_arithmetic_is_f32(tmp_path):
    assert main(tmp_path, 'let a: f32 = 0.1 + 0.2;\nprintln!("{a}");') == "0.3\n"


def test_a_literal_takes_f32_from_a_later_use(tmp_path):
    out = main(
        tmp_path,
        """
        let mut total = 0.0;
        let step = 0.1;
        for _ in 0..3 { total += step; }
        let check: f32 = total;
        println!("{total} {check}");
        """,
    )
    # f32 all along: 0.1f32 + 0.1f32 + 0.1f32 is 0.3 (as f64 it would be 0.30000000000000004).
    assert out == "0.3 0.3\n"


def test_f32_arithmetic_rounds_after_each_operation(tmp_path):
    out = main(
        tmp_path,
        """
        let big: f32 = 16777216.0;
        let wide: f64 = 16777216.0;
        println!("{} {}", big + 1.0 + 1.0, wide + 1.0 + 1.0);
        """,
    )
    assert out == "16777216 16777218\n"


def test_f32_literal_is_read_from_its_digits_not_through_f64(tmp_path):
    # Just above the midpoint between 1.0 and the next f32; as f64 it rounds onto the midpoint,
    # which then rounds (to even) down to 1.0.
    out = main(tmp_path, 'let a: f32 = 1.0000000596046447753906258;\nprintln!("{a}");')
    assert out == "1.0000001\n"


def test_into_scalar_is_f32(tmp_path):
    out = main(
        tmp_path,
        """
        let device = Device::default();
        let t = Tensor::<1>::from_floats([0.1], &device);
        let s = t.into_scalar() + 0.2;
        println!("{s}");
        """,
    )
    assert out == "0.3\n"


def test_integer_division_truncates_toward_zero(tmp_path):
    assert main(tmp_path, 'println!("{} {} {} {}", -7 / 2, -7 % 2, 7 / -2, 7 % -2);') == (
        "-3 -1 -3 1\n"
    )


def test_float_division_by_zero_is_infinite(tmp_path):
    out = main(tmp_path, 'let z = 0.0;\nprintln!("{} {} {}", 1.0 / z, -1.0 / z, z / z);')
    assert out == "inf -inf NaN\n"


# Values arrive through parameters, as in real programs: with constants in one function, rustc
# itself would refuse to compile the overflow (`arithmetic_overflow`, `unconditional_panic`).


def test_integer_overflow_panics_as_a_debug_build(tmp_path):
    run = rust(
        tmp_path,
        """
        fn bump(mut x: u8, by: u8) -> u8 {
            x += by;
            x
        }
        fn main() { bump(250, 10); }
        """,
    )
    assert run.panic.message == "attempt to add with overflow"
    assert run.panic.location == run.at("x += by")


def test_usize_underflow_panics(tmp_path):
    run = rust(tmp_path, "fn main() {\n    let v = vec![1];\n    let n = v.len() - 2;\n}\n")
    assert run.panic.message == "attempt to subtract with overflow"
    assert run.panic.location == run.at("v.len() - 2")


def test_integer_division_by_zero_panics(tmp_path):
    run = rust(
        tmp_path,
        "fn ratio(a: i32, b: i32) -> i32 {\n    a / b\n}\nfn main() {\n    ratio(1, 0);\n}\n",
    )
    assert run.panic.message == "attempt to divide by zero"
    assert run.panic.location == run.at("a / b")


def test_negating_the_minimum_integer_panics(tmp_path):
    run = rust(tmp_path, "fn neg(x: i32) -> i32 {\n    -x\n}\nfn main() {\n    neg(i32::MIN);\n}\n")
    assert run.panic.message == "attempt to negate with overflow"
    assert run.panic.location == run.at("-x")


def test_a_literal_cast_takes_the_cast_type(tmp_path):
    err, where = refusal(tmp_path, "fn main() {\n    let x = 300 as u8;\n}\n")
    assert (err.where, err.code) == (where.at("300"), "overflowing_literals")
    assert err.what.startswith("literal out of range for `u8`")


# -- formatting -----------------------------------------------------------------------------------


def test_f32_debug_and_display_as_rust(tmp_path):
    out = main(
        tmp_path,
        """
        let xs: [f32; 9] = [1.0, -0.0, 0.0001, 0.00001, 3e-8, 1e16, 1.5e16, 123456789.0, 0.1];
        for x in xs { println!("{x:?} {x}"); }
        println!("{:?} {} {}", f32::NAN, f32::INFINITY, -f32::INFINITY);
        """,
    )
    assert out.splitlines() == [
        "1.0 1",
        "-0.0 -0",
        "0.0001 0.0001",
        "1e-5 0.00001",
        "3e-8 0.00000003",
        "1e16 10000000000000000",
        "1.5e16 15000000000000000",
        "123456790.0 123456790",
        "0.1 0.1",
        "NaN inf -inf",
    ]


def test_f64_debug_and_display_as_rust(tmp_path):
    out = main(tmp_path, 'let xs = [1.0, 1e-7, 1e16, 0.1 + 0.2];\nprintln!("{xs:?} {}", xs[1]);')
    assert out == "[1.0, 1e-7, 1e16, 0.30000000000000004] 0.0000001\n"


def test_precision_rounds_the_exact_value_half_to_even(tmp_path):
    out = main(
        tmp_path,
        'println!("{:.2} {:.1} {:.3} {:.0}", 0.125f32, 0.25, 2.0f32 / 3.0, 2.5);',
    )
    assert out == "0.12 0.2 0.667 2\n"


def test_named_positional_and_captured_arguments(tmp_path):
    out = main(
        tmp_path,
        """
        let step = 3;
        let v = Some(0.5f32);
        println!("{step} {0} {1:?} {0} {name} {v:?} {step:?}", "a", "b", name = 7);
        """,
    )
    assert out == '3 a "b" a 7 Some(0.5) 3\n'


def test_width_fill_alignment_sign_and_zero_padding(tmp_path):
    out = main(
        tmp_path,
        'println!("[{:>6}][{:<6}][{:^7}][{:*^5}][{:+}][{:08.3}][{:6.1}]", 1, "ab", true, "x", '
        "5, -1.5f32, 2.25);",
    )
    assert out == "[     1][ab    ][ true  ][**x**][+5][-001.500][   2.2]\n"


def test_width_and_precision_apply_inside_debug_containers(tmp_path):
    out = main(
        tmp_path, 'println!("{:5?} {:.1?} {:3?}", Some(1), vec![0.25f32, 1.0], None::<i32>);'
    )
    assert out == "Some(    1) [0.2, 1.0] None\n"


def test_escaped_braces_and_debug_strings(tmp_path):
    out = main(tmp_path, 'println!("{{{}}} {:?}", 1, "a\\"b\\n");')
    assert out == '{1} "a\\"b\\n"\n'


def test_format_and_print_and_eprintln(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() {
            let s = format!("{}-{:?}", 1, 2.0f32);
            print!("{s}");
            println!();
            eprintln!("to stderr {}", s.len());
        }
        """,
    )
    assert (run.stdout, run.stderr) == ("1-2.0\n", "to stderr 5\n")


# -- tensors --------------------------------------------------------------------------------------


def ids_of(tmp_path: Path, body: str) -> dict[str, int | None]:
    """The node id of every tensor bound in `fn main() { body }`, by variable name."""
    ids: dict[str, int | None] = {}

    class Hooks:
        def statement_done(self, bindings, returning):
            for name, value in bindings.items():
                if type(value) is pb.Tensor:
                    ids[name] = value.node_id

    run = rust(tmp_path, "fn main() {\n" + textwrap.dedent(body) + "}\n", Hooks())
    assert run.panic is None, run.panic
    return ids


def test_tensor_creation_takes_ids_in_order(tmp_path):
    ids = ids_of(
        tmp_path,
        """
        let device = Device::flex().autodiff();
        let a = Tensor::<1>::from_floats([1.0, 2.0], &device);
        let b = Tensor::<2>::ones([2, 3], &device);
        let c = Tensor::<2>::zeros([2, 3], &device);
        let d = (b + c).sum();
        let e = a.clone();
        """,
    )
    assert ids == {"a": 0, "b": 1, "c": 2, "d": 4, "e": 0}


def test_default_device_is_flex_alone_and_autodiff_makes_the_tracked_one(tmp_path):
    # Burn 0.22 (tests/burn022/41_display): `Device::default()` prints `Device<Flex(Cpu)>`, and
    # only `.autodiff()` gives the device whose tensors take node ids.
    ids = ids_of(
        tmp_path,
        """
        let plain = Tensor::<1>::from_floats([1.0], &Device::flex());
        let device: Device = Default::default();
        let also_plain = Tensor::<1>::from_floats([1.0], &device);
        let tracked = Tensor::<1>::from_floats([1.0], &Device::default().autodiff());
        let too = Tensor::<1>::from_floats([1.0], &device.autodiff());
        """,
    )
    assert ids == {"plain": None, "also_plain": None, "tracked": 0, "too": 1}


def test_a_backend_types_default_device_is_the_autodiff_one(tmp_path):
    # `type B = Autodiff<NdArray>;`: the device serves B, an autodiff backend.
    run = rust(
        tmp_path,
        """
        use burn::backend::{Autodiff, NdArray};
        use burn::prelude::*;

        type B = Autodiff<NdArray>;

        fn main() {
            let device = Default::default();
            let x = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
            println!("{}", x.is_require_grad());
        }
        """,
    )
    assert run.stdout == "true\n"


def test_number_op_tensor_is_two_ops_as_in_burn(tmp_path):
    ids = ids_of(
        tmp_path,
        """
        let device = Device::default().autodiff();
        let x = Tensor::<1>::from_floats([2.0], &device);
        let a = 1.0 - x.clone();
        let b = 1.0 / x.clone();
        let c = 2.0 * x.clone();
        let d = x.clone() - 1;
        """,
    )
    assert ids == {"x": 0, "a": 2, "b": 4, "c": 5, "d": 6}


def test_tensor_values_are_rusts_f32(tmp_path):
    out = main(
        tmp_path,
        """
        let device = Device::default();
        let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
        let y = (x.clone().exp() + 1 - 0.5) * 2.0 / 4.0;
        println!("{:?}", x.exp().into_data().to_vec::<f32>().unwrap());
        println!("{:?}", y.to_data().to_vec::<f32>().unwrap());
        """,
    )
    assert out == "[1.6487212, 2.7182817]\n[1.0743606, 1.6091409]\n"


def test_tensor_method_chain_over_every_op(tmp_path):
    out = main(
        tmp_path,
        """
        let device = Device::default();
        let a = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device);
        let m = a.clone().matmul(a.clone());
        let r = m.clone().reshape([4]).sum_dim(0);
        let t = a.clone().powf_scalar(2.0).sqrt().log().neg();
        let t = burn::tensor::activation::relu(t).tanh();
        let t = burn::tensor::activation::sigmoid(t).recip();
        let v: Vec<f32> = r.into_data().to_vec().unwrap();
        println!("{:?} {:?} {} {}", m.dims(), v, a.clone().mean().into_scalar(), t.dims()[1]);
        let b = a.clone().add_scalar(1).mul_scalar(2).sub_scalar(1).div_scalar(2);
        let c = Tensor::cat(vec![a, b], 0);
        println!("{:?}", c.into_data().to_vec::<f32>().unwrap());
        """,
    )
    assert out == "[2, 2] [54.0] 2.5 2\n[1.0, 2.0, 3.0, 4.0, 1.5, 2.5, 3.5, 4.5]\n"


def test_abs_runs_tracked_with_burns_gradient(tmp_path):
    out = main(
        tmp_path,
        """
        let device = Device::default().autodiff();
        let x = Tensor::<1>::from_floats([-2.0, 3.0, 0.0, -0.0], &device).require_grad();
        let y = x.clone().abs();
        println!("{:?} {}", y.to_data().to_vec::<f32>().unwrap(), y.is_require_grad());
        let w = Tensor::<1>::from_floats([1.5, -2.0, 4.0, -1.0], &device);
        let grads = (y * w).sum().backward();
        println!("{:?}", x.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        println!("{}", Tensor::<1>::from_floats([-1.0], &device).abs().is_require_grad());
        """,
    )
    # By hand: |x|, then w * sign(x) with Burn's sign(0.0) = sign(-0.0) = +0.0; an op's result
    # does not require gradients itself (Burn's `Requirement::GradInBackward`): false, false.
    assert out == "[2.0, 3.0, 0.0, 0.0] false\nSome([-1.5, -2.0, 0.0, -0.0])\nfalse\n"


def test_gradients_through_a_user_fn_and_if_let(tmp_path):
    out = main(
        tmp_path,
        """
        let device = Device::default().autodiff();
        let x = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
        let c = Tensor::<1>::from_floats([3.0, 4.0], &device);
        let grads = (x.clone() * c.clone()).sum().backward();
        if let Some(g) = x.grad(&grads) {
            println!("x.grad = {:?}", g.into_data().to_vec::<f32>().unwrap());
        }
        println!("{} {} {}", c.grad(&grads).is_none(), x.is_require_grad(), c.is_require_grad());
        """,
    )
    assert out == "x.grad = [3.0, 4.0]\ntrue true false\n"


def test_generic_backend_fns_type_aliases_and_turbofish(tmp_path):
    run = rust(
        tmp_path,
        """
        use burn::backend::{Autodiff, Flex};
        use burn::prelude::*;

        type MyBackend = Autodiff<Flex>;

        fn v<B: Backend>(opt: Option<Tensor<B, 1>>) -> Option<Vec<f32>> {
            opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
        }

        fn features<B: Backend, const D: usize>(x: Tensor<B, D>) -> Tensor<B, D> {
            x.exp()
        }

        fn main() {
            let device = Default::default();
            let x = Tensor::<MyBackend, 1>::from_floats([0.5, 1.0], &device).require_grad();
            let grads = features::<MyBackend, 1>(x.clone()).sum().backward();
            println!("{:?}", v(x.grad(&grads)));
        }
        """,
    )
    assert run.stdout == "Some([1.6487212, 2.7182817])\n"


def test_tensor_backward_twice_is_burns_panic(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() {
            let device = Device::default().autodiff();
            let x = Tensor::<1>::from_floats([1.0], &device).require_grad();
            let loss = x.exp().sum();
            loss.backward();
            loss.backward();
        }
        """,
    )
    assert run.panic.node_id == 2
    assert run.panic.message.startswith("Cannot run backward: graph tape has already been consumed")
    assert run.panic.location == SERVER_LOCATION


def test_require_grad_on_an_intermediate_is_burns_panic(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() {
            let device = Device::default().autodiff();
            let x = Tensor::<1>::from_floats([1.0], &device).require_grad();
            let y = x.exp().require_grad();
        }
        """,
    )
    assert run.panic.message == "Can't convert a non leaf tensor into a tracked tensor"
    # Burn panics in `Tensor::require_grad` (crates/burn-autodiff/src/tensor.rs, as Burn's source
    # has it), in the registry checkout SPEC §1 names for server.rs.
    registry = "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-autodiff-0.22.1/"
    where = re.escape(registry) + r"src/tensor\.rs:[1-9][0-9]*:[1-9][0-9]*"
    assert re.fullmatch(where, run.panic.location)


def test_shapes_that_do_not_broadcast_are_burns_panic(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() {
            let device = Device::default();
            let a = Tensor::<1>::from_floats([1.0, 2.0], &device);
            let b = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &device);
            let c = a + b;
        }
        """,
    )
    # burn-tensor's check in `Tensor::add` (tests/test_burn_checks.py has the whole message)
    assert "Operation: 'Add'" in run.panic.message
    assert "dimension '0' => '2 != 3'" in run.panic.message
    assert run.panic.location.endswith("burn-tensor-0.22.1/src/tensor/api/numeric.rs:38:9")


# -- the program's own panics ---------------------------------------------------------------------


def test_unwrap_on_none_panics_at_the_method_name(tmp_path):
    run = rust(tmp_path, "fn main() {\n    let o: Option<i32> = None;\n    o.unwrap();\n}\n")
    assert run.panic.message == UNWRAP_NONE
    assert run.panic.node_id is None
    assert run.panic.location == run.at("unwrap")


def test_expect_on_none_panics_with_its_message(tmp_path):
    run = rust(
        tmp_path,
        'fn main() {\n    let o: Option<f32> = None;\n    let v = o.expect("no gradient");\n}\n',
    )
    assert run.panic.message == "no gradient"
    assert run.panic.location == run.at("expect")


def test_assert_failure_quotes_the_condition(tmp_path):
    run = rust(tmp_path, "fn main() {\n    let a = 3;\n    assert!(a > 5);\n}\n")
    assert run.panic.message == "assertion failed: a > 5"
    assert run.panic.location == run.at("assert!")


def test_assert_with_a_message(tmp_path):
    run = rust(tmp_path, 'fn main() {\n    assert!(1 > 2, "one is {}", 1);\n}\n')
    assert run.panic.message == "one is 1"


def test_assert_eq_failure_shows_both_values(tmp_path):
    run = rust(tmp_path, "fn main() {\n    assert_eq!(Some(1.5f32), None);\n}\n")
    assert run.panic.message == "assertion `left == right` failed\n  left: Some(1.5)\n right: None"
    assert run.panic.location == run.at("assert_eq!")


def test_assert_ne_with_a_message(tmp_path):
    run = rust(tmp_path, 'fn main() {\n    assert_ne!(2, 2, "same {}", "twice");\n}\n')
    assert run.panic.message == "assertion `left != right` failed: same twice\n  left: 2\n right: 2"


def test_assert_eq_passes_on_equal_vecs(tmp_path):
    assert main(tmp_path, 'assert_eq!(vec![1.0, 2.0], vec![1.0, 2.0]);\nprintln!("ok");') == "ok\n"


def test_panic_macros(tmp_path):
    explicit = rust(tmp_path, "fn main() {\n    panic!();\n}\n")
    formatted = rust(tmp_path, 'fn main() {\n    panic!("bad step {}", 3);\n}\n')
    todo = rust(tmp_path, "fn main() {\n    todo!()\n}\n")
    unreachable = rust(tmp_path, 'fn main() {\n    unreachable!("at {}", 1)\n}\n')
    assert explicit.panic.message == "explicit panic"
    assert explicit.panic.location == explicit.at("panic!")
    assert formatted.panic.message == "bad step 3"
    assert todo.panic.message == "not yet implemented"
    assert unreachable.panic.message == "internal error: entered unreachable code: at 1"


def test_index_out_of_bounds_in_a_vec_panics_at_the_bracket(tmp_path):
    # rustc 1.95 locates `Vec`'s `#[track_caller]` `Index::index` at the `[`.
    run = rust(
        tmp_path,
        """
        fn main() {
            let v = vec![1, 2];
            let i = v.len() + 3;
            println!("{}", v[i]);
        }
        """,
    )
    assert run.panic.message == "index out of bounds: the len is 2 but the index is 5"
    assert run.panic.location == run.at("[i]")


def test_index_out_of_bounds_in_an_array_panics_at_the_whole_expression(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() {
            let a = [[1, 2], [3, 4]];
            let v = vec![[5, 6]];
            let i = a.len() + 3;
            println!("{}", a[1][0] + v[0][i]);
        }
        """,
    )
    assert run.panic.message == "index out of bounds: the len is 2 but the index is 5"
    assert run.panic.location == run.at("v[0][i]")


def test_output_before_a_panic_is_kept(tmp_path):
    run = rust(tmp_path, 'fn main() {\n    println!("before");\n    panic!("stop");\n}\n')
    assert (run.stdout, run.panic.message) == ("before\n", "stop")


# -- hooks and lines ------------------------------------------------------------------------------


def test_hooks_see_the_frames_bindings_after_each_statement(tmp_path):
    calls = []

    class Hooks:
        def statement_done(self, bindings, returning):
            calls.append((dict(bindings), returning))

    rust(
        tmp_path,
        """
        fn twice(a: i32) -> i32 { let b = a * 2; b }
        fn main() {
            let x = 1;
            let x = twice(x);
            println!("{x}");
        }
        """,
        Hooks(),
    )
    assert calls == [
        ({"x": 1}, False),
        ({"a": 1, "b": 2}, False),
        ({"a": 1, "b": 2}, True),
        ({"x": 2}, False),  # the shadowed `x` reports its latest binding
        ({"x": 2}, False),
        ({"x": 2}, True),
    ]


def test_lines_hold_the_statement_of_every_frame(tmp_path):
    path, source = write(
        tmp_path,
        """
        fn feature(x: Tensor<1>) -> Tensor<1> {
            let y = x.exp();
            y
        }
        fn main() {
            let device = Device::default().autodiff();
            let x = Tensor::<1>::from_floats([1.0], &device);
            for _ in 0..1 {
                let f = feature(x.clone());
            }
            let loss = x.sum();
        }
        """,
    )
    program = load(path)
    seen = []

    class Observer:
        def node_created(self, node, op, inputs, saved_bytes):
            seen.append((op, list(program.lines)))

        def required_grad(self, node):
            pass

        def backward_done(self, *args):
            pass

    SERVER.observer = Observer()
    try:
        run_program(program, source)
    finally:
        SERVER.observer = None
    assert seen == [("from_floats", [7]), ("exp", [9, 2]), ("sum", [11])]


def test_program_runs_again_from_the_start(tmp_path):
    path, source = write(tmp_path, 'const N: i32 = 2;\nfn main() {\n    println!("{}", N);\n}\n')
    program = load(path)
    first, second = run_program(program, source), run_program(program, source)
    assert first.stdout == second.stdout == "2\n"


# -- refusals: outside the subset, at the exact place, before running -----------------------------


@pytest.mark.parametrize(
    ("source", "needle", "what"),
    [
        ("union S { a: i32 }\nfn main() {}\n", "union", "`union` items (write a `struct`)"),
        (
            "macro_rules! m { () => {} }\nfn main() {}\n",
            "macro_rules",
            "`macro_rules!` definitions",
        ),
        (
            "struct S;\nimpl S {\n    const A: i32 = 1;\n}\nfn main() {}\n",
            "const A",
            "`const item` in an `impl` block",
        ),
        (
            "impl S {}\nfn main() {}\n",
            "S {}",
            "cannot find type `S` in this scope (rustc rejects it: error[E0425])",
        ),
        ("enum E {\n    A = 1,\n}\nfn main() {}\n", "A = 1", "an explicit discriminant (`= n`)"),
        ("#[test]\nfn main() {}\n", "#[test]", "the attribute `#[test]`"),
        (
            "fn main() {\n    let x = Some(1);\n    match x {\n        Some(1) => {}\n"
            "        None => {}\n    }\n}\n",
            "match",
            "a `match` pbpit cannot show covers every value (rustc checks it: error[E0004]; add "
            "a `_ =>` arm)",
        ),
        (  # a number type's method as a function value (rustc runs it): refused, where
            # pbpit said rustc's E0599 "no associated item named `abs` found for type `i32`"
            "fn main() {\n    let v = vec![-1i32, 2];\n"
            "    println!(\"{:?}\", v.into_iter().map(i32::abs).collect::<Vec<i32>>());\n}\n",
            "i32::abs",
            "the path `i32::abs`",
        ),
        (  # rustc: E0368, `+=` on a `&mut {integer}`; pbpit says it in words
            "fn main() {\n    let v: Vec<i32> = (1..4).scan(0, |acc, x| { acc += x; Some(*acc) })"
            ".collect();\n    println!(\"{:?}\", v);\n}\n",
            "acc +=",
            "assignment to `acc`, `scan`'s `&mut` state (write `*acc = ..`)",
        ),
        (
            'fn main() {\n    let t = b"a";\n}\n',
            'b"a"',
            'byte strings (write `"a".as_bytes()`)',
        ),
        ("fn main() {\n    dbg!(1);\n}\n", "dbg", "the macro `dbg!`"),
        (
            "fn main() {\n    let x = 1.0f32;\n    let y = x.next_up();\n}\n",
            "next_up",
            "the method `next_up` on `f32`",
        ),
        (
            "fn main() {\n    let d = Device::default();\n    let t = Tensor::<1>::ones([1], &d);\n"
            "    t.into_primitive();\n}\n",
            "into_primitive",
            "the method `into_primitive` on `Tensor<1>`",
        ),
        (
            "fn main() {\n    let mut a = Some(1);\n    let r = &mut a;\n}\n",
            "&mut",
            "`&mut` to a `Option<i32>` (pbpit's `&mut` reaches structs, `Vec`s and optimizers)",
        ),
        (
            'fn main() {\n    println!("{:p}", 1);\n}\n',
            '"{:p}"',
            "format `{:p}` (only `{}` and `{:?}` are supported)",
        ),
        (
            'fn main() {\n    println!("{:#}", 1);\n}\n',
            '"{:#}"',
            "the `#` flag in `{:#}` (only `{:#?}` is supported)",
        ),
        ('fn main() {\n    println!("{}", 1, 2);\n}\n', "2)", "argument never used"),
        (
            "fn main() {\n    let d = Device::default();\n    let t = Tensor::<1>::ones([1], &d);\n"
            '    println!("{:?}", t);\n}\n',
            "t);",
            "`{:?}` of `Tensor<1>` (pbpit cannot print it as Burn does)",
        ),
        (
            'fn main() {\n    println!("{}", Some(1));\n}\n',
            "Some(1)",
            "`Option<i32>` doesn't implement `std::fmt::Display` (rustc rejects it: error[E0277])",
        ),
        (
            "fn main() {\n    let v = Vec::new();\n}\n",
            "Vec::new",
            "type annotations needed (rustc rejects it: error[E0282])",
        ),
        (
            'fn main() {\n    let x = 2.0;\n    println!("{}", x.sqrt());\n}\n',
            "sqrt",
            "can't call method `sqrt` on ambiguous numeric type `{float}` (rustc rejects it: "
            "error[E0689])",
        ),
        (
            "fn main() {\n    let x: f32 = 1;\n}\n",
            "1;",
            "mismatched types: expected `f32`, found `{integer}`",
        ),
        (
            "fn main() {\n    let x = y;\n}\n",
            "y;",
            "cannot find value `y` in this scope (rustc rejects it: error[E0425])",
        ),
        (
            "fn main() {\n    let x = 5;\n    x = 6;\n}\n",
            "x = 6",
            "cannot assign twice to immutable variable `x` (rustc rejects it: error[E0384])",
        ),
        (
            "fn main() {\n    let v = vec![1];\n    v.push(2);\n}\n",
            "v.push",
            "cannot borrow `v` as mutable, as it is not declared as mutable (rustc rejects it: "
            "error[E0596])",
        ),
        (
            "fn main() {\n    let x = 300u8;\n}\n",
            "300u8",
            "literal out of range for `u8` (rustc rejects it: `overflowing_literals`)",
        ),
        (
            "fn main() {\n    let d = Device::default();\n"
            "    let t = Tensor::<2>::from_floats([1.0, 2.0], &d);\n}\n",
            "[1.0",
            "data of rank 1 for a `Tensor<2>`",
        ),
        ("fn helper() {}\n", "fn", "no `fn main()` in the file"),
    ],
)
def test_unsupported_rust_is_refused_at_its_place(tmp_path, source, needle, what):
    err, where = refusal(tmp_path, source)
    assert (err.where, err.what) == (where.at(needle), what)
    assert str(err) == f"unsupported Rust at {where.at(needle)}: {what}"


def test_nothing_runs_when_a_later_line_is_unsupported(tmp_path):
    path, _ = write(tmp_path, 'fn main() {\n    println!("first");\n    let t = b"a";\n}\n')
    out = io.StringIO()
    with pytest.raises(Unsupported):
        load(path).run(out, io.StringIO())
    assert out.getvalue() == ""


def test_syntax_error_names_its_place(tmp_path):
    path, _ = write(tmp_path, "fn main() {\n    let x = 1\n}\n")
    with pytest.raises(RustReadError) as caught:
        load(path)
    assert str(caught.value) == f"{path}:2:14: expected `;`"


def test_syntax_error_inside_println_arguments(tmp_path):
    path, _ = write(tmp_path, 'fn main() {\n    println!("{}" 1);\n}\n')
    with pytest.raises(RustReadError) as caught:
        load(path)
    assert str(caught.value) == f"{path}:2:19: unexpected `1`"


def test_unreadable_file_is_a_read_error(tmp_path):
    with pytest.raises(RustReadError):
        load(str(tmp_path / "missing.rs"))


# -- found by comparing with rustc (tests/rust/std) ---------------------------------------------


def ran_until_refused(tmp_path: Path, source: str) -> tuple[Unsupported, Run]:
    """The `Unsupported` that running (not loading) the program raises, and its source."""
    path, source = write(tmp_path, source)
    program = load(path)
    with pytest.raises(Unsupported) as caught:
        program.run(io.StringIO(), io.StringIO())
    return caught.value, Run("", "", None, path, source)


def test_if_let_some_underscore_matches_without_binding(tmp_path):
    out = main(tmp_path, 'let x = Some(3);\nif let Some(_) = x {\n    println!("some");\n}\n')
    assert out == "some\n"


def test_a_range_with_a_negative_end_is_read_as_rust_reads_it(tmp_path):
    # tree-sitter reads `-3..-1` as `(-3..) - 1`.
    out = main(tmp_path, 'for i in -3..-1 {\n    print!("{i} ");\n}\nprintln!();\n')
    assert out == "-3 -2 \n"


def test_a_range_ending_in_a_negated_sum_is_refused(tmp_path):
    err, where = refusal(tmp_path, "fn main() {\n    for i in 0..-1 * 2 {}\n}\n")
    assert err.where == where.at("0..-1")


def test_trait_methods_apply_to_a_number_whose_type_is_still_open(tmp_path):
    out = main(
        tmp_path,
        """\
        let n = 42;
        let x = 2.5;
        println!("{} {} {} {:?}", n.to_string(), 3.max(n), x.to_string(), x.clone());
        """,
    )
    assert out == "42 42 2.5 2.5\n"


def test_an_inherent_float_method_on_an_open_float_is_still_refused(tmp_path):
    err, _ = refusal(tmp_path, "fn main() {\n    let y = 2.0.max(1.0);\n}\n")
    assert err.what == (
        "can't call method `max` on ambiguous numeric type `{float}` (rustc rejects it: "
        "error[E0689])"
    )


def test_debug_of_a_str_escapes_what_rust_calls_unprintable(tmp_path):
    out = main(tmp_path, r'println!("{:?}", "a\u{200b}b\u{a0}c e\u{301} \u{ff9e} 🎉 é");' + "\n")
    assert out == '"a\\u{200b}b\\u{a0}c e\\u{301} \\u{ff9e} 🎉 é"\n'


def test_debug_of_a_char_unassigned_in_pythons_unicode_is_refused(tmp_path):
    err, where = ran_until_refused(tmp_path, 'fn main() {\n    println!("{:?}", "\\u{378}");\n}\n')
    assert err.where == where.at('"{:?}"')
    assert "U+0378" in err.what


def test_assert_prints_its_condition_as_rustc_reprints_it(tmp_path):
    run = rust(
        tmp_path,
        "fn main() {\n    let v = vec![1, 2];\n    assert!(v.len()>3||v == vec![ 1 ,3]);\n}\n",
    )
    assert run.panic.message == "assertion failed: v.len() > 3 || v == vec![1,3]"


# Conditions and the text rustc 1.95 printed for them (recorded with a panic hook).
REPRINTED_CONDITIONS = [
    ("x>1&&!v.is_empty()&&x<2", "x > 1 && !v.is_empty() && x < 2"),
    ("v == vec![ 1 , 2 ]", "v == vec![1, 2]"),
    ('format!("{}",x) == format!( "{} {}" , x,x )', 'format!("{}",x) == format!("{} {}", x,x)'),
    ("-x as i64 > 100 && - x > 10", "-x as i64 > 100 && -x > 10"),
    ("x /* a comment */ > 10", "x > 10"),
    ("if x > 10 { true } else { false }", None),
    ("{ let y = x; y > 10 }", None),
    ("Some(x).map(|a| a+1).is_none()", "Some(x).map(|a| a + 1).is_none()"),
    ("[0; 3].len() > 10 && [1,2].len() > 5", "[0; 3].len() > 10 && [1, 2].len() > 5"),
    ("(a - b).abs() < 1e-6 && i32::MAX == x", None),
]


@pytest.mark.parametrize("condition, printed", REPRINTED_CONDITIONS)
def test_assert_reprints_conditions_as_rustc_does(tmp_path, condition, printed):
    source = f"""
        fn main() {{
            let v = vec![1, 2, 3];
            let x = 5;
            let a: f32 = 1.0;
            let b: f32 = 2.0;
            assert!({condition});
        }}
        """
    run = rust(tmp_path, source)
    assert run.panic.message == f"assertion failed: {printed or condition}"


def test_a_failing_assert_whose_condition_rustc_would_break_is_refused(tmp_path):
    cond = " || ".join(f"x == {i}" for i in range(1, 12))  # wider than rustc's 78 columns
    source = f"fn main() {{\n    let x = 0;\n    assert!(x > 100 || {cond});\n}}\n"
    err, where = ran_until_refused(tmp_path, source)
    assert err.where == where.at("assert!")


def test_a_long_assert_that_holds_runs(tmp_path):
    cond = " || ".join(f"x == {i}" for i in range(1, 12))
    assert main(tmp_path, f'let x = 1;\nassert!({cond});\nprintln!("ok");\n') == "ok\n"


_CORE = "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/"  # rustc 1.95.0's


def ran_until_panicked(tmp_path: Path, source: str) -> Panic:
    """The panic that running the program raises."""
    path, source = write(tmp_path, source)
    with pytest.raises(Panic) as caught:
        load(path).run(io.StringIO(), io.StringIO())
    return caught.value


@pytest.mark.parametrize(
    "call, what",
    [
        ("x.abs()", "attempt to negate with overflow"),
        ("x.pow(2)", "attempt to multiply with overflow"),
    ],
)
def test_an_overflow_inside_rusts_core_library_panics_where_rustc_195_says(tmp_path, call, what):
    # rustc 1.95's binary: `panicked at /rustc/<commit>/library/core/src/num/mod.rs:394:5:`
    # (tests/rust/std/core_panic_abs_overflow.stderr, core_panic_pow_overflow.stderr)
    source = (
        f"fn f(x: i32) -> i32 {{\n    {call}\n}}\nfn main() {{\n    f(-3);\n    f(i32::MIN);\n}}\n"
    )
    err = ran_until_panicked(tmp_path, source)
    assert (err.message, err.location) == (what, _CORE + "num/mod.rs:394:5")


def test_step_by_zero_panics_where_rustc_195_says(tmp_path):
    source = "fn main() {\n    let n = 3 - 3;\n    for i in (0..4).step_by(n) {}\n}\n"
    err = ran_until_panicked(tmp_path, source)
    location = _CORE + "iter/adapters/step_by.rs:35:9"
    assert (err.message, err.location) == ("assertion failed: step != 0", location)


def test_an_operator_on_an_unannotated_closure_parameter_waits_for_the_call(tmp_path):
    out = main(
        tmp_path, 'let f = |x| x * 3.0;\nlet a = f(0.1f32);\nprintln!("{:?} {:?}", a, a.sqrt());\n'
    )
    assert out == "0.3 0.5477226\n"


def test_a_pending_operator_whose_fallback_disagrees_is_a_type_mismatch(tmp_path):
    # rustc: E0271, the literal 200 falls back to i32 before `Add::Output` is known.
    err, where = refusal(
        tmp_path, "fn main() {\n    let f = |x| x + 1;\n    let t: u8 = f(200);\n}\n"
    )
    assert (err.where, err.what) == (
        where.at("x + 1"),
        "type mismatch resolving `<i32 as Add>::Output == u8`",
    )


def test_a_cast_waits_for_its_operand_type(tmp_path):
    assert main(tmp_path, 'let k = |x| 10 - x;\nprintln!("{}", k(3) as u8);\n') == "7\n"


def test_vec_repeat_gives_each_element_its_own_vec(tmp_path):
    out = main(
        tmp_path,
        """\
        let rows: Vec<Vec<i32>> = vec![Vec::new(); 2];
        for mut row in rows {
            row.push(1);
            println!("{:?}", row);
        }
        """,
    )
    assert out == "[1]\n[1]\n"


def test_array_repeat_of_a_vec_is_refused_as_not_copy(tmp_path):
    err, where = refusal(tmp_path, "fn main() {\n    let a = [String::new(); 2];\n}\n")
    assert (err.where, err.what) == (
        where.at("String::new"),
        "the trait bound `String: Copy` is not satisfied",
    )


def test_reading_a_variable_never_assigned_is_refused(tmp_path):
    source = """
        fn main() {
            for i in 0..2 {
                let x;
                if i == 0 {
                    x = 1;
                    println!("{x}");
                }
                println!("{}", x);
            }
        }
        """
    path, source = write(tmp_path, source)
    with pytest.raises(Unsupported) as caught:
        load(path)  # rustc 1.95 rejects it at the read the `if` may skip
    assert caught.value.place[1:] == (8, 24)
    assert caught.value.what == (
        "used binding `x` is possibly-uninitialized (rustc rejects it: error[E0381])"
    )


def test_a_nested_move_closure_copies_the_outer_closures_captures(tmp_path):
    out = main(
        tmp_path,
        """\
        let mut d = 2;
        let curry = |k: i32| move |m: i32| d * k * m;
        let g = curry(3);
        d = 100;
        println!("{} {d}", g(1));
        """,
    )
    assert out == "6 100\n"


def test_assert_eq_compares_a_string_with_a_str(tmp_path):
    run = rust(
        tmp_path,
        """
        fn main() {
            let s = String::from("ab");
            assert_eq!(s, "ab");
            assert_eq!("ac", s);
        }
        """,
    )
    assert run.panic.message == 'assertion `left == right` failed\n  left: "ac"\n right: "ab"'


def test_f64_shortest_digits_round_a_halfway_case_up_as_rust_does(tmp_path):
    # Exactly -103689220926388.125: ...12 and ...13 both read back; Python's repr picks 12.
    out = main(tmp_path, 'let x: f64 = -103689220926388.125;\nprintln!("{} {:?}", x, x);\n')
    assert out == "-103689220926388.13 -103689220926388.13\n"


@pytest.mark.parametrize(
    "body, needle, what",
    [
        ("let x: u8 = 255 + 1;", "255 + 1", "this arithmetic operation will overflow"),
        (
            "let a = i32::MAX;\n    let b = a + 1;",
            "a + 1",
            "this arithmetic operation will overflow",
        ),
        ("let d = 0;\n    let q = 10 / d;", "10 / d", "this operation will panic at runtime"),
        (
            "let a = [1, 2];\n    let i = 2;\n    let x = a[i];",
            "a[i]",
            "this operation will panic at runtime",
        ),
        ("let n = -i8::MIN;", "-i8::MIN", "this arithmetic operation will overflow"),
    ],
)
def test_an_operation_rustc_knows_always_panics_is_refused(tmp_path, body, needle, what):
    err, where = refusal(tmp_path, f"fn main() {{\n    {body}\n}}\n")
    assert err.where == where.at(needle)
    assert err.what.startswith(what)


def test_a_constant_overflow_in_a_branch_rustc_knows_is_dead_runs(tmp_path):
    out = main(tmp_path, 'let a = i32::MAX;\nif false {\n    let b = a + 1;\n}\nprintln!("ran");\n')
    assert out == "ran\n"


def test_a_constant_captured_by_a_closure_is_not_known_to_rustc_either(tmp_path):
    run = rust(tmp_path, "fn main() {\n    let a = i32::MAX;\n    let f = || a + 1;\n    f();\n}\n")
    assert run.panic.message == "attempt to add with overflow"


# -- escapes rustc rejects -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("escape", "offset", "what"),
    [
        (r"\u{d800}", 0, "invalid unicode character escape"),
        (r"\u{110000}", 0, "invalid unicode character escape"),
        (r"\u{1234567}", 0, "overlong unicode escape"),
        (r"\u{0000041}", 0, "overlong unicode escape"),
        (r"\u{}", 0, "empty unicode escape"),
        (r"\u{_1}", 3, "invalid start of unicode escape: `_`"),
        (r"\u{4g}", 4, "invalid character in unicode escape: `g`"),
        (r"\u0301", 0, "incorrect unicode escape sequence"),
        (r"\x80", 0, "out of range hex escape"),
        (r"\x4z", 3, "invalid character in numeric character escape: `z`"),
        (r"\q", 1, "unknown character escape: `q`"),
        ("\\é", 1, "unknown character escape: `\\u{e9}`"),
    ],
)
def test_an_escape_rustc_rejects_is_refused_where_rustc_points(tmp_path, escape, offset, what):
    for line in (f'println!("{{}}", "a{escape}b");', f'let s = "a{escape}b";'):
        err, where = refusal(tmp_path, f"fn main() {{\n    {line}\n}}\n")
        escape_at = where.at(escape)
        line_no, column = escape_at.rsplit(":", 2)[-2:]
        assert err.where == f"{where.path}:{line_no}:{int(column) + offset}"
        assert err.what == f"{what} (rustc rejects it)"


def test_escapes_at_the_edges_of_what_rustc_accepts_are_read(tmp_path):
    out = main(tmp_path, r'println!("{:?}", "\u{10FFFF}\u{000041}\x7f\u{E000}\0");' + "\n")
    assert out == '"\\u{10ffff}A\\u{7f}\\u{e000}\\0"\n'


def test_a_unicode_escape_with_underscores_is_outside_the_subset_not_a_syntax_error(tmp_path):
    err, where = refusal(tmp_path, 'fn main() {\n    println!("{}", "\\u{1_F600}");\n}\n')
    assert err.where == where.at("\\u")
    assert err.what == "the escape `\\u{1_F600}` (tree-sitter's Rust grammar does not read it)"


def test_a_bare_carriage_return_in_a_string_is_refused(tmp_path):
    err, where = refusal(tmp_path, 'fn main() {\n    let s = "ab\rc";\n}\n')
    assert err.where == where.at("\rc")
    assert err.what == "bare CR not allowed in string, use `\\r` instead (rustc rejects it)"


# -- panic locations count display columns, as rustc's `Location::column` ---------------------


def test_a_tab_before_a_panic_counts_four_columns(tmp_path):
    run = rust(tmp_path, 'fn main() {\n\tlet a = 1;\tpanic!("boom {a}");\n}\n')
    assert run.panic.location == f"{run.path}:2:19"  # rustc 1.95; in characters, 2:13


def test_wide_characters_before_a_panic_count_two_columns(tmp_path):
    run = rust(tmp_path, 'fn main() {\n    let s = "世界"; assert!(s.len() == 0);\n}\n')
    assert run.panic.message == "assertion failed: s.len() == 0"
    assert run.panic.location == f"{run.path}:2:21"  # rustc 1.95 says 2:21; characters, 2:19


def test_marks_and_zero_width_characters_before_a_panic_take_no_column(tmp_path):
    source = 'fn main() {\n    let s = "e\u0301\u200b"; let o: Option<i32> = None; o.unwrap();\n}\n'
    run = rust(tmp_path, source)
    line = source.splitlines()[1]
    assert (
        run.panic.location == f"{run.path}:2:{line.index('unwrap') + 1 - 2}" == f"{run.path}:2:47"
    )


def test_an_overflow_and_an_index_after_a_tab_report_display_columns(tmp_path):
    overflow = rust(tmp_path, "fn main() {\n    let v = vec![200u8];\n\tlet x = v[0] + v[0];\n}\n")
    index = rust(tmp_path, "fn main() {\n    let v = vec![1];\n\tlet x = v[3];\n}\n")
    assert overflow.panic.location == f"{overflow.path}:3:13"  # rustc 1.95, as the next
    assert index.panic.location == f"{index.path}:3:14"  # the `[` of a `Vec` index


def test_a_refusal_after_a_tab_still_counts_characters_as_rustcs_diagnostics(tmp_path):
    err, where = refusal(tmp_path, 'fn main() {\n\tlet t = b"a";\n}\n')
    assert err.where == where.at('b"a"') == f"{where.path}:2:10"


def test_a_panic_after_a_char_of_unknown_width_is_refused_when_it_happens(tmp_path):
    err, where = ran_until_refused(
        tmp_path, 'fn main() {\n    let s = "\U0001fae8"; panic!("{s}");\n}\n'
    )
    assert err.where == where.at("panic!")
    assert "U+1FAE8" in err.what


# -- lowering stays linear in the size of the program -------------------------------------------


def test_a_program_of_twenty_thousand_lets_loads_and_runs(tmp_path):
    lets = "".join(f"    let x{i} = x{i - 1} + 1;\n" for i in range(1, 20_000))
    body = "    let x0: i64 = 0;\n" + lets + '    println!("{}", x19999);\n'
    assert rust(tmp_path, "fn main() {\n" + body + "}\n").stdout == "19999\n"


def test_a_sum_of_twenty_thousand_literals_loads_and_runs(tmp_path):
    sum_ = " + ".join(["1"] * 20_000)
    assert main(tmp_path, f'let x: i64 = {sum_};\nprintln!("{{x}}");\n') == "20000\n"


def test_hooks_see_only_the_bindings_of_the_open_blocks_of_their_frame(tmp_path):
    calls = []

    class Hooks:
        def statement_done(self, bindings, returning):
            calls.append({k: "closure" if callable(v) else v for k, v in bindings.items()})

    rust(
        tmp_path,
        """
        fn main() {
            let a = 1;
            {
                let b = 2;
                let a = a + b;
            }
            let f = |c: i32| { let d = c; d };
            let e = f(a);
            for i in 0..2 { let j = i; }
            if let Some(k) = Some(3) { let m = k; }
        }
        """,
        Hooks(),
    )
    outer = {"a": 1, "f": "closure", "e": 1}
    assert calls == [
        {"a": 1},
        {"a": 1, "b": 2},
        {"b": 2, "a": 3},  # the inner `a`, declared last
        {"a": 1},
        {"a": 1, "f": "closure"},
        {"c": 1, "d": 1},  # the closure's frame: its own bindings only
        {"c": 1},  # returning, its body's block closed
        outer,
        {**outer, "i": 0, "j": 0},
        {**outer, "i": 1, "j": 1},
        outer,
        {**outer, "k": 3, "m": 3},
        outer,  # main returning (the `if let` is its tail)
    ]


# -- what rustc's parser and type checker reject, refused before running -----------------------


@pytest.mark.parametrize(
    ("body", "needle", "what"),
    [
        ('println!("{}", 1 == 1 == true);', "== 1", "comparison operators cannot be chained"),
        (
            'let a = 1;\n    let b = 2;\n    println!("{}", a < b < 3);',
            "< b",
            "comparison operators cannot be chained",
        ),
        ("let a = 1;\n    let t = a < 2 == true;", "< 2", "comparison operators cannot be chained"),
        (
            "let a = 1;\n    let b: i64 = 2;\n    let t = 3 + a as i64 < b;",
            "< b",
            "`<` is interpreted as a start of generic arguments for `i64`, not a comparison "
            "(write `(a as i64) < ..`)",
        ),
        ("let x: u8 = 3;\n    let y = -x;", "-x", "cannot apply unary operator `-` to type `u8`"),
        (
            "let x = 3;\n    let y: u32 = -x;",
            "-x",
            "the trait bound `u32: Neg` is not satisfied",
        ),
    ],
)
def test_what_rustc_rejects_is_refused(tmp_path, body, needle, what):
    err, where = refusal(tmp_path, f"fn main() {{\n    {body}\n}}\n")
    assert (err.where, err.what) == (where.at(needle), what)


def test_parenthesized_comparisons_and_casts_run(tmp_path):
    out = main(
        tmp_path,
        """
        let a = 1;
        let b: i64 = 2;
        println!("{} {} {}", (a < 2) == true, (a as i64) < b, a as i64 > b);
        """,
    )
    assert out == "true true false\n"


@pytest.mark.parametrize(
    ("body", "needle", "ty"),
    [
        ('println!("{}", *3 + 1);', "*3", "{integer}"),
        ('let x = 3;\n    println!("{}", *x + 1);', "*x", "{integer}"),
        ('let x = 5.0f32;\n    println!("{}", *(x * 2.0));', "*(x", "f32"),
        ('let v = vec![1];\n    println!("{}", *v.len());', "*v", "usize"),
        ('let o = Some(1);\n    println!("{:?}", *o);', "*o", "Option<{integer}>"),
        (
            "let d = Device::default();\n    let t = Tensor::<1>::ones([1], &d);\n"
            "    let u = *t.exp();",
            "*t",
            "Tensor<1>",
        ),
    ],
)
def test_a_deref_of_what_is_certainly_not_a_reference_is_refused(tmp_path, body, needle, ty):
    err, where = refusal(tmp_path, f"fn main() {{\n    {body}\n}}\n")
    what = f"type `{ty}` cannot be dereferenced (rustc rejects it: error[E0614])"
    assert (err.where, err.what) == (where.at(needle), what)


def test_a_deref_of_a_reference_runs(tmp_path):
    out = main(
        tmp_path,
        """
        let x = 3;
        let r = &x;
        let v = vec![1, 2];
        let mut s = *r + *&x;
        for y in v.iter() {
            s += *y;
        }
        let f = |z| *z + 1;
        let first = *v.first().unwrap();
        println!("{} {} {}", s, f(&x), first);
        """,
    )
    assert out == "9 4 1\n"


# -- wording -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "needle", "what"),
    [
        ('unsafe {\n        println!("x");\n    }', "unsafe", "`unsafe` blocks"),
        (
            'let r = 0..3;\n    println!("{:?}", r);',
            "r);",
            "`{:?}` of `Range<i32>` (pbpit does not print ranges and iterators)",
        ),
        (
            'let f = |x: i32| x;\n    println!("{:?}", f);',
            "f);",
            "`{:?}` of a closure (closures don't implement `Debug`)",
        ),
    ],
)
def test_refusals_name_what_they_refuse(tmp_path, body, needle, what):
    err, where = refusal(tmp_path, f"fn main() {{\n    {body}\n}}\n")
    assert (err.where, err.what) == (where.at(needle), what)


def test_an_array_length_may_be_a_const(tmp_path):
    out = rust(
        tmp_path,
        """
        const N: usize = 3;
        fn total(a: [u8; N]) -> u8 {
            a[0] + a[1] + a[2]
        }
        fn main() {
            let a = [2u8; N];
            let b: [u8; N] = [1, 2, 3];
            println!("{:?} {}", a, total(b));
        }
        """,
    ).stdout
    assert out == "[2, 2, 2] 6\n"


def test_an_array_length_of_another_const_type_is_a_mismatch(tmp_path):
    err, where = refusal(
        tmp_path, "const N: i32 = 3;\nfn main() {\n    let b: [u8; N] = [1, 2, 3];\n}\n"
    )
    assert (err.where, err.what) == (
        where.at("N]"),
        "mismatched types: expected `usize`, found `i32`",
    )


# -- programs rustc rejects are refused, never run (issue 10) ------------------------------------
# Each message is rustc 1.95's (edition 2021) for the same program, at the span it points at.

U128_MAX = "340282366920938463463374607431768211455"


@pytest.mark.parametrize(
    ("body", "needle", "what"),
    [
        (
            "let x: i32 = ::MIN;",
            "MIN",
            "cannot find crate `MIN` in the list of imported crates (rustc rejects it: "
            "error[E0425])",
        ),
        (
            "let x = f32::SQRT_2;",
            "SQRT_2",
            "no associated item named `SQRT_2` found for type `f32` in the current scope "
            "(rustc rejects it: error[E0599])",
        ),
        (
            "let x = std::f32::SQRT_2;",
            "SQRT_2",
            "cannot find value `SQRT_2` in module `std::f32` (rustc rejects it: error[E0425])",
        ),
        (
            "let x = std::f32::consts::MAX;",
            "MAX",
            "cannot find value `MAX` in module `std::f32::consts` (rustc rejects it: error[E0425])",
        ),
        (
            "let x = nosuch::f64::consts::PI;",
            "nosuch",
            "cannot find module or crate `nosuch` in this scope (rustc rejects it: error[E0433])",
        ),
        (
            "let x = f32::consts::PI;",
            "f32",
            "ambiguous associated type (rustc rejects it: error[E0223])",
        ),
        (
            "let x = i32::EPSILON;",
            "EPSILON",
            "no associated item named `EPSILON` found for type `i32` in the current scope "
            "(rustc rejects it: error[E0599])",
        ),
        (
            "let v: Vec<i32> = ::Vec::new();",
            "Vec::new",
            "cannot find `Vec` in the crate root (rustc rejects it: error[E0433])",
        ),
    ],
)
def test_a_path_rustc_cannot_resolve_is_refused_at_its_segment(tmp_path, body, needle, what):
    err, where = refusal(tmp_path, f'fn main() {{\n    {body}\n    println!("hi");\n}}\n')
    assert (err.where, err.what) == (where.at(needle), what)


def test_paths_rustc_resolves_still_run(tmp_path):
    out = main(
        tmp_path,
        """
        let a = ::std::f32::consts::PI;
        let b = core::f64::consts::E;
        let c = std::u8::MAX;
        let d = ::core::i8::MIN;
        let e = std::f32::MAX;
        let v: Vec<i32> = ::std::vec::Vec::new();
        println!("{a} {b} {c} {d} {e} {v:?}");
        """,
    )
    assert out == (
        "3.1415927 2.718281828459045 255 -128 340282350000000000000000000000000000000 []\n"
    )


def test_f32_consts_is_found_where_use_brings_the_module_in(tmp_path):
    run = rust(
        tmp_path, 'use std::f32;\nfn main() {\n    println!("{}", f32::consts::SQRT_2);\n}\n'
    )
    assert run.stdout == "1.4142135\n"


@pytest.mark.parametrize("digits", [40, 4301, 5000])
def test_an_integer_literal_beyond_u128_is_too_large(tmp_path, digits):
    err, where = refusal(tmp_path, f"fn main() {{\n    let x = {'1' * digits};\n}}\n")
    assert err.where == where.at("1")
    assert err.what == (
        f"integer literal is too large: value exceeds limit of `{U128_MAX}` (rustc rejects it)"
    )


def test_an_integer_literal_of_many_digits_within_u128_is_read(tmp_path):
    out = main(tmp_path, f'let x: u128 = {"0" * 4300}{U128_MAX};\nprintln!("{{x}}");\n')
    assert out == U128_MAX + "\n"


def test_a_float_literal_with_a_huge_exponent_is_out_of_range_at_once(tmp_path):
    err, where = refusal(tmp_path, "fn main() {\n    let x = 1e99999999f32;\n}\n")
    assert (err.where, err.what) == (where.at("1e"), "literal out of range for `f32`")


@pytest.mark.parametrize(
    ("placeholder", "found"), [("{ s}", "s"), ("{\ts}", "s"), ("{s t}", "t"), ("{ 0}", "0")]
)
def test_a_space_before_a_format_argument_is_invalid(tmp_path, placeholder, found):
    err, where = refusal(
        tmp_path, f'fn main() {{\n    let s = 1;\n    println!("{placeholder}", s);\n}}\n'
    )
    assert err.where == where.at('"')
    assert err.what == f"invalid format string: expected `}}`, found `{found}`"


def test_spaces_rustc_allows_in_a_placeholder_are_read(tmp_path):
    out = main(tmp_path, 'let s = 1;\nprintln!("[{s }] [{s :?}] [{ :>3}] [{:? }]", 2, 3);\n')
    assert out == "[1] [1] [  2] [3]\n"  # rustc 1.95's binary prints this


@pytest.mark.parametrize(
    ("body", "needle", "what"),
    [
        ("let mut mut i = 1;", "mut i", "`mut` on a binding may not be repeated"),
        ("let return = 5;", "return", "expected identifier, found keyword `return`"),
        ("let try = 5;", "try", "expected identifier, found reserved keyword `try`"),
        ("for loop in 0..2 {}", "loop", "expected identifier, found keyword `loop`"),
    ],
)
def test_what_rustc_parser_rejects_is_refused(tmp_path, body, needle, what):
    err, where = refusal(tmp_path, f"fn main() {{\n    {body}\n}}\n")
    assert (err.where, err.what) == (where.at(needle), f"{what} (rustc rejects it)")


def test_a_lifetime_and_a_raw_identifier_are_not_keywords(tmp_path):
    run = rust(
        tmp_path,
        """
        fn f(s: &'static str) -> &'static str {
            s
        }
        fn main() {
            let r#match = 3;
            println!("{} {}", f("a"), r#match);
        }
        """,
    )
    assert run.stdout == "a 3\n"


_INNER_DOC = "expected outer doc comment (rustc rejects it: error[E0753])"
_IN_IF = "an inner attribute is not permitted in this context (rustc rejects it)"
_ON_EXPR = "attributes on expressions are experimental (rustc rejects it: error[E0658])"
_NOTHING = (
    "found a documentation comment that doesn't document anything (rustc rejects it: error[E0585])"
)


@pytest.mark.parametrize(
    ("source", "needle", "what"),
    [
        ('fn main() {\n    println!("hi");\n}\n//! trailing\n', "//!", _INNER_DOC),
        ("fn main() {\n    let x = 1; //! x\n}\n", "//!", _INNER_DOC),
        ("fn main() {\n    if true {\n        //! x\n    }\n}\n", "//!", _IN_IF),
        ("fn main() {\n    let f = || {\n        //! x\n        1\n    };\n}\n", "//!", _ON_EXPR),
        ("fn main() {\n    let x = 1;\n    /// x\n}\n", "///", _NOTHING),
        ("fn main() {}\n/// x\n", "///", "expected item after doc comment (rustc rejects it)"),
    ],
)
def test_a_doc_comment_where_rustc_rejects_it_is_refused(tmp_path, source, needle, what):
    err, where = refusal(tmp_path, source)
    assert (err.where, err.what) == (where.at(needle), what)


def test_doc_comments_where_rustc_allows_them_are_comments(tmp_path):
    source = """
        //! The crate.
        #![allow(unused)]
        /*! More. */
        /// The program.
        fn main() {
            //! Its body.
            //// not a doc comment
            let x = 1; /// documents the next statement
            {
                //! a block statement
            }
            for i in 0..1 {
                //! a loop's body
            }
            println!("{x}");
        }
        //// not a doc comment either
        """
    assert rust(tmp_path, source).stdout == "1\n"


@pytest.mark.parametrize("where_", ["literal", "comment"])
def test_a_text_direction_codepoint_is_refused_as_rustc_lints_deny_it(tmp_path, where_):
    line = 'let s = "a\u202eb";' if where_ == "literal" else "// a\u2066b"
    err, src = refusal(tmp_path, f"fn main() {{\n    {line}\n}}\n")
    assert err.where == src.at('"' if where_ == "literal" else "//")
    assert err.what == (
        f"unicode codepoint changing visible direction of text present in {where_} (rustc "
        f"rejects it: `text_direction_codepoint_in_{where_}`)"
    )


def test_a_text_direction_codepoint_the_program_allows_runs(tmp_path):
    source = (
        '#![allow(text_direction_codepoint_in_literal)]\nfn main() {\n    print!("a\u202eb");\n}\n'
    )
    assert rust(tmp_path, source).stdout == "a\u202eb"


@pytest.mark.parametrize("index", ["return", "panic!()", "loop {}"])
def test_indexing_by_a_diverging_expression_is_refused(tmp_path, index):
    err, where = refusal(
        tmp_path, f"fn main() {{\n    let b = [1, 2];\n    let _ = b[{index}];\n}}\n"
    )
    assert err.where == where.at("b[")
    assert err.what == "the type `[i32]` cannot be indexed by `()` (rustc rejects it: error[E0277])"


@pytest.mark.parametrize(
    ("expr", "what", "n"),
    [
        ("vec![0u8; 3_000_000_000]", "a `Vec`", 3_000_000_000),
        ("vec![0u8; usize::MAX]", "a `Vec`", 2**64 - 1),
        ("Vec::with_capacity(1_099_511_627_776)", "`Vec::with_capacity`", 2**40),
    ],
)
def test_a_collection_too_large_to_hold_is_refused_before_it_is_made(tmp_path, expr, what, n):
    path, source = write(
        tmp_path,
        f'fn main() {{\n    let v: Vec<u8> = {expr};\n    println!("{{}}", v.len());\n}}\n',
    )
    with pytest.raises(Unsupported) as caught:
        run_program(load(path), source)
    assert caught.value.where == Run("", "", None, path, source).at(expr.removeprefix("vec!"))
    assert caught.value.what.startswith(f"{what} of {n} elements, more than pbpit holds")


# -- use after move: rustc's E0382 ---------------------------------------------------------------


def test_twice_with_feats_moved_into_the_loop_is_refused_as_rustc_rejects_it(tmp_path):
    source = (Path(__file__).parent.parent / "cases" / "twice.rs").read_text(encoding="utf-8")
    moved = source.replace("(feats.clone() * w.clone())", "(feats * w.clone())")
    assert moved != source
    err, where = refusal(tmp_path, moved)
    assert err.where == where.at("feats * w")
    assert err.what == (
        "use of moved value: `feats` (value moved at 20:21, in previous iteration of loop; "
        "rustc rejects it: error[E0382])"
    )


# (program body, where rustc 1.95 points, use or borrow): rustc rejects each with E0382.
MOVED = [
    ('let s = String::new();\nlet t = s;\nprintln!("{}", s);', "5:20", "borrow"),
    ("let v = vec![1];\nlet w = v;\nlet z = v;", "5:13", "use"),
    ("let v = vec![1];\nif c {\n    let w = v;\n}\nlet z = v;", "7:13", "use"),
    ("let o = Some(String::new());\nlet a = o.unwrap();\nlet b = o.is_some();", "5:13", "borrow"),
    ('let v = vec![1];\nlet f = move || v.len();\nprintln!("{:?}", v);', "5:22", "borrow"),
    ("let v = vec![1];\nlet w = [v];\nlet n = v.len();", "5:13", "borrow"),
    ("let v = vec![1];\nlet w = Some(v);\nlet n = v.len();", "5:13", "borrow"),
    ("let v = vec![vec![1]];\nfor x in v {\n}\nlet n = v.len();", "6:13", "borrow"),
    ("let v = vec![1];\nlet w = { v };\nlet n = v.len();", "5:13", "borrow"),
    ("let v = vec![1];\nlet f = || { let w = v; };\nlet n = v.len();", "5:13", "borrow"),
]


@pytest.mark.parametrize(("body", "at", "kind"), MOVED)
def test_a_value_used_after_it_was_moved_is_refused(tmp_path, body, at, kind):
    source = "fn main() {\n    let c = true;\n" + textwrap.indent(body, "    ") + "\n}\n"
    err, where = refusal(tmp_path, source)
    assert err.where == f"{where.path}:{at}"
    assert err.what.startswith(f"{kind} of moved value: `")
    assert err.what.endswith("rustc rejects it: error[E0382])")


@pytest.mark.parametrize(
    "body",
    [
        "let v = vec![1];\nfor _ in 0..2 {\n    let w = v;\n}",
        "let v = vec![1];\nlet mut i = 0;\nwhile i < 2 {\n    i += 1;\n    let w = v;\n}",
        "let v = vec![1];\nfor _ in 0..2 {\n    let w = v;\n    continue;\n}",
    ],
)
def test_a_move_in_a_loop_is_a_move_in_the_previous_iteration(tmp_path, body):
    source = "fn main() {\n" + textwrap.indent(body, "    ") + "\n}\n"
    err, where = refusal(tmp_path, source)
    assert err.where == where.at("v;\n")
    assert "in previous iteration of loop; rustc rejects it: error[E0382]" in err.what


def test_moves_rustc_accepts_run(tmp_path):
    # Each of these compiles with rustc 1.95 and prints this.
    out = main(
        tmp_path,
        """
        let c = true;
        let v = vec![1];
        if c {
            let w = v;
            println!("{:?}", w);
        } else {
            let z = v;
            println!("{:?}", z);
        }
        let mut u = vec![2];
        let w = u;
        u = vec![3];
        let z = u;
        let s = String::from("s");
        for i in 0..3 {
            let t = s.clone();
            if i == 1 {
                let gone = s;
                println!("{gone} {t}");
                break;
            }
        }
        let mut r = vec![4];
        for _ in 0..2 {
            let moved = r;
            r = moved;
        }
        let n = 5;
        let m = n;
        let f = || z.len();
        println!("{:?} {:?} {} {} {}", w, z, n, m, f());
        println!("{:?}", r);
        """,
    )
    assert out == "[1]\ns s\n[2] [3] 5 5 1\n[4]\n"
