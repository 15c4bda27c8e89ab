fn main() {
    let tokens = vec![vec![5u32, 9, 0, 0], vec![3, 3, 7, 1], vec![2, 0, 0, 0]];
    let mut mask: Vec<Vec<bool>> = tokens.iter().map(|r| r.iter().map(|&t| t != 0).collect()).collect();
    for (row, toks) in mask.iter_mut().zip(tokens.iter()) {
        if let Some(last) = toks.iter().rposition(|&t| t != 0) {
            for m in row.iter_mut().skip(last + 1) {
                *m = false;
            }
        }
    }
    let lens: Vec<usize> = mask.iter().map(|r| r.iter().filter(|&&m| m).count()).collect();
    println!("{:?} {:?}", mask, lens);
}
