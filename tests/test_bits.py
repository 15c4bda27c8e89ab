"""The bits of Burn's own kernels where they depend on the machine (issue 13's "Bits" table):
Flex's sum by CPU family and thread count, powf_scalar's f64 exponent, relu by build, and
libm's bits on every path of the elementwise functions.

Expected values come from the issue (measured on Burn), from hand derivations written beside
them, from the C library through ctypes, and from std-only Rust reimplementations compiled here
with rustc (skipped cleanly without it)."""

from __future__ import annotations

import ctypes
import ctypes.util
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import f32, kernels
from pbpit.engine.target import CPUS, Target, using

F32 = np.float32
TWO_24 = 2.0**24
LIBM = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
DEV = pb.Device.default().autodiff()


def bits(value) -> int:
    return int(np.asarray(value, dtype=F32).view(np.uint32))


def on(cpu: str, threads: int = 2, build: str = "debug") -> Target:
    return Target(cpu, threads, build)


# -- Flex's sum: the issue's inputs ---------------------------------------------------------------

# `[2^24]` then 255 ones: one SIMD kernel (< 4 Mi elements). From the issue, measured on Burn.
SUM_256 = {
    "avx2": 16777468,
    "avx512": 16777470,
    "neon": 16777464,
    "sse": 16777464,
    "scalar": 16777456,
}


@pytest.mark.parametrize("cpu", CPUS)
def test_sum_of_two_24_then_255_ones_follows_the_lane_count(cpu):
    values = np.array([TWO_24] + [1.0] * 255, dtype=F32)
    with using(on(cpu)):
        assert f32.sum_all(values) == SUM_256[cpu]
        lanes, reduce = f32.simd_layout()
        # the compiled kernel (large arrays) gives the same bits as the NumPy path
        assert kernels.sum_rows(values.reshape(1, -1), lanes, reduce)[0] == SUM_256[cpu]


# `[2^24]` then 4,194,303 ones: 64 chunks of 64 Ki. Chunk 0 is 2^24 and 65,535 ones: with L lanes
# each of the 8 * L accumulator lanes gets 65,536 / (8 L) elements; lane 0 of the first holds
# 2^24 and every one added to it is lost (2^24 + 1 rounds back), the others are exact. So chunk 0
# sums to 2^24 + 65,535 - (65,536 / (8 L) - 1); chunks 1-63 are 65,536 each, and every partial
# sum is exact (even, below 2^25), whatever the tree. AVX2 (L = 8) is the issue's 20970496.
SUM_4MI = {
    "avx2": 16777216 + 65535 - 1023 + 63 * 65536,
    "avx512": 16777216 + 65535 - 511 + 63 * 65536,
    "neon": 16777216 + 65535 - 2047 + 63 * 65536,
    "sse": 16777216 + 65535 - 2047 + 63 * 65536,
    "scalar": 16777216 + 65535 - 4095 + 63 * 65536,
}


@pytest.fixture(scope="module")
def two_24_then_4mi_ones() -> np.ndarray:
    values = np.ones(4 * 1024 * 1024, dtype=F32)
    values[0] = TWO_24
    return values


def test_the_issue_sum_of_4mi_elements_is_burns_on_avx2(two_24_then_4mi_ones):
    assert SUM_4MI["avx2"] == 20970496
    for threads in (1, 2, 3, 8):
        with using(on("avx2", threads)):
            assert f32.sum_all(two_24_then_4mi_ones) == 20970496


@pytest.mark.parametrize("cpu", CPUS)
def test_sum_of_4mi_elements_is_chunked_on_every_cpu(cpu, two_24_then_4mi_ones):
    with using(on(cpu)):
        assert f32.sum_all(two_24_then_4mi_ones) == SUM_4MI[cpu]


# -- Flex's sum: how the lanes are added ----------------------------------------------------------


def test_neon_adds_its_lanes_in_adjacent_pairs():
    # One whole 4-lane vector [2^24, 1, 1, 1]: NEON's vaddvq is (2^24 + 1) + (1 + 1) = 2^24 + 2;
    # SSE's fold in lane order loses each 1 (2^24 + 1 rounds to 2^24).
    values = np.array([TWO_24, 1.0, 1.0, 1.0], dtype=F32)
    with using(on("neon")):
        assert f32.sum_all(values) == TWO_24 + 2
    with using(on("sse")):
        assert f32.sum_all(values) == TWO_24


