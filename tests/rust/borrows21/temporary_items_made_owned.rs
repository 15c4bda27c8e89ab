fn main() {
    let parts: Vec<String> = "a, b".to_uppercase().split(',').map(|s| s.trim().to_string()).collect();
    let lens: Vec<usize> = "a, bb".to_uppercase().split(',').map(|s| s.trim().len()).collect();
    let text = "x ,y".to_uppercase();
    let kept: Vec<&str> = text.split(',').map(|s| s.trim()).collect();
    let consts: Vec<&str> = "a,b".to_uppercase().split(',').map(|_| "k").collect();
    println!("{:?} {:?} {:?} {:?}", parts, lens, kept, consts);
}
