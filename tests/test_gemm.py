"""matmul as Burn's Flex backend gets it from the gemm crate: the k order of each path, FMA, and
the same bits on every thread count.

Expected values are derived by hand from gemm's source (its blocked, horizontal and
matrix-vector kernels), or computed here by an independent oracle: NumPy float64 with an exact
fused multiply-add (the product is exact in float64; TwoSum keeps the sum's error, and the one
rounding to float32 is corrected where float64 landed on a float32 midpoint)."""

from __future__ import annotations

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import f32, gemm
from pbpit.engine.gemm import L1Cache, kernel_kc

F32 = np.float32
BIG = F32(2**24)


@pytest.fixture(autouse=True)
def measured_hosts_l1(monkeypatch):
    """The L1 data cache of the host real Burn's figures were measured on (32 KiB, 8-way, 64-byte
    lines: gemm's k blocks of 512), whatever this machine's is: a 48 KiB 12-way L1 gives gemm
    other blocks, and these tests check pbpit's model against those figures."""
    monkeypatch.setattr(gemm, "_host_l1", gemm.L1Cache())


def bits(x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x, dtype=F32).view(np.uint32)


def fma32(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    """float32 fma(a, b, c), exactly rounded once (elementwise)."""
    p = a.astype(np.float64) * b.astype(np.float64)
    c = np.asarray(c, dtype=np.float64)
    s = p + c
    v = s - p
    err = (p - (s - v)) + (c - v)
    r = s.astype(F32)
    up = np.nextafter(r, F32(np.inf))
    down = np.nextafter(r, F32(-np.inf))
    mid_up = (r.astype(np.float64) + up.astype(np.float64)) / 2
    mid_down = (r.astype(np.float64) + down.astype(np.float64)) / 2
    r = np.where((s == mid_up) & (err > 0), up, r)
    r = np.where((s == mid_down) & (err < 0), down, r)
    return r.astype(F32)


def blocked_oracle(a: np.ndarray, b: np.ndarray, kc: int) -> np.ndarray:
    """gemm's blocked path: per k block an fma chain from +0.0; the blocks added in order."""
    m, k = a.shape
    total = None
    for k0 in range(0, k, kc):
        acc = np.zeros((m, b.shape[1]), dtype=F32)
        for p in range(k0, min(k0 + kc, k)):
            acc = fma32(a[:, p : p + 1], b[p : p + 1, :], acc)
        total = acc if total is None else (total + acc).astype(F32)
    return total


def horizontal_oracle(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """gemm's horizontal kernel: per block of 1024, lane l an fma chain over k = l mod 8, the
    lanes added as ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)); the blocks added in order."""
    m, k = a.shape
    total = None
    for k0 in range(0, k, 1024):
        lanes = [np.zeros((m, b.shape[1]), dtype=F32) for _ in range(8)]
        for p in range(k0, min(k0 + 1024, k)):
            lanes[p % 8] = fma32(a[:, p : p + 1], b[p : p + 1, :], lanes[p % 8])
        l0, l1, l2, l3, l4, l5, l6, l7 = lanes
        block = ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))
        total = block if total is None else (total + block).astype(F32)
    return total


def tensor(array: np.ndarray, grad: bool = False) -> pb.Tensor:
    t = pb.Tensor.from_floats(array, pb.Device.flex().autodiff())
    return t.require_grad() if grad else t


def issue_rhs(n: int, k: int = 1024) -> np.ndarray:
    b = np.ones((k, n), dtype=F32)
    b[0] = BIG
    return b


# -- the issue's inputs --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 100])
def test_ones_times_a_big_first_row_sums_k_in_blocks_of_512(n):
    # 2^24 + 511 ones in the first block stays 2^24 (each +1 is a tie to even); the second block
    # of 512 ones is added whole: 2^24 + 512. One chain over all of k would give 2^24.
    out = tensor(np.ones((2, 1024), dtype=F32)).matmul(tensor(issue_rhs(n)))
    assert out.array.tolist() == [[16777728.0] * n] * 2


@pytest.mark.parametrize("native", [True, False])
def test_the_kernels_give_the_issues_value_with_and_without_a_c_compiler(native):
    out = gemm.matmul(np.ones((2, 1024), dtype=F32), issue_rhs(2), native=native)
    assert out.tolist() == [[16777728.0] * 2] * 2


DOT_LHS = np.array([[1 + 2**-23, 1 + 2**-23, 0.0]], dtype=F32)
DOT_RHS = np.array([1.0, 2**-24 * (1 - 2**-23), 0.0], dtype=F32)


