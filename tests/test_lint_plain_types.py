"""Which types lint knows hold no tensor: a function declared to return one (`-> Vec<usize>`, a
hash, a struct of numbers and plain enums) returns data, whatever it computed it from.

Found on public code (docs/LINT_ON_REAL_CODE.md): mosure/burn_automata's batch sampler returns
`Vec<usize>`, aberration-technology/burn_dragon's proof generator a `Result` of a struct of
strings and enums; lint took both for tracked tensors shared by two backwards. The expected
answers are read off the types by hand: a tensor can only be inside a type that names one, a
generic, or another crate's type (which lint cannot see into).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit.lint.analysis import Program
from pbpit.rust.syntax import read_rust

TYPES = """
use burn::tensor::{backend::Backend, Tensor};

#[derive(Clone, Copy)]
pub enum Domain {
    Equational,
    Logic,
}

pub enum Term {
    Atom { symbol: String },
    Apply { operator: String, arguments: Vec<Term> },
    Weighted(f32, Box<Term>),
}

pub struct Problem {
    pub domain: Domain,
    pub goal: Term,
    pub depth: usize,
}

pub struct Bundle {
    pub problem: Problem,
    pub steps: Vec<(u32, Term)>,
}

pub struct Holder<B: Backend> {
    pub weights: Tensor<B, 2>,
    pub rank: usize,
}

pub enum Cached<B: Backend> {
    Empty,
    Full(Tensor<B, 1>),
}

pub struct Wraps<T> {
    pub inner: T,
}

pub struct Sampler {
    order: Vec<usize>,
}

impl Sampler {
    pub fn next_batch(&mut self) -> Vec<usize> {
        self.order.clone()
    }

    pub fn fresh(&self) -> Self {
        Sampler { order: Vec::new() }
    }
}

pub fn generate(seed: u64) -> anyhow::Result<Bundle> {
    todo!()
}

pub fn cache<B: Backend>(t: Tensor<B, 1>) -> Cached<B> {
    Cached::Full(t)
}

pub fn nothing() {}
"""


def program(tmp_path: Path) -> Program:
    path = tmp_path / "types.rs"
    path.write_text(textwrap.dedent(TYPES))
    return Program([read_rust(path)])


def test_numbers_text_and_std_containers_of_them_hold_no_tensor(tmp_path: Path) -> None:
    tree = program(tmp_path)
    for text in (
        "usize",
        "Vec<usize>",
        "Option<(u64, String)>",
        "HashMap<String, Vec<f32>>",
        "std::path::PathBuf",
        "Result<Vec<usize>, Box<dyn std::error::Error>>",
        "&'a [usize]",
    ):
        assert tree.holds_no_tensor(text), text


def test_structs_and_enums_of_the_tree_made_of_plain_types_hold_no_tensor(tmp_path: Path) -> None:
    tree = program(tmp_path)
    # Term refers to itself (Vec<Term>, Box<Term>): read once.
    for text in ("Domain", "Term", "Problem", "Bundle", "anyhow::Result<Bundle>", "Vec<Problem>"):
        assert tree.holds_no_tensor(text), text


def test_tensors_generics_and_unseen_types_may_hold_one(tmp_path: Path) -> None:
    tree = program(tmp_path)
    for text in (
        "Tensor<B, 2>",
        "Vec<Tensor<B, 1>>",
        "Holder<B>",
        "Option<Cached<B>>",
        "Wraps<usize>",
        "T",
        "Linear<B>",
        "ForeignState",
        "(usize, Holder<B>)",
    ):
        assert not tree.holds_no_tensor(text), text


def test_a_function_returning_a_plain_type_returns_no_tensor(tmp_path: Path) -> None:
    tree = program(tmp_path)
    next_batch = tree.method("Sampler", "next_batch")
    fresh = tree.method("Sampler", "fresh")  # `-> Self`: a Sampler, which holds numbers
    generate = tree.function("generate", tree.sources[0])
    cache = tree.function("cache", tree.sources[0])
    nothing = tree.function("nothing", tree.sources[0])
    assert next_batch is not None and fresh is not None and generate is not None
    assert cache is not None and nothing is not None
    assert tree.returns_no_tensor(next_batch)
    assert tree.returns_no_tensor(fresh)
    assert tree.returns_no_tensor(generate)
    assert not tree.returns_no_tensor(cache)
    assert not tree.returns_no_tensor(nothing)  # returns nothing: no type to read
