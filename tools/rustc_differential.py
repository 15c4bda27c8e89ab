"""Differential test of the Rust interpreter against rustc, on mutants of the std programs.

Each mutant is one program of `tests/rust/std` with one small edit, chosen by a seeded random
generator (`mutant(seed, index)`): an operator swapped, a `mut` dropped, a value used after a
`let` moved it, a literal's type or value changed, a `&` dropped or added, a `.clone()` dropped,
a statement deleted, two arguments swapped. Some keep the program valid, most break it; the
oracle is rustc 1.95 on each mutant:

- rustc compiles it (`rustc --edition 2021 -C debug-assertions=on`, as `tools/record_rustc.py`
  records the goldens) and its binary runs: pbpit must run it too and print the same (stdout,
  stderr in golden form, so the panic message and place, and the exit status);
- rustc rejects it: pbpit must refuse it too, and where pbpit names rustc's code (`E0382`, a
  lint such as `unconditional_panic`) rustc must have reported that code.

A mutant whose binary runs past `RUN_SECONDS` under rustc is skipped (no output to compare).

Machine limits. rustc and its binary run under `MEMORY_BYTES` of address space. A mutant whose
binary (or rustc itself) the machine stops, not the language (`memory allocation of N bytes
failed`, `thread 'main' has overflowed its stack`, killed by a signal), has no verdict of
rustc's: whether `vec![0u8; 4294967295]` runs, fails or is killed depends on the memory, the
stack and the overcommit of the machine it runs on, and rustc's output here says nothing of
what the program means. Such a mutant is counted apart as a machine-limit case (with what
pbpit did: usually its refusal of a collection larger than it holds), neither an agreement nor
a disagreement; its count is printed, never folded into either. A program rustc's binary runs
to its end on this machine is rustc's verdict: pbpit refusing it for a limit of its own (a
collection of more than 2^26 items, `runtime.MAX_ELEMENTS`) is a disagreement, counted as one.

Each disagreement has a kind (`runs what rustc rejects`, `output differs`, ...), and the run
ends with the count of each kind and one example of each. A refusal where rustc's binary runs
is a disagreement whatever its reason; two reasons pbpit has by choice are counted apart, still
disagreements: a panic inside Rust's core library (its location is in the toolchain's sources),
an output that a HashMap's random order decides (each run of rustc's binary may differ).
For that last one rustc's binary is run again (`RERUNS` more times): if its outputs differ from
run to run, the program has no single rustc output to agree with, and the mutant is counted
apart as "rustc's own output varies", not as a disagreement; if every run prints the same, it
stays a disagreement.
Nothing is cached: mutants are written to a temporary directory and compiled in parallel
(`--jobs`, default the CPU count).

    .venv/bin/python tools/rustc_differential.py --count 5000 --seed 1
    .venv/bin/python tools/rustc_differential.py --count 200 --seed 7 --jobs 2 --show 3
    .venv/bin/python tools/rustc_differential.py --kind "add a borrow" --jobs 1 --json

A seed draws its mutants at random, a kind at random first (so a kind of few sites, `drop a
clone`, is met as often as one of thousands); `--kind K` instead judges every site of the kind
`K` in every program, in order (`--start`/`--count` take a slice): a kind of few sites is then
judged whole. `--json` prints the result as one JSON object (counts, and each disagreement).

`--source gen` mutates instead the lint issue's generated programs (tests/gen/generator.py,
seeds 0 .. `gen_std.SEEDS`-1) with their Burn parts removed (`tools/gen_std.py`: std stand-ins of
Burn's types appended, which no mutant edits); `--source both` mutates both sets.

    .venv/bin/python tools/rustc_differential.py --source gen --count 300 --seed 97000 --jobs 1

Exit 1 when a disagreement is found, 2 when rustc is not on PATH (nor `$RUSTC`).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STD_DIR = ROOT / "tests" / "rust" / "std"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import gen_std  # noqa: E402 - after the path
from record_rustc import RUSTC_FLAGS, Refused, find_rustc  # noqa: E402 - after the path

RUN_SECONDS = 3
COMPILE_SECONDS = 60
MEMORY_BYTES = 2 << 30  # for rustc and its binary: a mutant's huge array fails, not the machine


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


SELF_BYTES = 8 << 30
"""The address space of the tool itself (and of its workers): pbpit judges each mutant in this
process, and a mutant (or a bug) that makes it grow is then pbpit's `MemoryError`, a crash
counted as a disagreement, not the kernel's OOM killer choosing among the machine's processes."""


def limit_self() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft > SELF_BYTES:
        resource.setrlimit(resource.RLIMIT_AS, (SELF_BYTES, hard))


PBPIT_SECONDS = 20

# -- mutants ---------------------------------------------------------------------------------------

_OPERATORS = "+ - * / % < > <= >= == != && || & | ^ << >>".split()
_SUFFIXES = ("u8", "i64", "usize", "f32", "f64", "i32", "u32")
_VALUES = ("0", "1", "2", "255", "256", "2147483647", "4294967295")


@dataclass(frozen=True)
class Mutant:
    seed: int
    index: int
    program: str  # the std program's file name
    kind: str
    line: int
    before: str
    after: str
    text: bytes = field(repr=False)
    site_of: str = ""  # a site of this kind judged by `--kind` (`index` among its sites)

    @property
    def name(self) -> str:
        return f"{self.site_of}#{self.index}" if self.site_of else f"{self.seed}:{self.index}"

    def describe(self) -> str:
        return (
            f"mutant {self.name}: {self.program}:{self.line} {self.kind} "
            f"`{_short(self.before)}` -> `{_short(self.after)}`"
        )


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def _walk(node):  # noqa: ANN001, ANN202 - tree-sitter nodes
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def _sites(root, data: bytes) -> dict[str, list[tuple[int, int, bytes]]]:  # noqa: ANN001
    """Each mutation's places in a program: (start byte, end byte, replacement)."""
    sites: dict[str, list[tuple[int, int, bytes]]] = {}

    def add(kind: str, node, new: bytes) -> None:  # noqa: ANN001
        sites.setdefault(kind, []).append((node.start_byte, node.end_byte, new))

    def text(node) -> bytes:  # noqa: ANN001
        return data[node.start_byte : node.end_byte]

    for node in _walk(root):
        kind = node.type
        if kind == "binary_expression":
            op = node.child_by_field_name("operator")
            if op is not None:
                for other in _OPERATORS:
                    if other != text(op).decode():
                        add("swap operator", op, other.encode())
        elif kind == "mutable_specifier":
            end = node.end_byte + (1 if data[node.end_byte : node.end_byte + 1] == b" " else 0)
            sites.setdefault("drop mut", []).append((node.start_byte, end, b""))
        elif kind == "let_declaration":
            pattern = node.child_by_field_name("pattern")
            if pattern is not None and pattern.type == "identifier":
                name = text(pattern)
                after = node.end_byte
                sites.setdefault("use a moved value", []).append(
                    (after, after, b" let _moved = " + name + b";")
                )
            add("delete statement", node, b"")
        elif kind == "expression_statement":
            add("delete statement", node, b"")
        elif kind == "integer_literal":
            value = text(node)
            if value.isdigit():  # no suffix, no `0x`: `3` -> `3.0`, `3u8`
                add("int to float", node, value + b".0")
                for suffix in _SUFFIXES:
                    add("literal suffix", node, value + suffix.encode())
            for other in _VALUES:
                if other.encode() != value:
                    add("literal value", node, other.encode())
        elif kind == "float_literal":
            value = text(node)
            if value.endswith(b".0"):
                add("float to int", node, value[:-2])
            if not value.endswith((b"f32", b"f64")):
                for suffix in (b"f32", b"f64"):
                    add("literal suffix", node, value + (b"_" if b"e" in value else b"") + suffix)
        elif kind == "reference_expression":
            value = node.child_by_field_name("value")
            if value is not None:
                add("drop a borrow", node, text(value))
        elif kind == "identifier" and node.parent is not None:
            if node.parent.type in ("arguments", "let_declaration") and (
                node.parent.type == "arguments" or node.parent.child_by_field_name("value") == node
            ):
                add("add a borrow", node, b"&" + text(node))
        elif kind == "call_expression":
            function = node.child_by_field_name("function")
            args = node.child_by_field_name("arguments")
            if function is not None and function.type == "field_expression":
                name = function.child_by_field_name("field")
                value = function.child_by_field_name("value")
                if name is not None and text(name) == b"clone" and value is not None:
                    add("drop a clone", node, text(value))
            if args is not None and args.named_child_count >= 2:
                a, b = args.named_children[0], args.named_children[1]
                new = text(b) + data[a.end_byte : b.start_byte] + text(a)
                sites.setdefault("swap arguments", []).append((a.start_byte, b.end_byte, new))
    return sites


