// `Vec::split_off(at)`: a shuffled data set's tail split off as its validation set, the
// training set keeping the first `at` elements (a `String` element moved, not copied).
fn main() {
    let mut data: Vec<u32> = (0..10).map(|i| (i * 7) % 10).collect();
    let n_train = data.len() * 8 / 10;
    let valid = data.split_off(n_train);
    println!("train {:?} valid {:?}", data, valid);
    let mut names = vec![String::from("a"), String::from("b"), String::from("c")];
    let rest = names.split_off(1);
    names.push(String::from("z"));
    println!("{:?} {:?}", names, rest);
    let mut all = vec![1.5f32, 2.5];
    let none = all.split_off(2);
    let every = all.split_off(0);
    println!("{:?} {:?} {:?} {}", all, none, every, none.is_empty());
}
