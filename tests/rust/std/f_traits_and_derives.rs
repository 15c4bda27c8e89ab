use std::fmt;
trait Animal {
    fn name(&self) -> String;
    fn sound(&self) -> String;
    fn speak(&self) -> String {
        format!("{} says {}", self.name(), self.sound())
    }
}
struct Dog;
struct Cat {
    lives: u8,
}
impl Animal for Dog {
    fn name(&self) -> String {
        "Dog".to_string()
    }
    fn sound(&self) -> String {
        "woof".to_string()
    }
}
impl Animal for Cat {
    fn name(&self) -> String {
        format!("Cat{}", self.lives)
    }
    fn sound(&self) -> String {
        String::from("meow")
    }
    fn speak(&self) -> String {
        format!("{} purrs", self.name())
    }
}
fn loudest(zoo: &[Box<dyn Animal>]) -> usize {
    zoo.iter().map(|a| a.speak().len()).max().unwrap_or(0)
}
fn intro(a: &dyn Animal) {
    println!("I am {}", a.name());
}
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Score(f64);
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{:.1}", self.0)
    }
}
fn main() {
    let zoo: Vec<Box<dyn Animal>> = vec![Box::new(Dog), Box::new(Cat { lives: 9 })];
    for a in zoo.iter() {
        println!("{}", a.speak());
    }
    println!("{}", loudest(&zoo));
    intro(&Dog);
    let s = [Score(1.5), Score(0.5)];
    println!("{} {}", s[0], s[0] > s[1]);
}