_PROGRAMS: dict[str, tuple[bytes, dict]] = {}


SOURCES = ("std", "gen", "both")


def programs(source: str = "std") -> list[str]:
    """The programs mutated: the std programs' file names (`std`), the stripped generated
    programs' (`gen`, `gen_std.name`), or both."""
    std = sorted(p.name for p in STD_DIR.glob("*.rs")) if source in ("std", "both") else []
    return std + (gen_std.programs() if source in ("gen", "both") else [])


def _program(name: str) -> tuple[bytes, dict]:
    if name not in _PROGRAMS:
        from pbpit.rust.syntax import parse_bytes

        seed = gen_std.seed_of(name)
        if seed is None:
            data, end = (STD_DIR / name).read_bytes(), None
        else:  # a generated program, stripped: its stand-ins of Burn's types are not edited
            data, end = gen_std.stripped(seed)
        found = _sites(parse_bytes(data, name).root, data)
        if end is not None:
            found = {k: [s for s in v if s[1] <= end] for k, v in found.items()}
            found = {k: v for k, v in found.items() if v}
        _PROGRAMS[name] = (data, found)
    return _PROGRAMS[name]


def mutant(seed: int, index: int, among: tuple[str, ...] = ()) -> Mutant:
    """The `index`th mutant of `seed`: the same program and edit on every machine, given the
    same programs (`among`, file names; default every std program)."""
    rng = random.Random(f"{seed}:{index}")
    name = rng.choice(list(among) or programs())
    data, sites = _program(name)
    kind = rng.choice(sorted(sites))
    start, end, new = rng.choice(sites[kind])
    text = data[:start] + new + data[end:]
    line = data[:start].count(b"\n") + 1
    return Mutant(seed, index, name, kind, line, data[start:end].decode(), new.decode(), text)


