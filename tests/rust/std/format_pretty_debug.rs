#[derive(Debug, Clone)]
struct Point { x: f32, y: f32 }
#[derive(Debug)]
struct Pair(i32, f64);
#[derive(Debug)]
struct Marker;
#[derive(Debug)]
enum Cmd { Stop, Say(String), Jump { h: u8, p: Point } }
#[derive(Debug)]
struct Net { name: String, layers: Vec<usize>, best: Option<Point>, none: Option<i32>, e: Vec<i32>, t: (i32, f32), m: Marker }
fn main() {
    let p = Point { x: 1.0, y: -2.5 };
    println!("{:#?}", p);
    println!("{:#?}", Pair(1, 2.5));
    println!("{:#?}", Marker);
    println!("{:#?}", Cmd::Stop);
    println!("{:#?}", Cmd::Say("hi".to_string()));
    println!("{:#?}", Cmd::Jump { h: 3, p: p.clone() });
    println!("{:#?}", vec![1, 2, 3]);
    let empty: Vec<i32> = Vec::new();
    println!("{:#?}", empty);
    println!("{:#?}", (1, "a", 2.0));
    println!("{:#?}", (1,));
    println!("{:#?}", Some(3));
    println!("{:#?}", None::<i32>);
    let n = Net { name: "mlp".to_string(), layers: vec![2, 8, 1], best: Some(p.clone()), none: None, e: vec![], t: (1, 0.5), m: Marker };
    println!("{:#?}", n);
    println!("{:#?}", vec![Some(p.clone()), None]);
    println!("{:#?}", [[1, 2], [3, 4]]);
    println!("{:#8.2?}", p);
    println!("{:#?}", "q\"s");
    println!("{:#?}", ());
    let s = format!("{:#?}", vec![(1, 2)]);
    println!("{}", s.len());
}
