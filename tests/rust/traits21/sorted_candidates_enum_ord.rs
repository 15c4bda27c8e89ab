// Hyper-parameter trials: a status enum with a user `Ord` (failed trials last), trials sorted
// by (status, loss) through a user `Ord` on the trial, the best picked with `min`.
use std::cmp::Ordering;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Done,
    Diverged,
}

impl Ord for Status {
    fn cmp(&self, other: &Self) -> Ordering {
        let rank = |s: &Status| match s {
            Status::Done => 0,
            Status::Diverged => 1,
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Status {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[derive(Debug, Clone)]
struct Trial {
    lr: f64,
    status: Status,
    loss: i64,
}

impl PartialEq for Trial {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Trial {}

impl Ord for Trial {
    fn cmp(&self, other: &Self) -> Ordering {
        self.status.cmp(&other.status).then(self.loss.cmp(&other.loss))
    }
}

impl PartialOrd for Trial {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

fn run(lr: f64) -> Trial {
    let mut w = 10.0f64;
    for _ in 0..20 {
        w -= lr * 2.0 * w;
    }
    if w.abs() > 1e3 {
        Trial { lr, status: Status::Diverged, loss: 0 }
    } else {
        Trial { lr, status: Status::Done, loss: (w * w * 1e6) as i64 }
    }
}

fn main() {
    let mut trials: Vec<Trial> = [0.01, 0.3, 1.2, 0.05, 0.45].iter().map(|&lr| run(lr)).collect();
    trials.sort();
    for t in &trials {
        println!("{:>5} {:?} {}", t.lr, t.status, t.loss);
    }
    let best = trials.iter().min().unwrap();
    let worst = trials.iter().max().unwrap();
    println!("best lr {} worst lr {}", best.lr, worst.lr);
    println!("{} {}", Status::Done < Status::Diverged, trials[0] == trials[0].clone());
    let done = trials.iter().filter(|t| t.status == Status::Done).count();
    println!("{} done", done);
}
