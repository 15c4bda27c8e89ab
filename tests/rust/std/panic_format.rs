//! panic! with a formatted message after some output on both streams.

fn check(step: i32) {
    if step == 3 {
        panic!("x {} at step {step:>3} ({:?})", 1, Some(0.5));
    }
}

fn main() {
    for step in 0..5 {
        println!("step {step}");
        eprintln!("log {step}");
        check(step);
    }
}
