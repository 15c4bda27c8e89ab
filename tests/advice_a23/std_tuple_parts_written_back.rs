use std::collections::BTreeMap;
fn main() {
    let mut opt: Option<(i32, String)> = Some((1, String::from("a")));
    if let Some(b) = &mut opt {
        b.0 += 4;
        b.1 = b.1.clone() + "z";
    }
    println!("{:?}", opt);
    let mut m: BTreeMap<u8, (f32, u32)> = BTreeMap::new();
    for i in 0..5u8 {
        match m.get_mut(&(i % 2)) {
            Some(e) => {
                e.0 = e.0 * 0.5 + i as f32;
                e.1 += 1;
            }
            None => {
                m.insert(i % 2, (i as f32, 1));
            }
        }
    }
    println!("{:?}", m);
}
