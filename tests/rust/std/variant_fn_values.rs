fn first_even(v: &[i32]) -> Option<i32> {
    v.iter().copied().find(|x| x % 2 == 0)
}
fn main() {
    let wrapped: Vec<Option<u8>> = vec![1u8, 2].into_iter().map(Some).collect();
    println!("{:?}", wrapped);
    let oks: Vec<Result<f32, String>> = [0.5f32, 1.5].iter().copied().map(Ok).collect();
    println!("{:?}", oks);
    let o = first_even(&[3, 5, 8]).map(Some);
    println!("{:?}", o);
    let total: Result<i32, String> = vec![Ok(1), Ok(2)].into_iter().sum();
    println!("{:?}", total);
}
