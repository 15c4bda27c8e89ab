// Arms rustc's const propagation knows are not taken: their always-panicking operations compile.
fn classify(code: i32) -> &'static str {
    match code {
        0 => "ok",
        1..=9 => "warning",
        _ => "error",
    }
}

fn main() {
    let mode = 2;
    let steps = match mode {
        0 => {
            let overflow: u8 = 200 + 100;
            overflow as i32
        }
        _ => mode * 10,
    };
    println!("steps = {steps}");
    let best: Option<usize> = Some(1);
    let pick = match best {
        Some(i) => i,
        None => [1usize, 2][2],
    };
    println!("pick = {pick}");
    println!("{} {} {}", classify(0), classify(4), classify(12));
    let flag = true;
    match flag {
        false => println!("{}", i32::MAX + 1),
        true => println!("flag"),
    }
}
