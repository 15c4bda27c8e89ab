trait Dataset {
    type Item;
    fn len(&self) -> usize;
    fn get(&self, i: usize) -> Self::Item;
    fn first(&self) -> Self::Item {
        self.get(0)
    }
}

struct Squares {
    n: usize,
}

impl Dataset for Squares {
    type Item = u64;
    fn len(&self) -> usize {
        self.n
    }
    fn get(&self, i: usize) -> u64 {
        (i * i) as u64
    }
}

struct Pairs {
    xs: Vec<f32>,
    labels: Vec<usize>,
}

impl Dataset for Pairs {
    type Item = (f32, usize);
    fn len(&self) -> usize {
        self.xs.len()
    }
    fn get(&self, i: usize) -> Self::Item {
        (self.xs[i], self.labels[i])
    }
}

fn main() {
    let sq = Squares { n: 4 };
    let all: Vec<u64> = (0..sq.len()).map(|i| sq.get(i)).collect();
    println!("{:?} first {}", all, sq.first());
    let p = Pairs { xs: vec![0.5, 1.5], labels: vec![1, 0] };
    for i in 0..p.len() {
        let (x, y) = p.get(i);
        println!("{} -> {}", x, y);
    }
    println!("{:?}", p.first());
}
