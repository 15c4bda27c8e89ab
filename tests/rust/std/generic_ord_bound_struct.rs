#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key { epoch: u32, step: u32 }
fn latest<T: Ord + Copy>(xs: &[T]) -> Option<T> { xs.iter().copied().max() }
fn above<T: PartialOrd>(xs: &[T], t: &T) -> usize { xs.iter().filter(|x| *x > t).count() }
fn main() {
    let ks = [Key { epoch: 1, step: 9 }, Key { epoch: 2, step: 0 }, Key { epoch: 1, step: 10 }];
    println!("{:?} {}", latest(&ks), above(&ks, &Key { epoch: 1, step: 9 }));
}
