//! Subtracting below zero in an unsigned type panics.

fn remaining(have: u32, used: u32) -> u32 {
    have - used
}

fn main() {
    println!("{}", remaining(10, 3));
    println!("{}", remaining(3, 3));
    let len: usize = 0;
    let n = len + remaining(1, 0) as usize;
    println!("{n}");
    println!("{}", remaining(3, 4));
}
