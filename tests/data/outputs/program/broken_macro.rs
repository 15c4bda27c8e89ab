// build_error_plain.txt: this file as src/main.rs of a crate named `broken`.
fn main() {
    let grads = backward!(loss);
    println!("{grads}");
}
