trait Dataset {
    type Item;
    fn get(&self, i: usize) -> Self::Item;
}

struct Squares;

impl Dataset for Squares {
    type Item = u64;
    fn get(&self, i: usize) -> Self::Item {
        i * i
    }
}

fn main() {
    println!("{}", Squares.get(3));
}
