// Regenerate: rustc -O tools/rust_f32_format.rs -o /tmp/rf && /tmp/rf > tests/data/rust_f32_format.tsv
//! Golden data for pbpit/rust_format.py: one line per f32, TAB-separated:
//! bits (8 hex digits), {:?}, {}, {:.0}, {:.1}, {:.3}, {:.8}.

fn next_up(x: f32) -> f32 {
    // Rust's own f32::next_up, written out so older toolchains can build this too.
    let bits = x.to_bits();
    if x.is_nan() || x == f32::INFINITY {
        x
    } else if x == 0.0 {
        f32::from_bits(1)
    } else if x > 0.0 {
        f32::from_bits(bits + 1)
    } else {
        f32::from_bits(bits - 1)
    }
}

fn next_down(x: f32) -> f32 {
    -next_up(-x)
}

fn push_with_neighbours(values: &mut Vec<f32>, x: f32) {
    values.push(next_down(x));
    values.push(x);
    values.push(next_up(x));
}

fn main() {
    let mut values: Vec<f32> = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.00001,
        3e-8,
        1.5e16,
        -1.2e-7,
        123456789.0,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MAX,
        f32::MIN,
        f32::MIN_POSITIVE,
        f32::EPSILON,
        0.125,
        2.5,
        0.5,
        1.5,
        0.2,
        0.3,
        1.0 / 3.0,
        7.0852847,
        8.734006,
        2.7182817,
        1.6487212,
        5.4365635,
        4.9461637,
        10.873127,
    ];
    for x in [0.1f32, 1e-4, 1e16, f32::from_bits(1), f32::from_bits(0x007f_ffff)] {
        push_with_neighbours(&mut values, x);
    }
    // Built from bits: powi loses the smallest powers to intermediate underflow.
    for e in -149i32..=127 {
        let bits = if e < -126 { 1u32 << (e + 149) } else { ((e + 127) as u32) << 23 };
        push_with_neighbours(&mut values, f32::from_bits(bits));
    }
    // xorshift32 with a fixed seed: reproducible pseudo-random bit patterns.
    let mut state: u32 = 0x9E37_79B9;
    let mut random = 0;
    while random < 2000 {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let x = f32::from_bits(state);
        if !x.is_nan() {
            values.push(x);
            random += 1;
        }
    }
    let mut seen = std::collections::HashSet::new();
    for x in values {
        if !seen.insert(x.to_bits()) {
            continue;
        }
        println!(
            "{:08x}\t{:?}\t{}\t{:.0}\t{:.1}\t{:.3}\t{:.8}",
            x.to_bits(),
            x,
            x,
            x,
            x,
            x,
            x
        );
    }
}
