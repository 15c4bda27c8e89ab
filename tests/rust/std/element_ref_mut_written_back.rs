struct Opt { m: Vec<Option<f32>> }
fn main() {
    let mut slots: Vec<Option<f32>> = vec![Some(1.0), None, Some(3.0)];
    for i in 0..slots.len() {
        if let Some(ref mut v) = slots[i] {
            *v *= 2.0;
        }
    }
    if let Some(w) = &mut slots[2] {
        *w += 0.5;
    }
    let mut o = Opt { m: vec![None, Some(2.0)] };
    let k = 1;
    match o.m[k] {
        Some(ref mut x) => *x -= 1.0,
        None => {}
    }
    let mut grid = vec![vec![Some(1u32), None], vec![None, Some(5)]];
    for r in 0..2 {
        for c in 0..2 {
            match grid[r][c] {
                Some(ref mut n) => *n += (r * 10 + c) as u32,
                None => grid[r][c] = Some(0),
            }
        }
    }
    println!("{:?} {:?} {:?}", slots, o.m, grid);
}