def test_avx512_adds_its_lanes_by_halving_the_vector():
    # One whole 16-lane vector: 2^24 in lane 0, ones in lanes 1 and 9. Halving adds lane 1 to
    # lane 9 first (2), then 2^24 + 2 is exact; in lane order both ones would be lost.
    values = np.zeros(16, dtype=F32)
    values[[0, 1, 9]] = [TWO_24, 1.0, 1.0]
    with using(on("avx512")):
        assert f32.sum_all(values) == TWO_24 + 2
        assert kernels.sum_rows(values.reshape(1, -1), *f32.simd_layout())[0] == TWO_24 + 2


# -- Flex's sum: rayon's tree of chunk sums -------------------------------------------------------


def test_rayon_tree_follows_the_thread_count():
    # rayon splits while its budget (the thread count, halved each level) lasts, folds each
    # piece in order from -0.0 and adds the halves. [2^24, 1 x 7]:
    # 1 thread: [2^24 1 1 1] [1 1 1 1] -> 2^24 + 4; 2 threads: four pairs -> (2^24 + 2) + 4;
    # 4 threads: eight singletons -> ((2^24 + 1) + 2) + 4 = 2^24 + 6 as well.
    values = np.array([TWO_24] + [1.0] * 7, dtype=F32)
    assert f32.rayon_sum(values, 1) == TWO_24 + 4
    assert f32.rayon_sum(values, 2) == TWO_24 + 6
    assert f32.rayon_sum(values, 4) == TWO_24 + 6


def test_large_sum_combines_chunks_as_rayon_does_for_the_thread_count():
    # 64 chunks: chunk 0 holds 2^24, chunks 1-63 one 1.0 each (every chunk sum is exact).
    # 1 thread: halves of 32 -> (2^24, +31 lost) + 32 = 2^24 + 32. 2 threads: quarters of 16
    # -> (2^24 + 16) + (16 + 16) = 2^24 + 48. 4 threads: eighths of 8 -> 2^24 + 56.
    values = np.zeros(64 * 65536, dtype=F32)
    values[0] = TWO_24
    values[65536::65536] = 1.0
    expected = {1: TWO_24 + 32, 2: TWO_24 + 48, 4: TWO_24 + 56}
    for threads, total in expected.items():
        with using(on("avx2", threads)):
            assert f32.sum_all(values) == total


def test_sum_below_4mi_elements_does_not_depend_on_threads():
    values = np.zeros(4 * 1024 * 1024 - 1, dtype=F32)
    values[0] = TWO_24
    values[65536::65536] = 1.0
    sums = set()
    for threads in (1, 2, 4):
        with using(on("avx2", threads)):
            sums.add(float(f32.sum_all(values)))
    assert len(sums) == 1


# -- powf_scalar --------------------------------------------------------------------------------


def test_powf_scalar_backward_takes_p_minus_one_in_f64():
    pb.reset()
    x = pb.Tensor.from_floats([10.0], DEV).require_grad()
    grads = x.powf_scalar(0.09).sum().backward()
    grad = x.grad(grads).to_vec()[0]
    assert bits(grad) == bits(F32(0.011072419))  # Burn, from the issue
    assert bits(grad) != bits(F32(0.0110724205))  # p - 1 taken in f32


def test_powf_scalar_asks_whether_the_f64_exponent_is_whole():
    # 2.0000001 rounds to 2.0 in f32, but as the f64 Burn keeps it is not whole: one powf node,
    # whose backward is powf(x, f32(1.0000001)) * f32(2.0000001), not x + x.
    pb.reset()
    x = pb.Tensor.from_floats([3.0], DEV).require_grad()
    y = x.powf_scalar(2.0000001)
    assert y.node_id == x.node_id + 1
    assert pb.Tensor.zeros([1], DEV).node_id == y.node_id + 1
    grad = x.grad(y.sum().backward()).to_vec()[0]
    libm_powf = LIBM.powf
    libm_powf.restype = ctypes.c_float
    libm_powf.argtypes = [ctypes.c_float, ctypes.c_float]
    expected = F32(F32(libm_powf(3.0, float(F32(1.0000001)))) * F32(2.0000001))
    assert bits(grad) == bits(expected)
    assert grad != 6.0


