// {:x} {:X} {:b} {:o} of integers: # prefixes, 0 padding after the prefix, a negative one as its
// two's complement in its width.
fn main() {
    let n: u32 = 255;
    let m: i32 = -5;
    println!("{:x} {:X} {:#x} {:b} {:#b} {:o} {:08b} {:#06x} {:x}", n, n, n, n, 5u8, n, 5u8, n, m);
    println!("[{:>6x}] [{:<#6x}] [{:^8b}] {:#o} {:+x} {:x} {:#X}", n, n, 5u8, 8, 10, -1i8, 3054u16);
    let v = 7u64;
    println!("{v:b} {:x}", i64::MIN);
}
