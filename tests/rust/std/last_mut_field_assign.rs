#[derive(Debug)]
struct Ep { loss: f32, steps: u32 }
fn main() {
    let mut eps = vec![Ep { loss: 1.0, steps: 0 }];
    for i in 0..3 {
        eps.last_mut().unwrap().steps += 10;
        eps.last_mut().expect("an epoch").loss *= 0.5;
        if i == 1 {
            eps.push(Ep { loss: 2.0, steps: 0 });
        }
    }
    eps.first_mut().unwrap().loss = -1.0;
    println!("{:?}", eps);
    let mut none: Vec<Ep> = Vec::new();
    none.last_mut().unwrap().steps = 1;
}
