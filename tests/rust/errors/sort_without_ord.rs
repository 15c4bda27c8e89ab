// `sort()` of a struct without `#[derive(Ord)]`: E0277.
#[derive(Debug, PartialEq, Clone)]
struct Q(i32);

fn main() {
    let mut v = vec![Q(2), Q(1)];
    v.sort();
    println!("{:?}", v);
}
