struct Run {
    losses: Vec<f32>,
}

fn main() {
    let mut v = vec![1.0f32, 5.0, 3.0];
    if let Some(x) = v.last_mut() {
        *x += 1.0;
    }
    if let Some(f) = v.first_mut() {
        *f *= 2.0;
    }
    println!("{:?}", v);
    let mut empty: Vec<f32> = Vec::new();
    if let Some(x) = empty.last_mut() {
        *x = 1.0;
    } else {
        println!("empty");
    }
    let mut run = Run { losses: vec![0.5, 0.25] };
    for step in 0..3 {
        if let Some(last) = run.losses.last_mut() {
            *last = *last * 0.5 + step as f32;
        }
    }
    println!("{:?}", run.losses);
    let mut rows: Vec<Vec<u32>> = vec![vec![1], vec![2]];
    if let Some(row) = rows.last_mut() {
        row.push(3);
    }
    println!("{:?} {}", rows, empty.len());
}
