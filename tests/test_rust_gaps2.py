"""Refusals that must not cascade: an item pbpit refuses (here `#[derive(Hash)]`, which rustc
accepts) is reported once, and the uses of that item are not reported again as errors rustc
would never give (the struct's fields not read made every `P { x: .. }` an E0560)."""

from __future__ import annotations

from pathlib import Path

from pbpit_process import pbpit_cli

DERIVE_HASH = """\
#[derive(Clone, Hash, Debug)]
struct P {
    x: i32,
}

fn make() -> P {
    P { x: 2 }
}

fn main() {
    let p = P { x: 1 };
    println!("{:?} {:?}", p, P { x: 3 });
    println!("{:?}", make());
}
"""


def test_a_derived_hash_of_a_struct_with_fields_runs_as_rustc_runs_it(tmp_path: Path) -> None:
    (tmp_path / "main.rs").write_text(DERIVE_HASH)  # rustc 1.95 builds it: `P { x: 1 } P { x: 3 }`
    out = pbpit_cli("run", "main.rs", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (0, "P { x: 1 } P { x: 3 }\nP { x: 2 }\n"), out.stderr
    assert "E0560" not in out.stderr


# burn-std's `impl core::fmt::Display for TensorData` (crates/burn-std/src/data/tensor/base.rs,
# Burn 0.22) is `f.write_str(&format!("{:?}", self.as_slice::<E>().unwrap()))`, E the Rust
# type of its dtype: the Debug of a flat slice, `[a, b, ..]`, each element as `{:?}` of an
# f32 (`0.1`, `1e-7`: core's Debug goes to exponent form below 1e-4), f64 or i32, the shape
# not shown, and a width given to `{}` unused (`write_str` does not pad).
TENSOR_DATA_DISPLAY = """\
use burn::tensor::{Device, Tensor, TensorData};

fn main() {
    let device = Device::default();
    let t = Tensor::<1>::from_floats([0.5, 1.0, -2.25, 0.1, 0.0000001], &device);
    println!("{}", t.into_data());
    let m = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.5]], &device);
    println!("[{:>30}]", m.into_data());
    let d = TensorData::new(vec![1.5f64, 2.0, 0.1], [3]);
    println!("{}", d);
    let i = TensorData::new(vec![3i32, -4, 16777217], [3]);
    println!("{}", i);
    let n = TensorData::from([[1.25f32, 2.0], [3.0, 4.0]]);
    println!("{}", n);
}
"""


def test_tensor_data_displays_as_burn_std_formats_it(tmp_path: Path) -> None:
    (tmp_path / "main.rs").write_text(TENSOR_DATA_DISPLAY)
    out = pbpit_cli("run", "main.rs", "--raw", cwd=tmp_path)
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout == (
        "[0.5, 1.0, -2.25, 0.1, 1e-7]\n"
        "[[1.0, 2.0, 3.0, 4.5]]\n"
        "[1.5, 2.0, 0.1]\n"
        "[3, -4, 16777217]\n"
        "[1.25, 2.0, 3.0, 4.0]\n"
    )
