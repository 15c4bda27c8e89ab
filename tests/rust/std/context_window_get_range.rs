// sliding context windows with slice::get(range)
fn context(tokens: &[u32], i: usize, k: usize) -> Option<&[u32]> {
    tokens.get(i.saturating_sub(k)..i)
}

fn main() {
    let tokens = vec![10u32, 11, 12, 13, 14];
    for i in [0usize, 2, 4, 6] {
        println!("{} {:?}", i, context(&tokens, i, 2));
    }
    println!("{:?}", tokens.get(3..));
    println!("{:?}", tokens.get(..=1));
    println!("{:?}", tokens.get(4..9));
    let heads: Vec<usize> = (0..3).filter_map(|s| tokens.get(s..s + 3)).map(|w| w.len()).collect();
    println!("{:?}", heads);
}
