trait Dataset {
    type Item;
    fn get(&self, i: usize) -> Self::Item;
}

struct Squares;

impl Dataset for Squares {
    fn get(&self, i: usize) -> u64 {
        (i * i) as u64
    }
}

fn main() {
    println!("{}", Squares.get(3));
}
