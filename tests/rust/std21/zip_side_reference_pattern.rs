fn apply_mask(x: &mut [f32], mask: &[bool], p: f32) {
    let scale = 1.0 / (1.0 - p);
    for (v, &keep) in x.iter_mut().zip(mask.iter()) {
        *v = if keep { *v * scale } else { 0.0 };
    }
}
fn main() {
    let mut acts = vec![vec![1.0f32, 2.0, 3.0, 4.0], vec![-1.0, 0.5, 0.25, 8.0]];
    let masks = [[true, false, true, true], [false, false, true, true]];
    for (row, mask) in acts.iter_mut().zip(masks.iter()) {
        apply_mask(row, mask, 0.5);
    }
    println!("{:?}", acts);
    let kept: usize = masks.iter().map(|m| m.iter().filter(|&&k| k).count()).sum();
    println!("{}", kept);
}
