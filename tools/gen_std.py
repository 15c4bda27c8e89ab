"""The lint issue's generated programs (tests/gen/generator.py) with their Burn parts removed:
programs of std alone, that rustc compiles without a crate.

Each generated program's `use burn::...;` lines are dropped (a blank line left in their place,
so that every line keeps its number), Burn's types are renamed to stand-ins (`Tensor<2>`,
`Tensor::<1>` and `Tensor` to `Tn`, `Device` to `Dev`, `LinearConfig` to `LinCfg`, `Linear` to
`Lin`), and `PRELUDE` is appended: the stand-ins, plain structs of std with the methods the
generated programs call (`clone` by `derive`, `detach`, `require_grad`, `backward` giving a
`Grads`, `grad`, `matmul`, the arithmetic operators by `std::ops`, ...). The stand-ins are named
so that no name of Burn's that pbpit knows is met: pbpit runs them as it runs any program of
std. The program's own code (its ownership, moves, borrows, control flow) stays as written:
a stand-in's method takes `self` where Burn's takes `self`, `&self` where Burn's takes `&self`.

What a stand-in computes is of no matter (a float carried along, a flag of being tracked): the
differential test compares pbpit's output with that of rustc's binary of the same program.

    .venv/bin/python tools/gen_std.py SEED     # the stripped program of SEED, on stdout
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "gen"))

PREFIX = "gen_"
"""A stripped program's file name is `gen_<seed>.rs`."""

SEEDS = 200
"""The seeds `--source gen` mutates: 0 .. SEEDS-1."""

PRELUDE = """
// -- stand-ins of std for what the program took from Burn (tools/gen_std.py) --

#[derive(Clone, Debug, PartialEq)]
struct Dev {
    tracking: bool,
}

impl Dev {
    fn flex() -> Dev {
        Dev { tracking: false }
    }
    fn autodiff(self) -> Dev {
        Dev { tracking: true }
    }
}

#[derive(Clone, Debug)]
struct Tn {
    v: f32,
    tracked: bool,
}

#[derive(Debug)]
struct Grads {
    n: usize,
}

impl Tn {
    fn from_floats<A>(_data: A, _device: &Dev) -> Tn {
        Tn { v: 1.0, tracked: false }
    }
    fn zeros<S>(_shape: S, _device: &Dev) -> Tn {
        Tn { v: 0.0, tracked: false }
    }
    fn from_data(data: Vec<f32>, _device: &Dev) -> Tn {
        Tn { v: data[0], tracked: false }
    }
    fn into_data(self) -> Vec<f32> {
        vec![self.v]
    }
    fn from_inner(inner: Tn) -> Tn {
        Tn { v: inner.v, tracked: false }
    }
    fn inner(self) -> Tn {
        Tn { v: self.v, tracked: false }
    }
    fn require_grad(self) -> Tn {
        Tn { v: self.v, tracked: true }
    }
    fn detach(self) -> Tn {
        Tn { v: self.v, tracked: false }
    }
    fn backward(&self) -> Grads {
        Grads { n: if self.tracked { 1 } else { 0 } }
    }
    fn grad(&self, grads: &Grads) -> Option<Tn> {
        if self.tracked && grads.n > 0 {
            Some(Tn { v: self.v, tracked: false })
        } else {
            None
        }
    }
    fn into_scalar(self) -> f32 {
        self.v
    }
    fn dims(&self) -> [usize; 2] {
        [2, 2]
    }
    fn sum(self) -> Tn {
        Tn { v: self.v * 4.0, tracked: self.tracked }
    }
    fn mean(self) -> Tn {
        self
    }
    fn tanh(self) -> Tn {
        Tn { v: self.v.tanh(), tracked: self.tracked }
    }
    fn exp(self) -> Tn {
        Tn { v: self.v.exp(), tracked: self.tracked }
    }
    fn log(self) -> Tn {
        Tn { v: self.v.ln(), tracked: self.tracked }
    }
    fn powf_scalar(self, p: f32) -> Tn {
        Tn { v: self.v.powf(p), tracked: self.tracked }
    }
    fn mul_scalar(self, k: f32) -> Tn {
        Tn { v: self.v * k, tracked: self.tracked }
    }
    fn matmul(self, other: Tn) -> Tn {
        Tn { v: self.v * other.v * 2.0, tracked: self.tracked || other.tracked }
    }
    fn chunk(self, n: usize, _dim: usize) -> Vec<Tn> {
        (0..n).map(|_| Tn { v: self.v, tracked: self.tracked }).collect()
    }
    fn narrow(self, _dim: usize, _start: usize, _len: usize) -> Tn {
        self
    }
}

impl std::ops::Add for Tn {
    type Output = Tn;
    fn add(self, other: Tn) -> Tn {
        Tn { v: self.v + other.v, tracked: self.tracked || other.tracked }
    }
}

impl std::ops::Sub for Tn {
    type Output = Tn;
    fn sub(self, other: Tn) -> Tn {
        Tn { v: self.v - other.v, tracked: self.tracked || other.tracked }
    }
}

impl std::ops::Mul for Tn {
    type Output = Tn;
    fn mul(self, other: Tn) -> Tn {
        Tn { v: self.v * other.v, tracked: self.tracked || other.tracked }
    }
}

impl std::ops::Mul<f32> for Tn {
    type Output = Tn;
    fn mul(self, k: f32) -> Tn {
        Tn { v: self.v * k, tracked: self.tracked }
    }
}

impl std::ops::Div for Tn {
    type Output = Tn;
    fn div(self, other: Tn) -> Tn {
        Tn { v: self.v / other.v, tracked: self.tracked || other.tracked }
    }
}

#[derive(Clone, Debug)]
struct Lin {
    weight: Tn,
}

struct LinCfg {
    d_in: usize,
    d_out: usize,
}

impl LinCfg {
    fn new(d_in: usize, d_out: usize) -> LinCfg {
        LinCfg { d_in, d_out }
    }
    fn init(&self, _device: &Dev) -> Lin {
        Lin { weight: Tn { v: 0.5, tracked: true } }
    }
}

impl Lin {
    fn forward(&self, x: Tn) -> Tn {
        x.matmul(self.weight.clone())
    }
    fn valid(&self) -> Lin {
        Lin { weight: self.weight.clone().detach() }
    }
}
"""

