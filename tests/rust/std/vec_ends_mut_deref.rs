struct Log {
    losses: Vec<f32>,
}

fn main() {
    let mut v = vec![1.0f32, 5.0, 3.0];
    *v.first_mut().unwrap() = 9.0;
    *v.last_mut().unwrap() += 0.5;
    *v.last_mut().expect("a loss") *= 2.0;
    println!("{:?}", v);
    let mut log = Log { losses: vec![0.25] };
    for step in 0..3 {
        log.losses.push(step as f32);
        *log.losses.last_mut().unwrap() -= 0.5;
    }
    println!("{:?}", log.losses);
    let mut names = vec![String::from("a")];
    *names.last_mut().unwrap() = String::from("b");
    println!("{:?}", names);
    let mut empty: Vec<i32> = Vec::new();
    *empty.last_mut().unwrap() = 1;
}
