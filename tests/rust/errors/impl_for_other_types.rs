struct Ring<T> {
    items: Vec<T>,
}

impl Ring<f32> {
    fn mean(&self) -> f32 {
        self.items.iter().sum::<f32>() / self.items.len() as f32
    }
}

fn main() {
    let r = Ring { items: vec![1i32, 2] };
    println!("{}", r.mean());
}
