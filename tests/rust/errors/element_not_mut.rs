fn arrays() {
    let a = [0; 3];
    a[0] = 1;
    println!("{:?}", a);
}

fn vecs() {
    let v = vec![0; 3];
    v[0] = 1;
    println!("{:?}", v);
}

fn nested() {
    let m = vec![[0; 2]; 2];
    m[0][1] = 2;
    println!("{:?}", m);
}

fn inner() {
    let n = [vec![0; 2]];
    n[0][1] += 2;
    println!("{:?}", n);
}

fn main() {
    arrays();
    vecs();
    nested();
    inner();
}
