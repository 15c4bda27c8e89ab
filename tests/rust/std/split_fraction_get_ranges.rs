struct Split { train: Vec<u32>, val: Vec<u32> }

fn split(ids: &[u32], frac: f32) -> Option<Split> {
    if !(0.0..=1.0).contains(&frac) { return None; }
    let k = (ids.len() as f32 * frac).round() as usize;
    let (a, b) = (ids.get(..k)?, ids.get(k..)?);
    if a.is_empty() || b.is_empty() { return None; }
    Some(Split { train: a.to_vec(), val: b.to_vec() })
}

fn first_val(ids: &[u32], frac: f32) -> Option<u32> {
    let s = split(ids, frac)?;
    let v = s.val.first()?;
    Some(*v * 10 + s.train.len() as u32)
}

fn main() {
    let ids: Vec<u32> = (1..=10).collect();
    for f in [0.8f32, 0.0, 1.0, 1.5, 0.33, -0.1, 0.95] {
        match split(&ids, f) {
            Some(s) => println!("{} -> train {:?} val {:?}", f, s.train.len(), s.val),
            None => println!("{} -> none", f),
        }
    }
    println!("{:?} {:?}", first_val(&ids, 0.5), first_val(&ids, 2.0));
}
