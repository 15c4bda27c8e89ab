struct View<'a> {
    xs: &'a [f32],
}

fn make<'a>(n: usize) -> View<'a> {
    let v = vec![1.0f32; n];
    View { xs: &v }
}

fn main() {
    println!("{}", make(3).xs.len());
}
