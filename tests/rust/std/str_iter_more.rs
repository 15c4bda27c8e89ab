// str's char_indices (byte offsets), bytes, as_bytes, rsplit_once, strip_prefix, strip_suffix;
// iterator find_map (a variable's items pulled), inspect; an array's contains; rotate_left/right.
fn main() {
    let s = "héllo wörld";
    for (i, c) in s.char_indices().filter(|(_, c)| !c.is_ascii()) {
        println!("{} {}", i, c);
    }
    let idx: Vec<usize> = "a,b,c".char_indices().filter(|&(_, c)| c == ',').map(|(i, _)| i).collect();
    println!("{:?}", idx);
    let b: Vec<u8> = "hi!".bytes().collect();
    println!("{:?} {}", b, "héllo".bytes().count());
    println!("{:?} {}", "ab".as_bytes(), "é".as_bytes().len());
    let total: u32 = "abc".bytes().map(|b| b as u32).sum();
    println!("{}", total);
    println!("{:?} {:?}", "a-b-c".rsplit_once('-'), "abc".rsplit_once("x"));
    println!("{:?} {:?}", "a1b2c".rsplit_once(|c: char| c.is_ascii_digit()), "abc".rsplit_once(""));
    println!("{:?} {:?} {:?}", "v1.2".strip_prefix("v"), "v1.2".strip_prefix('x'), "file.rs".strip_suffix(".rs"));
    println!("{:?} {:?}", "9lives".strip_prefix(|c: char| c.is_ascii_digit()), "".strip_suffix('a'));
    if let Some(rest) = "--name=x".strip_prefix("--") {
        println!("{}", rest);
    }
    let v = vec![1, 5, 9, 12];
    let first_big = v.iter().find_map(|&x| if x > 4 { Some(x * 10) } else { None });
    println!("{:?}", first_big);
    let mut it = v.iter();
    let f = it.find_map(|&x| if x % 3 == 0 { Some(x) } else { None });
    println!("{:?} {:?}", f, it.next());
    let w: Vec<i32> = v.iter().inspect(|x| print!("<{}>", x)).map(|x| x * 2).collect();
    println!();
    println!("{:?}", w);
    let arr = [3, 1, 4];
    println!("{} {}", arr.contains(&4), arr.contains(&7));
    let mut r = vec![1, 2, 3, 4, 5];
    r.rotate_left(2);
    println!("{:?}", r);
    r.rotate_right(1);
    println!("{:?}", r);
    let mut a = [1, 2, 3];
    a.rotate_left(3);
    a.rotate_right(0);
    println!("{:?}", a);
}
