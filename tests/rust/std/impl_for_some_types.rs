struct Ring<T> {
    items: Vec<T>,
    cap: usize,
}

impl<T: Clone> Ring<T> {
    fn new(cap: usize) -> Self {
        Ring { items: Vec::new(), cap }
    }

    fn push(&mut self, x: T) {
        if self.items.len() == self.cap {
            self.items.remove(0);
        }
        self.items.push(x);
    }
}

impl Ring<f32> {
    fn mean(&self) -> f32 {
        self.items.iter().sum::<f32>() / self.items.len() as f32
    }

    fn last_or_zero(&self) -> f32 {
        *self.items.last().unwrap_or(&0.0)
    }
}

impl Ring<String> {
    fn joined(&self) -> String {
        self.items.join(",")
    }
}

fn main() {
    let mut r: Ring<f32> = Ring::new(3);
    for x in [1.0, 2.0, 4.0, 8.0] {
        r.push(x);
        println!("{} {}", r.mean(), r.last_or_zero());
    }
    let mut w = Ring::new(2);
    w.push("a".to_string());
    w.push("b".to_string());
    w.push("c".to_string());
    println!("{}", w.joined());
    let mut n: Ring<i32> = Ring::new(1);
    n.push(5);
    println!("{}", n.items.len());
}
