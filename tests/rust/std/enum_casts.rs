#[derive(Debug, Clone, Copy, PartialEq)]
enum Label {
    Cat,
    Dog,
    Bird,
}

enum Phase {
    Train,
    Eval,
}

fn one_hot(l: Label) -> Vec<f32> {
    let mut v = vec![0.0; 3];
    v[l as usize] = 1.0;
    v
}

fn main() {
    println!("{} {} {}", Label::Cat as u8, Label::Dog as usize, Label::Bird as i64);
    let labels = [Label::Dog, Label::Cat, Label::Dog, Label::Bird];
    let mut counts = [0u32; 3];
    for l in labels.iter() {
        counts[*l as usize] += 1;
    }
    println!("{:?}", counts);
    println!("{:?}", one_hot(Label::Bird));
    let p = Phase::Eval;
    let code = p as i32 * 10;
    println!("{} {}", code, Phase::Train as u16);
    let ids: Vec<u8> = labels.iter().map(|&l| l as u8).collect();
    println!("{:?}", ids);
}
