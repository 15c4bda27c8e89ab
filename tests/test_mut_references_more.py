"""`&mut` reaching Burn's gradients (a helper taking `grads: &mut Gradients`, as
`grad_remove`/`grad_replace` take them) and `if let Some(b) = &mut opt { .. }` written through
`*b`, run by `pbpit run`.

Expected values by hand: d(sum(3 w))/dw = 3 for each element; Burn's `grad_remove` takes the
gradient out of the store, so `grad` afterwards is None (burn-tensor's api/autodiff.rs). The
std program's output is rustc 1.95's (recorded next to each case).
"""

from __future__ import annotations

from test_rust_interp import refusal, rust

HELPER = """
use burn::prelude::*;

fn take_grad(w: &Tensor<1>, grads: &mut Gradients) -> Tensor<1> {
    w.grad_remove(grads).unwrap()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut grads = (w.clone() * 3.0).sum().backward();
    let g = take_grad(&w, &mut grads);
    println!("{:?}", g.to_data().to_vec::<f32>().unwrap());
    println!("{:?}", w.grad(&grads).is_none());
}
"""


def test_a_helper_takes_the_gradients_by_mut_reference(tmp_path):
    run = rust(tmp_path, HELPER)
    assert run.panic is None, run.panic
    assert run.stdout == "[3.0, 3.0]\ntrue\n"  # the helper removed it from the one store


def test_mut_gradients_of_a_variable_not_declared_mut_is_e0596(tmp_path):
    error, _ = refusal(tmp_path, HELPER.replace("let mut grads", "let grads"))
    assert "E0596" in str(error) and "`grads`" in str(error)


def test_mut_gradients_given_a_shared_reference_is_e0308(tmp_path):
    error, _ = refusal(tmp_path, HELPER.replace("&w, &mut grads", "&w, &grads"))
    assert "mismatched types: expected `&mut Gradients`, found `&Gradients`" in str(error)


def test_if_let_through_mut_writes_the_value_back(tmp_path):
    # rustc 1.95 prints the same (tests/rust/std/if_let_mut.rs holds the longer program)
    run = rust(
        tmp_path,
        """
fn main() {
    let mut o = Some(1);
    if let Some(b) = &mut o {
        *b += 1;
    }
    if let Some(b) = o.as_mut() {
        *b *= 10;
    }
    let mut none: Option<i32> = None;
    if let Some(b) = &mut none {
        *b = 5;
    }
    println!("{:?} {:?}", o, none);
}
""",
    )
    assert run.panic is None and run.stdout == "Some(20) None\n"


def test_if_let_through_mut_of_a_tensor_replaces_it(tmp_path):
    # by hand: step 0 keeps h = 2w (d loss/dw = 2); later steps keep detach(m) + 2w: still 2
    run = rust(
        tmp_path,
        """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut memory: Option<Tensor<1>> = None;
    for step in 0..2 {
        let h = w.clone() * 2.0;
        if let Some(m) = &mut memory {
            *m = m.clone().detach() + h.clone();
        } else {
            memory = Some(h.clone());
        }
        let grads = memory.clone().unwrap().sum().backward();
        let g = w.grad(&grads).unwrap().to_data().to_vec::<f32>().unwrap();
        let m = memory.clone().unwrap().to_data().to_vec::<f32>().unwrap();
        println!("{step}: {:?} {:?}", g, m);
    }
}
""",
    )
    assert run.panic is None, run.panic
    assert run.stdout == "0: [2.0, 2.0] [2.0, 4.0]\n1: [2.0, 2.0] [4.0, 8.0]\n"


def test_if_let_through_mut_of_a_variable_not_declared_mut_is_e0596(tmp_path):
    # rustc 1.95: error[E0596]: cannot borrow `o` as mutable, as it is not declared as mutable
    for scrutinee in ("&mut o", "o.as_mut()"):
        error, _ = refusal(
            tmp_path,
            f"fn main() {{\n    let o = Some(1);\n    if let Some(b) = {scrutinee} {{\n"
            "        *b += 1;\n    }\n}\n",
        )
        assert "cannot borrow `o` as mutable" in str(error)


def test_if_let_through_shared_reference_is_still_e0594(tmp_path):
    # rustc 1.95: error[E0594]: cannot assign to `*b`, which is behind a `&` reference
    error, _ = refusal(
        tmp_path,
        "fn main() {\n    let mut o = Some(1);\n    if let Some(b) = &o {\n        *b += 1;\n"
        "    }\n}\n",
    )
    assert "cannot assign to `*b`, which is behind a `&` reference" in str(error)


