fn main() {
    let mut v = vec![5, 1, 4, 2, 3];
    v[1..4].sort();
    v[..3].reverse();
    v[2..].rotate_left(1);
    v[..2].swap(0, 1);
    v[3..].fill(0);
    println!("{:?}", v);
    let mut g = vec![vec![3, 1], vec![2]];
    g[1..].reverse();
    println!("{:?}", g);
}
