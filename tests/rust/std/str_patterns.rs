// str's methods with a char or &str pattern: contains, starts_with, ends_with, find (a byte
// offset), split, splitn, trim_matches, trim_start_matches, trim_end_matches.
fn main() {
    let line = "key = value=2";
    println!("{} {} {}", line.contains('='), line.contains("val"), line.contains('#'));
    let mut parts = line.splitn(2, '=');
    let k = parts.next().unwrap().trim();
    let v = parts.next().unwrap().trim();
    println!("[{}] [{}]", k, v);
    for f in "a,b,,c".split(',') {
        print!("<{}>", f);
    }
    println!();
    let words: Vec<&str> = "x--y--z".split("--").collect();
    println!("{:?} {}", words, words.len());
    println!("{:?} {:?} {:?}", "héllo".find('l'), "abc".find("z"), "abc".find(""));
    println!("{} {}", "[[x]]".trim_matches('['), "xxabxx".trim_start_matches("x"));
    println!("{} {}", "ab--".trim_end_matches('-'), "#tag".starts_with('#'));
    println!("{} {:?}", "file.rs".ends_with(".rs"), "a=b".splitn(0, '=').count());
    let sep = String::from(",");
    println!("{:?}", "1,2".split(&sep).collect::<Vec<_>>());
}
