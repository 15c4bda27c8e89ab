// Enums with methods, constructors in `impl`, `Self::Variant`, matching on a struct inside an
// enum, a `match` as a value in a loop, a panic in a `match` arm.

#[derive(Debug, Clone, PartialEq)]
struct Point {
    x: i32,
    y: i32,
}

#[derive(Debug, Clone)]
enum Command {
    Move(Point),
    Jump { to: Point, height: u8 },
    Say(String),
    Stop,
}

impl Command {
    fn jump(x: i32, y: i32) -> Self {
        Self::Jump { to: Point { x, y }, height: 3 }
    }

    fn cost(&self) -> u8 {
        match self {
            Self::Move(Point { x: 0, y: 0 }) => 0,
            Self::Move(p) if p.x > 100 => 50,
            Command::Move(_) => 1,
            Command::Jump { height, .. } => *height * 2,
            Command::Say(text) => text.len() as u8,
            Command::Stop => 255,
        }
    }
}

fn main() {
    let program = vec![
        Command::Move(Point { x: 0, y: 0 }),
        Command::Move(Point { x: 200, y: 1 }),
        Command::jump(4, 5),
        Command::Say(String::from("hello")),
        Command::Move(Point { x: 1, y: 2 }),
        Command::Stop,
    ];
    let mut total: u8 = 0;
    for c in &program {
        println!("{:?} costs {}", c, c.cost());
        total += c.cost();
    }
}
