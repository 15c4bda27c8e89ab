"""What a Burn user's first programs needed of the interpreter, each checked from outside pbpit:
`let [n, d] = x.dims();`, `Model::<B> { .. }`, a `use crate::m::Item` of a module declared after
another `mod`, rustc's E0425 for a name not in scope, and the crate of
tests/programs/crate_regression run as `pbpit run src/main.rs`, against its twin
(tests/programs/twins/crate_regression.py, burn32's model of Burn).
"""

from __future__ import annotations

import contextlib
import io
import runpy
import sys
from pathlib import Path

from test_rust_interp import main, refusal, rust

from pbpit import cli

PROGRAMS = Path(__file__).resolve().parent / "programs"
TWINS = PROGRAMS / "twins"


def test_an_array_pattern_binds_each_of_dims(tmp_path):
    # rustc: an array pattern binds element i to the array's i-th element.
    out = main(
        tmp_path,
        """
        let device = Device::default();
        let x = Tensor::<3>::zeros([2, 3, 4], &device);
        let [batch, height, width] = x.dims();
        let [a, _, c] = [7, 8, 9];
        println!("{batch} {height} {width} {}", a + c);
        """,
    )
    assert out == "2 3 4 16\n"


def test_a_struct_literal_with_a_turbofish_is_the_struct(tmp_path):
    run = rust(
        tmp_path,
        """
        use burn::backend::{Autodiff, NdArray};
        use burn::prelude::*;

        type B = Autodiff<NdArray>;

        struct Scaled<B: Backend> {
            weight: Tensor<B, 1>,
            scale: f32,
        }

        fn main() {
            let device = Default::default();
            let s = Scaled::<B> { weight: Tensor::ones([2], &device), scale: 0.5 };
            println!("{}", s.weight.sum().into_scalar() * s.scale);
        }
        """,
    )
    assert run.stdout == "1\n"


def test_a_use_may_name_a_module_declared_after_another(tmp_path):
    # rustc resolves `use` paths once the crate's modules are all known, whatever their order.
    run = rust(
        tmp_path,
        """
        use crate::later::double;

        mod first {
            pub fn one() -> i32 {
                1
            }
        }

        mod later {
            pub fn double(x: i32) -> i32 {
                2 * x
            }
        }

        fn main() {
            println!("{}", double(first::one()));
        }
        """,
    )
    assert run.stdout == "2\n"


def test_a_name_not_in_scope_is_rustcs_e0425(tmp_path):
    err, _ = refusal(tmp_path, "fn main() {\n    let x = y;\n}\n")
    assert err.code == "E0425"
    assert err.parts()[0] == "cannot find value `y` in this scope"


def twin_stdout(twin: Path, order: str) -> str:
    sys.path.insert(0, str(TWINS))
    try:
        import burn32

        burn32.MODE, saved = order, burn32.MODE
        burn32.reset()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            runpy.run_path(str(twin), run_name="__main__")
        burn32.MODE = saved
        return out.getvalue()
    finally:
        sys.path.remove(str(TWINS))


def test_the_crate_of_mod_files_prints_what_its_twin_prints(monkeypatch):
    crate = PROGRAMS / "crate_regression"
    expected = (crate / "expected.stdout").read_text()
    for order in ("fma", "seq", "tree"):
        assert twin_stdout(TWINS / "crate_regression.py", order) == expected, order
    monkeypatch.chdir(crate)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        cli.main(["run", "--raw", "src/main.rs"])
    assert out.getvalue() == expected
