"""Burn's random stream on its CPU backends: rand 0.10's `StdRng` and the samplers
`Tensor::random` calls per element, so that a seeded program draws Burn's values.

What Burn 0.22 runs (docs/RANDOM.md says where each rule was read):
- Flex and NdArray keep one global `Option<StdRng>`: `B::seed(device, n)` stores
  `StdRng::seed_from_u64(n)`; `float_random` takes it (or, if none, one seeded from the OS),
  fills the tensor element by element in row-major order, and puts it back, so the stream goes
  on across calls.
- `StdRng` is chacha20 0.10's `ChaCha12Rng`: the ChaCha block function with 12 rounds, a
  64-bit block counter from 0, stream (nonce) 0; words are used in keystream order, a `u64` is
  two consecutive words, low first.
- `seed_from_u64` (rand_core 0.10) fills the 32-byte key with 8 outputs of a PCG32 step.
- f32 tensors: `Default` is `StandardUniform` (one word: `(w >> 8) * 2^-24`), `Uniform(a, b)` is
  `Uniform<f32>` on the bounds cast to f32 (one word each), `Bernoulli(p)` is one `u64` against
  `p * 2^64` (none at all when p is 1), `Normal(m, s)` is rand_distr 0.6's `Normal<f64>` (the
  ziggurat of `StandardNormal`, then `m + s * z`) cast to f32.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence

import numpy as np

__all__ = ["StdRng", "seed", "current", "sample"]

_MASK64 = (1 << 64) - 1
_BLOCK_WORDS = 16
_BUF_BLOCKS = 4  # chacha20's RNG core makes four blocks per refill
_SIGMA = np.array([0x61707865, 0x3320646E, 0x79622D32, 0x6B206574], dtype=np.uint32)


def _rotl(x: np.ndarray, r: int) -> np.ndarray:
    return (x << np.uint32(r)) | (x >> np.uint32(32 - r))


def chacha_blocks(key: bytes, counter: int, count: int, stream: int = 0, rounds: int = 12):
    """`count` consecutive ChaCha keystream blocks (16 little-endian u32 words each) for a
    32-byte key, from block `counter` (64-bit, wrapping) on `stream`, as a uint32 array."""
    counters = (np.arange(count, dtype=np.uint64) + np.uint64(counter & _MASK64)) & np.uint64(
        _MASK64
    )
    state = np.empty((16, count), dtype=np.uint32)
    state[0:4] = _SIGMA[:, None]
    state[4:12] = np.frombuffer(key, dtype="<u4").astype(np.uint32)[:, None]
    state[12] = (counters & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    state[13] = (counters >> np.uint64(32)).astype(np.uint32)
    state[14] = np.uint32(stream & 0xFFFFFFFF)
    state[15] = np.uint32((stream >> 32) & 0xFFFFFFFF)
    x = [row.copy() for row in state]

    def quarter(a: int, b: int, c: int, d: int) -> None:
        x[a] += x[b]
        x[d] = _rotl(x[d] ^ x[a], 16)
        x[c] += x[d]
        x[b] = _rotl(x[b] ^ x[c], 12)
        x[a] += x[b]
        x[d] = _rotl(x[d] ^ x[a], 8)
        x[c] += x[d]
        x[b] = _rotl(x[b] ^ x[c], 7)

    for _ in range(rounds // 2):
        quarter(0, 4, 8, 12)
        quarter(1, 5, 9, 13)
        quarter(2, 6, 10, 14)
        quarter(3, 7, 11, 15)
        quarter(0, 5, 10, 15)
        quarter(1, 6, 11, 12)
        quarter(2, 7, 8, 13)
        quarter(3, 4, 9, 14)
    out = np.stack(x) + state
    return out.T.reshape(-1)


def _pcg32(state: int) -> tuple[int, int]:
    """rand_core's seeding step: advance the LCG first, then the XSH RR output."""
    state = (state * 0x5851F42D4C957F2D + 0xA17654E46FBE17F3) & _MASK64
    xorshifted = (((state >> 18) ^ state) >> 27) & 0xFFFFFFFF
    rot = state >> 59
    return state, ((xorshifted >> rot) | (xorshifted << ((32 - rot) & 31))) & 0xFFFFFFFF