def test_a_dot_product_is_one_fused_chain():
    # fma(1+2^-23, 2^-24(1-2^-23), 1+2^-23) is just below the tie at 1+2^-23+2^-24, so it rounds
    # down to 1+2^-23; rounding the product first (or the sum in float64 first) gives 1+2^-22.
    rhs = np.stack([DOT_RHS, DOT_RHS], axis=1)  # [3, 2]: gemm's matrix-vector kernel
    out = tensor(DOT_LHS).matmul(tensor(rhs))
    assert out.array.tolist() == [[float(F32(1 + 2**-23))] * 2]
    assert repr(out.array[0, 0]) == "np.float32(1.0000001)"


def test_the_dot_product_inside_a_large_product_takes_the_blocked_path_and_fuses():
    lhs = np.zeros((70, 3), dtype=F32)
    lhs[0] = DOT_LHS[0]
    rhs = np.zeros((3, 70), dtype=F32)
    rhs[:, 0] = DOT_RHS
    assert gemm.plan(70, 70, 3, (3, 1), (70, 1)).path == "blocked"
    assert f32.matmul(lhs, rhs)[0, 0] == F32(1 + 2**-23)


def test_a_single_output_with_contiguous_operands_takes_the_horizontal_tree():
    # [1, 3] @ [3, 1]: gemm's horizontal kernel puts k = 0 and k = 1 in different lanes and adds
    # them after rounding each: (1+2^-23) + 2^-24 is a tie, to even: 1+2^-22.
    out = tensor(DOT_LHS).matmul(tensor(DOT_RHS.reshape(3, 1)))
    assert gemm.plan(1, 1, 3, (3, 1), (1, 1)).path == "horizontal"
    assert out.array[0, 0] == F32(1 + 2**-22)


def test_the_horizontal_tree_adds_lanes_in_gemms_order():
    # a [2, 16] row-major by the transpose of a [3, 16] row-major: lane 0 holds k = 0 and 8
    # (2^24, then +1 lost); lanes 1..7 hold 2 each; ((l0+l4)+(l2+l6)) + ((l1+l5)+(l3+l7)).
    a = np.ones((2, 16), dtype=F32)
    a[:, 0] = BIG
    w = np.ones((3, 16), dtype=F32)
    assert gemm.plan(2, 3, 16, (16, 1), (1, 16)).path == "horizontal"
    assert f32.matmul(a, w.T).tolist() == [[16777230.0] * 3] * 2


# -- gemm's k blocks ---------------------------------------------------------------------------


def test_kernel_params_evens_the_k_blocks_out():
    fma = gemm.KERNELS["avx2"]
    eight_way = L1Cache(32 * 1024, 64, 8)
    assert kernel_kc(1024, fma, eight_way) == 512
    assert kernel_kc(784, fma, eight_way) == 392
    assert kernel_kc(1030, fma, eight_way) == 344  # three blocks: 344, 344, 342
    assert kernel_kc(300, fma, eight_way) == 300
    # a 48 KiB 12-way L1: 64 sets, 12 ways for one panel of 16 rows: 16 x 64 = 1024
    assert kernel_kc(3000, fma, L1Cache(48 * 1024, 64, 12)) == 1000


def test_outputs_past_64_by_64_use_the_even_blocks():
    # k = 784 with 100 columns: two blocks of 392, so 2^24 + 391 ones then 392 ones
    out = f32.matmul(np.ones((2, 784), dtype=F32), issue_rhs(100, 784))
    assert (out == F32(2**24 + 392)).all()
    # up to 64 x 64 outputs: blocks of 512 and 272
    out = f32.matmul(np.ones((2, 784), dtype=F32), issue_rhs(3, 784))
    assert (out == F32(2**24 + 272)).all()


def test_k_of_at_most_2_rounds_the_products_then_adds():
    a = np.array([[1 + 2**-23, 1.0]], dtype=F32)
    b = np.array([[1 + 2**-23, 1 + 2**-23], [2**-24, 2**-24]], dtype=F32)
    # (1+2^-23)^2 rounds to 1+2^-22; + 2^-24 then stays 1+2^-22 (an fma would give the same
    # here, so check the product's rounding on its own too)
    assert f32.matmul(a, b).tolist() == [[float(F32(1 + 2**-22))] * 2]
    a1 = np.array([[1 + 2**-12]], dtype=F32)
    assert f32.matmul(a1, a1.copy())[0, 0] == F32((1 + 2**-12) ** 2)


# -- every shape, every layout, every thread count ----------------------------------------------


