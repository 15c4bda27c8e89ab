"""A method's result moved twice: the value `take()`, `replace(..)`, `pop()`, `remove(..)`,
`drain(..).next()`, `into_iter().next()`, `unwrap_or(..)`, `unwrap_or_default()`, `or(..)` give
out of a receiver holding values (an `Option<Vec<f32>>`, a `Vec<String>`, a struct's field in a
`&mut self` method, a map whose value type is written without `&` whatever its keys, a
`Vec::new()` or `HashMap::new()` the function puts values only into), bound by
`let g = ..;` and moved twice, is rustc's E0382 whatever the method (`method_results.py`: what
a `self` or `&mut self` method hands out of values is a value); and the look-alikes rustc
accepts: moved once, cloned before, given back to the field, what a `&self` method lends
(`first()`, `iter().next()`: a `Copy` `Option<&T>`), what `pop()`/`take()`/`remove(..)` give out
of references (`Vec<&String>`, `Option<&Vec<f32>>`, `HashMap<&str, &Vec<u8>>`: `Copy`), what a
closure or an argument makes of the values (`into_iter().map(|i| &table[i])`,
`into_iter().zip(names.iter())`: references).
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_clone_unwrap_or_twice": (
        """\
fn main() {
    let mut o: Option<Vec<u8>> = Some(vec![1]);
    let mut v: Vec<Vec<u8>> = vec![vec![3], vec![4]];
    let r: Result<Vec<u8>, String> = Ok(vec![5]);
    let g = o.clone().unwrap_or(vec![]);
    let a = g;
    let b = g;
    println!("{:?} {:?} {:?} {:?} {:?}", a, b, o, v, r);
}
""",
        rejects("E0382"),
    ),
    "bad_drain_next_twice": (
        """\
fn keep(s: String) -> usize {
    s.len()
}
fn main() {
    let mut v: Vec<String> = vec!["a".to_string(), "bb".to_string()];
    let g = v.drain(..).next().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {} {}", a, b, v.len());
}
""",
        rejects("E0382"),
    ),
    "bad_field_take_in_method_twice": (
        """\
struct Acc {
    grads: Option<Vec<f32>>,
}

fn apply(g: Vec<f32>) -> f32 {
    g.iter().sum()
}

impl Acc {
    fn flush(&mut self) -> f32 {
        let g = self.grads.take().unwrap_or_default();
        let a = apply(g);
        a + apply(g)
    }
}

fn main() {
    let mut acc = Acc { grads: Some(vec![1.0, 2.0]) };
    println!("{}", acc.flush());
}
""",
        rejects("E0382"),
    ),
    "bad_into_iter_next_twice": (
        """\
