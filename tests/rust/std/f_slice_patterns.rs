fn describe(xs: &[i32]) -> String {
    match xs {
        [] => String::from("empty"),
        [x] => format!("one {}", x),
        [first, .., last] => format!("{}..{}", first, last),
    }
}
fn head(xs: &[String]) -> String {
    match xs {
        [h, rest @ ..] => format!("{} then {:?}", h, rest),
        [] => String::from("none"),
    }
}
fn main() {
    let v = vec![1, 2, 3, 4];
    println!("{} {} {}", describe(&v), describe(&v[..1]), describe(&[]));
    match &v[..] {
        [a, b, rest @ ..] => println!("{} {} {:?}", a, b, rest),
        _ => println!("short"),
    }
    let words = vec![String::from("x"), String::from("y")];
    println!("{}", head(&words));
    let arr = [1.5, 2.5, 3.5];
    match arr {
        [a, .., c] => println!("{} {}", a, c),
    }
    if let [only] = &v[1..2] {
        println!("only {}", only);
    }
    let pair = [7, 8];
    let [p, q] = pair;
    println!("{} {}", p, q);
    match &arr[..] {
        [.., last] => println!("last {}", last),
        [] => {}
    }
}
