//! A tab after a wide character still counts 4 columns (no tab stops): integer overflow and an
//! array index after them.

fn main() {
    let big: [u8; 3] = [100, 150, 200];
    let mut total: u8 = 0;
    for i in 0..3 {
        let s = "世";	let a = [i; 2];	println!("{s} {}", a[0]);
        let s = "世";	total = total	+ big[i];
        println!("{s} {total}");
    }
}
