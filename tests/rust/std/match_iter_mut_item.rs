#[derive(Debug)]
enum Tok {
    Num(i64),
    Word(String),
    List(Vec<i64>),
}
#[derive(Debug)]
enum Layer {
    Dense { w: Vec<f32>, frozen: bool },
    Drop(f32),
}
fn main() {
    let mut toks = vec![Tok::Num(3), Tok::Word("hi".into()), Tok::List(vec![1])];
    for t in toks.iter_mut() {
        match t {
            Tok::List(l) => l.push(2),
            _ => {}
        }
    }
    let mut layers = vec![
        Layer::Dense {
            w: vec![1.0, 2.0],
            frozen: false,
        },
        Layer::Drop(0.5),
    ];
    for l in layers.iter_mut() {
        match l {
            Layer::Dense { w, .. } => {
                for x in w.iter_mut() {
                    *x *= 0.5;
                }
                w.push(0.0);
            }
            Layer::Drop(_) => {}
        }
    }
    println!("{:?}", toks);
    println!("{:?}", layers);
}
