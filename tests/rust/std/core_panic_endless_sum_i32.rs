// a warmup budget summed over an unbounded range: the i32 sum overflows inside core
fn main() {
    let budget: i32 = (1..).take(100).sum();
    println!("{}", budget);
    let steps = (1..).take_while(|&k: &i32| k * k < 50).count();
    println!("{}", steps);
    let all: i32 = (1..).sum();
    println!("{}", all);
}
