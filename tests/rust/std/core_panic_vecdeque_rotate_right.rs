use std::collections::VecDeque;

fn main() {
    let mut q: VecDeque<i32> = VecDeque::new();
    for x in 1..=5 {
        q.push_back(x);
    }
    q.rotate_left(2);
    println!("{:?}", q);
    q.rotate_right(1);
    println!("{:?} {:?}", q, q.front());
    q.rotate_left(5);
    println!("{:?}", q);
    q.rotate_right(6);
}
