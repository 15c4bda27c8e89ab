// matrix helpers with collects typed by the return type
fn transpose(m: &[Vec<f32>]) -> Vec<Vec<f32>> {
    (0..m[0].len()).map(|j| m.iter().map(|row| row[j]).collect()).collect()
}

fn matmul(a: &[Vec<f32>], b: &[Vec<f32>]) -> Vec<Vec<f32>> {
    let bt = transpose(b);
    a.iter()
        .map(|row| bt.iter().map(|col| row.iter().zip(col.iter()).map(|(x, y)| x * y).sum()).collect())
        .collect()
}

fn main() {
    let a = vec![vec![1.0, 2.0], vec![3.0, 4.0], vec![0.5, -1.0]];
    let b = vec![vec![1.0, 0.0, 2.0], vec![-1.0, 1.0, 0.5]];
    let c = matmul(&a, &b);
    for row in &c {
        println!("{:?}", row);
    }
    println!("{:?}", transpose(&c)[2]);
}
