fn main() {
    let mut words: Vec<Vec<String>> = vec![
        vec!["a".to_string(), "b".to_string()],
        vec!["c".to_string()],
    ];
    for w in words.iter_mut() {
        let first = w[0].clone();
        *w = vec![first.clone(), first];
    }
    println!("{:?}", words);
    let mut grid = vec![vec![1.0f32, 2.0, 3.0], vec![4.0, 5.0, 6.0]];
    for row in grid.iter_mut() {
        row[0] = row[1] * 2.0;
        row[2] += row[0];
        let last = row[2];
        row[1] -= last;
    }
    println!("{:?}", grid);
    for (i, row) in grid.iter_mut().enumerate() {
        row[i] = 0.0;
    }
    println!("{:?}", grid);
    grid.iter_mut().for_each(|row| row[2] *= 10.0);
    println!("{:?}", grid);
    let mut pairs = [[1u32, 2], [3, 4]];
    for p in pairs.iter_mut() {
        p[0] += p[1];
    }
    println!("{:?}", pairs);
}
