fn main() {
    let mut rows = vec![vec![1.0f64, 2.0], vec![3.0, 4.0]];
    let stats = [(1.0f64, 2.0f64), (0.5, 1.0)];
    for row in rows.iter_mut() {
        for (x, (m, s)) in row.iter_mut().zip(stats.iter()) {
            *x = (*x - m) / s;
        }
    }
    println!("{:?}", rows);
    second();
}

fn scale(rows: &mut Vec<Vec<f32>>, by: &[f32]) {
    for row in rows.iter_mut() {
        for (x, b) in row.iter_mut().zip(by) {
            *x *= b;
        }
    }
    for row in rows {
        for x in row {
            *x += 0.25;
        }
    }
}

fn second() {
    let mut grid = vec![vec![1.0f32, 2.0, 3.0]; 2];
    scale(&mut grid, &[2.0, 0.5]);
    for row in &mut grid {
        for (j, x) in row.iter_mut().enumerate() {
            *x -= j as f32;
        }
    }
    println!("{:?}", grid);
}
