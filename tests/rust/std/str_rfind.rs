// `str::rfind` (the byte offset of the last match; a `char`, a `&str` or a closure as the
// pattern), as a checkpoint's path and its extension are cut out of a run's file name.
fn stem(path: &str) -> &str {
    let start = path.rfind('/').map(|i| i + 1).unwrap_or(0);
    let end = path.rfind('.').filter(|&i| i > start).unwrap_or(path.len());
    &path[start..end]
}

fn main() {
    let paths = ["runs/exp1/ckpt-e003.mpk", "model.bin", "runs/.hidden", "plain", "a/b/c/"];
    for p in paths {
        println!("{:<24} {:?} {:?} stem={:?}", p, p.rfind('/'), p.find('/'), stem(p));
    }
    let log = "loss=0.5 loss=0.25 lr=1e-3";
    println!("{:?} {:?} {:?}", log.rfind("loss="), log.rfind("acc"), log.rfind(""));
    println!("{:?}", log.rfind(|c: char| c.is_ascii_digit()));
    let accented = "épochs/é";
    println!("{:?} {:?}", accented.rfind('é'), accented.rfind('/'));
    let name = String::from("run-12-best");
    if let Some(i) = name.rfind('-') {
        println!("{} | {}", &name[..i], &name[i + 1..]);
    }
}