class StdRng:
    """rand 0.10's `StdRng` (ChaCha12, stream 0): `from_seed(32 bytes)`, `seed_from_u64(n)`,
    `from_entropy()`; words come out in Burn's order whatever the batch sizes asked."""

    __slots__ = ("key", "_block", "_buffer", "_index")

    def __init__(self, key: bytes) -> None:
        if len(key) != 32:
            raise ValueError(f"StdRng: a seed is 32 bytes, got {len(key)}")
        self.key = bytes(key)
        self._block = 0  # the next block the buffer does not hold yet
        self._buffer = np.empty(0, dtype=np.uint32)
        self._index = 0

    @classmethod
    def from_seed(cls, key: bytes) -> StdRng:
        return cls(key)

    @classmethod
    def seed_from_u64(cls, value: int) -> StdRng:
        """`SeedableRng::seed_from_u64` of rand_core 0.10 (8 PCG32 outputs, little-endian)."""
        state, words = int(value) & _MASK64, []
        for _ in range(8):
            state, word = _pcg32(state)
            words.append(word)
        return cls(np.array(words, dtype="<u4").tobytes())

    @classmethod
    def from_entropy(cls) -> StdRng:
        """What Burn uses when no seed was set (`try_from_rng(&mut SysRng)`): not reproducible."""
        return cls(os.urandom(32))

    @property
    def word_pos(self) -> int:
        """Words drawn since the start of the stream (chacha20's `get_word_pos`)."""
        return (self._block * _BLOCK_WORDS - len(self._buffer)) + self._index

    def peek(self, count: int) -> np.ndarray:
        """The next `count` words, without drawing them."""
        missing = self._index + count - len(self._buffer)
        if missing > 0:
            blocks = -(-missing // _BLOCK_WORDS)
            blocks = -(-blocks // _BUF_BLOCKS) * _BUF_BLOCKS
            fresh = chacha_blocks(self.key, self._block, blocks)
            self._buffer = np.concatenate([self._buffer[self._index :], fresh])
            self._index = 0
            self._block += blocks
        return self._buffer[self._index : self._index + count]

    def skip(self, count: int) -> None:
        self.peek(count)
        self._index += count

    def words(self, count: int) -> np.ndarray:
        """The next `count` u32 words (a copy)."""
        out = self.peek(count).copy()
        self._index += count
        return out

    def next_u32(self) -> int:
        return int(self.words(1)[0])

    def next_u64(self) -> int:
        lo, hi = (int(w) for w in self.words(2))
        return lo | (hi << 32)

    def u64s(self, count: int) -> np.ndarray:
        """The next `count` u64s (two words each, the low one first)."""
        pairs = self.words(2 * count).astype(np.uint64).reshape(count, 2)
        return pairs[:, 0] | (pairs[:, 1] << np.uint64(32))

    def fill_bytes(self, count: int) -> bytes:
        """`fill_bytes`: whole words, little-endian; a partly used last word is dropped."""
        return self.words(-(-count // 4)).astype("<u4").tobytes()[:count]


# -- the samplers: rand 0.10 and rand_distr 0.6, for one stream ----------------------------------


def standard_f32(rng: StdRng, count: int) -> np.ndarray:
    """`StandardUniform` for f32: the top 24 bits of a word over 2^24, in [0, 1)."""
    return (rng.words(count) >> np.uint32(8)).astype(np.float32) * np.float32(2.0**-24)


def standard_f64(rng: StdRng, count: int) -> np.ndarray:
    """`StandardUniform` for f64: the top 53 bits of a u64 over 2^53."""
    return (rng.u64s(count) >> np.uint64(11)).astype(np.float64) * 2.0**-53


def open01_f64(rng: StdRng) -> float:
    """`Open01` for f64: 52 bits as a mantissa in [1, 2), minus 1 - eps/2."""
    bits = (rng.next_u64() >> 12) | (1023 << 52)
    return float(np.uint64(bits).view(np.float64)) - (1.0 - 2.0**-53)


def uniform_f32(low: float, high: float) -> tuple[np.float32, np.float32]:
    """`Uniform::<f32>::new(low, high)`: the bounds in f32, and the scale shrunk until
    `scale * (1 - eps) + low` stays below `high`. Raises as `unwrap` would panic."""
    lo, hi = np.float32(low), np.float32(high)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise ValueError("Uniform: a bound is not finite")
    if not lo < hi:
        raise ValueError(f"Uniform({low}, {high}) needs low < high")
    scale = np.float32(hi - lo)
    if not math.isfinite(scale):
        raise ValueError(f"Uniform({low}, {high}): high - low is not finite")
    max_rand = np.float32(1.0) - np.float32(np.finfo(np.float32).eps)
    while scale * max_rand + lo > hi:
        scale = np.array([scale], dtype=np.float32).view(np.uint32)[0] - np.uint32(1)
        scale = np.array([scale], dtype=np.uint32).view(np.float32)[0]
    return lo, scale


def sample_uniform_f32(rng: StdRng, low: np.float32, scale: np.float32, count: int) -> np.ndarray:
    """`UniformFloat<f32>::sample`: 23 bits in [1, 2), minus 1, times scale, plus low."""
    bits = (rng.words(count) >> np.uint32(9)) | np.uint32(0x3F800000)
    value0_1 = bits.view(np.float32) - np.float32(1.0)
    return value0_1 * scale + low


def bernoulli(rng: StdRng, p: float, count: int) -> np.ndarray:
    """`Bernoulli::new(p)` then `sample` per element, as 1.0 / 0.0 (p = 1 draws nothing)."""
    if p == 1.0:
        return np.ones(count, dtype=np.float32)
    if not 0.0 <= p < 1.0:
        raise ValueError(f"Bernoulli: p = {p} is outside [0, 1]")
    p_int = int(p * 2.0**64)
    return (rng.u64s(count) < np.uint64(p_int)).astype(np.float32)


# Doornik's ZIGNOR tables as rand_distr 0.6's utils/ziggurat_tables.py makes them (printed with
# 18 decimals, then parsed); its checked-in ZIG_NORM_F[94] reads 0.206405406398679298, which this
# computation (on glibc's exp) prints as ...325: the table's value is kept.
_ZIG_NORM_R = 3.6541528853610088
_ZIG_NORM_V = 0.00492867323399


def _norm_f(x: float) -> float:
    return math.exp(-x * x / 2.0)


def _zig_tables() -> tuple[np.ndarray, np.ndarray]:
    x = [0.0] * 257
    x[0], x[1] = _ZIG_NORM_V / _norm_f(_ZIG_NORM_R), _ZIG_NORM_R
    for i in range(2, 256):
        x[i] = math.sqrt(-2.0 * math.log(_ZIG_NORM_V / x[i - 1] + _norm_f(x[i - 1])))
    xs = [float(f"{v:.18f}") for v in x]
    fs = [float(f"{_norm_f(v):.18f}") for v in x]
    fs[94] = 0.206405406398679298
    return np.array(xs), np.array(fs)


ZIG_NORM_X, ZIG_NORM_F = _zig_tables()
ZIG_NORM_R = float(ZIG_NORM_X[1])
_EXP1 = np.uint64(1024 << 52)  # exponent 1: mantissa bits as a value in [2, 4)


def _normal_slow(rng: StdRng) -> float:
    """One `StandardNormal` draw, step by step (the path the vectorised one falls back to)."""
    x_tab, f_tab = ZIG_NORM_X, ZIG_NORM_F
    while True:
        bits = rng.next_u64()
        i = bits & 0xFF
        u = float(np.uint64((bits >> 12) | (1024 << 52)).view(np.float64)) - 3.0
        x = u * float(x_tab[i])
        if abs(x) < x_tab[i + 1]:
            return x
        if i == 0:
            x, y = 1.0, 0.0
            while -2.0 * y < x * x:
                x_, y_ = open01_f64(rng), open01_f64(rng)
                x, y = math.log(x_) / ZIG_NORM_R, math.log(y_)
            return x - ZIG_NORM_R if u < 0.0 else ZIG_NORM_R - x
        uniform = float(standard_f64(rng, 1)[0])
        if float(f_tab[i + 1]) + (float(f_tab[i]) - float(f_tab[i + 1])) * uniform < _norm_f(x):
            return x


def standard_normal(rng: StdRng, count: int) -> np.ndarray:
    """`count` draws of rand_distr's `StandardNormal` f64, in stream order: the ziggurat's first
    test for a whole run at once, the rare rest one by one."""
    out = np.empty(count, dtype=np.float64)
    done = 0
    while done < count:
        left = count - done
        words = rng.peek(2 * left).astype(np.uint64).reshape(left, 2)
        bits = words[:, 0] | (words[:, 1] << np.uint64(32))
        i = (bits & np.uint64(0xFF)).astype(np.intp)
        u = ((bits >> np.uint64(12)) | _EXP1).view(np.float64) - 3.0
        x = u * ZIG_NORM_X[i]
        fast = np.abs(x) < ZIG_NORM_X[i + 1]
        run = left if fast.all() else int(np.argmin(fast))
        out[done : done + run] = x[:run]
        rng.skip(2 * run)
        done += run
        if done < count:
            out[done] = _normal_slow(rng)
            done += 1
    return out


# -- the backend's stream: `B::seed` and `Tensor::random` ----------------------------------------

_STREAM: StdRng | None = None


def seed(value: int) -> None:
    """`B::seed(device, value)` on Flex / NdArray: the stream restarts at
    `StdRng::seed_from_u64(value)` (the u64 wraps as Rust's `as u64` would)."""
    global _STREAM
    _STREAM = StdRng.seed_from_u64(int(value) & _MASK64)


def current() -> StdRng:
    """The backend's stream, seeded from the OS on first use if `seed` was never called."""
    global _STREAM
    if _STREAM is None:
        _STREAM = StdRng.from_entropy()
    return _STREAM


def sample(kind: str, a: float, b: float, shape: Sequence[int]) -> np.ndarray:
    """The f32 values of `TensorData::random::<f32>(shape, Distribution::kind(a, b), rng)` drawn
    from the backend's stream, row-major. Raises ValueError where Burn's `unwrap` panics (the
    stream is left as it was)."""
    count = math.prod(shape)
    if kind == "Uniform":
        low, scale = uniform_f32(a, b)
    elif kind == "Normal" and not math.isfinite(b):
        raise ValueError(f"Normal({a}, {b}): the standard deviation is not finite")
    elif kind == "Bernoulli" and not (0.0 <= a <= 1.0):
        raise ValueError(f"Bernoulli: p = {a} is outside [0, 1]")
    rng = current()
    if kind == "Default":
        values = standard_f32(rng, count)
    elif kind == "Uniform":
        values = sample_uniform_f32(rng, low, scale, count)
    elif kind == "Normal":
        values = (a + b * standard_normal(rng, count)).astype(np.float32)
    elif kind == "Bernoulli":
        values = bernoulli(rng, a, count)
    else:
        raise ValueError(f"random: unknown distribution {kind}")
    return values.reshape(tuple(shape))


def drawn() -> bool:
    """Whether anything in this process has drawn from (or seeded) the backend's stream."""
    return _STREAM is not None


def restart(key: bytes | None) -> None:
    """The stream made `StdRng::from_seed(key)` (None: unmade, seeded from the OS at its first
    use): two runs that start so draw the same numbers where the program does not seed it (a
    fix checked by running it is compared with the original run made so)."""
    global _STREAM
    _STREAM = None if key is None else StdRng.from_seed(key)
