// `Vec::dedup_by(same)`: `same(a, b)` with `b` the element kept last (a run of near floats keeps its first).
fn main() {
    let mut pts = vec![(1, 'a'), (1, 'b'), (2, 'c'), (3, 'd'), (3, 'e'), (1, 'f')];
    pts.dedup_by(|a, b| a.0 == b.0);
    let mut xs = vec![1.0f32, 1.05, 1.2, 2.0, 2.01, 2.5];
    xs.dedup_by(|a, b| (*a - *b).abs() < 0.1);
    let mut words = vec!["Foo", "foo", "BAR", "Bar", "baz"];
    words.dedup_by(|a, b| a.to_lowercase() == b.to_lowercase());
    println!("{:?} {:?} {:?}", pts, xs, words);
}
