use std::cmp::Ordering;
use std::collections::BinaryHeap;
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Level {
    Debug,
    Info,
    Warn,
    Error,
}
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Event {
    level: Level,
    at: u64,
    msg: String,
}
#[derive(Debug, PartialEq, PartialOrd)]
struct Score {
    value: f64,
    id: usize,
}
fn worst(events: &[Event]) -> Option<&Event> {
    events.iter().max()
}
fn main() {
    let mut evs = vec![
        Event {
            level: Level::Warn,
            at: 5,
            msg: "disk".into(),
        },
        Event {
            level: Level::Error,
            at: 2,
            msg: "oom".into(),
        },
        Event {
            level: Level::Warn,
            at: 1,
            msg: "cpu".into(),
        },
        Event {
            level: Level::Info,
            at: 9,
            msg: "ok".into(),
        },
    ];
    println!("{:?}", worst(&evs).map(|e| &e.msg));
    evs.sort();
    println!("{:?}", evs.iter().map(|e| e.at).collect::<Vec<_>>());
    evs.sort_by(|a, b| b.level.cmp(&a.level).then(a.at.cmp(&b.at)));
    println!(
        "{:?}",
        evs.iter().map(|e| e.msg.as_str()).collect::<Vec<_>>()
    );
    let mut heap = BinaryHeap::new();
    for e in &evs {
        heap.push(e.level);
    }
    println!("{:?}", heap.pop());
    println!(
        "{}",
        Level::Warn > Level::Info && Level::Debug.lt(&Level::Info)
    );
    println!("{:?}", Level::Error.cmp(&Level::Debug) == Ordering::Greater);
    let scores = vec![
        Score { value: 0.5, id: 1 },
        Score { value: 0.9, id: 2 },
        Score { value: 0.9, id: 0 },
    ];
    let best = scores
        .iter()
        .max_by(|a, b| a.partial_cmp(b).unwrap())
        .unwrap();
    println!("{:?}", best);
    let lv = evs.iter().map(|e| e.level).max().unwrap_or(Level::Debug);
    println!(
        "{:?} {:?}",
        lv,
        Level::Info.max(Level::Warn).min(Level::Error)
    );
    let clamped = Level::Error.clamp(Level::Info, Level::Warn);
    println!("{:?}", clamped);
}
