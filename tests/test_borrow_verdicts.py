"""Borrows rustc rejects that pbpit ran, refused with rustc's code, and their valid twins, which
run as rustc's binary does: a temporary dropped while a variable borrows it (E0716, with the
Reference's temporary lifetime extension and constant promotion; `&str` items collected), a
borrow of a local returned through a range index or std's view (`s.as_str()`: E0515), a `Vec`
read by the arguments of a call that borrows it mutably
(`v.extend(v.iter())`, `v.swap(0, v.len() - 1)`, `v[v.len() - 1] = x`: E0502), a use while
`let r = &mut x;` lives (E0499, E0502, E0503, E0505, E0506 as rustc tells them apart; disjoint
fields run) and `{}` of a type without `Display` (E0277). Verdicts recorded from rustc 1.95
(`tests/rustc_verdicts.py` checks them again where rustc is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "temporary_assigned_vec": (
        """fn main() {
    let r: &Vec<i32>;
    r = &vec![1, 2];
    println!("{:?}", r);
}
""",
        rejects("E0716"),
    ),
    "temporary_as_str_in_let": (
        """fn main() {
    let s: &str = String::from("epoch").as_str();
    println!("{}", s);
}
""",
        rejects("E0716"),
    ),
    "temporary_format_trim": (
        """fn main() {
    let name = format!(" layer{} ", 3).trim();
    println!("[{}]", name);
}
""",
        rejects("E0716"),
    ),
    "temporary_format_in_loop": (
        """fn main() {
    let mut best: &str = "none";
    for i in 0..2 {
        best = &format!("run{}", i);
    }
    println!("{}", best);
}
""",
        rejects("E0716"),
    ),
    "temporary_vec_iter": (
        """fn main() {
    let losses = vec![0.5, 0.25].iter();
    for l in losses {
        println!("{}", l);
    }
}
""",
        rejects("E0716"),
    ),
    "temporary_clone_first": (
        """fn main() {
    let v = vec![3, 1, 2];
    let f = v.clone().first();
    println!("{:?}", f);
}
""",
        rejects("E0716"),
    ),
    "temporary_iter_max_unwrap": (
        """fn main() {
    let m = vec![1, 2].iter().max().unwrap();
    println!("{}", m);
}
""",
        rejects("E0716"),
    ),
    "temporary_call_as_str": (
        """fn label(i: usize) -> String {
    format!("epoch {}", i)
}
fn main() {
    let mut last: &str = "";
    for i in 0..2 {
        last = label(i).as_str();
    }
    println!("{}", last);
}
""",
        rejects("E0716"),
    ),
    "temporary_format_chars": (
        """fn main() {
    let cs = format!("{}", 42).chars();
    for c in cs {
        println!("{}", c);
    }
}
""",
        rejects("E0716"),
    ),
    "temporary_split_collected": (
        """fn run_name(model: &str, lr: f64, seed: u64) -> String {
    format!("{}-lr{}-s{}", model, lr, seed)
}