SHAPES = [
    (7, 33, 65),  # off every tile edge
    (64, 600, 64),  # the small outputs' blocks of 512, k past one block
    (65, 1030, 2),  # kernel_params' even blocks (344, 344, 342)
    (97, 129, 70),
]


@pytest.mark.parametrize(("m", "k", "n"), SHAPES)
@pytest.mark.parametrize("layout", ["nn", "tn", "nt"])
def test_random_products_match_the_oracle_on_every_layout(m, k, n, layout):
    rng = np.random.default_rng(m * 1000 + k + n)
    a = rng.standard_normal((m, k)).astype(F32)
    b = rng.standard_normal((k, n)).astype(F32)
    a_view = np.ascontiguousarray(a.T).T if layout == "tn" else a
    b_view = np.ascontiguousarray(b.T).T if layout == "nt" else b
    chosen = gemm.plan(m, n, k, gemm.burn_view(a_view)[1], gemm.burn_view(b_view)[1], "avx2")
    # a row-major `a` by a column-major `b` is the horizontal kernel's, up to 256 outputs
    if layout == "nt" and m * n <= 256:
        assert chosen.path == "horizontal"
        expected = horizontal_oracle(a, b)
    else:
        assert chosen.path == "blocked"
        expected = blocked_oracle(a, b, chosen.kc)
    for threads in (1, 2):
        assert (bits(gemm.matmul(a_view, b_view, threads=threads)) == bits(expected)).all()


def test_one_and_two_threads_and_the_numba_fallback_agree_to_the_bit():
    rng = np.random.default_rng(7)
    a = rng.standard_normal((301, 517)).astype(F32)
    b = rng.standard_normal((517, 203)).astype(F32)
    one = gemm.matmul(a, b, threads=1)
    assert (bits(gemm.matmul(a, b, threads=2)) == bits(one)).all()
    assert (bits(gemm.matmul(a, b, threads=2, native=False)) == bits(one)).all()
    # k = 517 past 64 x 64 outputs: two even blocks of 259 and 258
    assert (bits(one) == bits(blocked_oracle(a, b, 259))).all()


def test_a_row_vector_takes_one_chain_over_all_of_k():
    rng = np.random.default_rng(3)
    a = rng.standard_normal((1, 700)).astype(F32)
    b = rng.standard_normal((700, 90)).astype(F32)
    assert gemm.plan(1, 90, 700, (700, 1), (90, 1)).path == "gemv_col"
    expected = (a[:, :1] * b[:1]).astype(F32)
    for p in range(1, 700):
        expected = fma32(a[:, p : p + 1], b[p : p + 1], expected)
    assert (bits(f32.matmul(a, b)) == bits(expected)).all()


# -- the backward, through the public API ---------------------------------------------------------


def test_the_weight_gradient_sums_the_batch_in_gemms_blocks():
    # grad_w = x^T @ ones: x's first column is 2^24 then 1023 ones (the batch), so each entry is
    # 2^24 + 512 (blocks of 512), not the 2^24 of one chain
    x = np.ones((1024, 2), dtype=F32)
    x[0, 0] = BIG
    w = tensor(np.full((2, 3), 0.5, dtype=F32), grad=True)
    grads = tensor(x).matmul(w).sum().backward()
    assert w.grad(grads).array.tolist() == [[16777728.0] * 3, [1024.0] * 3]


def test_the_input_gradient_is_the_grad_times_the_transposed_weight():
    rng = np.random.default_rng(11)
    x = tensor(rng.standard_normal((80, 300)).astype(F32), grad=True)
    w_array = rng.standard_normal((300, 90)).astype(F32)
    w = tensor(w_array, grad=True)
    grads = x.matmul(w).sum().backward()
    # grad = ones [80, 90]; grad @ w^T: k = 90, one block; w^T is a strided view
    expected = blocked_oracle(np.ones((80, 90), dtype=F32), w_array.T, 90)
    assert (bits(x.grad(grads).array) == bits(expected)).all()


def test_a_broadcast_gradient_is_read_as_the_contiguous_tensor_burn_makes():
    # sum's backward in Burn is `ones * grad`, a contiguous [1, 1]; with y = [[-0.0]] the
    # horizontal kernel's lane starts at +0.0, and fma(1, -0.0, +0.0) is +0.0
    x = tensor(np.zeros((1, 1), dtype=F32), grad=True)
    grads = x.matmul(tensor(np.array([[-0.0]], dtype=F32))).sum().backward()
    got = x.grad(grads).array
    assert got.tolist() == [[0.0]] and not np.signbit(got[0, 0])
