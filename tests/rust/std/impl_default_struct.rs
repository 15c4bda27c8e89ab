// std's `Default` implemented by hand for a config struct (and for a generic one): called as
// `Name::default()`, as `Default::default()` where the type is known, from a derived
// `Default` of a struct holding it, and through a `T: Default` bound.
#[derive(Debug, Clone)]
struct TrainConfig {
    lr: f64,
    epochs: usize,
    name: String,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig { lr: 1e-3, epochs: 10, name: String::from("baseline") }
    }
}

#[derive(Debug, Default)]
struct Experiment {
    config: TrainConfig,
    seed: u64,
}

#[derive(Debug)]
struct Window<T> {
    items: Vec<T>,
    cap: usize,
}

impl<T> Default for Window<T> {
    fn default() -> Self {
        Window { items: Vec::new(), cap: 4 }
    }
}

fn fresh<T: Default>() -> T {
    T::default()
}

fn main() {
    let a = TrainConfig::default();
    let b: TrainConfig = Default::default();
    println!("{:?} {}", a, b.lr * 2.0);
    let e = Experiment::default();
    println!("{:?}", e);
    let c: TrainConfig = fresh();
    let w: Window<f32> = Window::default();
    println!("{} {} {:?}", c.name, w.cap, w.items);
}
