"""pbpit against rustc on mutants of the std programs (`tools/rustc_differential.py`).

A fixed small sample of mutants is judged by rustc 1.95 (skipped where rustc is not on PATH,
nor `$RUSTC`) and by pbpit: each must be accepted by both with the same output, or rejected by
both (with rustc's code where pbpit names one). The disagreements known today, each in a part
of the interpreter that does not follow rustc yet, are listed by mutant; any other fails, and
so does a listed one that no longer happens (take it off the list). The tool runs any number:
`.venv/bin/python tools/rustc_differential.py --count 5000`.
"""

from __future__ import annotations

import pytest
import rustc_differential as diff
from record_rustc import Refused, find_rustc

SEED = 26
COUNT = 60
# The programs mutated (named, so that a program added to tests/rust/std changes no mutant).
AMONG = tuple(
    f"{name}.rs"
    for name in (
        "casts closures dispatch_dyn dispatch_generic_bounds enums for_ranges format_args "
        "int_div_rem iter_chains known_panics_match loops matching option_iflet overflow_add "
        "shadowing strings structs traits tuples vec_ops"
    ).split()
)

# Mutant -> the kind of its disagreement: what pbpit does not check as rustc does yet.
KNOWN: dict[str, str] = {}


def test_mutants_are_the_same_on_every_run_and_each_changes_its_program():
    for index in range(30):
        one, again = diff.mutant(SEED, index, AMONG), diff.mutant(SEED, index, AMONG)
        assert one == again and one.text == again.text
        assert one.text != (diff.STD_DIR / one.program).read_bytes(), one.describe()


def test_a_program_rustc_rejects_and_pbpit_runs_is_a_disagreement():
    rejected = diff.Verdict("rejected", codes=["E0382"], detail="use of moved value: `s`")
    ran = diff.Verdict("ran", "4 4\n", "", 0)
    assert diff.disagreement(rejected, ran) == (
        "runs what rustc rejects (E0382)",
        "use of moved value: `s`",
    )
    refused = diff.Verdict("rejected", codes=["E0308"], detail="mismatched types")
    assert diff.disagreement(rejected, refused)[0] == "refused with E0308, rustc says E0382"
    assert diff.disagreement(rejected, diff.Verdict("rejected", codes=[""], outside=True)) is None
    other = diff.Verdict("ran", "4 5\n", "", 0)
    assert diff.disagreement(ran, other)[0] == "stdout differs"
    assert diff.disagreement(ran, ran) is None


def test_a_core_panic_pbpit_refuses_is_a_disagreement_of_its_own_kind():
    # rustc 1.95's binary of `(0..9).step_by(0)`, and pbpit's refusal of it
    panicked = diff.Verdict(
        "ran",
        "",
        "\nthread 'main' (TID) panicked at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/"
        "library/core/src/iter/adapters/step_by.rs:35:9:\nassertion failed: step != 0\n",
        101,
    )
    said = "error: unsupported Rust: `step_by(0)` panics here (assertion failed: step != 0) "
    said += "inside Rust's core library, at a location that depends on the Rust toolchain"
    refused = diff.Verdict("rejected", codes=[""], outside=True, detail=said)
    assert diff.disagreement(panicked, refused)[0] == (
        "refuses a panic inside core (its location is the toolchain's)"
    )
    other = diff.Verdict("rejected", codes=[""], outside=True, detail="the method `chunks_exact`")
    assert diff.disagreement(panicked, other)[0] == "refuses what rustc runs (outside the subset)"
    printed = diff.Verdict("ran", "a 1\nb 2\n", "", 0)
    said = "`collect` of a HashMap's entries not sorted at once (a HashMap's order is random in "
    said += "Rust (each run's differs); pbpit runs only the order-free uses"
    refused = diff.Verdict("rejected", codes=[""], outside=True, detail=said)
    assert diff.disagreement(printed, refused)[0] == (
        "refuses an output a HashMap's random order decides"
    )


_LIMIT = (
    "error: unsupported Rust: a `Vec` of 8589934590 elements, more than pbpit holds "
    "(67108864); whether Rust can allocate it depends on the machine"
)


