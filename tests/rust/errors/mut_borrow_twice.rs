fn merge(a: &mut Vec<i32>, b: &mut Vec<i32>) {
    a.push(b[0]);
}

fn first(a: &mut Vec<i32>, b: &Vec<i32>) {
    a.push(b[0]);
}

fn one() {
    let mut v = vec![1];
    merge(&mut v, &mut v);
}

fn two() {
    let mut v = vec![1];
    first(&mut v, &v);
}

fn main() {
    one();
    two();
}
