fn shared() {
    let mut v = vec![1, 2];
    let r = &mut v;
    let n = &v;
    r.push(3);
    println!("{:?}", n);
}

fn twice() {
    let mut v = vec![1, 2];
    let r = &mut v;
    for i in 0..2 {
        r.push(i);
        let s = &mut v;
        s.push(9);
    }
}

fn fine() {
    let mut v = vec![1, 2];
    let r = &mut v;
    r.push(3);
    let n = &v;
    println!("{:?}", n);
}

fn main() {
    shared();
    twice();
    fine();
}
