fn main() {
    let xs = [3u32, 1, 4];
    let _running = xs.iter().scan(0.0, |acc: &mut u32, x| {
        *acc += x;
        Some(*acc)
    });
    println!("{}", xs.len());
}
