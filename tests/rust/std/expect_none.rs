//! expect on None panics with its message at the method name.

fn main() {
    let empty: Vec<i32> = Vec::new();
    let first = Some(1).expect("there is one");
    println!("{first}");
    let x = empty.first().expect("the list has a first element");
    println!("{x}");
}
