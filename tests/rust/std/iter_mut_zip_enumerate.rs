// An optimizer's step over parameters, gradients and momenta, counted: iter_mut().zip(..).enumerate().
fn main() {
    let mut w = vec![1.0f32, 2.0, 3.0];
    let g = vec![0.5f32, 0.5, 1.0];
    for (i, (wi, gi)) in w.iter_mut().zip(g.iter()).enumerate() {
        *wi -= 0.1 * gi * (i as f32 + 1.0);
    }
    println!("{:?}", w);
    let mut p = vec![1.0f32, 2.0, 3.0];
    let mut m = vec![0.0f32; 3];
    for (step, ((pi, gi), mi)) in p.iter_mut().zip(g.iter()).zip(m.iter_mut()).enumerate() {
        *mi = 0.9 * *mi + gi;
        *pi -= 0.5 * *mi;
        if step == 1 {
            continue;
        }
        println!("{} {} {}", step, *pi, *mi);
    }
    println!("{:?} {:?}", p, m);
}
