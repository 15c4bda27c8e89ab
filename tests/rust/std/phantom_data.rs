use std::marker::PhantomData;

#[derive(Clone, Copy)]
struct Meters;
struct Feet;

struct Length<U> {
    value: f64,
    _unit: PhantomData<U>,
}

impl<U> Length<U> {
    fn new(value: f64) -> Self {
        Length { value, _unit: PhantomData }
    }
    fn add(&self, other: &Length<U>) -> Length<U> {
        Length { value: self.value + other.value, _unit: std::marker::PhantomData }
    }
}

fn main() {
    let a: Length<Meters> = Length::new(2.5);
    let b = Length::<Meters>::new(1.0);
    let c = a.add(&b);
    let f: Length<Feet> = Length { value: 3.0, _unit: PhantomData };
    println!("{} {} {}", c.value, a.value, f.value);
    let marker: PhantomData<i32> = PhantomData;
    let _m2 = marker;
    println!("done");
}
