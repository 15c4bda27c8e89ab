// Structs generic over a value type: `struct Stack<T>`, `impl<T: Clone> Stack<T>`, `Pair<A, B>`.
#[derive(Debug, Clone)]
struct Stack<T> {
    items: Vec<T>,
    name: String,
}
impl<T: Clone> Stack<T> {
    fn new(name: &str) -> Self {
        Stack { items: Vec::new(), name: name.to_string() }
    }
    fn push(&mut self, x: T) {
        self.items.push(x);
    }
    fn pop(&mut self) -> Option<T> {
        self.items.pop()
    }
    fn peek(&self) -> Option<T> {
        self.items.last().cloned()
    }
    fn len(&self) -> usize {
        self.items.len()
    }
}
struct Pair<A, B> {
    a: A,
    b: B,
}
impl<A, B> Pair<A, B> {
    fn swap(self) -> Pair<B, A> {
        Pair { a: self.b, b: self.a }
    }
}
fn total(s: &Stack<f32>) -> f32 {
    s.items.iter().sum()
}
fn main() {
    let mut s: Stack<f32> = Stack::new("losses");
    s.push(0.5);
    s.push(0.25);
    println!("{} {:?} {}", s.len(), s.peek(), total(&s));
    let t = s.clone();
    println!("{:?} {:?}", s.pop(), s);
    println!("{:?}", t);
    let mut w = Stack::new("words");
    w.push("a".to_string());
    println!("{:?} {}", w.pop(), w.name);
    let p = Pair { a: 1u8, b: "x" };
    let q = p.swap();
    println!("{} {}", q.a, q.b);
}
