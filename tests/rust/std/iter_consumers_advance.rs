// `any`, `all`, `position` and `find` take `&mut self`: the items they pull are gone from the
// iterator held in a variable; `len` takes `&self` and pulls nothing.
fn stepped_then_mapped() {
    let v = vec![1, 2, 3, 4, 5, 6];
    let mut it2 = v.iter();
    let p = it2.next();
    let rest: Vec<i32> = it2.map(|x| x * 10).collect();
    println!("{:?} {:?}", p, rest);
    let mut it3 = v.iter();
    let p = it3.next();
    println!("{}", it3.len());
    let rest: Vec<i32> = it3.map(|x| x * 10).collect();
    println!("{:?} {:?}", p, rest);
}

fn main() {
    let v = vec![1, 2, 3, 4, 5, 6];
    let mut it = v.iter();
    let found = it.any(|x| *x == 4);
    println!("{} {}", found, it.len());
    let mut it2 = v.iter();
    let p = it2.position(|x| *x > 2);
    println!("{:?} {}", p, it2.len());
    let rest: Vec<i32> = it2.map(|x| x * 10).collect();
    println!("{:?}", rest);
    let mut it3 = v.iter();
    let all = it3.all(|x| *x < 3);
    println!("{} {:?}", all, it3.next());
    let mut it4 = v.iter();
    let f = it4.find(|x| **x % 2 == 0);
    println!("{:?} {:?}", f, it4.next());
    let mut r = 0..10;
    let hit = r.any(|x| x == 3);
    println!("{} {}", hit, r.len());
    println!("{}", v.iter().any(|x| *x == 9));
    stepped_then_mapped();
}
