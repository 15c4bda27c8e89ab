struct Job {
    name: String,
    args: Vec<String>,
}
fn main() {
    let job = Job { name: "train".to_string(), args: vec!["--lr".to_string()] };
    let n = &job.name;
    let args = job.args;
    println!("{} {:?}", n, args);
}
