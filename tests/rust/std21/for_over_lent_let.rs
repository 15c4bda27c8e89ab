fn main() {
    let mut w = vec![1.0f32, -2.0, 3.0];
    let r = &mut w;
    for x in r {
        *x = (*x * 0.5).max(-0.75);
    }
    println!("{:?}", w);
    let mut grid = vec![vec![1u32, 2], vec![3, 4]];
    let rows = &mut grid;
    for row in rows {
        for x in row {
            *x *= 10;
        }
    }
    println!("{:?}", grid);
}
