fn read_ints(line: &str) -> Vec<i64> {
    line.split_whitespace()
        .map(str::parse)
        .map(Result::unwrap)
        .collect()
}
fn main() {
    let nums = read_ints("3 -4 15");
    println!("{:?}", nums);
    let parsed: Vec<Result<u8, _>> = "1,x,300".split(',').map(str::parse::<u8>).collect();
    println!("{:?}", parsed);
    let good: Vec<u8> = parsed.into_iter().filter_map(Result::ok).collect();
    println!("{:?}", good);
    let words = vec!["  a ", "bb", " c"];
    let trimmed: Vec<&str> = words.clone().into_iter().map(str::trim).collect();
    println!("{:?}", trimmed);
    let lens: Vec<usize> = "one two three".split(' ').map(str::len).collect();
    println!("{:?}", lens);
    let ok = "abc123".chars().all(char::is_alphanumeric);
    let digits: String = "a1b2c3".chars().filter(char::is_ascii_digit).collect();
    let upper: String = "MixEd".chars().filter(|c| c.is_uppercase()).collect();
    println!("{} {} {}", ok, digits, upper);
    let names = vec!["x".to_string(), "yy".to_string()];
    let total: usize = names.iter().map(String::len).sum();
    let copies: Vec<String> = names.iter().map(String::clone).collect();
    println!("{} {:?}", total, copies);
    let opts = vec![Some(1), None, Some(3)];
    println!(
        "{} {:?}",
        opts.iter().filter(|o| o.is_some()).count(),
        opts.iter().position(Option::is_none)
    );
    let firsts: Vec<i32> = opts
        .into_iter()
        .filter(|o| o.is_some())
        .map(Option::unwrap)
        .collect();
    println!("{:?}", firsts);
    let lines = "4\n5\n6";
    let sum: i32 = lines
        .lines()
        .map(str::parse::<i32>)
        .map(Result::unwrap)
        .sum();
    println!("{}", sum);
    let shouted: Vec<String> = "a b".split(' ').map(str::to_uppercase).collect();
    println!("{:?}", shouted);
}
