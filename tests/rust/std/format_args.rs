//! Positional, named and captured arguments; escaped braces; print! and eprint! interleaved.

fn main() {
    let name = "pbpit";
    let width = 3.5f32;
    let count = 2;
    println!("{name} has {count} items, width {width}");
    println!("{0} {0} {1} {0}", "a", "b");
    println!("{} {1} {} {0}", "x", "y");
    println!("{{}} {{{}}} {{{{ }}", 7);
    println!("{n} {n:?} {n:>6} {m:<4}|", n = 1.5, m = "m");
    println!("{greeting}, {name}! {0}", 42, greeting = "hello");
    println!("{count:03} {width:.2} {width:8.3} {name:>8} {name:?}");
    let s = format!("{}-{:?}-{}", count, name, width);
    println!("{s} {}", s.len());
    print!("no newline, ");
    print!("{}\n", "then one");
    println!();
    println!("{:?} {:?}", (), true);
    let t = format!("{:>5}|{:<5}|{:^5}", 1, 2, 3);
    println!("{t}");
    eprintln!("to stderr: {name}");
    for i in 0..3 {
        println!("out {i}");
        eprintln!("err {i}");
        eprint!("e{i};");
        print!("o{i};");
    }
    println!();
    eprintln!();
    eprintln!("{:?} {:>5}", vec![1, 2], "r");
}
