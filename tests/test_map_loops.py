"""`for` loops over a map's entries (interp/map_loops.py): changing them (`&mut m`,
`iter_mut()`; a `BTreeMap`'s `values_mut()`) runs for a `BTreeMap` in key order and for a
`HashMap`; a loop over
a `HashMap` runs only where its body gives the same result in any order, since rustc's binary
visits the entries in an order that changes from run to run. What runs is checked against
rustc's output in `tests/rust/std/map_loops.rs`; here, what must be refused, never run."""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, rejects, runs, verdict_tests

_MAP = "use std::collections::HashMap;\n\nfn main() {\n    let mut h: HashMap<i32, i32> = "
_FILLED = "HashMap::new();\n    h.insert(1, 2);\n    h.insert(3, 4);\n"

ORDER_SEEN = {
    "accumulator_read_by_an_entry": "    let mut total = 0;\n    for (_, v) in h.iter_mut() {\n"
    "        total += 1;\n        *v += total;\n    }\n",
    "accumulator_read_by_a_condition": "    let (mut total, mut big) = (0, 0);\n"
    "    for (_, v) in &h {\n        if total > 1 {\n            big += 1;\n        }\n"
    '        total += *v;\n    }\n    println!("{} {}", total, big);\n',
    "printed": '    for (k, v) in &h {\n        println!("{} {}", k, v);\n    }\n',
    "pushed": "    let mut out = Vec::new();\n    for (k, v) in h.iter_mut() {\n"
    '        *v += 1;\n        out.push(*k);\n    }\n    println!("{}", out.len());\n',
    "float_sum": "    let mut s = 0.0;\n    for v in h.values() {\n        s += *v as f64 * 0.1;\n"
    '    }\n    println!("{}", s);\n',
    "broken_off": "    let mut first = 0;\n    for k in h.keys() {\n        first = *k;\n"
    '        break;\n    }\n    println!("{}", first);\n',
    "last_one_kept": "    let mut last = 0;\n    for (_, v) in &h {\n        last = *v;\n    }\n"
    '    println!("{}", last);\n',
}


@pytest.mark.parametrize("name", sorted(ORDER_SEEN))
def test_a_loop_whose_body_sees_the_hashmaps_order_is_refused(name):
    source = _MAP + _FILLED + ORDER_SEEN[name] + "}\n"
    found = judge(source, diff.pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found
    assert "HashMap" in found.detail


CASES = {
    "entries_changed_then_summed": (
        _MAP
        + _FILLED
        + "    for (k, v) in &mut h {\n        *v += *k;\n    }\n    let mut total = 0;\n"
        "    let mut most = 0;\n    for v in h.values() {\n        total += *v;\n"
        '        most = most.max(*v);\n    }\n    println!("{} {} {}", total, most, h[&3]);\n}\n',
        runs("10 7 7\n"),
    ),
    "map_named_in_its_changing_loop": (
        "use std::collections::BTreeMap;\n\nfn main() {\n    let mut m: BTreeMap<i32, i32> = "
        "BTreeMap::new();\n    m.insert(1, 2);\n    for (_, v) in m.iter_mut() {\n"
        "        *v += 1;\n    }\n    for v in m.values_mut() {\n        *v *= 2;\n    }\n"
        '    println!("{:?}", m.get(&1));\n}\n',
        runs("Some(6)\n"),
    ),
    "map_not_mut_changed": (
        "use std::collections::BTreeMap;\n\nfn main() {\n    let m: BTreeMap<i32, i32> = "
        "BTreeMap::new();\n    for (_, v) in m.iter_mut() {\n        *v += 1;\n    }\n"
        '    println!("{}", m.len());\n}\n',
        rejects("E0596"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
