use std::any::type_name;
struct Point { x: i32 }
fn show<T>(_x: T) -> &'static str { std::any::type_name::<T>() }
fn type_of<T>(_: &T) -> &'static str { type_name::<T>() }
fn main() {
    println!("{}", std::any::type_name::<i32>());
    println!("{}", std::any::type_name::<f64>());
    println!("{}", std::any::type_name::<Vec<String>>());
    println!("{}", show(1u8));
    println!("{}", show("hi"));
    println!("{}", show(2.5));
    println!("{}", std::any::type_name::<Option<(i32, bool)>>());
    let p = Point { x: 1 };
    println!("{} {}", type_of(&p), p.x);
    println!("{}", type_of(&vec![1.0f32]));
    println!("{}", type_name::<&i32>());
    println!("{}", type_name::<[u8; 3]>());
    println!("{}", type_name::<()>());
    println!("{}", type_name::<(char,)>());
}
