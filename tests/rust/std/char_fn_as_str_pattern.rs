fn tokens(s: &str) -> Vec<&str> {
    s.split(char::is_whitespace).filter(|t| !t.is_empty()).collect()
}
fn main() {
    println!("{:?}", "abc123".trim_end_matches(char::is_numeric));
    println!("{:?}", "12ab34".trim_start_matches(char::is_numeric));
    println!("{:?}", tokens("a  b\tc"));
    println!("{:?}", "x1y2".find(char::is_numeric));
    println!("{:?}", "Hello World".split(char::is_uppercase).collect::<Vec<_>>());
    println!("{}", "  pad  ".trim_matches(char::is_whitespace));
    println!("{:?}", "abcDEF".rfind(char::is_lowercase));
    println!("{}", "a1b2".contains(char::is_alphabetic));
}
