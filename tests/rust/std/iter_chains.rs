// Iterator chains: adapters (map, filter, enumerate, zip, rev, skip, take, cloned) and
// consumers (collect, sum, product, fold, reduce, for_each, count, last, any, all, position).

fn main() {
    let v = vec![1, 2, 3, 4];
    let doubled: Vec<i32> = v.iter().map(|x| x * 2).collect();
    println!("{:?}", doubled);
    let squares = (1..=4).map(|i| i * i).collect::<Vec<_>>();
    println!("{:?}", squares);
    let total: i32 = v.iter().sum();
    let evens: Vec<_> = v.iter().filter(|x| **x % 2 == 0).collect();
    println!("{total} {:?} {}", evens, v.iter().map(|x| x * 10).sum::<i32>());
    println!("{}", (1..=5).product::<u64>());
    let names = ["a", "b", "c"];
    for (n, x) in names.iter().zip(v.iter()) {
        println!("{n}={x}");
    }
    let s = v.iter().fold(0, |acc, x| acc + x * x);
    v.iter().rev().for_each(|x| print!("{x} "));
    println!("{s} {}", v.len());
    let longest = names.iter().map(|n| n.len()).reduce(|a, b| a + b);
    let none: Vec<i32> = Vec::new();
    println!("{:?} {:?}", longest, none.into_iter().reduce(|a, b| a + b));
    println!("{} {:?}", v.iter().filter(|x| **x > 1).count(), v.iter().map(|x| x - 1).last());
    println!("{} {}", v.iter().any(|x| *x == 3), v.iter().all(|x| *x < 4));
    println!("{:?} {:?}", v.iter().position(|x| *x == 3), v.iter().position(|x| *x == 9));
    let middle: Vec<i32> = v.iter().skip(1).take(2).cloned().collect();
    println!("{:?}", middle);
    let stepped: Vec<usize> = (0..10).map(|i| i * 3).step_by(4).collect();
    println!("{:?}", stepped);
    let pairs: Vec<(usize, &str)> = names.iter().cloned().enumerate().collect();
    println!("{:?}", pairs);
}
