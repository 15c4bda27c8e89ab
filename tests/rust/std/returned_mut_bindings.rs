// A `&mut` returned by a method or function of the file, bound by a `let` without `mut` and
// written through: an element (`ps[0] += 0.5`), a push, a field of a returned struct.
struct M {
    p: Vec<f32>,
    h: Hist,
}
struct Hist {
    xs: Vec<u32>,
    n: u32,
}
impl M {
    fn params_mut(&mut self) -> &mut Vec<f32> {
        &mut self.p
    }
    fn hist(&mut self) -> &mut Hist {
        &mut self.h
    }
}
fn first_row(rows: &mut Vec<Vec<i32>>) -> &mut Vec<i32> {
    &mut rows[0]
}
fn main() {
    let mut m = M { p: vec![1.0, 2.0], h: Hist { xs: vec![], n: 0 } };
    let ps = m.params_mut();
    ps[0] += 0.5;
    ps.push(4.0);
    ps[1] = -1.0;
    println!("{:?}", m.p);
    let h = m.hist();
    h.xs.push(3);
    h.n += 2;
    h.xs[0] *= 5;
    println!("{:?} {}", m.h.xs, m.h.n);
    let mut rows = vec![vec![1, 2], vec![3]];
    let r = first_row(&mut rows);
    r[1] = 20;
    r.push(7);
    println!("{:?}", rows);
}
