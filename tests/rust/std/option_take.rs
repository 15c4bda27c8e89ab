// `Option::take` takes `&mut self`: the value out of a variable, a field or an element, `None`
// left in its place.
struct State {
    hidden: Option<i32>,
    steps: i32,
}

fn main() {
    let mut h: Option<i32> = Some(7);
    let got = h.take();
    println!("{:?} {:?}", got, h);
    let again = h.take();
    println!("{:?} {:?}", again, h);
    let mut s = State { hidden: Some(3), steps: 0 };
    while let Some(x) = s.hidden.take() {
        s.steps += 1;
        if x > 0 {
            s.hidden = Some(x - 1);
        }
    }
    println!("{:?} {}", s.hidden, s.steps);
    let mut v = vec![Some(1), None, Some(3)];
    let first = v[0].take();
    println!("{:?} {:?}", first, v);
}
