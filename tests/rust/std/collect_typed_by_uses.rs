struct Batch {
    ids: Vec<usize>,
    name: String,
}

fn total(v: Vec<i32>) -> i32 {
    v.iter().sum()
}

fn evens(n: usize) -> Vec<usize> {
    let kept = (0..n).filter(|i| i % 2 == 0).collect();
    kept
}

fn parse_all(words: &[&str]) -> Option<Vec<u32>> {
    let parsed = words.iter().map(|w| w.parse().ok()).collect();
    parsed
}

fn main() {
    let data = vec![1, 2, 3];
    let doubled = data.iter().map(|x| x * 2).collect();
    let w: Vec<i32> = doubled;
    println!("{:?}", w);
    let tripled = data.iter().map(|x| x * 3).collect();
    println!("{}", total(tripled));
    let ids = (0..4).rev().collect();
    let name = "ab".chars().rev().collect();
    let b = Batch { ids, name };
    println!("{:?} {}", b.ids, b.name);
    println!("{:?} {:?}", evens(5), parse_all(&["1", "x"]));
    println!("{:?}", parse_all(&["4", "5"]));
    let mut later;
    later = data.iter().map(|x| x + 1).collect();
    let again: Vec<i32> = later;
    later = again.clone();
    println!("{:?} {:?}", again, later);
}
