struct Batches<'a> {
    data: &'a [f32],
    at: usize,
}

impl Iterator for Batches {
    type Item = f32;
    fn next(&mut self) -> Option<f32> {
        self.at += 1;
        self.data.get(self.at - 1).copied()
    }
}

fn main() {
    let v = vec![1.0f32, 2.0];
    println!("{}", Batches { data: &v, at: 0 }.count());
}