fn main() {
    let models = ["mlp", "cnn"];
    for (i, m) in models.iter().enumerate() {
        let parts: Vec<&str> = run_name(m, 0.01, i as u64).split('-').collect();
        println!("{} parts: {:?}", parts.len(), parts);
        let tag = parts.last().copied().unwrap_or("none");
        println!("seed tag {}", tag);
    }
}
""",
        rejects("E0716"),
    ),
    "temporary_lowercase_split_collected": (
        """fn main() {
    let words: Vec<&str> = String::from("A B C").to_lowercase().split(' ').collect();
    println!("{:?}", words);
}
""",
        rejects("E0716"),
    ),
    "temporary_split_whitespace_skip_collected": (
        """fn read_line(i: usize) -> String {
    format!(" step{} 0.5 0.25 ", i)
}
fn main() {
    let mut total = 0.0;
    for i in 0..2 {
        let fields: Vec<&str> = read_line(i).split_whitespace().skip(1).collect();
        for f in &fields {
            total += f.parse::<f64>().unwrap();
        }
    }
    println!("{}", total);
}
""",
        rejects("E0716"),
    ),
    "split_collected_from_owned_or_copied_runs": (
        """struct Run {
    name: String,
}
fn run_name(m: &str, seed: u64) -> String {
    format!("{}-s{}", m, seed)
}
fn first(s: &str) -> &str {
    s.trim()
}
fn name(r: &Run) -> &str {
    r.name.as_str()
}
fn upper(s: &str) -> String {
    let t = s.trim();
    t.to_string()
}
fn main() {
    let parts: Vec<String> = run_name("mlp", 1).split('-').map(|s| s.to_string()).collect();
    let owned = run_name("cnn", 2);
    let pieces: Vec<&str> = owned.split('-').collect();
    let joined: String = run_name("rnn", 3).split('-').collect();
    let lens: Vec<usize> = run_name("gru", 4).split('-').map(|p| p.len()).collect();
    let cs: Vec<char> = format!("{}", 42).chars().collect();
    let n = run_name("x", 5).split('-').collect::<Vec<&str>>().len();
    let r = Run { name: String::from("vit") };
    println!("{:?} {:?} {} {:?} {:?} {}", parts, pieces, joined, lens, cs, n);
    println!("[{}] {} {}", first("  a "), name(&r), upper(" b "));
}
""",
        runs('["mlp", "s1"] ["cnn", "s2"] rnns3 [3, 2] [\'4\', \'2\'] 2\n[a] vit b\n'),
    ),
    "element_reference_of_temporary_runs": (
        """fn words(line: &str) -> Vec<&str> {
    line.split(' ').collect()
}
fn main() {
    let line = String::from("a b");
    let w = words(&line)[0].trim();
    let x = line.split(' ').collect::<Vec<_>>()[1].trim();
    println!("{} {}", w, x);
}
""",
        runs("a b\n"),
    ),
    "extended_let_borrows_run": (
        """fn main() {
    let r = &vec![1, 2];
    println!("{:?}", r);
    let s = &String::from("epoch");
    println!("{}", s);
    let t = &format!("a{}", 1)[..];
    println!("{}", t);
}
""",
        runs("[1, 2]\nepoch\na1\n"),
    ),
    "places_and_values_run": (
        """fn main() {
    let v = vec![1, 2];
    let r: &Vec<i32>;
    r = &v;
    println!("{:?}", r);
    let s = String::from("epoch");
    let t = s.as_str();
    println!("{}", t);
    let n = String::from("epoch").as_str().len();
    println!("{}", n);
    let f = v.clone().first().copied();
    println!("{:?}", f);
}
""",
        runs("[1, 2]\nepoch\n5\nSome(1)\n"),
    ),
    "promoted_constants_run": (
        """fn main() {
    let r: &i32;
    r = &5;
    println!("{}", r);
    let a: &[i32; 2];
    a = &[1, 2];
    println!("{:?}", a);
    let mut best: &str = "none";
    for i in 0..2 {
        let label = format!("run{}", i);
        if i == 1 {
            println!("{}", &label);
        }
        best = "done";
    }
    println!("{}", best);
}
""",
        runs("5\n[1, 2]\nrun1\ndone\n"),
    ),
    "consumed_temporaries_run": (
        """fn words() -> String {
    String::from("alpha beta")
}
fn main() {
    let text = words();
    let first = text.split_whitespace().next().unwrap();
    let c = format!("ab").chars().next();
    let x = vec![3, 1].iter().max().copied();
    let m = *vec![1, 2].iter().max().unwrap();
    let n = vec![1, 2].iter().max().unwrap() + 1;
    let count = words().split_whitespace().count();
    let owned: Vec<String> = words().split_whitespace().map(|s| s.to_string()).collect();
    let f = vec![1, 2].first().copied();
    let g = vec![1, 2].first().map(|x| x * 2);
    let mut r = &owned[0];
    r = &owned[1];
    println!("{} {:?} {:?} {} {} {} {:?} {:?} {:?} {}", first, c, x, m, n, count, owned, f, g, r);
}
""",
        runs('alpha Some(\'a\') Some(3) 2 3 2 ["alpha", "beta"] Some(1) Some(2) beta\n'),
    ),
    "temporary_never_read_runs": (
        """fn main() {
    let v = vec![1, 2];
    let mut r: &Vec<i32> = &v;
    r = &vec![3];
    r = &v;
    println!("{:?}", r);
    let mut best: &str = "none";
    for i in 0..3 {
        if i == 5 {
            best = &format!("run{}", i);
            return;
        }
    }
    println!("{}", best);
}
""",
        runs("[1, 2]\nnone\n"),
    ),
    "returned_slice_of_local": (
        """fn head() -> &'static [f64] {
    let v = vec![1.0, 2.0, 3.0];
    &v[..2]
}
fn main() {
    println!("{:?}", head());
}
""",
        rejects("E0515"),
    ),
    "returned_str_range_of_format": (
        """fn tail(n: usize) -> &'static str {
    let s = format!("{}", n * 100);
    &s[1..]
}
fn main() {
    println!("{}", tail(7));
}
""",
        rejects("E0515"),
    ),
    "returned_slice_of_to_vec": (
        """fn first(v: &[f64]) -> &[f64] {
    let w = v.to_vec();
    &w[..1]
}
fn main() {
    println!("{:?}", first(&[1.0, 2.0]));
}
""",
        rejects("E0515"),
    ),
    "returned_slices_of_parameters_run": (
        """fn head(v: &[f64]) -> &[f64] {
    &v[..2]
}
fn owned() -> Vec<f64> {
    let v = vec![1.0, 2.0, 3.0];
    v[..2].to_vec()
}
fn tail(s: &str) -> &str {
    &s[1..]
}
fn main() {
    println!("{:?} {:?} {}", head(&[1.0, 2.0, 3.0]), owned(), tail("700"));
}
""",
        runs("[1.0, 2.0] [1.0, 2.0] 00\n"),
    ),
    "returned_as_str_of_format": (
        """fn label(name: &str) -> &str {
    let s = format!("valid/{}", name);
    s.as_str()
}
fn main() {
    println!("{}", label("acc"));
}
""",
        rejects("E0515"),
    ),
    "returned_trim_of_to_lowercase": (
        """struct Run {
    name: String,
}
fn short(r: &Run) -> &str {
    let lowered = r.name.to_lowercase();
    lowered.trim()
}
fn main() {
    let r = Run { name: String::from(" MLP ") };
    println!("[{}]", short(&r));
}
""",
        rejects("E0515"),
    ),
    "returned_views_of_references_run": (
        """struct Tag<'a> {
    name: &'a str,
}
fn pick<'a>(a: &'a str, b: &'a str, left: bool) -> &'a str {
    let t = if left { a } else { b };
    t.trim()
}
fn clean(s: &str) -> &str {
    let t = s.trim();
    t.trim_end_matches('!').trim()
}
fn short(s: &str) -> &str {
    let t = s;
    t.trim()
}
fn tag_name<'a>(s: &'a str) -> &'a str {
    let w = Tag { name: s };
    w.name.trim()
}
fn head<'a>(v: &[&'a str]) -> &'a str {
    let w: Vec<&'a str> = v.to_vec();
    w[0].trim()
}
fn main() {
    let (a, x, y) = (pick(" a ", "b", true), clean(" x! "), short(" y "));
    println!("[{}] [{}] [{}] [{}] [{}]", a, x, y, tag_name(" z "), head(&[" q "]));
}
""",
        runs("[a] [x] [y] [z] [q]\n"),
    ),
    "extend_with_own_iter": (
        """fn main() {
    let mut v = vec![1, 2];
    v.extend(v.iter());
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "extend_with_own_map": (
        """fn main() {
    let mut v = vec![1, 2];
    v.extend(v.iter().map(|x| x * 10));
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "push_str_own_as_str": (
        """fn main() {
    let mut s = String::from("ab");
    s.push_str(s.as_str());
    println!("{}", s);
}
""",
        rejects("E0502"),
    ),
    "push_str_own_range": (
        """fn main() {
    let mut s = String::from("abc");
    s.push_str(&s[1..]);
    println!("{}", s);
}
""",
        rejects("E0502"),
    ),
    "extend_from_slice_own_field": (
        """struct M { w: Vec<f64> }
fn main() {
    let mut m = M { w: vec![0.5] };
    m.w.extend_from_slice(&m.w);
    println!("{:?}", m.w);
}
""",
        rejects("E0502"),
    ),
    "self_field_extend_own_iter": (
        """struct Buf { a: Vec<i32> }
impl Buf {
    fn double(&mut self) {
        self.a.extend(self.a.iter().rev());
    }
}
fn main() {
    let mut b = Buf { a: vec![1, 2] };
    b.double();
    println!("{:?}", b.a);
}
""",
        rejects("E0502"),
    ),
    "extend_with_values_and_other_fields_runs": (
        """struct M { a: Vec<f64>, b: Vec<f64> }
fn main() {
    let mut v = vec![1, 2];
    let extra = v.clone();
    v.extend(extra.iter());
    v.extend(v.clone().iter());
    v.push(v.len());
    v.extend(v.iter().map(|x| x * 10).collect::<Vec<_>>());
    println!("{:?}", v);
    let mut m = M { a: vec![0.5], b: vec![1.5] };
    m.a.extend(m.b.iter());
    m.a.extend_from_slice(&m.b);
    println!("{:?}", m.a);
    let mut s = String::from("ab");
    s.push_str(&s.clone());
    println!("{}", s);
}
""",
        runs(
            "[1, 2, 1, 2, 1, 2, 1, 2, 8, 10, 20, 10, 20, 10, 20, 10, 20, 80]\n"
            "[0.5, 1.5, 1.5]\nabab\n"
        ),
    ),
    "receiver_read_first_runs": (
        """struct Buf { a: Vec<i32>, b: Vec<i32> }
impl Buf {
    fn merge(&mut self) {
        self.a.extend(self.b.iter());
        self.b.extend_from_slice(&self.a.clone());
    }
}
fn main() {
    let mut v = vec![1, 2];
    v.insert(0, v[1]);
    let last = v.len() - 1;
    v.swap(0, last);
    v.push(v.iter().count() as i32);
    let w = vec![9];
    v.extend(w.iter());
    let mut s = String::from("ab");
    let t = String::from("cd");
    s.push_str(&t);
    s.push_str(&s.clone()[1..]);
    let mut b = Buf { a: vec![1], b: vec![2] };
    b.merge();
    println!("{:?} {} {:?} {:?}", v, s, b.a, b.b);
}
""",
        runs("[2, 1, 2, 3, 9] abcdbcd [1, 2] [2, 1, 2]\n"),
    ),
    "index_assign_reads_vec": (
        """fn main() {
    let mut v = vec![1, 2, 3];
    v[v.len() - 1] = 9;
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "swap_reads_vec": (
        """fn main() {
    let mut v = vec![3, 1, 2];
    v.swap(0, v.len() - 1);
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "nested_index_reads_vec": (
        """fn main() {
    let mut grid = vec![vec![0.0; 2], vec![0.0; 3]];
    grid[1][grid[0].len()] += 1.5;
    println!("{:?}", grid);
}
""",
        rejects("E0502"),
    ),
    "self_field_index_reads_it": (
        """struct Hist { counts: Vec<u32> }
impl Hist {
    fn bump_last(&mut self) {
        self.counts[self.counts.len() - 1] += 1;
    }
}
fn main() {
    let mut h = Hist { counts: vec![0, 0] };
    h.bump_last();
    println!("{:?}", h.counts);
}
""",
        rejects("E0502"),
    ),
    "index_read_first_and_slices_run": (
        """struct Hist { counts: Vec<u32>, last: usize }
impl Hist {
    fn bump_last(&mut self) {
        self.counts[self.last] += 1;
        let n = self.counts.len();
        self.counts[n - 1] += 1;
    }
}
fn shift(s: &mut [i32]) {
    s[s.len() - 1] = 7;
    s.swap(0, s.len() - 1);
}
fn main() {
    let mut v = vec![1, 2, 3];
    let i = v.len() - 1;
    v[i] = 9;
    v[0] = v[1] * 2;
    let n = v.len();
    v.swap(0, n - 1);
    let mut a = [1, 2, 3];
    a[a.len() - 1] = 5;
    let w = vec![0, 1];
    v[w[1]] += 1;
    v.push(v.len() as i32);
    shift(&mut v);
    let mut h = Hist { counts: vec![0, 0], last: 0 };
    h.bump_last();
    let x = v[v.len() - 1];
    println!("{:?} {:?} {:?} {}", v, a, h.counts, x);
}
""",
        runs("[7, 3, 4, 9] [1, 2, 5] [1, 1] 9\n"),
    ),
    "two_mut_borrows_of_a_field": (
        """struct S { w: Vec<f64> }
fn main() {
    let mut s = S { w: vec![] };
    let a = &mut s.w;
    let b = &mut s.w;
    a.push(1.0);
    b.push(2.0);
    println!("{:?}", s.w);
}
""",
        rejects("E0499"),
    ),
    "two_mut_borrows_of_elements": (
        """fn main() {
    let mut v = vec![1, 2];
    let a = &mut v[0];
    let b = &mut v[1];
    *a += *b;
    println!("{:?}", v);
}
""",
        rejects("E0499"),
    ),
    "push_while_borrowed_mut": (
        """fn main() {
    let mut v = vec![1];
    let r = &mut v;
    v.push(2);
    r.push(3);
    println!("{:?}", v);
}
""",
        rejects("E0499"),
    ),
    "index_compound_while_borrowed_mut": (
        """fn main() {
    let mut v = vec![1, 2];
    let r = &mut v;
    v[0] += 1;
    r.push(3);
    println!("{:?}", v);
}
""",
        rejects("E0499"),
    ),
    "compound_assign_while_borrowed_mut": (
        """fn main() {
    let mut x = 1;
    let r = &mut x;
    x += 1;
    *r += 1;
    println!("{}", x);
}
""",
        rejects("E0503"),
    ),
    "field_compound_while_borrowed_mut": (
        """struct C { n: u32 }
fn main() {
    let mut c = C { n: 0 };
    let r = &mut c;
    c.n += 1;
    r.n += 1;
    println!("{}", c.n);
}
""",
        rejects("E0503"),
    ),
    "field_read_while_borrowed_mut": (
        """struct P { x: f64 }
fn main() {
    let mut p = P { x: 1.0 };
    let r = &mut p;
    let y = p.x;
    r.x = 2.0;
    println!("{} {}", y, p.x);
}
""",
        rejects("E0503"),
    ),
    "len_while_borrowed_mut": (
        """fn main() {
    let mut v = vec![1];
    let r = &mut v;
    let n = v.len();
    r.push(n);
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "print_while_borrowed_mut": (
        """fn main() {
    let mut v = vec![1];
    let r = &mut v;
    println!("{:?}", v);
    r.push(2);
}
""",
        rejects("E0502"),
    ),
    "index_read_while_borrowed_mut": (
        """fn main() {
    let mut v = vec![1, 2];
    let r = &mut v;
    let a = v[0];
    r.push(a);
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "assign_while_borrowed_mut": (
        """fn main() {
    let mut x = 1;
    let r = &mut x;
    x = 5;
    *r += 1;
    println!("{}", x);
}
""",
        rejects("E0506"),
    ),
    "move_while_borrowed_mut": (
        """fn main() {
    let mut v = vec![1];
    let r = &mut v;
    let w = v;
    r.push(2);
    println!("{:?}", w);
}
""",
        rejects("E0505"),
    ),
    "borrows_ended_and_disjoint_fields_run": (
        """struct S { w: Vec<f64>, n: u32, m: Vec<u32> }
fn main() {
    let mut v = vec![1];
    let r = &mut v;
    r.push(2);
    v.push(3);
    let n = v.len();
    let mut s = S { w: vec![], n: 0, m: vec![] };
    let a = &mut s.w;
    a.push(1.0);
    let b = &mut s.w;
    b.push(2.0);
    let c = &mut s;
    c.n += 1;
    s.n += 1;
    let d = &mut s.w;
    let e = &mut s.m;
    d.push(3.0);
    e.push(7);
    println!("{} {:?} {:?} {} {:?}", n, v, s.w, s.n, s.m);
}
""",
        runs("3 [1, 2, 3] [1.0, 2.0, 3.0] 2 [7]\n"),
    ),
    "disjoint_fields_and_self_run": (
        """struct S { w: Vec<f64>, n: u32 }
impl S {
    fn bump(&mut self) {
        let w = &mut self.w;
        self.n += 1;
        w.push(self.n as f64);
    }
}
fn main() {
    let mut s = S { w: vec![], n: 0 };
    let d = &mut s.w;
    println!("{}", s.n);
    d.push(1.0);
    s.bump();
    let mut v = vec![1, 2];
    let r = &mut v;
    r.push(3);
    let total: i32 = v.iter().sum();
    println!("{:?} {} {:?}", s.w, total, v);
}
""",
        runs("0\n[1.0, 1.0] 6 [1, 2, 3]\n"),
    ),
    "display_of_struct_without_it": (
        """#[derive(Debug)]
struct Step { lr: f64 }
fn main() {
    let s = Step { lr: 0.1 };
    println!("{:?} then {}", s, s);
}
""",
        rejects("E0277"),
    ),
    "display_of_vec": (
        """fn main() {
    let v = vec![1, 2];
    let s = format!("loss {}", v);
    println!("{}", s);
}
""",
        rejects("E0277"),
    ),
    "display_of_tuple": (
        """fn main() {
    let best = (3, 0.25);
    println!("best {}", best);
}
""",
        rejects("E0277"),
    ),
    "debug_of_struct_runs": (
        """#[derive(Debug)]
struct Step { lr: f64 }
fn main() {
    let s = Step { lr: 0.1 };
    println!("{:?} then {:?} {}", s, vec![1, 2], s.lr);
}
""",
        runs("Step { lr: 0.1 } then [1, 2] 0.1\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
