trait Make {
    fn make(n: i32) -> Self;
}

struct M {
    n: i32,
}

impl Make for M {
    fn make(n: i32) -> Self {
        M { n }
    }
}

fn build<T: Make>() -> T {
    T::make(1 / 0)
}

fn main() {
    let m: M = build();
    println!("{}", m.n);
}