def test_powf_scalar_zero_is_one_new_untracked_node():
    pb.reset()
    x = pb.Tensor.from_floats([float("inf"), -2.0, float("nan"), 0.0], DEV).require_grad()
    y = x.powf_scalar(0.0)
    assert y.to_vec() == [1.0, 1.0, 1.0, 1.0]
    assert not y.is_tracked()
    assert y.node_id == x.node_id + 1
    assert pb.Tensor.zeros([1], DEV).node_id == x.node_id + 2, "later NodeIds must not shift"
    z = (x * 2.0).sum() + y.sum()
    assert x.grad(z.backward()).to_vec() == [2.0] * 4  # nothing flows back through y
    pb.reset()
    x = pb.Tensor.from_floats([1.5], DEV).require_grad()
    grads = (x.powf_scalar(-0.0) * x).sum().backward()
    assert x.grad(grads).to_vec() == [1.0]


def test_powf_scalar_zero_gives_x_no_gradient():
    pb.reset()
    x = pb.Tensor.from_floats([3.0], DEV).require_grad()
    w = pb.Tensor.from_floats([2.0], DEV).require_grad()
    grads = (x.powf_scalar(0.0) * w).sum().backward()
    assert x.grad(grads) is None
    assert w.grad(grads).to_vec() == [1.0]


# -- relu -----------------------------------------------------------------------------------------

RELU_IN = [-0.0, float("nan"), -1.0, 0.0, 2.0, float("-inf"), float("inf"), -1e-45]


def test_relu_keeps_negative_zero_in_a_debug_build():
    with using(on("avx2", build="debug")):
        out = f32.relu(np.array(RELU_IN, dtype=F32))
    # Rust's max returns the other operand for NaN; fmaxf keeps -0.0 against +0.0
    assert out.tolist() == [0.0, 0.0, 0.0, 0.0, 2.0, 0.0, float("inf"), 0.0]
    assert np.signbit(out).tolist() == [True] + [False] * 7


def test_relu_gives_positive_zero_at_opt_level_3():
    with using(on("avx2", build="release")):
        out = f32.relu(np.array(RELU_IN, dtype=F32))
    assert out.tolist() == [0.0, 0.0, 0.0, 0.0, 2.0, 0.0, float("inf"), 0.0]
    assert not np.signbit(out).any()


def test_relu_op_follows_the_build_and_its_gradient_does_not():
    for build, negative in (("debug", True), ("release", False)):
        with using(on("avx512", build=build)):
            pb.reset()
            x = pb.Tensor.from_floats([-0.0, 3.0], DEV).require_grad()
            y = x.relu()
            assert bool(np.signbit(y.to_vec()[0])) is negative
            assert x.grad(y.sum().backward()).to_vec() == [0.0, 1.0]


# -- the C library's functions on every path ---------------------------------------------------


def _libm(name: str, arity: int):
    function = getattr(LIBM, name)
    function.restype = ctypes.c_float
    function.argtypes = [ctypes.c_float] * arity
    return function


SPECIALS = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    np.inf,
    -np.inf,
    np.nan,
    1e-45,
    -1e-45,
    1e-38,
    88.72,
    89.0,
    -103.9,
    -104.0,
    3.4e38,
    -3.4e38,
    0.5,
    1e-7,
    20.0,
    -20.0,
]


