// token ids counted up from a u8 start: core's RangeFrom panics on the pull of 255
fn main() {
    let ids: Vec<u8> = (250u8..).take(5).collect();
    println!("{:?}", ids);
    let first_big = (1u16..).find(|&k| (k as u32) * (k as u32) > 60000).unwrap();
    println!("{}", first_big);
    let more: Vec<u8> = (250u8..).take(10).collect();
    println!("{:?}", more);
}
