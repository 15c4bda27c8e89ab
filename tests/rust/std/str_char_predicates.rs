// str's methods with a closure of a char as pattern: trim_matches and its halves, contains,
// starts_with, ends_with, find (a byte offset), split, splitn.
fn main() {
    let w = "--Hello, world!!";
    println!("[{}]", w.trim_matches(|c: char| !c.is_alphanumeric()));
    println!("[{}] [{}]", w.trim_start_matches(|c| c == '-'), w.trim_end_matches(|c: char| c == '!'));
    println!("{} {} {}", w.contains(|c: char| c.is_ascii_digit()), w.starts_with(|c: char| c == '-'), "".ends_with(|c: char| c == 'x'));
    println!("{:?} {:?}", "héllo wörld".find(|c: char| c == 'w'), w.find(|c: char| c == 'z'));
    println!("{:?}", "a1b22c".split(|c: char| c.is_ascii_digit()).collect::<Vec<_>>());
    println!("{:?}", "a1b22c".splitn(2, |c: char| c.is_ascii_digit()).collect::<Vec<_>>());
    println!("{:?}", "a1b22c".splitn(3, |c: char| c.is_ascii_digit()).collect::<Vec<_>>());
    println!("{:?}", "x".splitn(1, |c: char| c == 'x').collect::<Vec<_>>());
}
