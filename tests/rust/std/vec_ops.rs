//! Vec values: push, pop, first, last, clone, vec![v; n] (each element its own Vec).

fn main() {
    let rows: Vec<Vec<i32>> = vec![Vec::new(); 3];
    let mut filled = Vec::new();
    for mut row in rows {
        row.push(filled.len() as i32);
        row.push(7);
        println!("row {:?}", row);
        filled.push(row);
    }
    println!("{:?}", filled);
    let mut grid = vec![vec![0.5f32; 2]; 3];
    let mut last = grid.pop().unwrap();
    last.push(1.5);
    println!("{:?} {:?}", grid, last);
    let template = vec![1u8, 2];
    let mut copies = vec![template.clone(); 2];
    let mut first = copies.pop().unwrap();
    first.push(3);
    println!("{:?} {:?} {:?}", template, copies, first);
    let mut stack = Vec::with_capacity(4);
    stack.push(Some(1.25));
    stack.push(None);
    println!("{:?} {:?} {:?}", stack.first(), stack.last(), stack.len());
    let top = stack.pop();
    println!("{:?} {:?} {}", top, stack, stack.is_empty());
    let a = [Some(1), None];
    let b = a;
    println!("{:?} {:?} {:?}", a, b, [[0u8; 2]; 2]);
    let mut words: Vec<String> = Vec::new();
    let mut w = String::from("ab");
    words.push(w.clone());
    w.push_str("cd");
    words.push(w);
    println!("{:?} {}", words, words[1].len());
}
