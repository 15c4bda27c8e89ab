fn best(a: Option<f32>, b: Option<f32>, c: Option<f32>) -> Option<f32> {
    a.into_iter().chain(b).chain(c).reduce(f32::max)
}
fn main() {
    println!(
        "{:?} {:?}",
        best(Some(1.0), None, Some(3.5)),
        best(None, None, None)
    );
    let maybe: Option<Vec<i32>> = Some(vec![4, 5]);
    for v in maybe.iter() {
        println!("{:?} {}", v, v.len());
    }
    let none: Option<u8> = None;
    println!("{} {}", none.iter().count(), Some(7u8).into_iter().count());
    let total: i32 = Some(3).into_iter().chain(vec![1, 2]).sum();
    let joined: Vec<i32> = vec![9].into_iter().chain(Some(8)).chain(None).collect();
    println!("{} {:?}", total, joined);
    let xs = vec![Some(1), None, Some(4)];
    let flat: Vec<i32> = xs.iter().flat_map(|o| o.into_iter()).copied().collect();
    println!("{:?}", flat);
}
