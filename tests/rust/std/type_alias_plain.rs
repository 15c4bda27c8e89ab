// Type aliases of plain types, at the top level and inside a function body.
type Matrix = Vec<Vec<f32>>;
type Real = f64;

#[derive(Debug, Clone)]
struct Point {
    x: Real,
    y: Real,
}

type Cloud = Vec<Point>;

fn trace(m: &Matrix) -> f32 {
    let mut t = 0.0;
    for i in 0..m.len() {
        t += m[i][i];
    }
    t
}

fn centroid(c: &Cloud) -> Point {
    let n = c.len() as Real;
    let x: Real = c.iter().map(|p| p.x).sum();
    let y: Real = c.iter().map(|p| p.y).sum();
    Point { x: x / n, y: y / n }
}

fn main() {
    type Pair = (i32, f64);
    type Grid = [[u8; 2]; 2];
    let p: Pair = (1, 2.5);
    let g: Grid = [[1, 2], [3, 4]];
    let m: Matrix = vec![vec![1.0, 2.0], vec![3.0, 4.0]];
    let c: Cloud = vec![Point { x: 0.0, y: 1.0 }, Point { x: 2.0, y: 3.0 }];
    let maybe: Option<Pair> = Some((2, 0.5));
    println!("{:?} {:?} {} {:?} {:?}", p, g, trace(&m), centroid(&c), maybe);
}
