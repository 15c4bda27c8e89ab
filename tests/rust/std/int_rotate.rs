// `rotate_left` / `rotate_right` of integers (a PCG32 step's output permutation; a xorshift
// hash): the bits turned modulo the width, signed types by their two's complement bits.
struct Pcg32 {
    state: u64,
    inc: u64,
}

impl Pcg32 {
    fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(6364136223846793005).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        xorshifted.rotate_right((old >> 59) as u32)
    }
}

fn main() {
    let x: u32 = 0x1234_5678;
    println!("{:#x} {:#x} {:#x}", x.rotate_left(8), x.rotate_right(4), x.rotate_left(36));
    println!("{} {} {}", 0b1000_0001u8.rotate_left(1), 1u8.rotate_right(1), 7u16.rotate_right(0));
    println!("{} {} {}", (-1i32).rotate_left(5), i8::MIN.rotate_left(1), (-2i64).rotate_right(1));
    println!("{} {}", 1usize.rotate_right(1), u128::MAX.rotate_left(100) == u128::MAX);
    let mut rng = Pcg32 { state: 0x853c_49e6_748f_ea9b, inc: 0xda3e_39cb_94b9_5bdb };
    let draws: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
    println!("{:?}", draws);
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in [3u64, 1, 4, 1, 5] {
        h = (h ^ b).rotate_left(13).wrapping_mul(0x100_0000_01b3);
    }
    println!("{:016x}", h);
}
