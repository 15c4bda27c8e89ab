fn main() {
    let losses = [1.0f32, 3.0, 2.0, 0.5];
    let ema: Vec<f32> = losses
        .iter()
        .scan(None, |st: &mut Option<f32>, &x| {
            let y = st.map_or(x, |p| 0.9 * p + 0.1 * x);
            *st = Some(y);
            Some(y)
        })
        .collect();
    println!("{:?}", ema);
    let running: Vec<u32> = [3u32, 1, 4]
        .iter()
        .scan(0u32, |acc: &mut u32, x| {
            *acc += x;
            Some(*acc)
        })
        .collect();
    println!("{:?}", running);
    let best: Vec<f32> = losses
        .iter()
        .scan(f32::INFINITY, |b: &mut f32, &x| {
            if x < *b {
                *b = x;
            }
            Some(*b)
        })
        .collect();
    println!("{:?}", best);
}
