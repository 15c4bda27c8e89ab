use std::cmp::Ordering;
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Version {
    major: u32,
    minor: u32,
    tag: String,
}
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
enum Grade {
    Low(f32),
    Mid,
    High { score: f64 },
}
fn newest(vs: &[Version]) -> Version {
    let mut best = vs[0].clone();
    for v in vs.iter() {
        if v.cmp(&best) == Ordering::Greater {
            best = v.clone();
        }
    }
    best
}
fn main() {
    let mut vs = vec![
        Version {
            major: 1,
            minor: 2,
            tag: "b".to_string(),
        },
        Version {
            major: 1,
            minor: 2,
            tag: "a".to_string(),
        },
        Version {
            major: 0,
            minor: 9,
            tag: "z".to_string(),
        },
    ];
    println!("{:?}", newest(&vs));
    vs.sort_by(|a, b| a.cmp(b));
    println!("{:?}", vs);
    vs.sort_by(|a, b| b.cmp(a).then_with(|| a.tag.cmp(&b.tag)));
    println!(
        "{:?}",
        vs.iter().map(|v| v.tag.as_str()).collect::<Vec<_>>()
    );
    let a = vs[0].clone();
    let b = vs[2].clone();
    println!("{} {} {} {}", a.lt(&b), a.ge(&b), a.eq(&b), a.ne(&b));
    let m = a.clone().max(b.clone());
    let n = a.min(b);
    println!("{:?} {:?}", m.tag, n.tag);
    let gs = [
        Grade::Mid,
        Grade::Low(0.5),
        Grade::High { score: 2.0 },
        Grade::Low(f32::NAN),
    ];
    for g in gs.iter() {
        println!(
            "{:?} {:?} {}",
            g,
            g.partial_cmp(&Grade::Mid),
            g.gt(&Grade::Low(0.1))
        );
    }
    println!("{:?}", Grade::Low(1.0).partial_cmp(&Grade::Low(f32::NAN)));
    let best = gs
        .iter()
        .filter(|g| **g != Grade::Low(f32::NAN))
        .max_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Equal));
    println!("{:?}", best);
}
