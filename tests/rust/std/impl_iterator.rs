struct Batches {
    data: Vec<f32>,
    size: usize,
    pos: usize,
}

impl Batches {
    fn new(data: Vec<f32>, size: usize) -> Self {
        Batches { data, size, pos: 0 }
    }
}

impl Iterator for Batches {
    type Item = Vec<f32>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.data.len() {
            return None;
        }
        let end = (self.pos + self.size).min(self.data.len());
        let batch = self.data[self.pos..end].to_vec();
        self.pos = end;
        Some(batch)
    }
}

struct Fib {
    a: u64,
    b: u64,
}

impl Iterator for Fib {
    type Item = u64;
    fn next(&mut self) -> Option<u64> {
        let r = self.a;
        self.a = self.b;
        self.b += r;
        Some(r)
    }
}

fn main() {
    let data: Vec<f32> = (0..7).map(|i| i as f32 * 0.5).collect();
    for (i, b) in Batches::new(data.clone(), 3).enumerate() {
        println!("batch {} {:?}", i, b);
    }
    let sums: Vec<f32> = Batches::new(data.clone(), 2).map(|b| b.iter().sum()).collect();
    println!("{:?}", sums);
    let n = Batches::new(data, 4).count();
    println!("{}", n);
    let f: Vec<u64> = Fib { a: 0, b: 1 }.take(10).collect();
    println!("{:?}", f);
    let big = Fib { a: 0, b: 1 }.skip(5).step_by(2).take_while(|x| *x < 200).filter(|x| x % 2 == 1).last();
    println!("{:?}", big);
    let mut fib = Fib { a: 0, b: 1 };
    fib.next();
    println!("{:?} {:?}", fib.next(), fib.next());
    let z: Vec<(u64, char)> = fib.zip("abc".chars()).collect();
    println!("{:?}", z);
    let total: u64 = Fib { a: 1, b: 1 }.take(5).fold(0, |acc, x| acc + x);
    println!("{}", total);
    println!("{:?}", Fib { a: 0, b: 1 }.find(|x| *x > 50));
    println!("{:?}", Fib { a: 0, b: 1 }.position(|x| x > 50));
}
