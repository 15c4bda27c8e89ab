// A struct and an enum deriving Ord: sort, sort_unstable, binary_search, dedup, max compare them
// as the derive does (fields in order; variants in order, then their fields).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone, Copy)]
struct P(i32, i32);

#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
enum Level { Low, Mid(u8), High { n: i32 } }

fn main() {
    let mut v = vec![P(3, 1), P(1, 9), P(3, 0), P(1, 2)];
    v.sort();
    println!("{:?} {:?} {:?}", v, v.binary_search(&P(3, 0)), v.binary_search(&P(2, 0)));
    let mut l = vec![Level::High { n: 2 }, Level::Low, Level::Mid(5), Level::Mid(1), Level::High { n: -1 }];
    l.sort_unstable();
    println!("{:?}", l);
    l.dedup();
    println!("{:?} {:?}", l.binary_search(&Level::Mid(5)), l.iter().max());
}