def _inputs(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = np.concatenate([rng.standard_normal(n) * 30, rng.uniform(-1, 1, n) * 1e-3])[:n]
    values = values.astype(F32)
    values[: min(n, len(SPECIALS))] = np.array(SPECIALS, dtype=F32)[: min(n, len(SPECIALS))]
    return values


@pytest.mark.parametrize("n", [1, 20, 1000, 5000, 70_000])
@pytest.mark.parametrize(("name", "c_name"), [("exp", "expf"), ("log", "logf"), ("tanh", "tanhf")])
def test_elementwise_functions_are_libms_bits_at_every_size(name, c_name, n):
    values = _inputs(n, n)
    function = _libm(c_name, 1)
    expected = np.array([function(float(v)) for v in values], dtype=F32)
    got = getattr(f32, name)(values)
    assert got.view(np.uint32).tolist() == expected.view(np.uint32).tolist()


@pytest.mark.parametrize("n", [1, 20, 1000, 70_000])
@pytest.mark.parametrize("p", [0.5, -1.5, 3.0, 0.09, 1e-3])
def test_powf_is_libms_bits_at_every_size(p, n):
    values = np.abs(_inputs(n, n + 1))
    values[::7] *= -1  # negative bases: NaN for a fractional p
    function = _libm("powf", 2)
    expected = np.array([function(float(v), float(F32(p))) for v in values], dtype=F32)
    got = f32.powf(values, p)
    assert got.view(np.uint32).tolist() == expected.view(np.uint32).tolist()


def test_parallel_kernel_only_on_large_arrays():
    assert 10_000 < f32.PARALLEL <= 1 << 20


# What a fresh process computes through ctypes before numba loads, and whether it loads it.
_FRESH = """
import sys, numpy as np
from pbpit.engine import f32
values = np.array({words!r}, dtype=np.uint32).view(np.float32)
out = f32.{name}(values)
print(out.view(np.uint32).tolist())
print("numba" in sys.modules)
"""


def _fresh(name: str, values: list[float]) -> tuple[list[int], bool]:
    words = np.array(values, dtype=F32).view(np.uint32).tolist()
    code = _FRESH.format(words=words, name=name)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    lines = done.stdout.splitlines()
    return eval(lines[0]), lines[1] == "True"  # noqa: S307 (our own child's list of ints)


def test_tiny_arrays_use_ctypes_libm_without_loading_numba():
    values = [float(v) for v in SPECIALS]
    got, loaded = _fresh("exp", values)
    expf = _libm("expf", 1)
    assert got == [bits(F32(expf(v))) for v in values]
    assert not loaded


def test_a_larger_array_loads_numba_and_gives_the_same_bits():
    values = [float(v) for v in _inputs(3000, 5)]
    got, loaded = _fresh("tanh", values)
    tanhf = _libm("tanhf", 1)
    assert got == [bits(F32(tanhf(v))) for v in values]
    assert loaded


# -- std-only Rust reimplementations, compiled with rustc ----------------------------------------

RUST = r"""
use std::io::Read;

// macerator's sum kernel with `lanes` f32 lanes: 8 accumulators over blocks of 8 vectors.
fn lanes_sum(v: &[f32], reduce: u32) -> f32 {
    match reduce {
        0 => { let mut t = v[0]; for x in &v[1..] { t += *x; } t }
        1 => {
            #[cfg(target_arch = "x86_64")]
            if v.len() == 16 && std::is_x86_feature_detected!("avx512f") {
                return unsafe { real_avx512(v) };
            }
            let mut w = v.to_vec();
            while w.len() > 1 {
                let h = w.len() / 2;
                w = (0..h).map(|i| w[i] + w[i + h]).collect();
            }
            w[0]
        }
        _ => {
            let mut w = v.to_vec();
            while w.len() > 1 { w = w.chunks(2).map(|p| p[0] + p[1]).collect(); }
            w[0]
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn real_avx512(v: &[f32]) -> f32 {
    use std::arch::x86_64::*;
    _mm512_reduce_add_ps(_mm512_loadu_ps(v.as_ptr()))
}

fn simd_sum(xs: &[f32], lanes: usize, reduce: u32) -> f32 {
    let mut acc = vec![vec![0.0f32; lanes]; 8];
    let mut i = 0;
    while xs.len() - i >= 8 * lanes {
        for a in 0..8 { for l in 0..lanes { acc[a][l] += xs[i + a * lanes + l]; } }
        i += 8 * lanes;
    }
    let mut v: Vec<f32> = (0..lanes).map(|l| {
        ((acc[0][l] + acc[1][l]) + (acc[2][l] + acc[3][l]))
            + ((acc[4][l] + acc[5][l]) + (acc[6][l] + acc[7][l]))
    }).collect();
    while xs.len() - i >= lanes {
        for l in 0..lanes { v[l] += xs[i + l]; }
        i += lanes;
    }
    lanes_sum(&v, reduce) + xs[i..].iter().copied().sum::<f32>()
}

// rayon 1.12's splitter with no steal, its SumFolder and SumConsumer's reduce.
fn tree(sums: &[f32], splits: usize) -> f32 {
    if sums.len() / 2 >= 1 && splits > 0 {
        let (l, r) = sums.split_at(sums.len() / 2);
        let (a, b) = (tree(l, splits / 2), tree(r, splits / 2));
        return [a, b].into_iter().sum();
    }
    let folded: f32 = sums.iter().copied().sum();
    [-0.0f32, folded].into_iter().sum()
}

fn flex_sum(xs: &[f32], lanes: usize, reduce: u32, threads: usize) -> f32 {
    if xs.len() >= 4 * 1024 * 1024 {
        let sums: Vec<f32> = xs.chunks(64 * 1024).map(|c| simd_sum(c, lanes, reduce)).collect();
        return tree(&sums, threads);
    }
    simd_sum(xs, lanes, reduce)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    match args[1].as_str() {
        "sum" => {
            let mut raw = Vec::new();
            std::fs::File::open(&args[2]).unwrap().read_to_end(&mut raw).unwrap();
            let xs: Vec<f32> =
                raw.chunks(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
            for (lanes, reduce) in [(16usize, 1u32), (8, 0), (4, 0), (4, 2), (2, 0)] {
                for threads in [1usize, 2, 3, 4] {
                    println!("{}", flex_sum(&xs, lanes, reduce, threads).to_bits());
                }
            }
        }
        "powf" => {
            let x: f32 = args[2].parse().unwrap();
            let p: f64 = args[3].parse().unwrap();
            // Flex's scalar_op takes `scalar as f32`; Burn's backward takes p - 1 in f64.
            let grad = x.powf((p - 1.0) as f32) * (p as f32);
            println!("{}", grad.to_bits());
        }
        _ => {
            let mut v: Vec<f32> =
                vec![-0.0, f32::NAN, -1.0, 0.0, 2.0, f32::NEG_INFINITY, f32::INFINITY, -1e-45];
            v = std::hint::black_box(v);
            for x in v.iter_mut() { *x = x.max(0.0); }
            println!("{}", v.iter().map(|x| x.to_bits().to_string()).collect::<Vec<_>>().join(" "));
        }
    }
}
"""


@pytest.fixture(scope="module")
def rust_bits(tmp_path_factory) -> dict[str, Path]:
    if shutil.which("rustc") is None:
        pytest.skip("rustc is not installed")
    where = tmp_path_factory.mktemp("rust_bits")
    source = where / "bits.rs"
    source.write_text(RUST)
    built = {}
    for level in ("0", "3"):
        binary = where / f"bits_o{level}"
        subprocess.run(
            [
                "rustc",
                "--edition",
                "2021",
                "-C",
                f"opt-level={level}",
                "-o",
                str(binary),
                str(source),
            ],
            check=True,
            capture_output=True,
            timeout=300,
        )
        built[level] = binary
    return built


RUST_ORDER = [("avx512", 16), ("avx2", 8), ("sse", 4), ("neon", 4), ("scalar", 2)]


@pytest.mark.parametrize(
    "n", [0, 1, 5, 15, 16, 17, 63, 64, 100, 127, 128, 129, 255, 256, 1000, 4099, 4 * 2**20 + 12345]
)
@pytest.mark.parametrize("path", ["numpy", "compiled"])
def test_sum_equals_a_rust_reimplementation_on_every_cpu_and_thread_count(
    rust_bits, tmp_path, n, path, monkeypatch
):
    # Small sums run in NumPy until numba is loaded, then in the compiled kernel: both orders.
    if path == "compiled":
        f32.kernels()
    else:
        monkeypatch.delitem(sys.modules, "pbpit.engine.kernels", raising=False)
    rng = np.random.default_rng(n)
    values = (rng.standard_normal(n) * np.exp(rng.uniform(-8, 12, n))).astype(F32)
    data = tmp_path / "values.f32"
    data.write_bytes(values.astype("<f4").tobytes())
    done = subprocess.run(
        [str(rust_bits["3"]), "sum", str(data)], capture_output=True, text=True, check=True
    )
    expected = [int(line) for line in done.stdout.split()]
    got = []
    for cpu, _ in RUST_ORDER:
        for threads in (1, 2, 3, 4):
            with using(on(cpu, threads)):
                got.append(bits(f32.sum_all(values)))
    assert got == expected


@pytest.mark.parametrize(("x", "p"), [(10.0, 0.09), (3.0, 2.0000001), (0.7, -1.3), (5.0, 0.5)])
def test_powf_scalar_gradient_equals_rusts(rust_bits, x, p):
    done = subprocess.run(
        [str(rust_bits["0"]), "powf", repr(x), repr(p)], capture_output=True, text=True, check=True
    )
    pb.reset()
    t = pb.Tensor.from_floats([x], DEV).require_grad()
    grad = t.grad(t.powf_scalar(p).sum().backward()).to_vec()[0]
    assert bits(grad) == int(done.stdout)


@pytest.mark.parametrize(("level", "build"), [("0", "debug"), ("3", "release")])
def test_relu_equals_rusts_max_in_each_build(rust_bits, level, build):
    done = subprocess.run(
        [str(rust_bits[level]), "relu"], capture_output=True, text=True, check=True
    )
    with using(on("avx2", build=build)):
        got = f32.relu(np.array(RELU_IN, dtype=F32)).view(np.uint32).tolist()
    assert got == [int(word) for word in done.stdout.split()]
