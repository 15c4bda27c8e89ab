fn clip_peak(v: &mut Vec<i32>) {
    if let Some(m) = v.iter_mut().max() {
        *m /= 2;
    }
}
struct Hist {
    counts: Vec<u32>,
}
impl Hist {
    fn bump_min(&mut self) {
        if let Some(c) = self.counts.iter_mut().min() {
            *c += 10;
        }
    }
}
fn main() {
    let mut v = vec![3, 9, 2, 9, 1];
    clip_peak(&mut v);
    println!("{:?}", v);
    let mut e: Vec<i32> = Vec::new();
    clip_peak(&mut e);
    println!("{:?}", e);
    let mut h = Hist {
        counts: vec![4, 1, 7, 1],
    };
    h.bump_min();
    h.bump_min();
    println!("{:?}", h.counts);
    let mut words = vec!["b".to_string(), "c".to_string(), "a".to_string()];
    if let Some(w) = words.iter_mut().max() {
        w.push('!');
    }
    if let Some(w) = words.iter_mut().min() {
        *w = w.to_uppercase();
    }
    println!("{:?}", words);
}
