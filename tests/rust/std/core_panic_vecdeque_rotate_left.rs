use std::collections::VecDeque;

// A window of the last losses, rotated past its length.
fn main() {
    let mut window: VecDeque<f32> = (1..=4).map(|x| x as f32 * 0.5).collect();
    window.rotate_left(1);
    println!("{:?}", window);
    let shift = window.len() + 1;
    window.rotate_left(shift);
    println!("{:?}", window);
}
