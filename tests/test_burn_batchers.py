"""Burn's `Batcher` implemented by the program (`impl Batcher<I, O> for MyBatcher`, Burn 0.22's
burn-core `data/dataloader/batcher.rs`; `impl<B: Backend> Batcher<B, I, O>` in the older
dialect) and called as written (`batcher.batch(items, &device)`), and a backend type written as
a struct's type argument (`SampleBatch<NdArray>`), which also makes the program's backend NdArray
(Int data `i64`, burn-ndarray's default).

Expected outputs worked out by hand (cat of rows, a scale); the errors are rustc's for a trait
implementation (E0407, E0046, E0405)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import pbpit_run

NEW = """
use burn::{data::dataloader::batcher::Batcher, prelude::*};

#[derive(Clone, Debug)]
struct Row {
    features: [f32; 2],
    target: f32,
}

#[derive(Clone, Debug)]
struct RowBatch {
    inputs: Tensor<2>,
    targets: Tensor<1>,
}

#[derive(Clone)]
struct RowBatcher {
    scale: f32,
}

impl Batcher<Row, RowBatch> for RowBatcher {
    fn batch(&self, items: Vec<Row>, device: &Device) -> RowBatch {
        let mut inputs: Vec<Tensor<2>> = Vec::new();
        for item in items.iter() {
            inputs.push(Tensor::<1>::from_floats(item.features, device).unsqueeze());
        }
        let targets = items
            .iter()
            .map(|item| Tensor::<1>::from_floats([item.target], device))
            .collect();
        RowBatch { inputs: Tensor::cat(inputs, 0) * self.scale, targets: Tensor::cat(targets, 0) }
    }
}

fn main() {
    let device = Device::default();
    let batcher = RowBatcher { scale: 0.5 };
    let rows = vec![
        Row { features: [2.0, 4.0], target: 1.0 },
        Row { features: [6.0, 8.0], target: 0.0 },
        Row { features: [1.0, 1.0], target: 1.0 },
    ];
    for chunk in rows.chunks(2) {
        let b = batcher.batch(chunk.to_vec(), &device);
        println!("{:?} {:?}", b.inputs.into_data().to_vec::<f32>().unwrap(), b.targets.dims());
    }
}
"""

OLD = """
use burn::backend::NdArray;
use burn::data::dataloader::batcher::Batcher;
use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct Sample {
    x: f32,
    label: i64,
}

#[derive(Clone, Debug)]
pub struct SampleBatch<B: Backend> {
    xs: Tensor<B, 2>,
    labels: Tensor<B, 1, Int>,
}

#[derive(Clone, Default)]
pub struct SampleBatcher;

impl<B: Backend> Batcher<B, Sample, SampleBatch<B>> for SampleBatcher {
    fn batch(&self, items: Vec<Sample>, device: &B::Device) -> SampleBatch<B> {
        let xs = items
            .iter()
            .map(|s| Tensor::<B, 1>::from_floats([s.x], device).unsqueeze::<2>())
            .collect();
        let labels = items
            .iter()
            .map(|s| Tensor::<B, 1, Int>::from_ints([s.label], device))
            .collect();
        SampleBatch { xs: Tensor::cat(xs, 0), labels: Tensor::cat(labels, 0) }
    }
}

fn main() {
    let device = Default::default();
    let batcher = SampleBatcher;
    let items = vec![Sample { x: 0.5, label: 1 }, Sample { x: 1.5, label: 0 }];
    let batch: SampleBatch<NdArray> = batcher.batch(items, &device);
    println!("{:?}", batch.xs.dims());
    println!("{:?}", batch.labels.into_data().to_vec::<i64>().unwrap());
}
"""


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def first_error(tmp_path: Path, source: str) -> str:
    status, out, err = run(tmp_path, source)
    assert status != 0 and out == "", (status, out, err)
    return next(line for line in err.splitlines() if line.startswith("error"))


def test_a_batcher_of_burn_022_batches_as_written(tmp_path):
    status, out, err = run(tmp_path, NEW)
    assert (status, out) == (0, "[1.0, 2.0, 3.0, 4.0] [2]\n[0.5, 0.5] [1]\n"), err


def test_an_older_dialect_batcher_over_a_backend_named_ndarray(tmp_path):
    # `SampleBatch<NdArray>`: NdArray's Int element is i64, so `to_vec::<i64>()` reads it.
    status, out, err = run(tmp_path, OLD)
    assert (status, out) == (0, "[2, 1]\n[1, 0]\n"), err


def test_a_batcher_with_another_method_is_e0407(tmp_path):
    source = NEW.replace(
        "impl Batcher<Row, RowBatch> for RowBatcher {\n",
        "impl Batcher<Row, RowBatch> for RowBatcher {\n"
        "    fn size(&self) -> usize {\n        2\n    }\n",
    )
    assert first_error(tmp_path, source) == (
        "error[E0407]: method `size` is not a member of trait `Batcher`"
    )


def test_a_batcher_without_batch_is_e0046(tmp_path):
    start = NEW.index("    fn batch(")
    end = NEW.index("\n}\n\nfn main")
    source = NEW[:start] + "    fn unused() {}" + NEW[end:]
    source = source.replace("fn unused() {}", "")
    assert first_error(tmp_path, source) == (
        "error[E0046]: not all trait items implemented, missing: `batch`"
    )


def test_a_batcher_not_imported_is_e0405(tmp_path):
    source = NEW.replace("data::dataloader::batcher::Batcher, ", "")
    assert first_error(tmp_path, source) == (
        "error[E0405]: cannot find trait `Batcher` in this scope"
    )
