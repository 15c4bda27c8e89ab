fn is_palindrome(s: &str) -> bool {
    let clean: Vec<char> = s.chars().filter(|c| c.is_alphanumeric()).collect();
    clean.iter().eq(clean.iter().rev())
}
fn main() {
    let w = "kayak";
    println!("{} {}", w.chars().eq(w.chars().rev()), "ab".chars().eq("ba".chars()));
    println!("{} {}", is_palindrome("A man a plan"), is_palindrome("noon"));
    let a = vec![1, 2, 3];
    let b = [1, 2, 3];
    println!("{} {}", a.iter().eq(b.iter()), a.iter().ne(b.iter().take(2)));
    println!("{} {}", (0..3).eq(vec![0, 1, 2]), (0..3).map(|x| x * 2).eq([0, 2, 4]));
    let f = vec![1.0, f64::NAN];
    println!("{} {}", f.iter().eq(f.iter()), f.iter().ne(f.iter()));
    let e: Vec<i32> = vec![];
    println!("{}", e.iter().eq(e.iter()));
}
