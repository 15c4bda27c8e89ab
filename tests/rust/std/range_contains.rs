// A range's own methods: `contains` (of `a..b` and `a..=b`, of a variable holding one) and
// `is_empty`.
fn valid_label(label: i64) -> bool {
    (0..=2).contains(&label)
}

fn main() {
    let labels = [-1i64, 0, 2, 3];
    let ok: Vec<bool> = labels.iter().map(|&l| valid_label(l)).collect();
    println!("{:?}", ok);
    let window = 10usize..20;
    let hits = [9usize, 10, 19, 20].iter().filter(|i| window.contains(i)).count();
    println!("{} {} {}", hits, window.contains(&15), window.is_empty());
    let n = 5;
    println!("{} {} {}", (n..n).is_empty(), (n..=n).is_empty(), (3..=n).contains(&n));
    for x in 0..4u8 {
        if (1..3).contains(&x) {
            print!("{} ", x);
        }
    }
    println!();
}
