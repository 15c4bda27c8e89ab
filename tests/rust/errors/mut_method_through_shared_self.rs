struct Counter {
    n: i32,
}

impl Counter {
    fn bump(&mut self) {
        self.n += 1;
    }
    fn go(&self) {
        self.bump();
    }
}

struct Holder {
    inner: Counter,
}

impl Holder {
    fn go(&self) {
        self.inner.bump();
    }
}

fn main() {
    let c = Counter { n: 0 };
    c.bump();
    c.go();
    let h = Holder { inner: Counter { n: 1 } };
    h.go();
}
