//! An array index panics at the start of the whole expression, here after wide characters and a
//! tab.

fn main() {
    let pair = [1, 2];
    let mut k = 0;
    while k < 3 {
        let w = "ｗｉｄｅ";	println!("{w} {}", pair[k]);
        k += 1;
    }
}
