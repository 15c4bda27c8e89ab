fn main() {
    let mut v = vec![1, 2, 3, 4, 5];
    for x in v.iter_mut().skip(2) {
        *x *= 10;
    }
    for x in v.iter_mut().take(2) {
        *x += 1;
    }
    for x in v.iter_mut().skip(9) {
        *x = 0;
    }
    for x in v.iter_mut().take(99) {
        *x -= 1;
    }
    let k = 3;
    for x in v.iter_mut().skip(k - 1) {
        *x = -*x;
    }
    println!("{:?}", v);
}
