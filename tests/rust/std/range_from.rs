// Open-ended ranges `start..` as step counters, bounded by take, zip, find and break.
fn main() {
    let steps: Vec<u32> = (1..).take(4).collect();
    println!("{:?}", steps);
    let names = ["relu", "gelu", "tanh"];
    for (i, n) in (1..).zip(names.iter()) {
        println!("{} {}", i, n);
    }
    let first = (1..).find(|x| x * x > 50);
    println!("{:?}", first);
    let total: u64 = (10u64..).step_by(5).take(3).sum();
    println!("{}", total);
    let losses = [0.9f32, 0.7, 0.55, 0.52];
    let converged = (0..).zip(losses.iter()).find(|(_, &l)| l < 0.6).map(|(i, _)| i);
    println!("{:?}", converged);
    let squares: Vec<u32> = (1..).map(|x: u32| x * x).take_while(|&x| x < 30).collect();
    println!("{:?}", squares);
    let mut ids = 100..;
    println!("{:?} {:?}", ids.next(), ids.next());
    for epoch in 3.. {
        if epoch > 5 {
            break;
        }
        print!("{} ", epoch);
    }
    println!();
    let letters: String = ('a'..).take(3).collect();
    println!("{}", letters);
}
