// pad variable-length sequences to a batch with resize, then mask
fn pad_batch(seqs: &[Vec<u32>], pad: u32) -> (Vec<Vec<u32>>, Vec<Vec<bool>>) {
    let max_len = seqs.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = Vec::with_capacity(seqs.len());
    let mut masks = Vec::new();
    for s in seqs {
        let mut row = s.clone();
        let mut mask = vec![true; s.len()];
        row.resize(max_len, pad);
        mask.resize(max_len, false);
        out.push(row);
        masks.push(mask);
    }
    (out, masks)
}

fn main() {
    let seqs = vec![vec![5, 6, 7], vec![1], vec![9, 9]];
    let (batch, masks) = pad_batch(&seqs, 0);
    for (row, m) in batch.iter().zip(masks.iter()) {
        let n = m.iter().filter(|&&b| b).count();
        println!("{:?} real={}", row, n);
    }
    let mut grow: Vec<f64> = Vec::new();
    grow.resize(3, 1.5);
    grow.resize(1, 0.0);
    println!("{:?}", grow);
}
