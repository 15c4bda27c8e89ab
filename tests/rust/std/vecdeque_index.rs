use std::collections::VecDeque;

fn smooth(window: &mut VecDeque<f32>, x: f32, size: usize) -> f32 {
    window.push_back(x);
    if window.len() > size {
        window.pop_front();
    }
    let mut total = 0.0;
    for i in 0..window.len() {
        total += window[i];
    }
    total / window.len() as f32
}

fn main() {
    let mut q: VecDeque<f32> = VecDeque::new();
    q.push_back(1.0);
    q.push_back(2.0);
    q.push_front(0.5);
    q[1] = 7.0;
    q[2] *= 3.0;
    println!("{} {:?}", q[0], q);
    for x in q.iter_mut() {
        *x -= 0.5;
    }
    println!("{:?}", q);
    let mut window = VecDeque::with_capacity(3);
    for (step, loss) in [4.0f32, 2.0, 1.0, 0.5, 0.25].iter().enumerate() {
        println!("step {} avg {:.4}", step, smooth(&mut window, *loss, 3));
    }
    let mut hist: VecDeque<(usize, f32)> = VecDeque::new();
    hist.push_back((0, 1.5));
    hist[0].1 += 1.0;
    println!("{:?}", hist[0]);
    let last = q.len();
    println!("{}", q[last]);
}
