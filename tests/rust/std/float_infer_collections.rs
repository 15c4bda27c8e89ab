//! Inference through vec!, arrays, Option and pushes.

fn first(v: Vec<f32>) -> f32 {
    v[0]
}

fn main() {
    let v = vec![0.1, 0.2, 0.3];
    let s: f32 = v[0] + v[1] + v[2];
    println!("vec f32: {v:?} {s:?}");
    let w = vec![0.1, 0.2, 0.3];
    println!("vec f64: {:?} {:?}", w, w[0] + w[1] + w[2]);
    let arr = [0.1, 0.2];
    println!("first of array made f32: {:?}", first(vec![arr[0], arr[1]]));
    let arr2 = [1.0 / 3.0; 3];
    println!("array repeat f64: {arr2:?}");
    let arr3: [f32; 2] = [1.0 / 3.0, 2.0 / 3.0];
    println!("array annotated f32: {arr3:?}");
    let o = Some(0.1);
    let inside: f32 = o.unwrap() * 3.0;
    println!("option: {o:?} {inside:?}");
    let p: Option<f32> = Some(1.0 / 3.0);
    println!("option annotated: {p:?}");
    let q = Some(1.0 / 3.0);
    println!("option fallback: {q:?}");
    let mut pushed = Vec::new();
    pushed.push(0.1);
    pushed.push(0.2);
    let total: f32 = pushed[0] + pushed[1];
    println!("pushed: {pushed:?} {total:?}");
    let mut pushed64 = Vec::new();
    pushed64.push(0.1);
    pushed64.push(0.2);
    println!("pushed64: {:?}", pushed64[0] + pushed64[1]);
    let nested = vec![vec![0.1, 0.2], vec![0.3]];
    let n: f32 = nested[1][0];
    println!("nested: {nested:?} {n}");
    let mapped = Some(0.25).map(|x| x * 0.1);
    let m: Option<f32> = mapped;
    println!("mapped: {m:?} {:?}", Some(0.25).map(|x| x * 0.1));
    let mut sum = 0.0;
    for x in [0.1, 0.2, 0.3] {
        sum += x;
    }
    let sum32: f32 = sum;
    println!("for over array: {sum32:?}");
    let mut sum64 = 0.0;
    for x in vec![0.1, 0.2, 0.3] {
        sum64 += x;
    }
    println!("for over vec: {sum64:?}");
}
