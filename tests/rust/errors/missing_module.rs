mod gone;

fn main() {
    println!("{}", 1);
}
