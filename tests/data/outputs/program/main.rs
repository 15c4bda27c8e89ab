const TAPE: &str = "Cannot run backward: graph tape has already been consumed at NodeId";
const REST: &str = "Burn does not support retain_graph. Combine losses before backward or recompute the forward pass. Use detach() only to intentionally sever gradients through the previous computation.";

struct Model {
    steps: Vec<u64>,
}

trait Backward {
    fn backward(&self, id: u64);
}

impl Backward for Model {
    #[inline(never)]
    fn backward(&self, id: u64) {
        if self.steps.contains(&id) {
            panic!("{}({}). {}", TAPE, id, REST);
        }
    }
}

impl Model {
    #[inline(never)]
    fn train_step(&self, id: u64) {
        let run = |n: u64| self.backward(n);
        run(id);
    }
}

#[inline(never)]
fn train(model: &Model) {
    for step in 0..3u64 {
        println!("step {step}");
        model.train_step(step + 1);
    }
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let model = Model { steps: vec![2] };
    match which.as_str() {
        "assert" => {
            let left = vec![1, 2];
            assert_eq!(left, vec![1, 3], "shapes differ");
        }
        "thread" => {
            let handle = std::thread::spawn(move || train(&model));
            let _ = handle.join();
            let named = std::thread::Builder::new().name("trainer".into()).spawn(|| {
                let m = Model { steps: vec![3] };
                train(&m)
            }).unwrap();
            let _ = named.join(); println!("training stopped");
        }
        "unwrap" => {
            let v: Option<u32> = None;
            v.unwrap();
        }
        "utf8" => {
            let shape = "形状";
            panic!("{shape} differ: [2, 3] ≠ [3, 2] — café");
        }
        "multiline" => {
            panic!("first line\nsecond line\n  third indented");
        }
        _ => train(&model),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn trains() {
        let model = Model { steps: vec![2] };
        train(&model);
    }
    #[test]
    fn passes() {}
}
