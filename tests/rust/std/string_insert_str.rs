// A log line built in place: `insert_str` at a byte offset.
fn main() {
    let mut s = String::from("loss=0.5");
    s.insert_str(0, "step 1: ");
    println!("{}", s);
    let end = s.len();
    s.insert_str(end, "!");
    println!("{} {}", s, s.len());
    let tag = String::from("[é]");
    s.insert_str(0, &tag);
    s.insert_str(4, "x");
    println!("{}", s);
    s.insert_str(2, "y");
    println!("{}", s);
}