def test_a_binary_the_machine_stopped_has_no_verdict_and_is_counted_apart():
    # rustc 1.95's binary of `vec![0i32; 8589934590]` under the tool's memory limit (SIGABRT),
    # of `[0u8; 4294967295]` on the stack, and one the kernel killed
    oom = "memory allocation of 34359738360 bytes failed\n"
    stack = "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n"
    assert diff.machine_stopped(-6, oom) and diff.machine_stopped(-6, stack)
    assert diff.machine_stopped(-9, "") and diff.machine_stopped(-11, "")
    assert not diff.machine_stopped(-6, "other\n") and not diff.machine_stopped(101, oom)
    refused = diff.Verdict("rejected", codes=[""], outside=True, detail=_LIMIT)
    stopped = diff.Verdict("machine", "", oom, -6)
    assert diff.disagreement(stopped, refused) is None
    assert diff.disagreement(stopped, diff.Verdict("ran", "", "", 0)) is None
    crashed = diff.Verdict("crashed", detail="KeyError: 1")
    assert diff.disagreement(stopped, crashed) == ("pbpit crashes", "KeyError: 1")
    # the same refusal where rustc's binary held the collection and ran is a disagreement
    ran = diff.Verdict("ran", "8589934590\n", "", 0)
    assert diff.disagreement(ran, refused)[0] == (
        "refuses a collection rustc's binary held (pbpit's limit)"
    )
    made = diff.mutant(SEED, 0, AMONG)
    results = [
        diff.Result(made, stopped, refused, None),
        diff.Result(made, ran, refused, diff.disagreement(ran, refused)),
        diff.Result(made, ran, ran, None),
    ]
    head = diff.report(results).splitlines()[:2]
    assert head[0].endswith("1 machine-limit; 1 agreements, 1 disagreements"), head
    assert "machine-limit" in head[1] and "pbpit refused 1 at its own limit" in head[1], head


def test_a_sample_of_mutants_agrees_with_rustc():
    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    results = diff.run(rustc, SEED, COUNT, jobs=2, among=AMONG)
    assert len(results) == COUNT
    found = {r.mutant.describe(): r.found[0] for r in results if r.found is not None}
    unexpected = {m: k for m, k in found.items() if KNOWN.get(m) != k}
    gone = [m for m in KNOWN if m not in found]
    assert (unexpected, gone) == ({}, []), diff.report(results)


# -- disagreements the differential test found, fixed: rustc 1.95's verdict on each ------------


@pytest.mark.parametrize(
    ("edit", "at"),
    [
        # `Pair` (a struct of the program's own, not `Copy`) moved, then printed: E0382.
        (("let mut pair2 = pair.clone();", "let mut pair2 = pair;"), (82, 27)),
        # What a method of the program's own returns by value is moved like any value.
        (("let r = q.shifted(1.0);", "let r = q.shifted(1.0); let _moved = r;"), (76, 27)),
        # `clone()` of a struct deriving `Clone` is a value of its own.
        (("let q = p.clone();", "let q = p.clone(); let _moved = q;"), (74, 36)),
    ],
)
def test_a_struct_moved_then_used_is_rustcs_e0382(tmp_path, edit, at):
    from pbpit.rust.interp.program import Unsupported, load_text

    source = (diff.STD_DIR / "structs.rs").read_text(encoding="utf-8")
    assert edit[0] in source
    with pytest.raises(Unsupported) as caught:
        load_text(source.replace(edit[0], edit[1]), "structs.rs")
    assert (caught.value.code, caught.value.place[1:]) == ("E0382", at)


# (statements, where rustc 1.95 reports E0382): values the checker could not tell are values.
MADE = [
    ('let v = vec![1];\n    let w = v.clone();\n    let a = w;\n    println!("{:?}", w);', (6, 22)),
    (
        "let v = vec![1];\n    let c = v.iter().map(|x| x * 2).collect::<Vec<i32>>();\n"
        '    let d = c;\n    println!("{:?}", c);',
        (6, 22),
    ),
    (
        'let o = Some(String::from("x"));\n    let s = o.unwrap();\n    let t = s;\n'
        '    println!("{}", s);',
        (6, 20),
    ),
    (
        'let names = vec!["a", "b"];\n    let j = names.join("-");\n    let k = j;\n'
        '    println!("{}", j);',
        (6, 20),
    ),
]


MADE += [
    # An iterator is a value of its own, not `Copy`; so is a range.
    ("let it = (1..4).map(|x| x * x);\n    let moved = it;\n    let n = it.count();", (5, 13)),
    ("let r = 0..3;\n    let moved = r;\n    let n = r.len();", (5, 13)),
    # What `pop()` takes out of a `Vec` is a value of its own.
    (
        "let mut g = vec![vec![1]];\n    let l = g.pop().unwrap();\n"
        "    let m = l;\n    let n = l.len();",
        (6, 13),
    ),
]


