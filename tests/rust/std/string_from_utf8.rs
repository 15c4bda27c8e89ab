fn word(bytes: Vec<u8>) -> String {
    match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => format!("bad: {}", e),
    }
}
fn main() {
    println!("{:?}", String::from_utf8(vec![104u8, 105]));
    let bad = String::from_utf8(vec![0x66, 0x6f, 0xff, 0x6f]);
    println!("{:?}", bad);
    if let Err(e) = &bad {
        println!("{}", e);
    }
    println!("{}", word(vec![0xe2, 0x82]));
    println!("{}", word("héllo".as_bytes().to_vec()));
    println!("{:?}", String::from_utf8(vec![0xc3, 0x28]).is_err());
    let raw = [0x61u8, 0xf0, 0x90, 0x80, 0x62];
    println!("{}", String::from_utf8_lossy(&raw));
    let ok: String = String::from_utf8("abc".as_bytes().to_vec()).unwrap();
    println!("{} {}", ok, ok.len());
    println!("{:#?}", String::from_utf8(vec![0xed, 0xa0, 0x80]));
}
