//! panic!() with no message: "explicit panic"; the last statement panics after output.

fn main() {
    print!("a");
    print!("b");
    eprint!("a stderr line, ");
    eprintln!("ended");
    panic!();
}
