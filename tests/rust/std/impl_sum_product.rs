use std::iter::Sum;
use std::ops::Add;
#[derive(Debug, Clone, Copy, PartialEq)]
struct Grad {
    w: f32,
    b: f32,
}
impl Add for Grad {
    type Output = Grad;
    fn add(self, o: Grad) -> Grad {
        Grad {
            w: self.w + o.w,
            b: self.b + o.b,
        }
    }
}
impl Sum for Grad {
    fn sum<I: Iterator<Item = Grad>>(iter: I) -> Grad {
        iter.fold(Grad { w: 0.0, b: 0.0 }, |a, g| a + g)
    }
}
#[derive(Debug, Clone, Copy)]
struct Money(i64);
impl std::iter::Sum for Money {
    fn sum<I>(iter: I) -> Self
    where
        I: Iterator<Item = Money>,
    {
        let mut t = 0;
        for m in iter {
            t += m.0;
        }
        Money(t)
    }
}
impl std::iter::Product for Money {
    fn product<I: Iterator<Item = Money>>(iter: I) -> Money {
        Money(iter.map(|m| m.0).product())
    }
}
fn batch_grads(xs: &[f32]) -> Vec<Grad> {
    xs.iter().map(|&x| Grad { w: 2.0 * x, b: 1.0 }).collect()
}
fn main() {
    let gs = batch_grads(&[0.5, 1.5, -1.0]);
    let total: Grad = gs.iter().copied().sum();
    println!("{:?}", total);
    let again = gs.into_iter().sum::<Grad>();
    println!("{}", again == total);
    let wallet = vec![Money(5), Money(-2), Money(10)];
    let s: Money = wallet.iter().cloned().sum();
    let p: Money = wallet.iter().map(|m| Money(m.0 + 1)).product();
    println!("{:?} {:?}", s, p);
    let empty: Money = Vec::<Money>::new().into_iter().sum();
    println!("{:?}", empty);
}
