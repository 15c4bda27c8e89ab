"""Programs rustc rejects that pbpit ran (issue 26, the held-out set of session 24 and variants
written after): each shape as Rust defines it, with accepted neighbours that must still run.
Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's.

- `r.len()` of a range held by a variable, its element type known later (`let mut r = 0..10;`
  then `r.any(|x| x == 3u64)`): no `ExactSizeIterator` for `Range<i64>`/`Range<u64>`, nor for
  `RangeInclusive` of more than 16 bits (E0599; E0277 for `let r = 0..=9;`, its `i32`).
- a move out of the `&T` an `Option<&T>` of values holds: `*v.first().unwrap()`,
  `*m.get("k").unwrap()` of a map written with values, `v.first().map(|x| *x)`,
  `v.iter().next().map(|x| *x)` (E0507).
- a map looked up by a key more references deep than `K: Borrow<Q>` takes: `m.get(w)` of `w`
  an item of `words.iter()` over `&str`s on `String` keys (`String: Borrow<&str>`), `m.get(&w)`
  of it on `&str` keys (`&str: Borrow<&&str>`): E0277.
- a value moved while a `let` holds a view std's methods made of it: `cfg.split('=').next()
  .unwrap()`, `line.trim()`, `v.first().unwrap()`, `v.iter().max_by(..).unwrap()`, a
  `Vec<&str>` collected from `line.split(',')` (E0505); the views of a `&str` variable borrow
  the text it points to, not the variable (`s = "y";` after `let t = s.trim();` runs).
- a block whose value borrows a variable of its own, taken by what outlives it (`match k { 0 =>
  { let t = vec![9]; &t } _ => &v }`, `let r = { let t = 5; &t };`, `t.as_str()` in an `if`
  branch): E0597.
- a free function's `&mut` result held (`let a = first_mut(&mut v);`) while `v` is used: E0502
  (`v.len()`, `println!(.., v)`, `v[1]`), E0499 (`v.push(..)`), E0503 (`c.n` read); likewise
  std's `&mut` views held by a `let` (`let it = ws.iter_mut();`, `ws.last_mut().unwrap()`).
- `let r: &mut Vec<i32> = &v;` (any `T` behind the written `&mut`), and `r = &v;` of a `let r:
  &mut Vec<i32>;` declared without a value: E0308, types differ in mutability.

And programs rustc rejects with another code than pbpit said: pairs unzipped into a `Vec` of
another type (`Vec<u64>: Extend<bool>`, E0277, not E0308); a set extended with items of another
type (E0277); `let mut ids = 100.0..;` then `ids.next()` (E0599; E0277 for a `for` over it);
numbers collected into a `String` (E0277, was refused); an element of values where a `let`
writes `&T` (`let best: &f64 = keys[1];`) and `for &(v, w) in adj[u]` over a row of values
(E0308, was E0507).
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "len_of_a_range_variable_of_u64": (
        """\
fn main() {
    let mut r = 0..10;
    let hit = r.any(|x| x == 3u64);
    println!("{} {}", hit, r.len());
}
""",
        rejects("E0599"),
    ),
    "len_of_a_range_variable_of_i64": (
        """\
fn main() {
    let n: i64 = 5;
    let r = 0..n;
    println!("{}", r.len());
}
""",
        rejects("E0599"),
    ),
    "len_of_a_range_of_u32_runs": (
        """\
fn main() {
    let r = 0..10u32;
    println!("{}", r.len());
}
""",
        runs("10\n"),
    ),
    "len_of_an_inclusive_range_variable_of_u32": (
        """\
fn main() {
    let r = 0..=10u32;
    println!("{}", r.len());
}
""",
        rejects("E0599"),
    ),
    "len_of_an_inclusive_range_variable_of_i32": (
        """\
fn main() {
    let r = 0..=10;
    println!("{}", r.len());
}
""",
        rejects("E0277"),
    ),
    "len_of_an_inclusive_range_of_u8_runs": (
        """\
fn main() {
    let r = 0..=10u8;
    println!("{}", r.len());
}
""",
        runs("11\n"),
    ),
    "len_of_a_range_of_usize_runs": (
        """\
fn main() {
    let n: usize = 5;
    let r = 0..n;
    println!("{}", r.len());
}
""",
        runs("5\n"),
    ),
    "len_of_a_cloned_range_of_i64": (
        """\
fn main() {
    let r = -3i64..3;
    let c = r.clone().count();
    println!("{} {}", c, r.len());
}
""",
        rejects("E0599"),
    ),
    "deref_in_a_map_over_next": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let s = v.iter().next().map(|x| *x).unwrap();
    println!("{s}");
}
""",
        rejects("E0507"),
    ),
    "deref_in_a_map_over_first": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let s = v.first().map(|x| *x);
    println!("{:?}", s);
}
""",
        rejects("E0507"),
    ),
    "deref_of_first_unwrapped": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let s = *v.first().unwrap();
    println!("{s}");
}
""",
        rejects("E0507"),
    ),
    "deref_of_a_map_get_unwrapped": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, String> = HashMap::new();
    m.insert("k", "v".to_string());
    let s: String = *m.get("k").unwrap();
    println!("{s}");
}
""",
        rejects("E0507"),
    ),
    "deref_of_max_unwrapped": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let s = *v.iter().max().unwrap();
    println!("{s}");
}
""",
        rejects("E0507"),
    ),
    "deref_in_and_then": (
        """\
fn main() {
    let names = vec!["a".to_string()];
    let first = names.iter().next().and_then(|n| Some(*n));
    println!("{:?}", first);
}
""",
        rejects("E0507"),
    ),
    "deref_of_a_field_first_in_a_method": (
        """\
struct S {
    items: Vec<String>,
}
impl S {
    fn top(&self) -> String {
        *self.items.first().unwrap()
    }
}
fn main() {
    let s = S {
        items: vec!["q".into()],
    };
    println!("{}", s.top());
}
""",
        rejects("E0507"),
    ),
    "deref_of_a_tuple_taken_apart": (
        """\
fn main() {
    let v = vec![(String::from("a"), 1)];
    let (s, n) = *v.first().unwrap();
    println!("{s}{n}");
}
""",
        rejects("E0507"),
    ),
    "deref_of_copy_items_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let s = v.first().map(|x| *x);
    println!("{:?}", s);
}
""",
        runs("Some(1)\n"),
    ),
    "deref_of_str_items_runs": (
        """\
