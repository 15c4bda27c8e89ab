fn bad(v: &Vec<i32>) {
    *v = vec![0];
}

fn main() {
    let w = vec![3];
    bad(&w);
}