def test_iterator_methods_that_borrow_do_not_move():
    # rustc 1.95 compiles and runs it: `any`, `position`, `find`, `nth`, `next` take `&mut
    # self`, `len` `&self`.
    from pbpit.rust.interp.program import load_text

    load_text(
        "fn main() {\n    let v = vec![1, 2, 3, 4];\n    let mut it = v.iter();\n"
        "    let a = it.any(|x| *x == 2);\n    let n = it.len();\n"
        "    let p = it.position(|x| *x == 4);\n    let f = it.next();\n"
        "    let mut w = v.iter().skip(1);\n    let g = w.find(|x| **x > 1);\n"
        '    let h = w.nth(0);\n    println!("{a} {n} {p:?} {f:?} {g:?} {h:?}");\n}\n'
    )


@pytest.mark.parametrize(("body", "at"), MADE)
def test_a_value_a_method_made_moved_then_used_is_rustcs_e0382(body, at):
    from pbpit.rust.interp.program import Unsupported, load_text

    with pytest.raises(Unsupported) as caught:
        load_text(f"fn main() {{\n    let z = 0;\n    {body}\n}}\n")
    assert (caught.value.code, caught.value.place[1:]) == ("E0382", at)


# (statements, rustc 1.95's message and place): a `let x;` read where a path left it unassigned.
UNINIT = [
    (
        "let c = z > 5;\n    let a: i32;\n    if c {\n        a = 1;\n    }\n"
        '    println!("{}", a);',
        "used binding `a` is possibly-uninitialized",
        (8, 20),
    ),
    ('let b: i32;\n    println!("{}", b);', "used binding `b` isn't initialized", (4, 20)),
    (
        "let b: i32;\n    if z > 1 {\n        b = 1;\n    } else {\n        b = 2;\n    }\n"
        '    println!("{}", b);',
        "",
        None,
    ),
]


@pytest.mark.parametrize(("body", "message", "at"), UNINIT)
def test_a_binding_read_before_every_path_assigns_it_is_rustcs_e0381(body, message, at):
    from pbpit.rust.interp.program import Unsupported, load_text

    source = f"fn main() {{\n    let z = 0;\n    {body}\n}}\n"
    if at is None:
        load_text(source)  # assigned on every path: rustc runs it
        return
    with pytest.raises(Unsupported) as caught:
        load_text(source)
    assert (caught.value.code, caught.value.place[1:]) == ("E0381", at)
    assert caught.value.what.startswith(message + " (")


def test_a_division_by_a_zero_rustc_knows_is_refused_whatever_the_dividend():
    # rustc 1.95: `attempt to divide `_` by zero` at 2:5 (a parameter it does not know).
    from pbpit.rust.interp.program import Unsupported, load_text

    with pytest.raises(Unsupported) as caught:
        load_text(
            'fn f(x: i32) -> i32 {\n    x / 0\n}\nfn main() {\n    println!("{}", f(3));\n}\n'
        )
    err = caught.value
    assert (err.code, err.place[1:], err.label) == (
        "unconditional_panic",
        (2, 5),
        "attempt to divide `_` by zero",
    )


# -- the lint issue's generated programs, their Burn parts removed (tools/gen_std.py) -----------

# Seeds of programs with the shapes the stand-ins must cover: an inline module importing Burn
# (3), a scalar read by `into_scalar::<f32>()` and a tensor times a float (3, 58), a `Linear`
# (58), a rank-1 `zeros` (115).
GEN_SEEDS = (0, 3, 58, 115)


def test_a_stripped_program_names_nothing_of_burns_and_mutants_leave_its_stand_ins_alone():
    import gen_std

    for seed in GEN_SEEDS:
        text, end = gen_std.stripped(seed)
        body = text[:end].decode()
        for word in ("burn", "Tensor", "Device", "Linear"):
            assert word not in body, (seed, word)
        # every line keeps its number: the stripped program's lines are the generated one's
        assert body.count("\n") == gen_std.generate_text(seed).count("\n"), seed
    among = tuple(gen_std.name(seed) for seed in GEN_SEEDS)
    for index in range(40):
        made = diff.mutant(SEED, index, among)
        text, end = gen_std.stripped(gen_std.seed_of(made.program))
        assert made.text[-(len(text) - end) :] == text[end:], made.describe()
        assert made.text != text, made.describe()


def test_stripped_generated_programs_run_under_rustc_as_under_pbpit(tmp_path):
    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    import gen_std

    for seed in GEN_SEEDS:
        source = tmp_path / gen_std.name(seed)
        source.write_bytes(gen_std.stripped(seed)[0])
        theirs = diff.rustc_verdict(rustc, source)
        assert theirs.state == "ran" and theirs.status == 0, (seed, theirs)
        assert theirs.stdout.endswith("done\n"), (seed, theirs.stdout)
        ours = diff.pbpit_verdict(source)
        assert (ours.state, ours.stdout, ours.stderr, ours.status) == (
            "ran",
            theirs.stdout,
            theirs.stderr,
            theirs.status,
        ), seed
