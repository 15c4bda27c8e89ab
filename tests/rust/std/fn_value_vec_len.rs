// Row lengths of a ragged batch: a std method named by its path as map's function.
fn main() {
    let rows: Vec<Vec<f32>> = vec![vec![1.0, 2.0], vec![], vec![3.0]];
    let lens: Vec<usize> = rows.iter().map(Vec::len).collect();
    let empty: Vec<bool> = rows.iter().map(Vec::is_empty).collect();
    let names = vec![String::from("relu"), String::from("")];
    let n: usize = names.iter().map(String::len).sum();
    let longest = rows.iter().map(Vec::len).max().unwrap();
    println!("{:?} {:?} {} {} {}", lens, empty, n, longest, names.iter().map(String::is_empty).filter(|&e| e).count());
}
