#[derive(Clone, Copy)]
enum Label {
    Cat,
    Dog,
}

fn main() {
    let l = Label::Dog;
    let x = l as f32;
    println!("{} {}", x, Label::Cat as u8);
}
