//! assert! without a message prints the condition as rustc re-prints it.

fn main() {
    let v = vec![1, 2, 3];
    let x = 5;
    assert!(v.len() == 3);
    assert!(x>1&&!v.is_empty());
    println!("both held");
    assert!(v.len()>3||v[0]==2);
}
