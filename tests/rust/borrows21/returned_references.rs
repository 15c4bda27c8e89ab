struct C<'a> {
    name: &'a str,
    xs: Vec<f32>,
}
impl<'a> C<'a> {
    fn name(&self) -> &str {
        self.name
    }
    fn xs(&self) -> &[f32] {
        &self.xs
    }
}
fn first(v: &Vec<Vec<i32>>) -> &Vec<i32> {
    &v[0]
}
fn main() {
    let c = C { name: "a", xs: vec![1.5] };
    let rows = vec![vec![1], vec![2]];
    println!("{} {:?} {:?}", c.name(), c.xs(), first(&rows));
}
