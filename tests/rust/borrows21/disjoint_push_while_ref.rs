struct Buf {
    data: Vec<f32>,
    log: Vec<String>,
}
impl Buf {
    fn note(&mut self) -> f32 {
        let first = &self.data[0];
        self.log.push(format!("first {}", first));
        *first
    }
}
fn main() {
    let mut b = Buf { data: vec![1.5, 2.0], log: vec![] };
    let x = b.note();
    println!("{} {:?}", x, b.log);
}
