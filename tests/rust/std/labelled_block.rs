// Early exits from a search with labelled blocks: 'found: { .. break 'found v; .. }.
fn main() {
    let mut n = 0;
    'check: {
        if n > 0 { break 'check; }
        n += 5;
    }
    println!("{}", n);
    let v = vec![3, 9, 4];
    let verdict = 'outer: {
        let inner = 'inner: {
            for &x in &v {
                if x > 8 { break 'outer "big"; }
                if x > 3 { break 'inner x; }
            }
            0
        };
        if inner > 0 { "medium" } else { "small" }
    };
    println!("{}", verdict);
    let mut count = 0;
    let found = 'search: {
        loop {
            count += 1;
            if count == 2 { continue; }
            if count > 4 { break 'search Some(count); }
        }
    };
    println!("{:?} {}", found, count);
    let losses = [0.9f32, 0.4, 0.7];
    let best = 'pick: {
        for (i, &l) in losses.iter().enumerate() {
            if l < 0.5 {
                break 'pick (i, l);
            }
        }
        (0, losses[0])
    };
    println!("{:?}", best);
}
