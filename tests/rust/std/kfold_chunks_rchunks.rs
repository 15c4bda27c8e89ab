// k-fold split indices with chunks and a deterministic shuffle
fn lcg(state: &mut u64) -> u64 {
    *state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *state >> 33
}

fn main() {
    let mut idx: Vec<usize> = (0..10).collect();
    let mut seed = 42u64;
    for i in (1..idx.len()).rev() {
        let j = (lcg(&mut seed) % (i as u64 + 1)) as usize;
        idx.swap(i, j);
    }
    println!("{:?}", idx);
    let folds: Vec<&[usize]> = idx.chunks(4).collect();
    for (k, val) in folds.iter().enumerate() {
        let train: Vec<usize> = folds
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != k)
            .flat_map(|(_, f)| f.iter().copied())
            .collect();
        println!("fold {} val={:?} train={}", k, val, train.len());
    }
    let last = idx.rchunks(3).next().unwrap();
    println!("{:?}", last);
}
