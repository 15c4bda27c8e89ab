use std::cmp::Ordering;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Split {
    Train,
    Valid,
}

fn main() {
    let a = (String::from("a"), String::from("b"));
    let b = (String::from("a"), String::from("c"));
    println!("{:?} {:?} {:?}", a.cmp(&b), b.cmp(&a), a.cmp(&a));
    let mut runs = vec![
        (Split::Valid, 3usize, "x".to_string()),
        (Split::Train, 5, "y".to_string()),
        (Split::Train, 2, "z".to_string()),
    ];
    runs.sort_by(|p, q| p.cmp(q));
    println!("{:?}", runs);
    let s = (0.5f32, 2u32);
    let t = (0.5f32, 1u32);
    println!("{:?} {:?}", s.partial_cmp(&t), (f32::NAN, 1u32).partial_cmp(&(f32::NAN, 1u32)));
    let best = [(3, 'b'), (3, 'a'), (1, 'z')].iter().copied().max_by(|x, y| x.cmp(y));
    println!("{:?}", best);
    if (1, "b").cmp(&(1, "a")) == Ordering::Greater {
        println!("greater");
    }
}
