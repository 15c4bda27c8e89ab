// Checkpoints ranked by validation loss through a user `Ord`; the best kept, the worst dropped.
use std::cmp::Ordering;

#[derive(Debug, Clone)]
struct Checkpoint {
    epoch: usize,
    val_loss: f64,
}

impl PartialEq for Checkpoint {
    fn eq(&self, other: &Self) -> bool {
        self.val_loss == other.val_loss
    }
}

impl Eq for Checkpoint {}

impl PartialOrd for Checkpoint {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Checkpoint {
    fn cmp(&self, other: &Self) -> Ordering {
        self.val_loss
            .total_cmp(&other.val_loss)
            .then_with(|| other.epoch.cmp(&self.epoch))
    }
}

fn val_loss(epoch: usize) -> f64 {
    let e = epoch as f64;
    1.0 / (e + 1.0) + 0.02 * (e - 4.0).max(0.0) * (e - 4.0).max(0.0)
}

fn main() {
    let mut kept: Vec<Checkpoint> = Vec::new();
    let mut patience = 0;
    let mut best: Option<Checkpoint> = None;
    for epoch in 0..12 {
        let cp = Checkpoint { epoch, val_loss: val_loss(epoch) };
        let improved = match &best {
            Some(b) => cp < *b,
            None => true,
        };
        if improved {
            best = Some(cp.clone());
            patience = 0;
        } else {
            patience += 1;
        }
        kept.push(cp);
        kept.sort();
        if kept.len() > 3 {
            let dropped = kept.pop().unwrap();
            println!("epoch {:2}: drop checkpoint of epoch {} ({:.4})", epoch, dropped.epoch, dropped.val_loss);
        }
        if patience == 3 {
            println!("early stop at epoch {}", epoch);
            break;
        }
    }
    let b = best.unwrap();
    println!("best {} {:.6}", b.epoch, b.val_loss);
    let epochs: Vec<usize> = kept.iter().map(|c| c.epoch).collect();
    println!("{:?} max={:?}", epochs, kept.iter().max().map(|c| c.epoch));
    println!("{}", kept[0] == kept[0].clone());
}
