//! Debug of Option, Vec, arrays and nested containers, with width and precision inside.

fn main() {
    let v: Vec<f32> = vec![1.0, 0.5, -2.25];
    let o: Option<f32> = Some(1.5);
    let none: Option<f32> = None;
    println!("{:?} {:?} {:?}", v, o, none);
    println!("{:8?}|{:<8?}|{:>8?}|{:8?}", o, o, none, v);
    println!("{:.2?} {:.1?} {:+?}", v, o, v);
    println!("{:08.3?} {:^7?}", v, Some(3));
    let nested: Vec<Vec<f32>> = vec![vec![1.0, 2.5], vec![], vec![-0.0, 1e-7]];
    println!("{:?} {}", nested, nested.len());
    let deep: Option<Option<i32>> = Some(Some(3));
    let shallow: Option<Option<i32>> = Some(None);
    let empty: Option<Option<i32>> = None;
    println!("{:?} {:?} {:?} {:4?}", deep, shallow, empty, deep);
    let arr = [[1, 2], [3, 4]];
    println!("{:?} {:?}", arr, [Some(1.5f64), None]);
    let strings = vec!["a", "b\"c", ""];
    println!("{:?} {:?}", strings, Some("x"));
    let owned: Vec<String> = vec![String::from("one"), "two".to_string()];
    println!("{:?}", owned);
    let bools = [true, false];
    println!("{:?} {:6?}", bools, Some(false));
    let empty_vec: Vec<i32> = Vec::new();
    println!("{:?} {:?}", empty_vec, Some(empty_vec.clone()));
    let units = vec![(), ()];
    println!("{:?} {:>4?}", units, ());
    println!("{:?}", vec![Some(vec![1u8, 2]), None]);
    println!("{:?}", vec![0.1 + 0.2, 1e16, 1e-5, 123456789.0]);
}
