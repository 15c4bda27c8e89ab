fn main() {
    let mut grid = vec![vec![1.0f32, 2.0], vec![4.0, 5.0]];
    for row in grid.iter() {
        row[0] = 0.0;
    }
    grid.push(vec![]);
    println!("{:?}", grid);
}
