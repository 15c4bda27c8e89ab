#[derive(Debug)]
struct Acc { n: u32 }
fn main() {
    let mut v = vec![Acc { n: 1 }, Acc { n: 2 }];
    let a = v.get_mut(1).unwrap();
    a.n += 10;
    if let Some(b) = v.get_mut(0) {
        b.n *= 3;
    }
    let missing = v.get_mut(5).is_none();
    println!("{:?} {}", v, missing);
    let mut grid = vec![vec![0u8; 2]; 2];
    grid.get_mut(1).unwrap().push(4);
    println!("{:?}", grid);
}
