// Iterators stepped by hand and the adapters a training loop's bookkeeping uses.
#[derive(Debug, Clone)]
#[allow(dead_code)]
struct Epoch {
    index: usize,
    loss: f32,
}

fn main() {
    // A loop over an iterator held in a variable.
    let losses = vec![0.9f32, 0.7, 0.75, 0.4, 0.41, 0.39];
    let mut it = losses.iter();
    let first = it.next();
    println!("first = {:?}", first);
    while let Some(loss) = it.next() {
        print!("{} ", loss);
    }
    println!();
    println!("after the end: {:?}", it.next());

    // The rest of a stepped iterator goes on where it stopped.
    let mut steps = 0..6;
    steps.next();
    steps.next();
    let rest: Vec<i32> = steps.collect();
    println!("rest = {:?}", rest);

    // Peekable: look at the next loss without taking it.
    let mut p = losses.iter().peekable();
    let mut improved = 0;
    while let Some(now) = p.next() {
        if let Some(next) = p.peek() {
            if **next < *now {
                improved += 1;
            }
        }
    }
    println!("improved {} times; peek at the end: {:?}", improved, p.peek());

    // Windows and chunks: a moving average, mini-batches.
    let avg: Vec<f32> = losses.windows(3).map(|w| w.iter().sum::<f32>() / 3.0).collect();
    println!("moving average = {:?}", avg);
    for (i, batch) in losses.chunks(4).enumerate() {
        println!("batch {i}: {:?} ({} items)", batch, batch.len());
    }
    println!("windows(10): {}", losses.windows(10).count());
    let batches: Vec<Vec<f32>> = losses.chunks(4).map(|c| c.to_vec()).collect();
    println!("batches = {:?}", batches);
    let last_chunk = losses.chunks(4).rev().next();
    println!("last chunk = {:?}", last_chunk);

    // The best epoch: min_by with partial_cmp, argmax with enumerate.
    let epochs: Vec<Epoch> = losses
        .iter()
        .enumerate()
        .map(|(index, &loss)| Epoch { index, loss })
        .collect();
    let best = epochs.iter().min_by(|a, b| a.loss.partial_cmp(&b.loss).unwrap()).unwrap();
    println!("best = {:?}", best);
    let worst = losses.iter().cloned().max_by(|a, b| a.total_cmp(b));
    println!("worst = {:?}", worst);
    let scores = [0.1f32, 0.7, 0.2, 0.7];
    let argmax = scores
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.partial_cmp(b.1).unwrap())
        .map(|(i, _)| i);
    println!("argmax = {:?} (ties: the last)", argmax);
    let argmin = scores
        .iter()
        .enumerate()
        .min_by(|a, b| a.1.partial_cmp(b.1).unwrap())
        .map(|(i, _)| i);
    println!("argmin = {:?}", argmin);

    // Keys, max and min of integers and strings.
    let names = vec!["encoder", "head", "decoder", "mlp"];
    println!("{:?}", names.iter().min_by_key(|s| s.len()));
    println!("{:?}", names.iter().max_by_key(|s| s.len()));
    println!("{:?} {:?}", names.iter().max(), names.iter().min());
    let sizes = vec![784usize, 128, 64, 10];
    println!("{:?} {:?}", sizes.iter().max(), sizes.iter().copied().min());
    let empty: Vec<i32> = Vec::new();
    println!("{:?}", empty.iter().max());
    println!("{:?}", 2.5f64.partial_cmp(&f64::NAN));
    println!("{:?} {:?}", 3.cmp(&7), "b".cmp("a"));
    println!("{:?}", f32::NAN.total_cmp(&f32::INFINITY));
    println!("{:?}", (-0.0f32).total_cmp(&0.0));

    // Chain, flat_map, flatten, find, nth.
    let train = vec![1, 2, 3];
    let valid = vec![10, 20];
    let all: Vec<i32> = train.iter().chain(valid.iter()).cloned().collect();
    println!("all = {:?}", all);
    let back: Vec<i32> = train.iter().chain(valid.iter()).rev().copied().collect();
    println!("reversed = {:?}", back);
    let pairs: Vec<(i32, i32)> = train
        .iter()
        .flat_map(|&a| valid.iter().map(move |&b| (a, b)))
        .collect();
    println!("pairs = {:?}", pairs);
    let rev_flat: Vec<i32> = train.iter().flat_map(|&a| vec![a, a * 100]).rev().collect();
    println!("{:?}", rev_flat);
    let maybe = vec![Some(1), None, Some(3)];
    let present: Vec<i32> = maybe.iter().flatten().cloned().collect();
    println!("present = {:?}", present);
    let nested = vec![vec![1, 2], vec![], vec![3]];
    let flat: Vec<i32> = nested.iter().flatten().copied().collect();
    println!("flat = {:?}", flat);
    println!("{:?}", losses.iter().find(|&&l| l < 0.5));
    println!("{:?}", losses.iter().find(|&&l| l < 0.0));
    let mut counter = 0..10;
    println!("{:?} {:?} {:?}", counter.nth(2), counter.nth(0), counter.next());
    println!("{:?}", (0..3).nth(5));

    // Lazy order: a `map` closure runs when its item is pulled.
    let mut traced = (1..4).map(|x| {
        println!("  made {x}");
        x * x
    });
    println!("pulled {:?}", traced.next());
    println!("pulled {:?}", traced.next());
    let tail: i32 = traced.sum();
    println!("tail sum = {tail}");
}
