// `impl fmt::Display` writing in steps: `write!(f, ..)?` in a row, in a loop, `writeln!`, `Ok(())`.
use std::fmt;

struct Point { x: i32, y: i32 }
impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "(")?;
        write!(f, "{}, {}", self.x, self.y)?;
        write!(f, ")")
    }
}

struct Poly { pts: Vec<Point>, name: String }
impl fmt::Display for Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}:", self.name)?;
        for (i, p) in self.pts.iter().enumerate() {
            if i > 0 {
                write!(f, " -> ")?;
            }
            write!(f, "{}", p)?;
        }
        writeln!(f)?;
        Ok(())
    }
}

#[derive(Debug)]
enum Shape { Dot, Line(i32) }
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Shape::Dot => write!(f, "dot"),
            Shape::Line(n) => {
                write!(f, "line")?;
                let k = *n;
                for _ in 0..k {
                    write!(f, "-")?;
                }
                Ok(())
            }
        }
    }
}

fn main() {
    let p = Point { x: 1, y: -2 };
    println!("{} [{:>12}]", p, p);
    let s = p.to_string();
    println!("{}", s.len());
    let poly = Poly { pts: vec![Point { x: 0, y: 0 }, Point { x: 3, y: 4 }], name: String::from("tri") };
    print!("{}", poly);
    println!("{} {} {:?}", Shape::Dot, Shape::Line(3), Shape::Line(2));
    let text = format!("<{}>", Shape::Line(0));
    println!("{}", text);
}
