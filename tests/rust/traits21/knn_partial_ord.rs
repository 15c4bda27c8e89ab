// k-nearest neighbours: neighbours ordered by distance through a user `PartialOrd`,
// labels compared through a user `PartialEq` on a class id.
use std::cmp::Ordering;

#[derive(Debug, Clone, Copy)]
struct Label {
    id: u8,
    confidence: f32,
}

impl PartialEq for Label {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

#[derive(Debug, Clone, Copy)]
struct Neighbour {
    dist: f32,
    label: Label,
}

impl PartialEq for Neighbour {
    fn eq(&self, other: &Self) -> bool {
        self.dist == other.dist
    }
}

impl PartialOrd for Neighbour {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.dist.partial_cmp(&other.dist)
    }
}

fn classify(train: &[([f32; 2], Label)], q: [f32; 2], k: usize) -> Label {
    let mut ns: Vec<Neighbour> = train
        .iter()
        .map(|(p, l)| {
            let dx = p[0] - q[0];
            let dy = p[1] - q[1];
            Neighbour { dist: (dx * dx + dy * dy).sqrt(), label: *l }
        })
        .collect();
    ns.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let top = &ns[..k];
    let mut best = top[0].label;
    let mut best_votes = 0;
    for n in top {
        let votes = top.iter().filter(|m| m.label == n.label).count();
        if votes > best_votes {
            best_votes = votes;
            best = n.label;
        }
    }
    let nearest = top.iter().min_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal)).unwrap();
    println!("q={:?} nearest={:.3} votes={} closer={}", q, nearest.dist, best_votes, top[0] < top[k - 1]);
    best
}

fn main() {
    let a = Label { id: 0, confidence: 0.9 };
    let b = Label { id: 1, confidence: 0.7 };
    let train = vec![
        ([0.0, 0.0], a),
        ([0.2, 0.1], a),
        ([1.0, 1.0], b),
        ([0.9, 1.2], b),
        ([0.5, 0.4], a),
        ([1.1, 0.8], Label { id: 1, confidence: 0.2 }),
    ];
    for q in [[0.1, 0.0], [1.0, 0.9], [0.6, 0.6]] {
        let l = classify(&train, q, 3);
        println!("-> class {} ({})", l.id, l.confidence);
    }
    println!("{}", a == Label { id: 0, confidence: 0.0 });
    println!("{}", Neighbour { dist: f32::NAN, label: a } < Neighbour { dist: 1.0, label: b });
}
