//! Out of bounds in an array (a built-in bounds check): located at the whole expression.

fn main() {
    let m = [[1.0f32, 2.0], [3.0, 4.0]];
    let k = m.len();
    for i in 0..k {
        println!("{}", m[i][0] + m[1][i]);
    }
    println!("{}", 10.0 + m[1][k]);
}
