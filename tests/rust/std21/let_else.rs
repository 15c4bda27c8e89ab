fn parse(s: &str) -> Option<(String, f32)> {
    let Some((k, v)) = s.split_once('=') else {
        return None;
    };
    let Ok(x) = v.trim().parse::<f32>() else {
        println!("bad {}", v);
        return None;
    };
    Some((k.to_string(), x))
}
struct P { name: String, w: Option<f32> }
fn main() {
    println!("{:?}", parse("lr=0.5"));
    println!("{:?}", parse("lr=x"));
    println!("{:?}", parse("lr"));
    let ps = vec![P { name: "a".to_string(), w: Some(1.5) }, P { name: "b".to_string(), w: None }];
    let mut total = 0.0;
    for p in &ps {
        let Some(w) = p.w else { continue };
        total += w;
        println!("{} {}", p.name, w);
    }
    let names = vec!["x".to_string()];
    let Some(mut first) = names.into_iter().next() else { panic!("empty") };
    first.push('!');
    println!("{} {}", first, total);
    let v = vec![1, 2, 3];
    let [a, b, c] = v[..] else { return; };
    println!("{}", a + b + c);
    let e: Result<i32, String> = Err("no".to_string());
    let Ok(n) = e else { println!("err"); return; };
    println!("{}", n);
}
