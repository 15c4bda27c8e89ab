#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Num(i64),
    Add(Box<Expr>, Box<Expr>),
    List(Vec<Expr>),
}
#[derive(Debug, PartialEq)]
struct Tree {
    value: u32,
    children: Vec<Tree>,
}
fn main() {
    let a = Expr::Add(Box::new(Expr::Num(1)), Box::new(Expr::Num(2)));
    let b = a.clone();
    let l = Expr::List(vec![a.clone(), Expr::Num(3)]);
    println!(
        "{} {} {}",
        a == b,
        l == Expr::List(vec![b, Expr::Num(3)]),
        a != Expr::Num(1)
    );
    let t = Tree {
        value: 1,
        children: vec![Tree {
            value: 2,
            children: vec![],
        }],
    };
    let u = Tree {
        value: 1,
        children: vec![Tree {
            value: 2,
            children: vec![],
        }],
    };
    println!(
        "{} {}",
        t == u,
        t.children[0]
            == Tree {
                value: 3,
                children: vec![]
            }
    );
}