def test_if_let_through_mut_refuses_what_the_write_back_would_change(tmp_path):
    # naming `o` in the body, or leaving it early, would see or skip the write-back: refused
    for body in ('*b += 1;\n        println!("{:?}", o);', "*b += 1;\n        return;"):
        error, _ = refusal(
            tmp_path,
            "fn main() {\n    let mut o = Some(1);\n    if let Some(b) = &mut o {\n"
            f"        {body}\n    }}\n}}\n",
        )
        assert "if let Some(..) = &mut .." in str(error)


def test_a_loop_over_drain_may_not_use_the_vec(tmp_path):
    # rustc 1.95: error[E0499]: cannot borrow `v` as mutable more than once at a time (pbpit's
    # `drain` takes the elements first, so it would run: refused instead)
    error, _ = refusal(
        tmp_path,
        "fn main() {\n    let mut v = vec![1];\n    for x in v.drain(..) {\n"
        "        v.push(x);\n    }\n}\n",
    )
    assert "`v` used in a loop over `v.drain(..)`" in str(error)


def test_drain_of_a_part_runs_as_rustc_runs_it(tmp_path):
    # rustc 1.95 prints `[2] [1]`: drain(1..) takes the tail out of `v`
    run = rust(
        tmp_path,
        "fn main() {\n    let mut v = vec![1, 2];\n    let d: Vec<i32> = "
        'v.drain(1..).collect();\n    println!("{:?} {:?}", d, v);\n}\n',
    )
    assert run.panic is None, run.panic
    assert run.stdout == "[2] [1]\n"


def test_option_methods_taking_self_move_a_non_copy_option(tmp_path):
    # rustc 1.95: error[E0382]: borrow of moved value: `l` (each takes `self`); through
    # `as_ref()` the `Option<&String>` is moved instead and `l` stays
    for call in (
        "map_or(0, |s| s.len())",
        "and_then(|s| Some(s.len()))",
        "filter(|s| s.len() > 0)",
    ):
        error, _ = refusal(
            tmp_path,
            'fn main() {\n    let l: Option<String> = Some("a".to_string());\n'
            f'    let n = l.{call};\n    println!("{{:?}} {{:?}}", l, n);\n}}\n',
        )
        assert "E0382" in str(error) or "moved value: `l`" in str(error)
    run = rust(
        tmp_path,
        'fn main() {\n    let l: Option<String> = Some("a".to_string());\n'
        '    let n = l.as_ref().map_or(0, |s| s.len());\n    println!("{:?} {}", l, n);\n}\n',
    )
    assert run.panic is None and run.stdout == 'Some("a") 1\n'


def test_what_rustc_rejects_about_insert_and_if_let_is_refused(tmp_path):
    # rustc 1.95 (each checked): `v.insert(0, &r)` of a `Vec<f32>` is E0308; `if let Some(b) =
    # o { *b += 1; }` of an `Option<i32>` is E0614 (not E0594: pbpit says it in words);
    # `b + "!"` of `b: &mut String` is E0369
    cases = (
        ("let mut v: Vec<f32> = Vec::new();\n    let r = 1.0;\n    v.insert(0, &r);", "E0308"),
        ("let mut o = Some(1);\n    if let Some(b) = o {\n        *b += 1;\n    }", "bound by"),
        (
            'let mut s = Some(String::new());\n    if let Some(b) = &mut s {\n        *b = b + "!";'
            "\n    }",
            "as an operand",
        ),
    )
    for body, said in cases:
        error, _ = refusal(tmp_path, f"fn main() {{\n    {body}\n}}\n")
        assert said in str(error) or said == "E0308" and "mismatched types" in str(error)
        assert "E0594" not in str(error)


def test_a_hashmap_order_refusal_advises_only_what_pbpit_runs(tmp_path):
    # The refusal once advised "collect the keys and sort them, or use a BTreeMap", both of
    # which pbpit refuses in turn (`collect` of `keys()`, `BTreeMap::new`): it names what runs.
    head = (
        "use std::collections::HashMap;\nfn main() {\n"
        "    let mut m: HashMap<u8, u8> = HashMap::new();\n"
    )
    error, _ = refusal(tmp_path, head + "    let k: Vec<&u8> = m.keys().collect();\n}\n")
    assert "collect the keys" not in str(error) and "BTreeMap" not in str(error)
    assert "count, sum, product, max, min" in str(error)
    for use in ("m.keys().count()", "m.values().sum::<u8>()", "m.iter().max()"):
        run = rust(tmp_path, head + f"    m.insert(1, 2);\n    let n = {use};\n}}\n")
        assert run.panic is None, (use, run.panic)