fn keep(s: String) -> usize {
    s.len()
}
fn main() {
    let names = vec!["a".to_string(), "bb".to_string()];
    let mut it = names.into_iter();
    let first = it.next().unwrap();
    let a = keep(first);
    let b = keep(first);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_or_moves_receiver": (
        """\
fn main() {
    let o: Option<String> = Some("x".to_string());
    let g = o.or(None);
    println!("{:?} {:?}", g, o);
}
""",
        rejects("E0382"),
    ),
    "bad_or_twice": (
        """\
fn main() {
    let o: Option<String> = Some("x".to_string());
    let g = o.or(None);
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_pop_front_unwrap_twice": (
        """\
use std::collections::VecDeque;
fn keep(s: String) -> usize {
    s.len()
}
fn main() {
    let mut q: VecDeque<String> = VecDeque::new();
    q.push_back("a".to_string());
    let g = q.pop_front().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_remove_moved_twice": (
        """\
fn keep(s: Vec<f32>) -> usize {
    s.len()
}
fn main() {
    let mut v: Vec<Vec<f32>> = vec![vec![1.0], vec![2.0]];
    let g = v.remove(0);
    let a = keep(g);
    let b = keep(g);
    println!("{} {} {}", a, b, v.len());
}
""",
        rejects("E0382"),
    ),
    "bad_replace_result_twice": (
        """\
fn main() {
    let mut slot: Option<Vec<u8>> = Some(vec![1]);
    let old = slot.replace(vec![2]).unwrap();
    let a = old;
    let b = old;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_struct_take_twice": (
        """\
#[derive(Debug, Default)]
struct Batch {
    xs: Vec<f32>,
}
fn consume(b: Batch) -> usize {
    b.xs.len()
}
fn main() {
    let mut slot: Option<Batch> = Some(Batch { xs: vec![1.0] });
    let b = slot.take().unwrap_or_default();
    let n = consume(b);
    println!("{} {:?}", n, b);
}
""",
        rejects("E0382"),
    ),
    "bad_take_unwrap_then_len": (
        """\
fn total(v: Vec<f32>) -> f32 {
    v.into_iter().sum()
}
fn main() {
    let mut cache: Option<Vec<f32>> = Some(vec![1.0, 2.0]);
    let taken = cache.take();
    let grads = taken.unwrap();
    let t1 = total(grads);
    println!("{} {:?}", t1, grads.len());
}
""",
        rejects("E0382"),
    ),
    "ok_first_copy_twice": (
        """\
fn main() {
    let v: Vec<String> = vec!["a".to_string(), "bb".to_string()];
    let g = v.first();
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        runs('Some("a") Some("a")\n'),
    ),
    "ok_get_cloned_twice_unwrap_or": (
        """\
fn main() {
    let v: Vec<u32> = vec![3, 4];
    let g = v.iter().next().copied().unwrap_or(0);
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("3 3\n"),
    ),
    "ok_iter_next_refs_twice": (
        """\
fn main() {
    let v: Vec<String> = vec!["a".to_string(), "bb".to_string()];
    let mut it = v.iter();
    let g = it.next();
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        runs('Some("a") Some("a")\n'),
    ),
    "ok_next_moved_once_in_loop": (
        """\
fn keep(s: String) -> usize {
    s.len()
}
fn main() {
    let names = vec!["a".to_string(), "bb".to_string()];
    let mut it = names.into_iter();
    let mut total = 0;
    while let Some(_) = Some(0) {
        let g = it.next();
        match g {
            Some(s) => total += keep(s),
            None => break,
        }
    }
    println!("{}", total);
}
""",
        runs("3\n"),
    ),
    "ok_pop_refs_twice": (
        """\
fn main() {
    let x = String::from("a");
    let y = String::from("b");
    let mut v: Vec<&String> = vec![&x, &y];
    let g = v.pop();
    let a = g;
    let b = g;
    println!("{:?} {:?} {}", a, b, v.len());
}
""",
        runs('Some("b") Some("b") 1\n'),
    ),
    "ok_replace_then_borrow": (
        """\
fn main() {
    let mut o: Option<String> = Some("old".to_string());
    let old = o.replace("new".to_string()).unwrap();
    let n = old.len();
    let s = old;
    println!("{} {} {:?}", n, s, o);
}
""",
        runs('3 old Some("new")\n'),
    ),
    "ok_take_field_reassigned": (
        """\
struct Acc {
    grads: Option<Vec<f32>>,
}
impl Acc {
    fn flush(&mut self) -> f32 {
        let g = self.grads.take().unwrap_or_default();
        let total: f32 = g.iter().sum();
        self.grads = Some(g);
        total
    }
}
fn main() {
    let mut acc = Acc { grads: Some(vec![1.0, 2.0]) };
    println!("{} {:?}", acc.flush(), acc.grads);
}
""",
        runs("3 Some([1.0, 2.0])\n"),
    ),
    "ok_take_of_refs_twice": (
        """\
fn main() {
    let x = vec![1.0f32];
    let mut o: Option<&Vec<f32>> = Some(&x);
    let g = o.take();
    let a = g;
    let b = g;
    println!("{:?} {:?} {:?}", a, b, o);
}
""",
        runs("Some([1.0]) Some([1.0]) None\n"),
    ),
    "ok_take_once": (
        """\
fn apply(g: Vec<f32>) -> f32 {
    g.iter().sum()
}
fn main() {
    let mut o: Option<Vec<f32>> = Some(vec![1.0, 2.0]);
    let g = o.take().unwrap_or_default();
    let a = apply(g.clone());
    let b = apply(g);
    println!("{} {} {:?}", a, b, o);
}
""",
        runs("3 3 None\n"),
    ),
    "bad_btree_insert_old_twice": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<&str, String> = BTreeMap::new();
    m.insert("k", "a".to_string());
    let old = m.insert("k", "b".to_string());
    let x = old;
    let y = old;
    println!("{:?} {:?}", x, y);
}
""",
        rejects("E0382"),
    ),
    "bad_map_remove_of_str_keys_twice": (
        """\
use std::collections::HashMap;
fn keep(v: Vec<u8>) -> usize {
    v.len()
}
fn main() {
    let mut m: HashMap<&str, Vec<u8>> = HashMap::new();
    m.insert("w", vec![1, 2]);
    let w = m.remove("w").unwrap();
    let a = keep(w);
    let b = keep(w);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "ok_map_remove_cloned_first": (
        """\
use std::collections::HashMap;
fn keep(v: Vec<u8>) -> usize {
    v.len()
}
fn main() {
    let mut m: HashMap<&str, Vec<u8>> = HashMap::new();
    m.insert("w", vec![1, 2]);
    let w = m.remove("w").unwrap();
    let a = keep(w.clone());
    let b = keep(w);
    println!("{} {} {}", a, b, m.len());
}
""",
        runs("2 2 0\n"),
    ),
    "ok_map_remove_of_refs_twice": (
        """\
use std::collections::HashMap;
fn main() {
    let a = vec![1u8, 2];
    let mut m: HashMap<&str, &Vec<u8>> = HashMap::new();
    m.insert("w", &a);
    let w = m.remove("w");
    let x = w;
    let y = w;
    println!("{:?} {:?}", x, y);
}
""",
        runs("Some([1, 2]) Some([1, 2])\n"),
    ),
    "bad_param_mut_ref_pop": (
        """\
fn keep(v: String) -> usize {
    v.len()
}
fn drain_one(q: &mut Vec<String>) -> usize {
    let s = q.pop().unwrap_or_default();
    keep(s) + keep(s)
}
fn main() {
    let mut q = vec!["a".to_string()];
    println!("{}", drain_one(&mut q));
}
""",
        rejects("E0382"),
    ),
    "bad_pop_unannotated": (
        """\
fn keep(v: Vec<f32>) -> usize {
    v.len()
}
fn main() {
    let mut batches = Vec::new();
    batches.push(vec![1.0f32]);
    let g = batches.pop().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_pop_vec_macro": (
        """\
fn keep(v: Vec<f32>) -> usize {
    v.len()
}
fn main() {
    let mut batches = vec![vec![1.0f32], vec![2.0]];
    let g = batches.pop().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_take_struct_field_model": (
        """\
#[derive(Debug)]
struct Model {
    w: Vec<f32>,
}
struct Trainer {
    best: Option<Model>,
}
fn save(m: Model) -> usize {
    m.w.len()
}
fn main() {
    let mut t = Trainer { best: Some(Model { w: vec![1.0] }) };
    let m = t.best.take().expect("a model");
    let n = save(m);
    println!("{} {:?}", n, m);
}
""",
        rejects("E0382"),
    ),
    "ok_pop_items_of_ref_loop_twice": (
        """\
fn main() {
    let names = vec!["a".to_string(), "bb".to_string()];
    let mut seen = Vec::new();
    for n in &names {
        seen.push(n);
    }
    let g = seen.pop();
    let x = g;
    let y = g;
    println!("{:?} {:?}", x, y);
}
""",
        runs('Some("bb") Some("bb")\n'),
    ),
    "ok_pop_unannotated_once": (
        """\
fn keep(v: Vec<f32>) -> usize {
    v.len()
}
fn main() {
    let mut batches = Vec::new();
    for i in 0..3 {
        batches.push(vec![i as f32; i + 1]);
    }
    let mut total = 0;
    while let Some(b) = batches.pop() {
        total += keep(b);
    }
    let g = Vec::<f32>::new();
    let n = keep(g.clone()) + keep(g);
    println!("{} {}", total, n);
}
""",
        runs("6 0\n"),
    ),
    "ok_pop_unannotated_refs_twice": (
        """\
fn main() {
    let a = vec![1.0f32];
    let b = vec![2.0f32];
    let mut stack = Vec::new();
    stack.push(&a);
    stack.push(&b);
    let g = stack.pop().unwrap();
    let x = g;
    let y = g;
    println!("{:?} {:?}", x, y);
}
""",
        runs("[2.0] [2.0]\n"),
    ),
    "bad_take_filter_twice": (
        """\
fn main() {
    let mut o: Option<Vec<f32>> = Some(vec![1.0]);
    let g = o.take().filter(|v| !v.is_empty());
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_take_map_format_twice": (
        """\
fn main() {
    let mut o: Option<u32> = Some(3);
    let g = o.take().map(|n| format!("n{}", n));
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_take_unwrap_or_else_twice": (
        """\
fn main() {
    let mut o: Option<Vec<f32>> = None;
    let g = o.take().unwrap_or_else(|| vec![0.0]);
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "ok_into_iter_map_ref_next_twice": (
        """\
fn main() {
    let table = vec![String::from("a"), String::from("b")];
    let idx: Vec<usize> = vec![1, 0];
    let g = idx.into_iter().map(|i| &table[i]).next();
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        runs('Some("b") Some("b")\n'),
    ),
    "ok_into_iter_zip_refs_next_twice": (
        """\
fn main() {
    let ids: Vec<u32> = vec![1, 2];
    let names = vec![String::from("a"), String::from("b")];
    let g = ids.into_iter().zip(names.iter()).next();
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        runs('Some((1, "a")) Some((1, "a"))\n'),
    ),
    "bad_field_pop_in_method_twice": (
        """\
struct Buf {
    items: Vec<String>,
}
impl Buf {
    fn flush(&mut self) -> usize {
        let all: Vec<String> = self.items.drain(..).collect();
        let first = self.items.pop();
        let n = all.len();
        let kept = first;
        n + kept.map(|s| s.len()).unwrap_or(0) + first.map(|s| s.len()).unwrap_or(0)
    }
}
fn main() {
    let mut b = Buf { items: vec!["a".to_string()] };
    println!("{}", b.flush());
}
""",
        rejects("E0382"),
    ),
    "bad_hashmap_new_remove_twice": (
        """\
use std::collections::HashMap;
fn main() {
    let mut cache = HashMap::new();
    cache.insert(String::from("w"), vec![0.5f32]);
    let w = cache.remove("w").unwrap_or_default();
    let moved = w;
    println!("{:?} {:?}", moved, w);
}
""",
        rejects("E0382"),
    ),
    "bad_take_moved_in_loop": (
        """\
fn consume(v: Vec<f32>) -> usize {
    v.len()
}
fn main() {
    let mut pending: Option<Vec<f32>> = Some(vec![1.0]);
    let g = pending.take().unwrap_or_default();
    let mut total = 0;
    for _ in 0..2 {
        total += consume(g);
    }
    println!("{} {:?}", total, pending);
}
""",
        rejects("E0382"),
    ),
    "bad_vecdeque_new_pop_front_struct": (
        """\
use std::collections::VecDeque;
#[derive(Debug)]
struct Batch {
    xs: Vec<f32>,
}
fn train(b: Batch) -> f32 {
    b.xs.iter().sum()
}
fn main() {
    let mut q = VecDeque::new();
    q.push_back(Batch { xs: vec![1.0, 2.0] });
    let b = q.pop_front().unwrap();
    let l = train(b);
    println!("{} {:?}", l, b.xs);
}
""",
        rejects("E0382"),
    ),
    "ok_extend_refs_pop_twice": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let mut seen = Vec::new();
    seen.extend(names.iter());
    let g = seen.pop();
    let x = g;
    let y = g;
    println!("{:?} {:?}", x, y);
}
""",
        runs('Some("b") Some("b")\n'),
    ),
    "ok_map_new_ref_values_remove_twice": (
        """\
use std::collections::HashMap;
fn main() {
    let w = vec![0.5f32];
    let mut cache = HashMap::new();
    cache.insert(String::from("w"), &w);
    let g = cache.remove("w");
    let x = g;
    let y = g;
    println!("{:?} {:?}", x, y);
}
""",
        runs("Some([0.5]) Some([0.5])\n"),
    ),
    "ok_take_moved_once_each_pass": (
        """\
fn consume(v: Vec<f32>) -> usize {
    v.len()
}
fn main() {
    let mut pending: Option<Vec<f32>> = Some(vec![1.0]);
    let mut total = 0;
    for _ in 0..2 {
        let g = pending.take().unwrap_or_default();
        total += consume(g);
        pending = Some(vec![2.0]);
    }
    println!("{}", total);
}
""",
        runs("2\n"),
    ),
    "bad_map_new_entry_value_remove_twice": (
        """\
use std::collections::HashMap;
fn main() {
    let mut cache: HashMap<&str, Vec<f32>> = HashMap::new();
    cache.entry("w").or_insert(vec![0.5]);
    let g = cache.remove("w");
    let x = g;
    let y = g;
    println!("{:?} {:?}", x, y);
}
""",
        rejects("E0382"),
    ),
    "ok_map_new_entry_ref_remove_twice": (
        """\
use std::collections::HashMap;
fn main() {
    let w = vec![0.5f32];
    let mut cache = HashMap::new();
    cache.entry("w").or_insert(&w);
    let g = cache.remove("w");
    let x = g;
    let y = g;
    println!("{:?} {:?}", x, y);
}
""",
        runs("Some([0.5]) Some([0.5])\n"),
    ),
    "bad_into_iter_max_by_twice": (
        """\
fn main() {
    let runs: Vec<Vec<f32>> = vec![vec![0.5], vec![0.25, 0.1]];
    let g = runs.into_iter().max_by(|a, b| a.len().cmp(&b.len()));
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "ok_into_iter_map_same_type_ref_twice": (
        """\
fn main() {
    let table = vec![String::from("a"), String::from("b")];
    let keys: Vec<String> = vec![String::from("x")];
    let g = keys.into_iter().map(|_k| &table[1]).next();
    let a = g;
    let b = g;
    println!("{:?} {:?}", a, b);
}
""",
        runs('Some("b") Some("b")\n'),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
