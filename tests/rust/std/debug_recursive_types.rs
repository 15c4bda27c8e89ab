// `{:?}` and `{:#?}` of recursive types (a struct holding a `Vec` of itself, an enum holding
// `Vec<Value>` and `Box<Value>`): each printer made once and reached again (format.py).
#[derive(Debug, Clone)]
struct Tree {
    val: i32,
    kids: Vec<Tree>,
}
#[derive(Debug)]
enum Value {
    Num(f64),
    List(Vec<Value>),
    Pair(Box<Value>, Option<Box<Value>>),
}
fn main() {
    let leaf = Tree { val: 2, kids: vec![] };
    let t = Tree { val: 1, kids: vec![leaf.clone(), Tree { val: 3, kids: vec![leaf] }] };
    println!("{:?}", t);
    println!("{:#?}", t.kids[1]);
    let pair = Value::Pair(Box::new(Value::Num(2.0)), None);
    let v = Value::List(vec![Value::Num(1.5), pair, Value::List(vec![])]);
    println!("{:?}", v);
    println!("{:#?}", v);
}
