struct E { t: Vec<Vec<f32>> }
impl E {
    fn row(&mut self, i: usize) -> &mut Vec<f32> { &mut self.t[i] }
    fn last_row(&mut self) -> &mut Vec<f32> { let n = self.t.len(); &mut self.t[n - 1] }
}
struct Grid { cells: Vec<Vec<u8>>, hist: Vec<u32> }
impl Grid {
    fn counts(&mut self) -> &mut Vec<u32> { &mut self.hist }
}
fn main() {
    let mut e = E { t: vec![vec![0.0; 2]; 2] };
    e.row(1)[0] += 1.5;
    e.row(0)[1] = 2.0;
    e.last_row()[1] -= 0.25;
    println!("{:?}", e.t);
    let mut g = Grid { cells: vec![vec![1, 2]], hist: vec![0; 3] };
    for c in g.cells[0].clone() { g.counts()[c as usize] += 1; }
    println!("{:?} {:?}", g.hist, g.cells);
}
