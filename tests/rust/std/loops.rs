//! Labels, break with a value, continue, while and nested loops.

fn main() {
    let mut found = 0;
    'outer: for i in 1..10 {
        for j in 1..10 {
            if i * j == 42 {
                found = i * 100 + j;
                break 'outer;
            }
            if j > i {
                continue 'outer;
            }
        }
    }
    println!("found {found}");
    let mut n = 27u64;
    let steps = loop {
        if n == 1 {
            break 0;
        }
        let mut count = 0;
        while n != 1 {
            n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };
            count += 1;
        }
        break count;
    };
    println!("collatz steps: {steps}");
    let mut i = 0;
    let mut evens = Vec::new();
    while i < 10 {
        i += 1;
        if i % 2 == 1 {
            continue;
        }
        evens.push(i);
    }
    println!("{evens:?}");
    let mut outer_count = 0;
    let value = 'search: loop {
        outer_count += 1;
        let mut k = 0;
        loop {
            k += 1;
            if k == 3 {
                break;
            }
            if outer_count == 4 {
                break 'search outer_count * 10 + k;
            }
        }
    };
    println!("value {value}");
    let mut total = 0;
    'rows: for r in 0..4 {
        let mut c = 0;
        while c < 4 {
            c += 1;
            if c == r {
                continue 'rows;
            }
            total += r * c;
        }
    }
    println!("total {total}");
    let x = loop {
        break;
    };
    println!("{x:?}");
}
