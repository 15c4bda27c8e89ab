#[derive(Debug, Clone, Copy)]
enum Phase { Warm(u32), Train { epoch: u32 }, Stop }
fn step(p: Phase) -> Phase {
    match p {
        Phase::Warm(n) if n >= 2 => Phase::Train { epoch: 0 },
        w @ Phase::Warm(_) => match w { Phase::Warm(n) => Phase::Warm(n + 1), other => other },
        Phase::Train { epoch } if epoch == 1 => Phase::Stop,
        t @ Phase::Train { .. } => match t { Phase::Train { epoch } => Phase::Train { epoch: epoch + 1 }, o => o },
        s @ Phase::Stop => s,
    }
}
fn describe(o: Option<u32>) -> String {
    match o {
        Some(x) if x > 10 => "big".to_string(),
        v @ Some(_) => format!("{:?}", v),
        n @ None => format!("{:?}", n),
    }
}
fn main() {
    let mut p = Phase::Warm(0);
    for _ in 0..6 { p = step(p); println!("{:?}", p); }
    println!("{} {} {}", describe(Some(11)), describe(Some(3)), describe(None));
    let flag = true;
    let r = match flag { t @ true => t as u8, f @ false => f as u8 + 5 };
    println!("{}", r);
}
