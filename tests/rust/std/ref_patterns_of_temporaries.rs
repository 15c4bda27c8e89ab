fn main() {
    let grid = vec![vec![1, 2], vec![3, 4]];
    let (ref first, ref rest) = (grid[0].clone(), grid[1..].to_vec());
    println!("{:?} {:?}", first, rest);
    let entry = (String::from("w"), 3u8, vec![0.5f32]);
    let (ref name, count, ref vals) = entry;
    println!("{} {} {:?} | {} {:?}", name, count, vals, entry.0, entry.2);
}
