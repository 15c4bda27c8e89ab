"""The machine Burn's kernels are imagined running on: where their bits depend on it.

Burn's Flex backend picks its SIMD width from the CPU it runs on (macerator), splits large
reductions over rayon's threads, and a debug build compiles some kernels differently from a
release one. A `Target` names those three choices; the kernels read `current()`. What each
choice changes is in docs/TARGETS.md.

Plain data: importing this module imports nothing else.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

CPUS = ("avx512", "avx2", "sse", "neon", "scalar")
"""CPU families, as macerator tells them apart (x86-64-v4, v3, v2, aarch64 NEON, none)."""
BUILDS = ("debug", "release")

LANES = {"avx512": 16, "avx2": 8, "sse": 4, "neon": 4, "scalar": 2}
"""f32 lanes of macerator's vector on each family (its scalar fallback is one 64-bit word)."""

# The features macerator's `is_available` asks for, as /proc/cpuinfo names them (`pni` is
# SSE3, `abm` carries LZCNT): every one must be present for the family.
_SSE = {"sse", "sse2", "fxsr", "pni", "ssse3", "sse4_1", "sse4_2", "popcnt"}
_AVX2 = _SSE | {"avx", "avx2", "bmi1", "bmi2", "fma", "abm", "f16c"}
_AVX512 = _AVX2 | {"avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"}


@dataclass(frozen=True)
class Target:
    """One machine and build: `cpu` (one of `CPUS`), rayon's thread count, `build`."""

    cpu: str
    threads: int
    build: str = "debug"

    def __post_init__(self) -> None:
        if self.cpu not in CPUS:
            raise ValueError(f"unknown CPU family `{self.cpu}` (one of {', '.join(CPUS)})")
        if isinstance(self.threads, bool) or not isinstance(self.threads, int):
            raise ValueError(f"a thread count is a whole number, got `{self.threads!r}`")
        if self.threads < 1:
            raise ValueError(f"a thread count is at least 1, got {self.threads}")
        if self.build not in BUILDS:
            raise ValueError(f"unknown build `{self.build}` (debug or release)")

    @property
    def lanes(self) -> int:
        """f32 lanes in one of macerator's vectors on this CPU."""
        return LANES[self.cpu]

    def __str__(self) -> str:
        return f"cpu={self.cpu},threads={self.threads},build={self.build}"

    def __enter__(self) -> Target:
        """`with Target("avx2", 2, "release"):` is `with using(...)`."""
        global _current
        _entered.append(_current)
        _current = self
        return self

    def __exit__(self, *exc: object) -> None:
        global _current
        _current = _entered.pop()


def parse(text: str, base: Target | None = None) -> Target:
    """`cpu=avx2,threads=2,build=release` (any of the three, in any order) as a Target; what
    is left out comes from `base` (the host's). ValueError, in one line, for anything else."""
    base = host() if base is None else base
    fields = {"cpu": base.cpu, "threads": str(base.threads), "build": base.build}
    given: set[str] = set()
    for part in text.split(","):
        key, equals, value = part.strip().partition("=")
        key = key.strip()
        if not equals or key not in fields:
            raise ValueError(
                f"`{part.strip()}` is not cpu=FAMILY, threads=N or build=debug|release"
            )
        if key in given:
            raise ValueError(f"`{key}` is given twice")
        given.add(key)
        fields[key] = value.strip()
    threads = fields["threads"]
    # ASCII digits only: Python's isdigit and int() also take `²` and `٣`
    if not (threads.isascii() and threads.isdigit()):
        raise ValueError(f"a thread count is a whole number, got `{threads}`")
    return Target(fields["cpu"], int(threads), fields["build"])


def _cpuinfo_flags(cpuinfo: str) -> set[str]:
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            return set(line.partition(":")[2].split())
    return set()


def host_cpu(cpuinfo: str | None = None, machine: str | None = None) -> str:
    """The family this machine's CPU belongs to, as macerator would detect it."""
    machine = os.uname().machine if machine is None else machine
    if machine in ("aarch64", "arm64"):
        return "neon"
    if machine not in ("x86_64", "amd64", "i386", "i686"):
        return "scalar"
    if cpuinfo is None:
        try:
            with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as file:
                cpuinfo = file.read()
        except OSError:
            cpuinfo = ""
    flags = _cpuinfo_flags(cpuinfo)
    if _AVX512 <= flags:
        return "avx512"
    if _AVX2 <= flags:
        return "avx2"
    if _SSE <= flags:
        return "sse"
    return "scalar"


def host_threads(environ: dict[str, str] | None = None) -> int:
    """rayon's default thread count: RAYON_NUM_THREADS if a positive number, else what
    `std::thread::available_parallelism` reports (the CPUs this process may run on, capped by
    a cgroup v2 CPU quota)."""
    environ = dict(os.environ) if environ is None else environ
    threads = environ.get("RAYON_NUM_THREADS", "").strip()
    if threads.isdigit() and int(threads) > 0:
        return int(threads)
    try:
        count = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        count = os.cpu_count() or 1
    try:
        with open("/sys/fs/cgroup/cpu.max", encoding="ascii") as file:
            quota, _, period = file.read().partition(" ")
        if quota != "max" and int(period) > 0:
            count = min(count, max(1, int(quota) // int(period)))
    except (OSError, ValueError):
        pass
    return max(1, count)


def host() -> Target:
    """The host as Burn would see it, in a debug build (the seed's `cargo run`)."""
    return Target(host_cpu(), host_threads(), "debug")


_current: Target | None = None
_entered: list[Target | None] = []


def current() -> Target:
    """The target the kernels compute for: `using`'s, else the host's."""
    global _current
    if _current is None:
        _current = host()
    return _current


@contextmanager
def using(target: Target) -> Iterator[Target]:
    """Compute for `target` inside the block (`with using(Target("avx2", 2, "release")):`)."""
    global _current
    before = _current
    _current = target
    try:
        yield target
    finally:
        _current = before
