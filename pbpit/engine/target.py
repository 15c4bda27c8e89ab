"""The machine Burn's kernels are imagined running on: where their bits depend on it.

Burn's Flex backend picks its SIMD width from the CPU it runs on (macerator), splits large
reductions over rayon's threads, and a debug build compiles some kernels differently from a
release one. A `Target` names those three choices; the kernels read `current()`.

Plain data: importing this module imports nothing else.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

CPUS = ("avx512", "avx2", "sse", "neon", "scalar")
"""CPU families, as macerator tells them apart."""
BUILDS = ("debug", "release")


@dataclass(frozen=True)
class Target:
    """One machine and build: `cpu` (one of `CPUS`), rayon's thread count, `build`."""

    cpu: str
    threads: int
    build: str = "debug"

    def __post_init__(self) -> None:
        if self.cpu not in CPUS:
            raise ValueError(f"unknown CPU family `{self.cpu}` (one of {', '.join(CPUS)})")
        if self.threads < 1:
            raise ValueError(f"a thread count is at least 1, got {self.threads}")
        if self.build not in BUILDS:
            raise ValueError(f"unknown build `{self.build}` (debug or release)")


def host_cpu(cpuinfo: str | None = None) -> str:
    """The family this machine's CPU belongs to, as macerator would detect it."""
    machine = os.uname().machine
    if machine in ("aarch64", "arm64"):
        return "neon"
    if cpuinfo is None:
        try:
            with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as file:
                cpuinfo = file.read()
        except OSError:
            cpuinfo = ""
    flags: set[str] = set()
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            flags = set(line.partition(":")[2].split())
            break
    if {"avx512f", "avx512bw", "avx512dq", "avx512vl"} <= flags:
        return "avx512"
    if {"avx2", "fma"} <= flags:
        return "avx2"
    if "sse4_2" in flags:
        return "sse"
    return "scalar"


def host() -> Target:
    """The host as Burn would see it, in a debug build (the seed's `cargo run`)."""
    threads = os.environ.get("RAYON_NUM_THREADS", "")
    count = int(threads) if threads.isdigit() and int(threads) > 0 else (os.cpu_count() or 1)
    return Target(host_cpu(), count, "debug")


_current: Target | None = None


def current() -> Target:
    """The target the kernels compute for: `using`'s, else the host's."""
    global _current
    if _current is None:
        _current = host()
    return _current


@contextmanager
def using(target: Target) -> Iterator[Target]:
    """Compute for `target` inside the block."""
    global _current
    before = _current
    _current = target
    try:
        yield target
    finally:
        _current = before
