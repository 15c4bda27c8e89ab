// `x >> 9` of `x: &u8` (a `for` over `v.iter()`): core's `Shr for &u8` panics in ops/bit.rs.
fn main() {
    let v = vec![200u8, 100];
    for x in v.iter() {
        println!("{}", x >> 1);
    }
    for x in v.iter() {
        println!("{}", x >> 9);
    }
}
