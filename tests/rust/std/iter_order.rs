// Adapters are lazy: each item goes through the whole chain before the next is pulled, and
// `zip` pulls the left item first, stopping there when the left side is done.

fn main() {
    let v = vec![1, 2, 3, 4];
    let kept: Vec<i32> = v
        .iter()
        .map(|x| {
            println!("map {x}");
            x + 1
        })
        .filter(|y| {
            println!("filter {y}");
            y % 2 == 1
        })
        .collect();
    println!("{:?}", kept);
    let left = (0..2).map(|i| {
        println!("left {i}");
        i
    });
    let right = (10..13).map(|i| {
        println!("right {i}");
        i
    });
    let zipped: Vec<(i32, i32)> = left.zip(right).collect();
    println!("{:?}", zipped);
    for (i, x) in v.iter().map(|x| x * 100).enumerate().rev() {
        println!("{i}: {x}");
    }
}
