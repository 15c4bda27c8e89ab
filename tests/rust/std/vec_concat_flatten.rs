// `concat` of a `Vec<Vec<T>>` and of an array of arrays: the rows flattened, as a gradient's
// parameter groups are before a global norm.
fn global_norm(groups: &[Vec<f32>]) -> f32 {
    groups.concat().iter().map(|g| g * g).sum::<f32>().sqrt()
}

fn main() {
    let grads = vec![vec![0.5f32, -1.5], vec![], vec![2.0, 0.25, -0.75]];
    let flat = grads.concat();
    println!("{:?} {}", flat, flat.len());
    println!("{:.4}", global_norm(&grads));
    let grid = [[1u8, 2], [3, 4], [5, 6]];
    let cells: Vec<u8> = grid.concat();
    println!("{:?} {}", cells, grid.len());
    let names = vec![vec![String::from("w"), String::from("b")], vec![String::from("gamma")]];
    let all = names.concat();
    println!("{:?} {:?}", all, names[1]);
}
