"""Each way a program grows a collection is checked against pbpit's limit before the items are
made (`interp/growth.py`, issue 26): `e.extend(0..2147483647)` was a `MemoryError` traceback
(or the machine's memory taken) and is one refusal, in the words the differential counts as a
machine's limit. The oracle of each big program: rustc 1.95's binary is stopped by the machine
(`memory allocation of N bytes failed` under `tools/rustc_differential.py`'s address-space
limit), so the program has no output to agree with; its small twin is run as rustc runs it
(recorded from rustc 1.95's binary)."""

from __future__ import annotations

from itertools import repeat

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, runs, rustc_verdicts, same

from pbpit.rust.interp import growth
from pbpit.rust.interp.growth import MAX_ELEMENTS
from pbpit.rust.interp.nodes import Unsupported

N = 2147483647


def _program(body: str, n: int) -> str:
    lines = "\n".join(f"    {line}" for line in body.strip().splitlines())
    return f'fn main() {{\n    let n: usize = {n};\n{lines}\n    println!("done");\n}}\n'


# name -> (the growth, its twin's stdout at n = 3)
GROWTHS = {
    "extend_range": (
        'let mut e: Vec<i64> = Vec::new();\ne.extend(0..n as i64);\nprintln!("{}", e.len());',
        "3\n",
    ),
    "extend_from_slice_grown": (
        "let mut e = vec![1u8];\nlet w = vec![2u8; n];\ne.extend_from_slice(&w);\n"
        'println!("{:?}", e);',
        "[1, 2, 2, 2]\n",
    ),
    "resize": (
        'let mut v: Vec<u8> = vec![7];\nv.resize(n, 0);\nprintln!("{:?}", v);',
        "[7, 0, 0]\n",
    ),
    "collect_range": (
        'let v: Vec<usize> = (0..n).map(|i| i * 2).collect();\nprintln!("{:?}", v);',
        "[0, 2, 4]\n",
    ),
    "collect_chain_rev": (
        'let v: Vec<usize> = (0..n).rev().chain(0..2).collect();\nprintln!("{:?}", v);',
        "[2, 1, 0, 0, 1]\n",
    ),
    "collect_string": (
        "let s: String = (0..n).map(|_| 'a').collect();\nprintln!(\"{}\", s);",
        "aaa\n",
    ),
    "collect_set": (
        'let s: std::collections::HashSet<usize> = (0..n).collect();\nprintln!("{}", s.len());',
        "3\n",
    ),
    "collect_map": (
        "let m: std::collections::BTreeMap<usize, usize> = (0..n).map(|i| (i, i)).collect();\n"
        'println!("{:?}", m);',
        "{0: 0, 1: 1, 2: 2}\n",
    ),
    "extend_set": (
        "let mut s = std::collections::BTreeSet::new();\ns.insert(9usize);\ns.extend(0..n);\n"
        'println!("{:?}", s);',
        "{0, 1, 2, 9}\n",
    ),
    "vec_of_vecs": (
        'let v = vec![vec![0u8; n]; n];\nprintln!("{}", v.len() + v[0].len());',
        "6\n",
    ),
}


def _sources(n: int) -> dict[str, str]:
    return {name: _program(body, n) for name, (body, _) in GROWTHS.items()}


@pytest.mark.parametrize("name", sorted(GROWTHS))
def test_a_growth_past_the_limit_is_one_refusal_of_a_machines_limit(name: str) -> None:
    found = judge(_sources(N)[name], diff.pbpit_verdict)
    assert found.state == "rejected" and found.outside, found
    assert diff._LIMIT in found.detail and str(MAX_ELEMENTS) in found.detail, found.detail
    assert found.detail.count("\n") == 0


@pytest.mark.parametrize("name", sorted(GROWTHS))
def test_the_small_twin_runs_as_rustc_runs_it(name: str) -> None:
    found = judge(_sources(3)[name], diff.pbpit_verdict)
    assert same(found, runs(GROWTHS[name][1] + "done\n")), found


@pytest.mark.slow
def test_rustcs_binary_is_stopped_by_the_machine_and_runs_the_twins() -> None:
    big = rustc_verdicts(_sources(N))
    # stopped by the machine, or (a set filled one item at a time) still running past the
    # differential's RUN_SECONDS: no output to agree with either way
    stopped = {name: v.state in ("machine", "skipped") for name, v in big.items()}
    assert stopped == dict.fromkeys(GROWTHS, True), {n: v.state for n, v in big.items()}
    small = rustc_verdicts(_sources(3))
    for name, (_, stdout) in GROWTHS.items():
        assert same(small[name], runs(stdout + "done\n")), (name, small[name])


def test_an_iterator_of_no_known_length_is_refused_at_the_first_item_too_many(monkeypatch):
    # `std::iter::repeat(x).take(n)`, `filter`: their length is known only by pulling them
    monkeypatch.setattr(growth, "MAX_ELEMENTS", 5)
    assert growth.pulled(repeat(1, 5), "w", "a `Vec` collected") == [1] * 5
    assert growth.pulled(repeat(1, 3), "w", "a `Vec` grown", held=2) == [1] * 3
    pulls = []
    for given, held in ((repeat(1), 0), (repeat(1, 4), 2)):
        pulls.clear()
        with pytest.raises(Unsupported) as caught:
            growth.pulled((pulls.append(x) or x for x in given), "w", "a `Vec` grown", held)
        assert "more than 5 elements, more than pbpit holds (5)" in caught.value.what
        assert len(pulls) == 6 - held  # one past the room left, never the whole iterator
    with pytest.raises(Unsupported):  # a known length: refused before any pull
        growth.pulled(range(4), "w", "a `Vec` grown", held=2)


def test_memory_the_machine_refuses_is_one_refusal_of_a_machines_limit(tmp_path):
    # Each `Vec` under pbpit's limit, all of them past the memory the process may take: the
    # `MemoryError` is the machine's limit, one refusal (a traceback before).
    import resource
    import subprocess
    import sys

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))

    program = tmp_path / "rows.rs"
    program.write_text(
        "fn main() {\n"
        "    let rows: Vec<Vec<u8>> = (0..1000).map(|_| vec![0u8; 60_000_000]).collect();\n"
        '    println!("{}", rows.len());\n'
        "}\n"
    )
    out = subprocess.run(
        [sys.executable, "-m", "pbpit", "run", str(program)],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=limit,
    )
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    first = out.stderr.splitlines()[0]
    assert first.startswith("error: unsupported Rust: ") and diff._LIMIT in first, first