fn main() {
    let names = vec!["a", "b"];
    let s = names.first().map(|x| *x);
    println!("{:?}", s);
}
""",
        runs('Some("a")\n'),
    ),
    "deref_of_map_of_str_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, &str> = HashMap::new();
    m.insert("k", "v");
    let s = *m.get("k").unwrap();
    println!("{s}");
}
""",
        runs("v\n"),
    ),
    "deref_then_clone_runs": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let n = v.first().map(|x| x.len()).unwrap();
    let c = (*v.first().unwrap()).clone();
    println!("{n}{c}");
}
""",
        runs("1a\n"),
    ),
    "key_ref_ref_str_on_string_keys": (
        """\
use std::collections::HashMap;
fn main() {
    let mut df: HashMap<String, usize> = HashMap::new();
    df.insert("a".to_string(), 2);
    let words: Vec<&str> = vec!["a"];
    for w in words.iter() {
        println!("{:?}", df.get(w));
    }
}
""",
        rejects("E0277"),
    ),
    "key_ref_ref_ref_str_on_str_keys": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let words = vec!["a"];
    for w in words.iter() {
        println!("{:?}", m.get(&w));
    }
}
""",
        rejects("E0277"),
    ),
    "key_ref_ref_str_on_str_keys_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let words = vec!["a"];
    for w in words.iter() {
        println!("{:?}", m.get(w));
    }
}
""",
        runs("Some(1)\n"),
    ),
    "key_deref_item_on_string_keys_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut df: HashMap<String, usize> = HashMap::new();
    df.insert("a".to_string(), 2);
    let words: Vec<&str> = vec!["a"];
    for w in words.iter() {
        println!("{:?}", df.get(*w));
    }
}
""",
        runs("Some(2)\n"),
    ),
    "key_item_of_a_borrowed_vec_contains_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut df: HashMap<String, usize> = HashMap::new();
    df.insert("a".to_string(), 2);
    let words: Vec<&str> = vec!["a"];
    for w in &words {
        println!("{}", df.contains_key(w));
    }
}
""",
        rejects("E0277"),
    ),
    "key_str_by_value_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut df: HashMap<String, usize> = HashMap::new();
    df.insert("a".to_string(), 2);
    let words = vec!["a", "b"];
    for w in words {
        println!("{:?}", df.get(w));
    }
}
""",
        runs("Some(2)\nNone\n"),
    ),
    "key_str_parameter_runs": (
        """\
use std::collections::HashMap;
fn count(m: &HashMap<String, i32>, w: &str) -> i32 {
    *m.get(w).unwrap_or(&0)
}
fn main() {
    let mut m = HashMap::new();
    m.insert("x".to_string(), 3);
    println!("{}", count(&m, "x"));
}
""",
        runs("3\n"),
    ),
    "key_closure_item_contains_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("x".into(), 1);
    let keys = vec!["x", "y"];
    let found: Vec<bool> = keys.iter().map(|k| m.contains_key(k)).collect();
    println!("{:?}", found);
}
""",
        rejects("E0277"),
    ),
    "key_max_unwrapped": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("x".into(), 1);
    let keys = vec!["x", "y"];
    let k = keys.iter().max().unwrap();
    println!("{:?}", m.get(k));
}
""",
        rejects("E0277"),
    ),
    "key_let_borrow": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("x".into(), 1);
    let key = "x";
    let r = &key;
    println!("{:?}", m.get(r));
}
""",
        rejects("E0277"),
    ),
    "key_borrowed_str_on_str_keys_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("x", 1);
    let key = "x";
    println!("{:?}", m.get(&key));
}
""",
        runs("Some(1)\n"),
    ),
    "key_borrowed_let_borrow_on_str_keys": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("x", 1);
    let key = "x";
    let r = &key;
    println!("{:?}", m.get(&r));
}
""",
        rejects("E0277"),
    ),
    "key_btreemap_get_mut": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, f64> = BTreeMap::new();
    m.insert("lr".into(), 0.1);
    let ks = ["lr"];
    for k in ks.iter() {
        if let Some(v) = m.get_mut(k) {
            *v *= 2.0;
        }
    }
    println!("{:?}", m);
}
""",
        rejects("E0277"),
    ),
    "key_in_a_method_closure": (
        """\
use std::collections::HashMap;
struct Vocab {
    ids: HashMap<String, usize>,
}
impl Vocab {
    fn lookup(&self, toks: &[&str]) -> Vec<usize> {
        toks.iter()
            .map(|t| *self.ids.get(t).unwrap_or(&0))
            .collect()
    }
}
fn main() {
    let mut ids = HashMap::new();
    ids.insert("a".to_string(), 1);
    let v = Vocab { ids };
    println!("{:?}", v.lookup(&["a", "b"]));
}
""",
        rejects("E0277"),
    ),
    "key_derefed_in_a_method_closure_runs": (
        """\
use std::collections::HashMap;
struct Vocab {
    ids: HashMap<String, usize>,
}
impl Vocab {
    fn lookup(&self, toks: &[&str]) -> Vec<usize> {
        toks.iter()
            .map(|t| *self.ids.get(*t).unwrap_or(&0))
            .collect()
    }
}
fn main() {
    let mut ids = HashMap::new();
    ids.insert("a".to_string(), 1);
    let v = Vocab { ids };
    println!("{:?}", v.lookup(&["a", "b"]));
}
""",
        runs("[1, 0]\n"),
    ),
    "key_get_mut_of_a_borrowed_vec_item": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let words = vec!["a"];
    for w in &words {
        if let Some(c) = m.get_mut(&w) {
            *c += 1;
        }
    }
    println!("{:?}", m);
}
""",
        rejects("E0277"),
    ),
    "drop_while_a_split_item_lives": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let key = cfg.split('=').next().unwrap();
    drop(cfg);
    println!("{}", key);
}
""",
        rejects("E0505"),
    ),
    "move_while_trimmed_lives": (
        """\
fn main() {
    let line = String::from(" a b ");
    let t = line.trim();
    let moved = line;
    println!("{} {}", t, moved);
}
""",
        rejects("E0505"),
    ),
    "passed_by_value_while_a_split_item_lives": (
        """\
fn consume(s: String) -> usize {
    s.len()
}
fn main() {
    let line = String::from("a,b");
    let first = line.split(",").next().unwrap();
    let n = consume(line);
    println!("{} {}", first, n);
}
""",
        rejects("E0505"),
    ),
    "drop_while_collected_splits_live": (
        """\
fn main() {
    let line = String::from("a,b");
    let parts: Vec<&str> = line.split(",").collect();
    drop(line);
    println!("{:?}", parts);
}
""",
        rejects("E0505"),
    ),
    "drop_while_first_lives": (
        """\
fn main() {
    let v = vec![String::from("x")];
    let f = v.first().unwrap();
    drop(v);
    println!("{}", f);
}
""",
        rejects("E0505"),
    ),
    "move_while_max_by_lives": (
        """\
fn main() {
    let v = vec![3.0, 1.0];
    let m = v.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap();
    let w = v;
    println!("{} {:?}", m, w);
}
""",
        rejects("E0505"),
    ),
    "split_item_made_a_string_runs": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let key = cfg.split('=').next().unwrap().to_string();
    drop(cfg);
    println!("{}", key);
}
""",
        runs("lr\n"),
    ),
    "split_item_last_used_before_the_drop_runs": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let key = cfg.split('=').next().unwrap();
    println!("{}", key);
    drop(cfg);
}
""",
        runs("lr\n"),
    ),
    "copied_max_runs": (
        """\
fn main() {
    let v = vec![3, 1];
    let m = *v.iter().max().unwrap();
    drop(v);
    println!("{}", m);
}
""",
        runs("3\n"),
    ),
    "move_while_collected_words_live": (
        """\
fn main() {
    let text = String::from("a b");
    let words: Vec<&str> = text.split_whitespace().collect();
    let t2 = text;
    println!("{:?} {}", words, t2);
}
""",
        rejects("E0505"),
    ),
    "drop_while_last_line_lives": (
        """\
fn main() {
    let text = String::from(
        "a
b",
    );
    let last = text.lines().last().unwrap();
    drop(text);
    println!("{}", last);
}
""",
        rejects("E0505"),
    ),
    "assign_while_trimmed_lives": (
        """\
fn main() {
    let mut s = String::from(" x ");
    let t = s.trim();
    s = String::from("y");
    println!("{} {}", t, s);
}
""",
        rejects("E0506"),
    ),
    "assign_a_str_while_its_trim_lives_runs": (
        """\
fn main() {
    let mut s = " x ";
    let t = s.trim();
    s = "y";
    println!("{} {}", t, s);
}
""",
        runs("x y\n"),
    ),
    "move_while_as_slice_lives": (
        """\
fn main() {
    let v = vec![1, 2];
    let s = v.as_slice();
    let w = v;
    println!("{:?} {:?}", s, w);
}
""",
        rejects("E0505"),
    ),
    "move_struct_while_a_split_of_its_field_lives": (
        """\
struct Cfg {
    raw: String,
}
fn main() {
    let c = Cfg {
        raw: String::from("k=v"),
    };
    let k = c.raw.split('=').next().unwrap();
    let moved = c;
    println!("{} {}", k, moved.raw);
}
""",
        rejects("E0505"),
    ),
    "split_item_shadowed_by_a_string_runs": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let key = cfg.split('=').next().unwrap();
    let key = key.to_uppercase();
    drop(cfg);
    println!("{}", key);
}
""",
        runs("LR\n"),
    ),
    "count_of_splits_runs": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let n = cfg.split('=').count();
    drop(cfg);
    println!("{}", n);
}
""",
        runs("2\n"),
    ),
    "drop_while_get_lives": (
        """\
fn main() {
    let v = vec![String::from("x")];
    let f = v.get(0).unwrap();
    let n = v.len();
    drop(v);
    println!("{}", n);
    let _ = f;
}
""",
        rejects("E0505"),
    ),
    "split_in_a_loop_then_drop_runs": (
        """\
fn main() {
    let cfg = String::from("a=1;b=2");
    for part in cfg.split(';') {
        let k = part.split('=').next().unwrap();
        println!("{}", k);
    }
    drop(cfg);
}
""",
        runs("a\nb\n"),
    ),
    "match_arm_block_borrows_its_local": (
        """\
fn main() {
    let v = vec![1, 2];
    let mode = 0;
    let r: &Vec<i32> = match mode {
        0 => {
            let t = vec![9];
            &t
        }
        _ => &v,
    };
    println!("{:?}", r);
}
""",
        rejects("E0597"),
    ),
    "let_block_borrows_its_local": (
        """\
fn main() {
    let r = {
        let t = vec![9];
        &t
    };
    println!("{:?}", r);
}
""",
        rejects("E0597"),
    ),
    "if_branch_borrows_its_local": (
        """\
fn main() {
    let v = vec![1];
    let flag = true;
    let r = if flag {
        let t = vec![2];
        &t
    } else {
        &v
    };
    println!("{:?}", r);
}
""",
        rejects("E0597"),
    ),
    "match_arm_block_views_its_string": (
        """\
fn main() {
    let s = String::from("a");
    let k = 1;
    let r: &str = match k {
        1 => {
            let t = String::from("b");
            t.as_str()
        }
        _ => s.as_str(),
    };
    println!("{}", r);
}
""",
        rejects("E0597"),
    ),
    "match_arm_block_moves_its_local_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let r = match 0 {
        0 => {
            let t = vec![9];
            t
        }
        _ => v.clone(),
    };
    println!("{:?}", r);
}
""",
        runs("[9]\n"),
    ),
    "match_arm_block_slices_its_local": (
        """\