_USE_BURN = re.compile(r"^use burn::.*;$", re.M)
_USE_BURN_INSIDE = re.compile(r"^( +)use burn::.*;$", re.M)  # in an inline module: its parent's
_RENAMES = [
    (re.compile(r"\.into_scalar::<f32>\(\)"), ".into_scalar()"),
    (re.compile(r"\bTensor(?:::)?<\d>"), "Tn"),
    (re.compile(r"\bTensor\b"), "Tn"),
    (re.compile(r"\bDevice\b"), "Dev"),
    (re.compile(r"\bLinearConfig\b"), "LinCfg"),
    (re.compile(r"\bLinear\b"), "Lin"),
]


def strip(text: str) -> str:
    """A generated program's text with its Burn parts removed and the stand-ins appended."""
    body = _USE_BURN.sub("", text)
    body = _USE_BURN_INSIDE.sub(lambda m: m.group(1) + "use super::*;", body)
    for pattern, name in _RENAMES:
        body = pattern.sub(name, body)
    return body.rstrip("\n") + "\n" + PRELUDE


def generate_text(seed: int) -> str:
    """The generated program of `seed`, as tests/gen/generator.py writes it (with Burn)."""
    from generator import generate

    return generate(seed).text


def stripped(seed: int) -> tuple[bytes, int]:
    """The stripped program of `seed`, and the byte where its prelude begins (what a mutant
    may edit ends there)."""
    text = strip(generate_text(seed)).encode()
    return text, text.index(PRELUDE.encode())


def name(seed: int) -> str:
    return f"{PREFIX}{seed}.rs"


def seed_of(file_name: str) -> int | None:
    """The seed of a stripped program's file name, None for another."""
    match = re.fullmatch(re.escape(PREFIX) + r"(\d+)\.rs", file_name)
    return int(match.group(1)) if match else None


def programs(count: int = SEEDS) -> list[str]:
    return [name(seed) for seed in range(count)]


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit():
        print("usage: gen_std.py SEED", file=sys.stderr)
        sys.exit(2)
    sys.stdout.write(stripped(int(sys.argv[1]))[0].decode())
