fn main() {
    let mut slots: Vec<Option<f32>> = vec![None; 6];
    for (i, v) in [(1usize, 0.5f32), (4, -1.0), (1, 2.0)] {
        match slots[i] {
            Some(ref mut old) => *old += v,
            None => slots[i] = Some(v),
        }
    }
    println!("{:?}", slots);
    let filled: Vec<f32> = slots.iter().flatten().copied().collect();
    println!("{:?} {}", filled, slots.iter().filter(|s| s.is_none()).count());
    let mut last = 0.0;
    let ffill: Vec<f32> = slots.iter().map(|s| { if let Some(v) = s { last = *v; } last }).collect();
    println!("{:?}", ffill);
    let firsts = slots.iter().position(Option::is_some);
    println!("{:?} {:?}", firsts, slots.iter().rposition(|s| s.is_some()));
    let total: Option<f32> = slots.iter().copied().sum();
    let total2: f32 = slots.iter().map(|s| s.unwrap_or(0.0)).sum();
    println!("{:?} {}", total, total2);
    println!("{:?}", slots.iter().map(|s| s.map(|v| v * 2.0)).collect::<Vec<_>>());
}