fn main() {
    let v = vec![1, 2];
    let r: &[i32] = match 0 {
        0 => {
            let t = vec![9, 8];
            &t[..1]
        }
        _ => &v,
    };
    println!("{:?}", r);
}
""",
        rejects("E0597"),
    ),
    "match_arm_block_counts_its_local_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let n = match 0 {
        0 => {
            let t = vec![9];
            t.len()
        }
        _ => v.len(),
    };
    println!("{}", n);
}
""",
        runs("1\n"),
    ),
    "block_reborrows_an_outer_value_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let r = match 0 {
        0 => {
            let t = &v;
            t
        }
        _ => &v,
    };
    println!("{:?}", r);
}
""",
        runs("[1, 2]\n"),
    ),
    "block_borrows_a_number_of_its_own": (
        """\
fn main() {
    let base = 2.0f64;
    let w = {
        let scale = base * 2.0;
        &scale
    };
    println!("{}", w);
}
""",
        rejects("E0597"),
    ),
    "match_arm_borrows_a_default_string": (
        """\
fn main() {
    let names = vec![String::from("a")];
    let pick = match names.len() {
        0 => {
            let d = String::from("none");
            &d
        }
        _ => &names[0],
    };
    println!("{}", pick);
}
""",
        rejects("E0597"),
    ),
    "block_indexes_through_a_reference_runs": (
        """\
