use std::collections::HashMap;
struct Bank {
    c: HashMap<u32, String>,
    tag: String,
    n: usize,
}
impl Bank {
    fn update(&mut self, k: u32, s: String) {
        match self.c.get_mut(&k) {
            Some(v) => {
                *v = v.clone() + &self.tag + &s;
                self.n += 1;
            }
            None => {
                self.c.insert(k, s);
            }
        }
        if let Some(v) = self.c.get_mut(&(k + 1)) {
            *v = v.clone() + &self.tag;
        }
    }
}
fn main() {
    let mut b = Bank { c: HashMap::new(), tag: String::from("!"), n: 0 };
    for i in 0..4u32 {
        b.update(i % 2, format!("s{i}"));
    }
    println!("{:?} {:?} {}", b.c[&0], b.c[&1], b.n);
}
