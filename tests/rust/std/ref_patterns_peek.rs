use std::collections::VecDeque;

fn main() {
    let mut it = "ab1+c2".chars().peekable();
    let mut digits = 0;
    while let Some(&c) = it.peek() {
        if c.is_ascii_digit() {
            digits += 1;
        }
        print!("{}", c);
        it.next();
    }
    println!(" {}", digits);
    let dq: VecDeque<usize> = VecDeque::from(vec![4, 5, 6]);
    if let Some(&front) = dq.front() {
        println!("front {}", front);
    }
    if let Some(&back) = dq.back() {
        println!("back {}", back + 1);
    }
}
