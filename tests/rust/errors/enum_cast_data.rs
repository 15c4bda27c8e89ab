enum Shape {
    Dot,
    Circle(f32),
}

fn main() {
    let b = Shape::Dot as u8;
    let c = Shape::Circle(1.0);
    if let Shape::Circle(r) = c {
        println!("{} {}", b, r);
    }
}
