struct View {
    xs: &[f32],
}

fn main() {
    let v = vec![1.0f32, 2.0];
    let w = View { xs: &v };
    println!("{}", w.xs.len());
}
