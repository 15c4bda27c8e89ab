use std::collections::BTreeSet;

fn main() {
    let a: BTreeSet<&str> = "the model learns the weights".split(' ').collect();
    let b: BTreeSet<&str> = "the optimizer updates the weights".split(' ').collect();
    println!("{:?}", a);
    println!("{:?}", a.intersection(&b).collect::<Vec<_>>());
    println!("{:?}", a.union(&b).cloned().collect::<Vec<&str>>());
    println!("{:?}", a.difference(&b).collect::<Vec<_>>());
    println!("{:?}", a.symmetric_difference(&b).count());
    let mut nums = BTreeSet::new();
    for x in [5u32, 1, 9, 5, 3, 1] { nums.insert(x); }
    println!("{:?} first={:?} last={:?}", nums, nums.first(), nums.last());
    println!("{:?}", nums.range(2..6).collect::<Vec<_>>());
    println!("{} {}", nums.contains(&9), nums.remove(&4));
    let popped = nums.pop_first();
    println!("{:?} {:?} {}", popped, nums, nums.len());
}