def sites(kind: str, among: tuple[str, ...] = ()) -> list[Mutant]:
    """Every mutant of the kind `kind`: each of its sites in each program (`among`, default
    every std program), in order; `Mutant.name` is `kind#index`."""
    made: list[Mutant] = []
    for name in list(among) or programs():
        data, found = _program(name)
        for start, end, new in found.get(kind, []):
            text = data[:start] + new + data[end:]
            line = data[:start].count(b"\n") + 1
            before, after = data[start:end].decode(), new.decode()
            made.append(Mutant(0, len(made), name, kind, line, before, after, text, kind))
    return made


def kinds() -> list[str]:
    """The kinds of mutation, as `--kind` names them."""
    return sorted({kind for name in programs() for kind in _program(name)[1]})


# -- the two verdicts ------------------------------------------------------------------------------


@dataclass
class Verdict:
    """What one side made of a mutant: `ran` (stdout, stderr in golden form, exit status) or
    `rejected` (codes, in order; "" for an error without one), or `skipped` / `crashed`; for
    rustc also `machine`: the machine stopped rustc or its binary (no verdict of rustc's)."""

    state: str
    stdout: str = ""
    stderr: str = ""
    status: int = 0
    codes: list[str] = field(default_factory=list)
    outside: bool = False  # pbpit: a construct outside the subset (not an error of rustc's)
    detail: str = ""


_PANIC_LINE = re.compile(r"^thread 'main' \(\d+\) panicked at ", re.M)


