// `matches!` with enum variants, or-patterns, ranges, guards, bindings and a char.
#[derive(Debug)]
enum Phase {
    Warmup(u32),
    Train { epoch: u32, lr: f64 },
    Eval,
    Done,
}

fn active(p: &Phase) -> bool {
    matches!(p, Phase::Warmup(_) | Phase::Train { .. })
}

fn main() {
    let phases = vec![
        Phase::Warmup(3),
        Phase::Train { epoch: 1, lr: 0.1 },
        Phase::Train { epoch: 7, lr: 0.01 },
        Phase::Eval,
        Phase::Done,
    ];
    let late = phases.iter().filter(|p| matches!(p, Phase::Train { epoch, .. } if *epoch > 5)).count();
    let flags: Vec<bool> = phases.iter().map(active).collect();
    println!("{:?} late={}", flags, late);
    for n in [0, 4, 9, 15, -3] {
        println!("{} {} {}", n, matches!(n, 1..=9), matches!(n, x if x % 3 == 0,));
    }
    let c = 'q';
    println!("{} {}", matches!(c, 'a'..='z'), matches!(Some(c), Some('x' | 'q')));
    let last = phases.last();
    println!("{} {:?}", matches!(last, Some(Phase::Done)), phases[3]);
    let s = "a,b";
    println!("{}", matches!(s.split(',').count(), 2));
}
