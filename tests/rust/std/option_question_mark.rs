// `?` on an `Option` in functions (and methods) returning an `Option`: a `None` returned at once.
struct Grid { cells: Vec<Vec<i32>> }
impl Grid {
    fn at(&self, r: usize, c: usize) -> Option<i32> {
        let row = self.cells.get(r)?;
        let v = row.get(c)?;
        Some(*v)
    }
}
fn sum_parsed(items: &[&str]) -> Option<i32> {
    let mut total = 0;
    for s in items {
        let n: i32 = s.parse().ok()?;
        if n > 100 {
            return None;
        }
        total += n;
    }
    Some(total)
}
fn both(a: Option<i32>, b: Option<i32>) -> Option<i32> {
    Some(a? * b?)
}
fn first_word_len(s: &str) -> Option<usize> {
    let w = s.split_whitespace().next()?;
    Some(w.len())
}
fn main() {
    let g = Grid { cells: vec![vec![1, 2], vec![3]] };
    println!("{:?} {:?} {:?}", g.at(0, 1), g.at(1, 1), g.at(5, 0));
    println!("{:?}", sum_parsed(&["1", "2", "3"]));
    println!("{:?}", sum_parsed(&["1", "x", "3"]));
    println!("{:?}", sum_parsed(&["1", "200"]));
    println!("{:?} {:?}", both(Some(2), Some(4)), both(None, Some(1)));
    println!("{:?} {:?}", first_word_len("  hello world"), first_word_len("   "));
}