def rustc_verdict(rustc: str, source: Path) -> Verdict:
    binary = source.with_suffix("")
    compiled = None
    # Checking alone (no code, no link) finds most errors at a third of a build's cost; the
    # lints of constant evaluation (`unconditional_panic`) need the build.
    for emit in (["--emit=metadata", "-o", str(binary) + ".rmeta"], ["-o", str(binary)]):
        try:
            compiled = subprocess.run(
                [rustc, *RUSTC_FLAGS, "--error-format=json", source.name, *emit],
                cwd=source.parent,
                capture_output=True,
                text=True,
                timeout=COMPILE_SECONDS,
                preexec_fn=_limit_memory,
            )
        except subprocess.TimeoutExpired:  # `[0u8; 4294967295]` built at compile time
            return Verdict("skipped", detail=f"rustc ran past {COMPILE_SECONDS} s")
        if compiled.returncode != 0:
            break
    assert compiled is not None
    if compiled.returncode < 0:  # rustc itself killed (its memory): no verdict
        return Verdict("machine", detail=f"rustc stopped by signal {-compiled.returncode}")
    if compiled.returncode != 0:
        codes, first = [], ""
        for line in compiled.stderr.splitlines():
            try:
                message = json.loads(line)
            except ValueError:
                continue
            if message.get("level") != "error" or message["message"].startswith("aborting"):
                continue
            codes.append((message.get("code") or {}).get("code") or "")
            first = first or message["message"]
        return Verdict("rejected", codes=codes, detail=first)
    return run_binary(binary)


def run_binary(binary: Path) -> Verdict:
    """rustc's binary run once, with no input: its output in golden form."""
    try:
        ran = subprocess.run(
            [str(binary)],
            cwd=binary.parent,
            capture_output=True,
            env={**os.environ, "RUST_BACKTRACE": "0"},
            stdin=subprocess.DEVNULL,
            timeout=RUN_SECONDS,
            preexec_fn=_limit_memory,
        )
    except subprocess.TimeoutExpired:
        return Verdict("skipped", detail=f"rustc's binary ran past {RUN_SECONDS} s")
    stderr = _PANIC_LINE.sub(
        "thread 'main' (TID) panicked at ", ran.stderr.decode("utf-8", "replace")
    )
    state = "machine" if machine_stopped(ran.returncode, stderr) else "ran"
    return Verdict(state, ran.stdout.decode("utf-8", "replace"), stderr, ran.returncode)


def machine_stopped(status: int, stderr: str) -> bool:
    """Whether the machine, not the program, ended rustc's binary: an allocation refused under
    `MEMORY_BYTES` or a stack overflowed (both abort), or a signal such as the kernel's
    SIGKILL (a program of safe Rust ends with a status or a panic, never a signal of its own:
    SIGSEGV and SIGBUS are a stack or memory the machine refused)."""
    if status == -signal.SIGABRT:
        return stderr.startswith("memory allocation of ") or "has overflowed its stack" in stderr
    return status in (-signal.SIGKILL, -signal.SIGSEGV, -signal.SIGBUS)


def pbpit_verdict(source: Path) -> Verdict:
    from pbpit.check import actual_output
    from pbpit.runner import Case
    from pbpit.runner.run import CaseTimedOut
    from pbpit.rust.interp.program import Unsupported, load
    from pbpit.rust.syntax import RustReadError

    here = os.getcwd()
    os.chdir(source.parent)
    try:
        try:
            load(source.name)
        except Unsupported as err:
            refusals = getattr(err, "refusals", [err])
            return Verdict(
                "rejected",
                codes=[one.code for one in refusals],
                outside=any(not one.rustc_says for one in refusals),
                detail=refusals[0].what,
            )
        except RustReadError as err:  # a syntax error
            return Verdict("rejected", codes=[""], detail=str(err))
        except RecursionError:
            return Verdict("rejected", codes=[""], outside=True, detail="nested too deep")
        try:
            out = actual_output(Case.file(Path(source.name)), PBPIT_SECONDS)
        except CaseTimedOut:
            return Verdict("skipped", detail=f"pbpit ran past {PBPIT_SECONDS} s")
        if out.exit_code == 2 and "\npbpit: cannot run " in "\n" + out.stderr:
            # refused as it ran (an overflow inside core, a collection too large to hold)
            first = out.stderr.splitlines()[0] if out.stderr else ""
            return Verdict("rejected", codes=[""], outside=True, detail=first)
        return Verdict("ran", out.stdout, out.stderr, out.exit_code)
    except Exception as err:  # noqa: BLE001 - a crash of pbpit's is a finding, not the tool's end
        return Verdict("crashed", detail=f"{type(err).__name__}: {err}")
    finally:
        os.chdir(here)


