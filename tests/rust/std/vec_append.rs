// Batches gathered into one buffer: `append` moves the elements, leaving the source empty.
fn total(xs: &[f32]) -> f32 {
    xs.iter().sum()
}

fn main() {
    let mut all: Vec<f32> = Vec::new();
    let mut batch = vec![0.5f32, 1.5];
    all.append(&mut batch);
    println!("{:?} {:?} {}", all, batch, batch.is_empty());
    batch.push(2.0);
    batch.push(3.0);
    all.append(&mut batch);
    let mut empty: Vec<f32> = vec![];
    all.append(&mut empty);
    println!("{:?} {} {}", all, all.len(), batch.len());
    let s: &[f32] = all.as_slice();
    println!("{:?} {} {}", s, s.len(), total(all.as_slice()));
    let mut names = vec![String::from("a")];
    let mut more = vec![String::from("b"), String::from("c")];
    names.append(&mut more);
    println!("{:?} {:?}", names, more);
}
