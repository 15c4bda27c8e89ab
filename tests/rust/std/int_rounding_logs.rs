// Integer methods of buffer and batch sizing: `div_ceil` and `next_power_of_two` (unsigned),
// `ilog2` and `ilog10`.
fn main() {
    let samples: u32 = 1000;
    for batch in [1u32, 7, 32, 1000, 1001] {
        println!("{} batches of {}", samples.div_ceil(batch), batch);
    }
    for n in [0usize, 1, 2, 3, 5, 64, 65, 1000] {
        print!("{} ", n.next_power_of_two());
    }
    println!();
    let wide: u64 = 1 << 40;
    println!("{} {} {}", wide.ilog2(), 255u8.ilog2(), 1u16.ilog2());
    println!("{} {} {}", 999i32.ilog10(), 1000i64.ilog10(), 12345usize.ilog10());
    let dims: Vec<usize> = vec![3, 100, 4096];
    let bits: Vec<u32> = dims.iter().map(|d| d.next_power_of_two().ilog2()).collect();
    println!("{:?} {}", bits, u8::div_ceil(250, 7));
}