# -- comparing ------------------------------------------------------------------------------------


def disagreement(rustc: Verdict, pbpit: Verdict) -> tuple[str, str] | None:
    """The kind of disagreement and a line of detail, or None when both agree (or cannot be
    compared)."""
    if "skipped" in (rustc.state, pbpit.state):
        return None
    if pbpit.state == "crashed":
        return "pbpit crashes", pbpit.detail
    if rustc.state == "machine":
        return None  # no verdict of rustc's to compare (counted apart: `report`)
    if rustc.state == "rejected":
        if pbpit.state == "ran":
            code = rustc.codes[0] if rustc.codes else ""
            return f"runs what rustc rejects ({code or 'no code'})", rustc.detail
        named = [code for code in pbpit.codes if code]
        if named and named[0] not in rustc.codes:
            shown = ", ".join(dict.fromkeys(c or "no code" for c in rustc.codes))
            return f"refused with {named[0]}, rustc says {shown}", pbpit.detail
        return None
    if pbpit.state == "rejected":
        if pbpit.outside and _in_core(rustc, pbpit):
            return "refuses a panic inside core (its location is the toolchain's)", pbpit.detail
        if pbpit.outside and _LIMIT in pbpit.detail:  # rustc's binary held it and ran
            return "refuses a collection rustc's binary held (pbpit's limit)", pbpit.detail
        if pbpit.outside and "HashMap" in pbpit.detail and "random" in pbpit.detail:
            return _HASHMAP_ORDER, pbpit.detail
        if pbpit.outside:
            return "refuses what rustc runs (outside the subset)", pbpit.detail
        return f"refuses what rustc runs ({pbpit.codes[0] or 'no code'})", pbpit.detail
    for what, ours, theirs in (
        ("exit status", pbpit.status, rustc.status),
        ("stderr", pbpit.stderr, rustc.stderr),
        ("stdout", pbpit.stdout, rustc.stdout),
    ):
        if ours != theirs:
            return f"{what} differs", _first_difference(str(ours), str(theirs))
    return None


_CORE_PANIC = re.compile(r"^thread 'main' \(TID\) panicked at /rustc/[0-9a-f]+/library/", re.M)


def _in_core(rustc: Verdict, pbpit: Verdict) -> bool:
    """Whether rustc's binary panicked inside Rust's own library (`/rustc/<commit>/library/..`,
    a place that changes with the toolchain) where pbpit refused the program for a panic there
    (`Library.in_core`'s words, or `(Rust panics)`). Still a disagreement: pbpit prints no such
    panic, by choice; counted apart so that the rest is seen."""
    said = "depends on the Rust toolchain" in pbpit.detail or "depends on the toolchain" in (
        pbpit.detail
    )
    return bool(_CORE_PANIC.search(rustc.stderr)) and (said or "(Rust panics)" in pbpit.detail)


_LIMIT = "more than pbpit holds"
"""The words of pbpit's refusal of a collection larger than it holds (`check_allocation`)."""


def _first_difference(ours: str, theirs: str) -> str:
    a, b = ours.splitlines(), theirs.splitlines()
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"line {i + 1}: pbpit `{_short(x)}`, rustc `{_short(y)}`"
    return f"pbpit {len(a)} lines, rustc {len(b)} lines"


@dataclass
class Result:
    mutant: Mutant
    rustc: Verdict
    pbpit: Verdict
    found: tuple[str, str] | None
    varies: bool = False  # rustc's binary printed differently from run to run (HashMap order)


_RUSTC = ""


def _init(rustc: str) -> None:
    global _RUSTC
    _RUSTC = rustc
    import pbpit.rust.interp.program  # noqa: F401 - loaded once per worker


def judge(seed_index: tuple[int, int, tuple[str, ...]] | Mutant) -> Result:
    """Mutant `seed:index` (or a mutant made: a site of `sites`), judged by rustc and by
    pbpit, in a directory of its own."""
    made = seed_index if isinstance(seed_index, Mutant) else mutant(*seed_index)
    with tempfile.TemporaryDirectory(prefix="rustc_differential_") as folder:
        source = Path(folder) / made.program
        source.write_bytes(made.text)
        rustc = rustc_verdict(_RUSTC, source)
        pbpit = pbpit_verdict(source) if rustc.state != "skipped" else Verdict("skipped")
        found = disagreement(rustc, pbpit)
        if found is not None and found[0] == _HASHMAP_ORDER and _varies(rustc, source):
            return Result(made, rustc, pbpit, None, varies=True)
    return Result(made, rustc, pbpit, found)


