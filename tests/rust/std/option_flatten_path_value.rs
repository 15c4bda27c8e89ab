struct Table { rows: Vec<Vec<i32>> }
impl Table {
    fn row_mut(&mut self, r: usize) -> &mut Vec<i32> { &mut self.rows[r] }
}
fn main() {
    let mut t = Table { rows: vec![vec![0; 3]; 2] };
    for r in 0..2 {
        for c in 0..3 { t.row_mut(r)[c] = (r * 3 + c) as i32; }
    }
    t.row_mut(1)[2] *= -1;
    let n = &2usize;
    let firsts: Vec<i32> = t.rows.iter().map(|row| row[..*n].iter().sum()).collect();
    println!("{:?} {:?}", t.rows, firsts);
    let flat: Vec<Option<i32>> = vec![Some(Some(1)), Some(None), None].into_iter().map(Option::flatten).collect();
    println!("{:?}", flat);
}
