fn main() {
    let v = vec![1, 2, 3, 4, 5, 6, 7];
    let mut it = v.iter();
    let head: Vec<&i32> = it.by_ref().take(3).collect();
    let rest: i32 = it.sum();
    println!("{:?} {}", head, rest);
    let mut words = "a b c d e".split_whitespace();
    for w in words.by_ref() {
        if w == "b" { break; }
    }
    let left: Vec<&str> = words.collect();
    println!("{:?}", left);
    let mut nums = 1..10;
    let firsts: u32 = nums.by_ref().take_while(|&x| x < 4).sum();
    println!("{} {:?}", firsts, nums.next());
}
