fn evens(n: usize) -> impl Iterator<Item = usize> {
    (0..n).filter(|i| i % 2 == 0)
}

fn upto(n: u32) -> impl Iterator<Item = u32> {
    0..n
}

fn scaled(v: Vec<f32>, k: f32) -> impl Iterator<Item = f32> {
    v.into_iter().map(move |x| x * k)
}

fn positives(xs: &[f32]) -> impl Iterator<Item = f32> + '_ {
    xs.iter().copied().filter(|x| *x > 0.0)
}

struct Data {
    rows: Vec<(usize, f32)>,
}

impl Data {
    fn labels(&self) -> impl Iterator<Item = usize> + '_ {
        self.rows.iter().map(|r| r.0)
    }
}

fn batches(n: usize, size: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n).step_by(size).map(move |s| (s, (s + size).min(n)))
}

fn main() {
    println!("{:?}", evens(7).collect::<Vec<_>>());
    let total: u32 = upto(5).sum();
    println!("{}", total);
    for x in scaled(vec![1.0, 2.5], 2.0) {
        println!("{}", x);
    }
    let xs = [1.5, -2.0, 3.0];
    println!("{:?}", positives(&xs).collect::<Vec<f32>>());
    let d = Data { rows: vec![(3, 0.5), (1, 0.25)] };
    println!("{}", d.labels().max().unwrap());
    for (a, b) in batches(10, 4) {
        println!("{}..{}", a, b);
    }
    let mut it = evens(3);
    println!("{:?} {:?} {:?}", it.next(), it.next(), it.next());
}
