"""Burn's random stream (pbpit.engine.random) against values published outside pbpit.

Expected values: chacha20 0.10's tests/rng.rs (the IETF ChaCha20 vectors), rand 0.10's
src/rngs/std.rs tests (ChaCha12 `StdRng`), rand_core 0.10's `test_seed_from_u64`, rand 0.10's and
rand_distr 0.6's `value_stability` tests (driven by rand_pcg's `Pcg32`, rebuilt below from
rand_pcg's source), rand_distr 0.6's src/ziggurat_tables.rs. Which call draws what, and in which
order, is read from Burn 0.22 (burn-flex `float_random`, burn-std `TensorData::random`, burn-core
`Initializer`, burn-nn `LinearConfig::init`); docs/RANDOM.md.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import pbpit as pb
from pbpit.engine import random as rnd

M64 = (1 << 64) - 1


class Pcg32:
    """rand_pcg's `Lcg64Xsh32::new(state, stream)` with the stream rand's tests use."""

    def __init__(self, state: int, stream: int = 11634580027462260723) -> None:
        self.inc = ((stream << 1) | 1) & M64
        self.state = (state + self.inc) & M64
        self._step()
        self.buffer: list[int] = []

    def _step(self) -> None:
        self.state = (self.state * 6364136223846793005 + self.inc) & M64

    def _next(self) -> int:
        s = self.state
        self._step()
        x, r = (((s >> 18) ^ s) >> 27) & 0xFFFFFFFF, s >> 59
        return ((x >> r) | (x << ((32 - r) & 31))) & 0xFFFFFFFF

    def peek(self, n: int) -> np.ndarray:
        while len(self.buffer) < n:
            self.buffer.append(self._next())
        return np.array(self.buffer[:n], dtype=np.uint32)

    def skip(self, n: int) -> None:
        self.peek(n)
        del self.buffer[:n]

    def words(self, n: int) -> np.ndarray:
        out = self.peek(n)
        self.skip(n)
        return out

    def next_u64(self) -> int:
        lo, hi = (int(w) for w in self.words(2))
        return lo | (hi << 32)

    def u64s(self, n: int) -> np.ndarray:
        pairs = self.words(2 * n).astype(np.uint64).reshape(n, 2)
        return pairs[:, 0] | (pairs[:, 1] << np.uint64(32))


class Words:
    """A source of fixed words (rand's `const_rng` / `StepRng(x, 0)` for u32 reads)."""

    def __init__(self, word: int) -> None:
        self.word = word

    def words(self, n: int) -> np.ndarray:
        return np.full(n, self.word, dtype=np.uint32)


def scalar_chacha_words(key: bytes, count: int, rounds: int = 12) -> list[int]:
    """The ChaCha keystream word by word, written out from RFC 8439 without NumPy."""
    rotl = lambda v, r: ((v << r) | (v >> (32 - r))) & 0xFFFFFFFF  # noqa: E731
    out: list[int] = []
    block = 0
    while len(out) < count:
        s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
        s += [int.from_bytes(key[i : i + 4], "little") for i in range(0, 32, 4)]
        s += [block & 0xFFFFFFFF, block >> 32, 0, 0]
        x = list(s)
        for _ in range(rounds // 2):
            for a, b, c, d in (
                (0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14),
            ):  # fmt: skip
                x[a] = (x[a] + x[b]) & 0xFFFFFFFF
                x[d] = rotl(x[d] ^ x[a], 16)
                x[c] = (x[c] + x[d]) & 0xFFFFFFFF
                x[b] = rotl(x[b] ^ x[c], 12)
                x[a] = (x[a] + x[b]) & 0xFFFFFFFF
                x[d] = rotl(x[d] ^ x[a], 8)
                x[c] = (x[c] + x[d]) & 0xFFFFFFFF
                x[b] = rotl(x[b] ^ x[c], 7)
        out += [(v + w) & 0xFFFFFFFF for v, w in zip(x, s, strict=True)]
        block += 1
    return out[:count]


def f32s(*values: float) -> list[float]:
    return [float(np.float32(v)) for v in values]


# -- the generator -------------------------------------------------------------------------------


def test_chacha20_block_matches_the_ietf_vectors_in_chacha20s_tests():
    words = rnd.chacha_blocks(bytes(32), 0, 2, rounds=20)
    assert [int(w) for w in words[:4]] == [0xADE0B876, 0x903DF1A0, 0xE56A5D40, 0x28BD8653]
    assert int(words[15]) == 0x8665EEB2
    assert [int(w) for w in words[16:18]] == [0xBEE7079F, 0x7A385155]
    key = bytes.fromhex("00" * 31 + "01")
    assert int(rnd.chacha_blocks(key, 1, 1, rounds=20)[0]) == 0x2452EB3A


def test_std_rng_is_chacha12_as_rands_std_tests_publish():
    seed = bytes([1, 0, 0, 0, 23, 0, 0, 0, 200, 1, 0, 0, 210, 30, 0, 0] + [0] * 16)
    rng = rnd.StdRng.from_seed(seed)
    assert rng.next_u64() == 10719222850664546238
    assert rnd.StdRng(rng.fill_bytes(32)).next_u64() == 14064965282130556830
    rng = rnd.StdRng(bytes(32))
    data = rng.fill_bytes(32)
    assert int.from_bytes(data[:16], "little") == 0xD583265F12CE1F8153F955076A9AF49B
    assert int.from_bytes(data[16:], "little") == 0x5F15AE2EA589007E1474E049BBC32904
    assert rng.word_pos == 8
    one = rnd.StdRng(bytes([1] + [0] * 31)).fill_bytes(16)
    assert int.from_bytes(one, "little") == 0x9A225CDF090F0EEF6B0565D596E0512


def test_the_block_counter_carries_into_its_high_word_as_rands_counter_test_says():
    words = rnd.chacha_blocks(bytes(32), 0xFFFFFFFF, 2).astype("<u4").tobytes()
    assert int.from_bytes(words[:16], "little") == 0xF106E2FCBB524248292AC9F150AFA6D7
    assert int.from_bytes(words[64:80], "little") == 0xE5F4F4A8B8810524264D8911DC537BCC


def test_seed_from_u64_is_rand_cores_pcg32_expansion():
    # rand_core's value-breakage test: an 8-byte seed from seed_from_u64(0) read as a u64
    key = rnd.StdRng.seed_from_u64(0).key
    assert int.from_bytes(key[:8], "little") == 5029875928683246316


def test_words_run_on_across_reads_of_any_size_as_the_block_buffer_does():
    key = rnd.StdRng.seed_from_u64(42).key
    expected = scalar_chacha_words(key, 150)
    rng = rnd.StdRng.seed_from_u64(42)
    got = [rng.next_u32()] + [int(w) for w in rng.words(62)] + [rng.next_u64()]
    got += [int(w) for w in rng.words(85)]
    flat = got[:63] + [got[63] & 0xFFFFFFFF, got[63] >> 32] + got[64:]
    assert flat == expected and rng.word_pos == 150


# -- rand's samplers ----------------------------------------------------------------------------


def test_standard_uniform_f32_edges_and_value_stability_are_rands():
    assert rnd.standard_f32(Words(0), 1).tolist() == [0.0]
    assert rnd.standard_f32(Words(1 << 8), 1).tolist() == [2.0**-24]
    assert rnd.standard_f32(Words(0xFFFFFFFF), 1).tolist() == [1.0 - 2.0**-24]
    got = rnd.standard_f32(Pcg32(0x6F44F5646C2A7334), 3).tolist()
    assert got == f32s(0.0035963655, 0.7346052, 0.09778172)
    got = rnd.standard_f64(Pcg32(0x6F44F5646C2A7334), 3).tolist()
    assert got == [0.7346051961657583, 0.20298547462974248, 0.8166436635290655]


def test_uniform_f32_value_stability_is_rands():
    rng = Pcg32(897)
    rng.skip(3)  # rand's test first draws three `sample_single`s, one word each
    low, scale = rnd.uniform_f32(0.0, 1e-2)
    got = rnd.sample_uniform_f32(rng, low, scale, 3).tolist()
    assert got == f32s(0.008194133, 0.00398172, 0.007428536)


def test_bernoulli_value_stability_is_rands_and_p_one_draws_nothing():
    got = rnd.bernoulli(Pcg32(3), 0.4532, 10).astype(bool).tolist()
    assert got == [True, False, False, True, False, False, True, True, True, True]
    assert rnd.bernoulli(Words(0), 1.0, 4).tolist() == [1.0] * 4  # Words has no u64s


def test_standard_normal_and_normal_value_stability_are_rand_distrs():
    got = rnd.standard_normal(Pcg32(213), 4).tolist()
    assert got == [
        -0.11844188827977231, 0.7813779637772346, 0.06563993969580051, -1.1932899004186373,
    ]  # fmt: skip
    got = (2.0 + 0.5 * rnd.standard_normal(Pcg32(213), 4)).tolist()
    assert got == [1.940779055860114, 2.3906889818886174, 2.0328199698479, 1.4033550497906813]
    got = rnd.standard_normal(Pcg32(213), 4).astype(np.float32).tolist()
    assert got == f32s(-0.11844189, 0.781378, 0.06563994, -1.1932899)


def test_ziggurat_tables_match_rand_distrs_checked_in_values():
    x, f = rnd.ZIG_NORM_X, rnd.ZIG_NORM_F
    assert (x[0], x[1], x[2], x[255], x[256]) == (
        3.910757959537090045, 3.654152885361008796, 3.449278298560964462,
        0.215241895913273806, 0.0,
    )  # fmt: skip
    assert (f[0], f[94], f[256]) == (0.000477467764586655, 0.206405406398679298, 1.0)


# -- the backend's stream, as Flex and NdArray use it --------------------------------------------


def test_seeded_tensor_random_draws_burns_values_for_that_seed():
    dev = pb.Device.flex().autodiff()
    pb.seed(7)
    got = pb.Tensor.random([2, 2], pb.Distribution.Default, dev).to_vec()
    words = scalar_chacha_words(rnd.StdRng.seed_from_u64(7).key, 4)
    assert got == [(w >> 8) * 2.0**-24 for w in words]


def test_the_stream_goes_on_across_calls_and_reseeding_restarts_it():
    dev = pb.Device.flex()
    pb.seed(3)
    first = pb.Tensor.random([2], pb.Distribution.Uniform(-1.0, 1.0), dev).to_vec()
    second = pb.Tensor.random([3], pb.Distribution.Uniform(-1.0, 1.0), dev).to_vec()
    pb.seed(3)
    both = pb.Tensor.random([5], pb.Distribution.Uniform(-1.0, 1.0), dev).to_vec()
    assert first + second == both and first != second[:2]


def test_bernoulli_one_leaves_the_stream_where_it_was():
    dev = pb.Device.flex()
    pb.seed(5)
    assert pb.Tensor.random([3], pb.Distribution.Bernoulli(1.0), dev).to_vec() == [1.0] * 3
    after = pb.Tensor.random([2], pb.Distribution.Default, dev).to_vec()
    pb.seed(5)
    assert pb.Tensor.random([2], pb.Distribution.Default, dev).to_vec() == after


def test_linear_init_draws_weight_then_bias_when_first_used_with_kaiming_bounds():
    dev = pb.Device.flex().autodiff()
    pb.seed(11)
    layer = pb.LinearConfig(2, 3).init(dev)
    # init draws nothing (the params are lazy): this tensor takes the stream's first word
    first = pb.Tensor.random([1], pb.Distribution.Default, dev).to_vec()
    weight = layer.weight.val().to_vec()
    bias = layer.bias.val().to_vec()
    bound = math.sqrt(3.0) * (1.0 / math.sqrt(3.0)) * (1.0 / math.sqrt(2.0))
    low, scale = rnd.uniform_f32(-bound, bound)
    words = scalar_chacha_words(rnd.StdRng.seed_from_u64(11).key, 10)
    assert first == [(words[0] >> 8) * 2.0**-24]
    values = rnd.sample_uniform_f32(Fixed(words[1:]), low, scale, 9).tolist()
    assert weight == values[:6] and bias == values[6:]


class Fixed:
    """Given words, in order."""

    def __init__(self, words: list[int]) -> None:
        self.values = np.array(words, dtype=np.uint32)

    def words(self, n: int) -> np.ndarray:
        return self.values[:n]


def test_distribution_errors_are_burns_panics_and_leave_the_stream_alone():
    dev = pb.Device.flex()
    pb.seed(1)
    with pytest.raises(ValueError, match="low < high"):
        pb.Tensor.random([1], pb.Distribution.Uniform(0.0, 1e-50), dev)  # both 0.0 in f32
    got = pb.Tensor.random([1], pb.Distribution.Default, dev).to_vec()
    pb.seed(1)
    assert pb.Tensor.random([1], pb.Distribution.Default, dev).to_vec() == got


def test_a_negative_std_draws_mean_plus_std_times_the_same_standard_normals():
    # rand_distr 0.6's `Normal::new` refuses only a std that is not finite; the draw is
    # `mean + std * z` with z from the stream, so std = -1 gives the negated draws of std = 1.
    device = pb.Device.default().autodiff()
    pb.seed(7)
    plus = pb.Tensor.random([6], pb.Distribution.Normal(0.0, 1.0), device).to_vec()
    pb.seed(7)
    minus = pb.Tensor.random([6], pb.Distribution.Normal(0.0, -1.0), device).to_vec()
    assert minus == [-v for v in plus]
    with pytest.raises(ValueError, match="not finite"):
        pb.Tensor.random([2], pb.Distribution.Normal(0.0, float("inf")), device)
