// `rev` of adapters over exact-size sources: `skip`, `take`, `zip` (the longer side's extra
// items dropped from its back first), `enumerate`, `map`.

fn main() {
    let v = vec![1, 2, 3, 4, 5];
    let a: Vec<i32> = v.iter().skip(1).rev().cloned().collect();
    let b: Vec<i32> = v.iter().take(3).rev().cloned().collect();
    println!("{:?} {:?}", a, b);
    for (x, y) in v.iter().zip([10, 20].iter()).rev() {
        println!("{x} {y}");
    }
    let tagged: Vec<(usize, i32)> = v.iter().map(|x| x * x).enumerate().rev().take(2).collect();
    println!("{:?}", tagged);
    let back: Vec<i32> = (0..20).skip(5).take(4).rev().collect();
    println!("{:?}", back);
}
