fn main() {
    let mut v = vec![1, 2, 3, 4];
    let x = v.swap_remove(1);
    println!("{} {:?}", x, v);
    let y = v.swap_remove(2);
    println!("{} {:?}", y, v);
    let mut names = vec![String::from("a"), String::from("b")];
    let first = names.swap_remove(0);
    println!("{} {:?}", first, names);
    let z = v.swap_remove(5);
    println!("{}", z);
}
