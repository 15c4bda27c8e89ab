struct View<'a> {
    xs: &'a [f32],
}

fn main() {
    let w;
    {
        let v = vec![1.0f32, 2.0];
        w = View { xs: &v };
    }
    println!("{}", w.xs.len());
}
