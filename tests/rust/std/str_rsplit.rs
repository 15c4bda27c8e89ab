fn main() {
    let path = "runs/exp1/model.bin";
    println!("{:?}", path.rsplit('/').collect::<Vec<_>>());
    println!("{:?}", path.rsplit('/').next());
    println!("{:?}", "aaa".rsplit("aa").collect::<Vec<_>>());
    println!("{:?}", "aaa".split("aa").collect::<Vec<_>>());
    println!("{:?}", "a.b.c.txt".rsplitn(2, '.').collect::<Vec<_>>());
    println!("{:?}", "abc".rsplitn(0, '.').collect::<Vec<_>>());
    println!("{:?}", "abc".rsplitn(1, '.').collect::<Vec<_>>());
    println!("{:?}", "a1b22c".rsplit(|c: char| c.is_ascii_digit()).collect::<Vec<_>>());
    println!("{:?}", "k=v=w".rsplitn(2, |c: char| c == '=').collect::<Vec<_>>());
    let stem = "data.tar.gz".rsplit('.').last().unwrap();
    println!("{} {:?}", stem, "x,".rsplit(',').collect::<Vec<_>>());
    println!("{:?}", "ééé".rsplit("é").count());
}
