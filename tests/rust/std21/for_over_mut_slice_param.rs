fn clip(g: &mut [f32], c: f32) {
    for x in g {
        *x = x.clamp(-c, c);
    }
}

fn main() {
    let mut g = vec![0.5f32, -2.0, 7.5];
    clip(&mut g, 1.0);
    println!("{:?}", g);
}
