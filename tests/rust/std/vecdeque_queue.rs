// VecDeque as a queue of pending work and a bounded history.
use std::collections::VecDeque;

#[derive(Debug, Clone, PartialEq)]
struct Job {
    id: u32,
    cost: f64,
}

fn drain_budget(q: &mut VecDeque<Job>, budget: f64) -> Vec<u32> {
    let mut done = Vec::new();
    let mut left = budget;
    while let Some(job) = q.front() {
        if job.cost > left {
            break;
        }
        left -= job.cost;
        let job = q.pop_front().unwrap();
        done.push(job.id);
    }
    done
}

fn main() {
    let mut q: VecDeque<Job> = VecDeque::new();
    for i in 0..5 {
        q.push_back(Job { id: i, cost: 0.5 + i as f64 });
    }
    q.push_front(Job { id: 99, cost: 0.25 });
    println!("{} {:?}", q.len(), q.front());
    let done = drain_budget(&mut q, 3.0);
    println!("done {:?} left {} back {:?}", done, q.len(), q.back().map(|j| j.id));
    let mut hist = VecDeque::with_capacity(3);
    for loss in [0.9, 0.7, 0.65, 0.6, 0.61] {
        if hist.len() == 3 {
            hist.pop_front();
        }
        hist.push_back(loss);
        let mean: f64 = hist.iter().sum::<f64>() / hist.len() as f64;
        println!("{:?} mean {:.4}", hist, mean);
    }
    let d = VecDeque::from(vec![3, 1, 4]);
    let copy = d.clone();
    println!("{:?} {} {} {:?} {:?}", d, d.contains(&4), d.contains(&5), d.get(1), d.get(7));
    println!("{:#?}", copy);
    let mut e = copy;
    e.clear();
    println!("{} {:?} {:?}", e.is_empty(), e.pop_back(), e);
    let ids: Vec<u32> = q.iter().map(|j| j.id * 10).collect();
    println!("{:?}", ids);
}
