// Widths and precisions taken from arguments: `{:w$}`, `{:1$}`, `{:.p$}`, `{:.*}`, captured names.
fn row(name: &str, vals: &[f64], width: usize, prec: usize) -> String {
    let mut s = format!("{:<width$}|", name);
    for v in vals {
        s += &format!("{:>w$.p$}|", v, w = width, p = prec);
    }
    s
}

fn main() {
    println!("{}", row("loss", &[0.5, 0.25, 0.125], 8, 3));
    println!("{}", row("acc", &[91.0, 97.5], 6, 1));
    let width = 10;
    let digits = 4;
    println!("[{:^width$}] [{:>1$}] [{:0width$}]", "mid", 5, -42);
    println!("[{:.digits$}] [{:.*}] [{:.*}]", 3.14159265, 2, 1.005, 0, 2.5);
    println!("[{:.*}] [{:8.3}] [{:4$.5$}]", 3, "truncate", "abcdef", 2.5, 9, 1);
    println!("[{:w$?}] [{:>w$?}] [{:<w$}]", Some(1), "q", true, w = 9);
    println!("[{:.*e}] [{:>12.p$e}]", 2, 123456.0, 0.000321, p = 1);
    for w in 1..4 {
        println!("[{:w$}] [{:>w$.1}]", w * 7, w as f32 / 3.0);
    }
}