fn main() {
    let v = vec![3, 4];
    let r = {
        let t = &v;
        &t[0]
    };
    println!("{}", r);
}
""",
        runs("3\n"),
    ),
    "match_arm_borrow_bound_unused": (
        """\
fn main() {
    let v = vec![1, 2];
    let r = match 0 {
        0 => {
            let t = vec![9];
            &t
        }
        _ => &v,
    };
}
""",
        rejects("E0597"),
    ),
    "if_branch_borrows_a_default_beside_a_field": (
        """\
struct Cfg {
    name: String,
}
fn main() {
    let c = Cfg {
        name: String::from("x"),
    };
    let n: &String = if c.name.is_empty() {
        let d = String::from("default");
        &d
    } else {
        &c.name
    };
    println!("{}", n);
}
""",
        rejects("E0597"),
    ),
    "match_arm_block_sums_through_its_borrow_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let total: i32 = match 0 {
        0 => {
            let t = vec![9];
            let r = &t;
            r.iter().sum()
        }
        _ => v.iter().sum(),
    };
    println!("{}", total);
}
""",
        runs("9\n"),
    ),
    "block_splits_its_own_clone": (
        """\
fn main() {
    let s = String::from("a b");
    let first = {
        let owned = s.clone();
        owned.split(' ').next().unwrap()
    };
    println!("{}", first);
}
""",
        rejects("E0597"),
    ),
    "unzip_bools_into_a_vec_of_u64": (
        """\
fn main() {
    let (sq, c): (Vec<u64>, Vec<u64>) = (1..5u64).map(|k| (k * k, k * k != k)).unzip();
    println!("{:?} {:?}", sq, c);
}
""",
        rejects("E0277"),
    ),
    "unzip_f32s_into_a_vec_of_f64": (
        """\
fn main() {
    let (a, b): (Vec<i32>, Vec<f64>) = vec![(1, 2.0f32)].into_iter().unzip();
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0277"),
    ),
    "unzip_enumerated_runs": (
        """\
fn main() {
    let (a, b): (Vec<usize>, Vec<f32>) = vec![0.5f32].into_iter().enumerate().unzip();
    println!("{:?} {:?}", a, b);
}
""",
        runs("[0] [0.5]\n"),
    ),
    "unzip_indices_into_a_vec_of_u32": (
        """\
fn main() {
    let (a, b): (Vec<u32>, Vec<f32>) = vec![0.5f32].into_iter().enumerate().unzip();
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0277"),
    ),
    "unzip_mapped_pairs_runs": (
        """\
fn main() {
    let (a, b): (Vec<i64>, Vec<bool>) = (0..3).map(|i| (i, i > 1)).unzip();
    println!("{:?} {:?}", a, b);
}
""",
        runs("[0, 1, 2] [false, false, true]\n"),
    ),
    "unzip_lengths_into_a_vec_of_u8": (
        """\
fn main() {
    let (a, b): (Vec<String>, Vec<u8>) = vec!["a".to_string()]
        .into_iter()
        .map(|s| (s.clone(), s.len()))
        .unzip();
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0277"),
    ),
    "unzip_turbofish_chars_into_u8s": (
        """\
fn main() {
    let (a, b) = (0..3u8)
        .map(|i| (i, i as char))
        .unzip::<u8, char, Vec<u8>, Vec<u8>>();
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0277"),
    ),
    "set_extended_with_u32s": (
        """\
use std::collections::HashSet;
fn main() {
    let mut p: HashSet<usize> = HashSet::new();
    p.extend(vec![10, 11u32]);
    println!("{}", p.len());
}
""",
        rejects("E0277"),
    ),
    "btreeset_extended_with_i32s": (
        """\
use std::collections::BTreeSet;
fn main() {
    let mut p: BTreeSet<i64> = BTreeSet::new();
    p.extend([1i32, 2]);
    println!("{}", p.len());
}
""",
        rejects("E0277"),
    ),
    "set_extended_with_integers_runs": (
        """\
use std::collections::HashSet;
fn main() {
    let mut p: HashSet<usize> = HashSet::new();
    p.extend(vec![10, 11]);
    println!("{}", p.len());
}
""",
        runs("2\n"),
    ),
    "btreeset_extended_with_a_range_runs": (
        """\
use std::collections::BTreeSet;
fn main() {
    let mut p = BTreeSet::new();
    p.insert(1u8);
    p.extend(0..3);
    println!("{:?}", p);
}
""",
        runs("{0, 1, 2}\n"),
    ),
    "float_range_from_let_then_next": (
        """\
fn main() {
    let mut ids = 100.0..;
    println!("{:?}", ids.next());
}
""",
        rejects("E0599"),
    ),
    "float_range_from_let_then_for": (
        """\
fn main() {
    let ids = 1.5f32..;
    for x in ids {
        println!("{}", x);
        break;
    }
}
""",
        rejects("E0277"),
    ),
    "float_range_from_let_then_take": (
        """\
fn main() {
    let ids = 1.5f64..;
    let v: Vec<f64> = ids.take(2).collect();
    println!("{:?}", v);
}
""",
        rejects("E0599"),
    ),
    "integer_range_from_let_then_next_runs": (
        """\
fn main() {
    let mut ids = 100..;
    println!("{:?}", ids.next());
}
""",
        runs("Some(100)\n"),
    ),
    "float_range_from_let_unused_runs": (
        """\
fn main() {
    let _ids = 100.0..;
    println!("ok");
}
""",
        runs("ok\n"),
    ),
    "float_range_from_let_zipped": (
        """\
fn main() {
    let ids = 0.5..;
    let names = vec!["a"];
    for (n, i) in names.iter().zip(ids) {
        println!("{} {}", n, i);
    }
}
""",
        rejects("E0277"),
    ),
    "shared_borrow_for_a_mut_string_let": (
        """\
fn main() {
    let text = String::from("abc");
    let r: &mut String = &text;
    r.push('d');
    println!("{text}");
}
""",
        rejects("E0308"),
    ),
    "shared_borrow_for_a_mut_i32_let": (
        """\
fn main() {
    let mut n = 3;
    let r: &mut i32 = &n;
    *r += 1;
    println!("{n}");
}
""",
        rejects("E0308"),
    ),
    "shared_borrow_for_a_mut_vec_let": (
        """\
fn main() {
    let mut v = vec![1];
    let r: &mut Vec<i32> = &v;
    r.push(2);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "shared_borrow_for_a_mut_struct_let": (
        """\
struct P {
    x: f32,
}
fn main() {
    let mut p = P { x: 1.0 };
    let r: &mut P = &p;
    r.x = 2.0;
    println!("{}", p.x);
}
""",
        rejects("E0308"),
    ),
    "mut_borrow_for_a_mut_vec_let_runs": (
        """\
fn main() {
    let mut v = vec![1];
    let r: &mut Vec<i32> = &mut v;
    r.push(2);
    println!("{:?}", v);
}
""",
        runs("[1, 2]\n"),
    ),
    "lengths_collected_into_a_string": (
        """\
fn main() {
    let words = vec!["a", "b"];
    let s: String = words.iter().map(|w| w.len()).collect();
    println!("{s}");
}
""",
        rejects("E0277"),
    ),
    "a_range_collected_into_a_string": (
        """\
fn main() {
    let s: String = (0..3).collect();
    println!("{s}");
}
""",
        rejects("E0277"),
    ),
    "bools_collected_into_a_string": (
        """\
fn main() {
    let s: String = vec![true, false].into_iter().collect();
    println!("{s}");
}
""",
        rejects("E0277"),
    ),
    "bytes_collected_into_a_string_by_turbofish": (
        """\
fn main() {
    let s = (0..3u8).map(|b| b + 1).collect::<String>();
    println!("{s}");
}
""",
        rejects("E0277"),
    ),
    "chars_collected_into_a_string_runs": (
        """\
fn main() {
    let s: String = "abc".chars().rev().collect();
    println!("{s}");
}
""",
        runs("cba\n"),
    ),
    "strs_collected_into_a_string_runs": (
        """\
fn main() {
    let s: String = vec!["a", "b"].into_iter().collect();
    println!("{s}");
}
""",
        runs("ab\n"),
    ),
    "free_fn_mut_result_held_while_len": (
        """\
fn first_mut(v: &mut Vec<i32>) -> &mut i32 {
    &mut v[0]
}
fn main() {
    let mut v = vec![1, 2];
    let a = first_mut(&mut v);
    let n = v.len();
    *a += n as i32;
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "free_fn_mut_result_held_while_push": (
        """\
fn first_mut(v: &mut Vec<i32>) -> &mut i32 {
    &mut v[0]
}
fn main() {
    let mut v = vec![1, 2];
    let a = first_mut(&mut v);
    v.push(3);
    *a += 1;
    println!("{:?}", v);
}
""",
        rejects("E0499"),
    ),
    "free_fn_mut_result_held_while_printed": (
        """\
fn first_mut(v: &mut Vec<i32>) -> &mut i32 {
    &mut v[0]
}
fn main() {
    let mut v = vec![1, 2];
    let a = first_mut(&mut v);
    println!("{:?}", v);
    *a += 1;
}
""",
        rejects("E0502"),
    ),
    "free_fn_mut_result_held_while_indexed": (
        """\
fn first_mut(v: &mut Vec<i32>) -> &mut i32 {
    &mut v[0]
}
fn main() {
    let mut v = vec![1, 2];
    let a = first_mut(&mut v);
    let b = v[1];
    *a += b;
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "free_fn_mut_result_held_while_summed": (
        """\
fn slot(v: &mut Vec<f64>, i: usize) -> &mut f64 {
    &mut v[i]
}
fn main() {
    let mut v = vec![1.0, 2.0];
    let a = slot(&mut v, 1);
    let s: f64 = v.iter().sum();
    *a = s;
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "free_fn_mut_field_held_while_read": (
        """\
struct C {
    n: u32,
}
fn count(c: &mut C) -> &mut u32 {
    &mut c.n
}
fn main() {
    let mut c = C { n: 0 };
    let r = count(&mut c);
    let m = c.n;
    *r += m;
    println!("{}", c.n);
}
""",
        rejects("E0503"),
    ),
    "map_of_values_filled_then_deref_moved": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    m.insert("k", String::from("v"));
    let s = *m.get("k").unwrap();
    println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "map_of_references_filled_then_deref_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let a = String::from("x");
    let mut m = HashMap::new();
    m.insert(1, &a);
    let s = *m.get(&1).unwrap();
    println!("{}", s);
}
""",
        runs("x\n"),
    ),
    "map_of_numbers_filled_then_deref_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m = HashMap::new();
    m.insert("k", 2.5f64);
    let s = *m.get("k").unwrap();
    println!("{}", s);
}
""",
        runs("2.5\n"),
    ),
    "iter_mut_held_while_indexed": (
        """\
fn main() {
    let mut ws = vec![1.0f64, 2.0];
    let it = ws.iter_mut();
    let first = &ws[0];
    for w in it {
        *w += 1.0;
    }
    println!("{first}");
}
""",
        rejects("E0502"),
    ),
    "iter_mut_held_while_pushed": (
        """\
fn main() {
    let mut ws = vec![1.0f64, 2.0];
    let it = ws.iter_mut();
    ws.push(3.0);
    for w in it {
        *w += 1.0;
    }
}
""",
        rejects("E0499"),
    ),
    "iter_mut_held_while_len": (
        """\
fn main() {
    let mut ws = vec![1.0f64, 2.0];
    let it = ws.iter_mut();
    let n = ws.len();
    for w in it {
        *w += n as f64;
    }
    println!("{:?}", ws);
}
""",
        rejects("E0502"),
    ),
    "values_mut_held_while_len": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let vs = m.values_mut();
    println!("{}", m.len());
    for v in vs {
        *v += 1;
    }
}
""",
        rejects("E0502"),
    ),
    "last_mut_held_while_printed": (
        """\
fn main() {
    let mut ws = vec![1, 2];
    let last = ws.last_mut().unwrap();
    println!("{:?}", ws);
    *last += 1;
}
""",
        rejects("E0502"),
    ),
    "get_mut_held_while_len": (
        """\
fn main() {
    let mut ws = vec![1, 2];
    let r = ws.get_mut(0).unwrap();
    let n = ws.len();
    *r += n;
    println!("{:?}", ws);
}
""",
        rejects("E0502"),
    ),
    "unzip_of_a_function_result_into_wrong_types": (
        """\
fn train() -> Vec<f32> {
    vec![1.0, 2.0]
}

fn main() {
    let history = train();
    let (steps, losses): (Vec<usize>, Vec<usize>) = history.into_iter().enumerate().unzip();
    println!("{:?} {:?}", steps, losses);
}
""",
        rejects("E0277"),
    ),
    "config_key_kept_while_line_dropped": (
        """\
fn main() {
    let line = String::from("lr=0.5");
    let key = line.split('=').next().unwrap();
    let lr: f32 = 0.5;
    drop(line);
    for step in 0..2 {
        let loss = 3.0 * lr;
        println!("{key} step {step}: {:?}", loss);
    }
}
""",
        rejects("E0505"),
    ),
    "best_name_moved_out_in_a_method": (
        """\
struct Runs {
    names: Vec<String>,
}

impl Runs {
    fn best(&self) -> String {
        self.names.iter().max().map(|n| *n).unwrap()
    }
}

fn main() {
    let runs = Runs { names: vec![String::from("a"), String::from("b")] };
    println!("{}", runs.best());
}
""",
        rejects("E0507"),
    ),
    "metrics_looked_up_by_str_items": (
        """\
use std::collections::HashMap;

fn report(metrics: &HashMap<String, f32>, names: &[&str]) {
    for name in names.iter() {
        println!("{:?}", metrics.get(name));
    }
}

fn main() {
    let mut metrics: HashMap<String, f32> = HashMap::new();
    for step in 0..2 {
        metrics.insert(format!("loss{step}"), 1.0);
    }
    report(&metrics, &["loss0", "loss1"]);
}
""",
        rejects("E0277"),
    ),
    "schedule_arm_lends_its_own_vec": (
        """\
fn main() {
    let base = vec![0.1f32, 0.05];
    let mode = 1;
    let schedule: &Vec<f32> = match mode {
        1 => {
            let warm = vec![0.01f32, 0.1];
            &warm
        }
        _ => &base,
    };
    for lr in schedule.iter() {
        println!("{:?}", lr);
    }
}
""",
        rejects("E0597"),
    ),
    "moved_into_a_closure_while_a_split_item_lives": (
        """\
fn main() {
    let line = String::from("a=b");
    let k = line.split('=').next().unwrap();
    let f = move || line.len();
    println!("{} {}", f(), k);
}
""",
        rejects("E0505"),
    ),
    "moved_into_a_closure_while_borrowed": (
        """\
fn main() {
    let line = String::from("a=b");
    let r = &line;
    let f = move || line.len();
    println!("{} {}", f(), r);
}
""",
        rejects("E0505"),
    ),
    "moved_into_a_closure_after_the_borrow_runs": (
        """\
fn main() {
    let line = String::from("a=b");
    let r = &line;
    println!("{}", r);
    let f = move || line.len();
    println!("{}", f());
}
""",
        runs("a=b\n3\n"),
    ),
    "moved_into_a_closure_while_an_element_is_borrowed": (
        """\
fn main() {
    let v = vec![1, 2];
    let first = &v[0];
    let f = move || v.len();
    println!("{} {}", first, f());
}
""",
        rejects("E0505"),
    ),
    "deref_of_an_option_as_ref_unwrapped": (
        """\
fn main() {
    let o: Option<String> = Some("a".into());
    let s = *o.as_ref().unwrap();
    println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "deref_of_a_copy_option_as_ref_runs": (
        """\
fn main() {
    let o: Option<u8> = Some(1);
    let s = *o.as_ref().unwrap();
    println!("{}", s);
}
""",
        runs("1\n"),
    ),
    "deref_in_a_map_over_as_ref": (
        """\
fn main() {
    let o = Some(String::from("z"));
    let s = o.as_ref().map(|x| *x);
    println!("{:?}", s);
}
""",
        rejects("E0507"),
    ),
    "deref_of_a_copy_struct_first_runs": (
        """\
#[derive(Clone, Copy, Debug)]
struct P {
    x: i32,
}
fn main() {
    let ps = vec![P { x: 1 }];
    let p = *ps.first().unwrap();
    println!("{:?}", p);
}
""",
        runs("P { x: 1 }\n"),
    ),
    "deref_of_a_clone_struct_first": (
        """\
#[derive(Clone, Debug)]
struct P {
    x: i32,
}
fn main() {
    let ps = vec![P { x: 1 }];
    let p = *ps.first().unwrap();
    println!("{:?}", p);
}
""",
        rejects("E0507"),
    ),
    "push_of_a_borrow_into_a_map_get_mut_unwrap": (
        """\
use std::collections::{BTreeMap, HashMap};
#[derive(Debug)]
struct Stats {
    seen: Vec<u32>,
}
fn record(m: &mut HashMap<String, Vec<f64>>, k: &str, v: f64) {
    m.get_mut(k).unwrap().push(&v);
}
fn main() {
    let mut m: HashMap<String, Vec<f64>> = HashMap::new();
    m.insert("loss".into(), vec![1.0]);
    m.get_mut("loss").unwrap().push(0.5);
    record(&mut m, "loss", 0.25);
    m.get_mut("loss").expect("present").retain(|x| *x < 0.9);
    println!("{:?}", m["loss"]);
    let mut b: BTreeMap<u32, Stats> = BTreeMap::new();
    b.insert(3, Stats { seen: vec![] });
    b.get_mut(&3).unwrap().seen.push(7);
    println!("{:?}", b);
    let mut rows = vec![vec![1], vec![2]];
    rows.get_mut(0).unwrap().insert(0, 5);
    println!("{:?}", rows);
}
""",
        rejects("E0308"),
    ),
    "push_of_a_borrow_into_a_str_keyed_map_value": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, Vec<f32>> = HashMap::new();
    m.insert("a", vec![]);
    let x = 1.0f32;
    m.get_mut("a").unwrap().push(&x);
    println!("{:?}", m);
}
""",
        rejects("E0308"),
    ),
    "push_of_a_borrow_into_a_param_get_mut_expect": (
        """\
fn add(rows: &mut Vec<Vec<f64>>, v: f64) {
    rows.get_mut(0).expect("row").push(&v);
}
fn main() {
    let mut r = vec![vec![]];
    add(&mut r, 1.0);
    println!("{:?}", r);
}
""",
        rejects("E0308"),
    ),
    "push_of_a_borrow_into_a_vec_of_refs_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let a = String::from("q");
    let mut m: HashMap<u8, Vec<&String>> = HashMap::new();
    m.insert(1, vec![]);
    m.get_mut(&1).unwrap().push(&a);
    println!("{}", m.len());
}
""",
        runs("1\n"),
    ),
    "while_let_item_borrowed_into_an_outer_vec": (
        """\
use std::collections::BinaryHeap;
fn main() {
    let h: BinaryHeap<i32> = vec![3, 1, 4, 1, 5].into_iter().collect();
    println!("{:?} {}", h.peek(), h.len());
    let mut top = (0..6).map(|i| (i * 7) % 5).collect::<BinaryHeap<_>>();
    let mut out = vec![];
    while let Some(x) = top.pop() {
        out.push(&x);
    }
    println!("{:?}", out);
    let words: BinaryHeap<String> = "b a c".split(' ').map(String::from).collect();
    println!("{:?}", words.into_sorted_vec());
}
""",
        rejects("E0597"),
    ),
    "while_let_pop_borrowed_into_an_outer_vec": (
        """\
fn main() {
    let mut q = vec![1, 2];
    let mut out = Vec::new();
    while let Some(x) = q.pop() {
        out.push(&x);
    }
    println!("{:?}", out);
}
""",
        rejects("E0597"),
    ),
    "while_let_pop_moved_into_an_outer_vec_runs": (
        """\
fn main() {
    let mut q = vec![1, 2];
    let mut out = Vec::new();
    while let Some(x) = q.pop() {
        out.push(x);
    }
    println!("{:?}", out);
}
""",
        runs("[2, 1]\n"),
    ),
    "match_arm_item_borrowed_into_an_outer_vec": (
        """\
fn main() {
    let mut q = vec![String::from("a")];
    let mut out: Vec<&String> = Vec::new();
    loop {
        match q.pop() {
            Some(s) => out.push(&s),
            None => break,
        }
    }
    println!("{:?}", out);
}
""",
        rejects("E0597"),
    ),
    "while_let_item_borrowed_into_an_inner_vec_runs": (
        """\
fn main() {
    let mut q = vec![1, 2];
    while let Some(x) = q.pop() {
        let mut out = Vec::new();
        out.push(&x);
        println!("{:?}", out);
    }
}
""",
        runs("[2]\n[1]\n"),
    ),
    "key_param_ref_ref_str_on_string_keys": (
        """\
use std::collections::HashMap;
fn count(m: &HashMap<String, i32>, w: &&str) -> i32 {
    *m.get(w).unwrap_or(&0)
}
fn main() {
    let mut m = HashMap::new();
    m.insert("x".to_string(), 3);
    println!("{}", count(&m, &"x"));
}
""",
        rejects("E0277"),
    ),
    "drop_while_a_trimmed_split_item_lives": (
        """\
fn main() {
    let line = String::from("a, b");
    let first = line.split(',').next().unwrap().trim();
    drop(line);
    println!("{}", first);
}
""",
        rejects("E0505"),
    ),
    "trimmed_split_item_made_a_string_runs": (
        """\
fn main() {
    let line = String::from("a, b");
    let first = line.split(',').next().unwrap().trim().to_string();
    drop(line);
    println!("{}", first);
}
""",
        runs("a\n"),
    ),
    "push_while_a_trimmed_split_item_lives": (
        """\
fn main() {
    let mut line = String::from("a, b");
    let first = line.split(',').next().unwrap().trim();
    line.push('c');
    println!("{}", first);
}
""",
        rejects("E0502"),
    ),
    "trimmed_split_item_of_a_str_runs": (
        """\
fn main() {
    let line = "a, b";
    let first = line.split(',').next().unwrap().trim();
    let moved = line;
    println!("{} {}", first, moved);
}
""",
        runs("a a, b\n"),
    ),
    "element_of_values_given_a_reference_let": (
        """\
fn main() {
    let keys: Vec<f64> = vec![1.0, 2.0];
    let best: &f64 = keys[1];
    println!("{}", best);
}
""",
        rejects("E0308"),
    ),
    "string_element_given_a_reference_let": (
        """\
fn main() {
    let keys: Vec<String> = vec!["a".into()];
    let best: &String = keys[0];
    println!("{}", best);
}
""",
        rejects("E0308"),
    ),
    "reference_element_given_a_reference_let_runs": (
        """\
fn main() {
    let a = String::from("x");
    let keys: Vec<&String> = vec![&a];
    let best: &String = keys[0];
    println!("{}", best);
}
""",
        runs("x\n"),
    ),
    "row_given_a_reference_let": (
        """\
fn main() {
    let rows: Vec<Vec<u8>> = vec![vec![1]];
    let r: &Vec<u8> = rows[0];
    println!("{:?}", r);
}
""",
        rejects("E0308"),
    ),
    "borrowed_row_given_a_reference_let_runs": (
        """\
fn main() {
    let rows: Vec<Vec<u8>> = vec![vec![1]];
    let r: &Vec<u8> = &rows[0];
    println!("{:?}", r);
}
""",
        runs("[1]\n"),
    ),
    "ref_pattern_over_an_indexed_row_of_values": (
        """\
fn main() {
    let adj: Vec<Vec<(usize, u32)>> = vec![vec![(1, 2)]];
    for &(v, w) in adj[0] {
        println!("{} {}", v, w);
    }
}
""",
        rejects("E0308"),
    ),
    "ref_pattern_over_a_borrowed_row_runs": (
        """\
fn main() {
    let adj: Vec<Vec<(usize, u32)>> = vec![vec![(1, 2)]];
    for &(v, w) in &adj[0] {
        println!("{} {}", v, w);
    }
}
""",
        runs("1 2\n"),
    ),
    "ref_pattern_over_a_row_iter_runs": (
        """\
fn main() {
    let adj: Vec<Vec<(usize, u32)>> = vec![vec![(1, 2)]];
    for &(v, w) in adj[0].iter() {
        println!("{} {}", v, w);
    }
}
""",
        runs("1 2\n"),
    ),
    "drop_while_a_split_of_an_element_lives": (
        """\
fn main() {
    let lines = vec![String::from("a b")];
    let first = lines[0].split(' ').next().unwrap();
    drop(lines);
    println!("{}", first);
}
""",
        rejects("E0505"),
    ),
    "drop_a_vec_of_references_while_a_split_of_its_element_lives_runs": (
        """\
fn main() {
    let a = String::from("a b");
    let lines: Vec<&String> = vec![&a];
    let first = lines[0].split(' ').next().unwrap();
    drop(lines);
    println!("{}", first);
}
""",
        runs("a\n"),
    ),
    "move_while_an_element_trimmed_lives": (
        """\
fn main() {
    let lines: Vec<String> = vec![String::from("a b")];
    let first = lines[0].trim();
    let moved = lines;
    println!("{} {:?}", first, moved);
}
""",
        rejects("E0505"),
    ),
    "drop_a_vec_of_strs_while_an_element_trimmed_lives_runs": (
        """\
fn main() {
    let lines = vec!["a b"];
    let first = lines[0].trim();
    drop(lines);
    println!("{}", first);
}
""",
        runs("a b\n"),
    ),
    "drop_while_split_once_parts_live": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let (k, v) = cfg.split_once('=').unwrap();
    drop(cfg);
    println!("{} {}", k, v);
}
""",
        rejects("E0505"),
    ),
    "split_once_parts_used_before_the_drop_runs": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let (k, v) = cfg.split_once('=').unwrap();
    println!("{} {}", k, v);
    drop(cfg);
}
""",
        runs("lr 0.1\n"),
    ),
    "move_while_a_split_once_part_lives": (
        """\
fn main() {
    let cfg = String::from("lr=0.1");
    let (k, _) = cfg.split_once('=').unwrap();
    let moved = cfg;
    println!("{} {}", k, moved);
}
""",
        rejects("E0505"),
    ),
    "push_while_a_split_once_part_lives": (
        """\
fn main() {
    let mut cfg = String::from("lr=0.1");
    let (k, _) = cfg.split_once('=').unwrap();
    cfg.push('x');
    println!("{}", k);
}
""",
        rejects("E0502"),
    ),
    # A `let` of a written `&mut T` given its value later (`r = &v;`): E0308 as in the `let`.
    "shared_borrow_assigned_to_a_mut_ref_let_declared_first": (
        """\
fn main() {
    let mut v = vec![1];
    let r: &mut Vec<i32>;
    r = &v;
    r.push(2);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "shared_borrow_in_one_branch_of_a_mut_ref_let_declared_first": (
        """\
struct Acc {
    total: f64,
}

fn main() {
    let mut a = Acc { total: 0.0 };
    let b = Acc { total: 1.0 };
    let pick: &mut Acc;
    if b.total > 0.5 {
        pick = &b;
    } else {
        pick = &mut a;
    }
    pick.total += 2.0;
    println!("{}", a.total);
}
""",
        rejects("E0308"),
    ),
    "mut_borrow_assigned_to_a_mut_ref_let_declared_first_runs": (
        """\
fn main() {
    let mut v = vec![1];
    let r: &mut Vec<i32>;
    r = &mut v;
    r.push(2);
    let s: &Vec<i32>;
    s = &v;
    println!("{:?}", s);
}
""",
        runs("[1, 2]\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
