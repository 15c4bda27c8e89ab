// `if let Some(b) = &mut opt` (and `opt.as_mut()`, `&mut self.field`) written through `*b`,
// `b.push(..)`, `b.push_str(..)`. Goldens recorded from rustc 1.95.
struct Rnn {
    hidden: Option<Vec<f32>>,
    steps: Option<u32>,
}

impl Rnn {
    fn step(&mut self) {
        if let Some(h) = &mut self.hidden {
            h.push(1.5);
        }
        if let Some(n) = self.steps.as_mut() {
            *n += 1;
        }
    }
}

fn main() {
    let mut o = Some(1);
    if let Some(b) = &mut o {
        *b += 1;
    }
    if let Some(b) = o.as_mut() {
        *b *= 10;
    } else {
        println!("none");
    }
    println!("{:?}", o);
    let mut name: Option<String> = Some("a".to_string());
    if let Some(s) = &mut name {
        s.push_str("bc");
        *s = s.clone() + "!";
    }
    println!("{:?}", name);
    let mut none: Option<i32> = None;
    if let Some(b) = &mut none {
        *b = 5;
    } else {
        println!("was none");
    }
    println!("{:?}", none);
    let mut r = Rnn { hidden: Some(vec![]), steps: Some(0) };
    r.step();
    r.step();
    println!("{:?} {:?}", r.hidden, r.steps);
}
