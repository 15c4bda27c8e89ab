#[derive(Debug)]
struct Run { name: String, steps: u32, losses: Vec<f64> }
fn main() {
    let t = (String::from("a"), 2);
    let (ref s, n) = t;
    println!("{} {} {}", s, n, t.0);
    let r = Run { name: "r1".to_string(), steps: 3, losses: vec![0.5, 0.25] };
    let Run { ref name, steps, ref losses } = r;
    println!("{} {} {:?}", name, steps, losses);
    println!("{:?}", r);
    let mut pair = (vec![1, 2], 10);
    let (ref mut v, mut k) = pair;
    v.push(3);
    k += 1;
    println!("{:?} {}", pair, k);
}