RERUNS = 4
"""How many more times rustc's binary runs when pbpit refuses an output a HashMap's order
decides."""

_HASHMAP_ORDER = "refuses an output a HashMap's random order decides"


def _varies(first: Verdict, source: Path) -> bool:
    """Whether rustc's binary of `source` prints anything else than `first` in one of `RERUNS`
    more runs (HashMap's hasher is seeded at random for each run)."""
    for _ in range(RERUNS):
        again = run_binary(source.with_suffix(""))
        if (again.stdout, again.stderr, again.status) != (first.stdout, first.stderr, first.status):
            return True
    return False


def run(
    rustc: str,
    seed: int,
    count: int,
    jobs: int,
    start: int = 0,
    progress: bool = False,
    among: tuple[str, ...] = (),
    kind: str = "",
) -> list[Result]:
    """Every mutant `seed:start` .. `seed:start+count-1` (of the programs `among`, default
    all), or with `kind` its sites `start` .. `start+count-1`, judged on `jobs` processes
    (`progress`: a line on stderr every 100 mutants, with the disagreements so far)."""
    if kind:
        indices: list = sites(kind, among)[start : start + count]
        count = len(indices)
    else:
        indices = [(seed, i, among) for i in range(start, start + count)]
    results: list[Result] = []

    def note(result: Result) -> None:
        results.append(result)
        if progress and len(results) % 100 == 0:
            found = sum(1 for r in results if r.found)
            print(f"{len(results)}/{count} judged, {found} disagreements", file=sys.stderr)

    if jobs <= 1:
        _init(rustc)
        try:
            for index in indices:
                note(judge(index))
        except KeyboardInterrupt:  # `kill PID`: the report of the mutants judged so far
            print(f"interrupted: {len(results)} of {count} judged", file=sys.stderr)
        return results
    # Fresh processes (not forks of a caller that may hold threads, as pytest's does).
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(jobs, spawn, initializer=_init, initargs=(rustc,))
    try:
        for result in pool.map(judge, indices, chunksize=2):
            note(result)
    except KeyboardInterrupt:  # Ctrl-C: the report of the mutants judged so far
        print(f"interrupted: {len(results)} of {count} judged", file=sys.stderr)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return results


def report(results: list[Result], show: int = 1) -> str:
    kinds: Counter[str] = Counter()
    examples: dict[str, list[Result]] = {}
    for result in results:
        if result.found is not None:
            kinds[result.found[0]] += 1
            examples.setdefault(result.found[0], []).append(result)
    skipped = sum(1 for r in results if "skipped" in (r.rustc.state, r.pbpit.state))
    varies = sum(1 for r in results if r.varies)
    rejected = sum(1 for r in results if r.rustc.state == "rejected")
    machine = [r for r in results if r.rustc.state == "machine" and r.found is None]
    found = sum(kinds.values())
    agree = len(results) - skipped - varies - len(machine) - found
    lines = [
        f"{len(results)} mutants: rustc rejects {rejected}, runs "
        f"{len(results) - rejected - skipped - len(machine)}, {skipped} skipped (ran too long), "
        f"{len(machine)} machine-limit; {agree} agreements, {found} disagreements"
    ]
    if machine:
        refused = sum(1 for r in machine if _LIMIT in r.pbpit.detail)
        lines.append(
            f"  {len(machine):5}  machine-limit: the machine stopped rustc or its binary, no "
            f"verdict to compare (not counted; pbpit refused {refused} at its own limit)"
        )
        for result in machine[:show]:
            lines.append(f"         {result.mutant.describe()}")
            lines.append(f"           {_short(result.rustc.stderr or result.rustc.detail)}")
    if varies:
        lines.append(f"  {varies:5}  rustc's own output varies from run to run (not counted)")
    for kind, n in kinds.most_common():
        lines.append(f"  {n:5}  {kind}")
        for result in examples[kind][:show]:
            lines.append(f"         {result.mutant.describe()}")
            assert result.found is not None
            lines.append(f"           {_short(result.found[1])}")
    return "\n".join(lines)


