// optimizer state slots created lazily, updated with ref mut
fn main() {
    let grads = [0.5f32, -1.0, 0.25];
    let mut moments: Vec<Option<f32>> = vec![None; 3];
    for step in 0..3 {
        for i in 0..grads.len() {
            if (i + step) % 2 == 0 {
                continue;
            }
            match moments[i] {
                Some(ref mut m) => *m = 0.9 * *m + 0.1 * grads[i],
                None => moments[i] = Some(grads[i]),
            }
        }
        println!("{:?}", moments);
    }
    let set = moments.iter().filter(|m| m.is_some()).count();
    println!("{}", set);
}
