use std::marker::PhantomData;

#[derive(Debug)]
struct Tag<U> {
    id: u32,
    _u: PhantomData<U>,
}

struct Meters;

fn main() {
    let t: Tag<Vec<String>> = Tag { id: 1, _u: PhantomData };
    println!("{:?} {}", t, t.id);
    let p: PhantomData<(u8, bool)> = PhantomData;
    println!("{:?}", p);
    println!("{:#?}", t);
    let m: Tag<Meters> = Tag { id: 2, _u: PhantomData };
    println!("{}", m.id);
}