def as_json(results: list[Result]) -> dict:
    """`report`'s counts as one JSON object, with each disagreement (and each mutant the
    machine stopped) by name."""
    found = [r for r in results if r.found is not None]
    skipped = sum(1 for r in results if "skipped" in (r.rustc.state, r.pbpit.state))
    machine = [r for r in results if r.rustc.state == "machine" and r.found is None]
    varies = sum(1 for r in results if r.varies)

    def row(result: Result, kind: str, detail: str) -> dict:
        made = result.mutant
        return {
            "mutant": made.name,
            "program": made.program,
            "line": made.line,
            "mutation": made.kind,
            "before": made.before,
            "after": made.after,
            "kind": kind,
            "detail": detail,
        }

    return {
        "judged": len(results),
        "rustc_rejects": sum(1 for r in results if r.rustc.state == "rejected"),
        "skipped": skipped,
        "machine_limit": len(machine),
        "varies": varies,
        "agreements": len(results) - skipped - varies - len(machine) - len(found),
        "disagreements": len(found),
        "kinds": dict(Counter(r.found[0] for r in found if r.found is not None)),
        "found": [row(r, *r.found) for r in found if r.found is not None],
        "machine": [row(r, "machine-limit", r.rustc.stderr or r.rustc.detail) for r in machine],
    }


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--count", type=int, default=None, help="mutants to judge (default 100; --kind: all)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed (default 1)")
    parser.add_argument("--start", type=int, default=0, help="index of the first mutant")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--show", type=int, default=1, help="examples shown per kind")
    parser.add_argument(
        "--print", dest="print_", metavar="SEED:INDEX", help="print one mutant (or KIND#INDEX)"
    )
    parser.add_argument("--kind", default="", help="judge every site of this kind of mutation")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--source",
        choices=SOURCES,
        default="std",
        help="the programs mutated: tests/rust/std (default), the generated ones stripped of "
        "Burn (tools/gen_std.py), or both",
    )
    args = parser.parse_args(argv)
    among = () if args.source == "std" else tuple(programs(args.source))
    if args.kind and args.kind not in kinds():
        shown = ", ".join(kinds())
        print(f"rustc_differential: no kind of mutation `{args.kind}` ({shown})", file=sys.stderr)
        return 2
    if args.print_:
        return _print(args.print_, among)
    try:
        rustc = find_rustc()
    except Refused as err:
        print(f"rustc_differential: {err}", file=sys.stderr)
        return 2
    limit_self()
    signal.signal(signal.SIGTERM, _interrupt)  # `kill PID` reports too (background jobs
    signal.signal(signal.SIGINT, _interrupt)  # ignore SIGINT)
    began = time.monotonic()
    every = len(sites(args.kind, among)) if args.kind else 100
    count = args.count if args.count is not None else every
    results = run(
        rustc,
        args.seed,
        count,
        args.jobs,
        args.start,
        progress=not args.json,
        among=among,
        kind=args.kind,
    )
    if args.json:
        print(json.dumps(as_json(results)))
    else:
        print(report(results, args.show))
        print(f"({time.monotonic() - began:.0f} s on {args.jobs} processes)")
    return 1 if any(r.found for r in results) else 0


def _print(name: str, among: tuple[str, ...] = ()) -> int:
    """`--print`: the mutant `SEED:INDEX` or `KIND#INDEX` (of the programs `among`), its
    source on stdout."""
    kind, hash_, index = name.rpartition("#")
    if hash_:
        found = sites(kind, among) if kind in kinds() else []
        if not index.isdigit() or int(index) >= len(found):
            print(f"rustc_differential: no mutant `{name}`", file=sys.stderr)
            return 2
        made = found[int(index)]
    else:
        seed, _, index = name.partition(":")
        if not (seed.lstrip("-").isdigit() and index.isdigit()):
            print(f"rustc_differential: no mutant `{name}` (SEED:INDEX)", file=sys.stderr)
            return 2
        made = mutant(int(seed), int(index), among)
    print(made.describe(), file=sys.stderr)
    sys.stdout.write(made.text.decode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
