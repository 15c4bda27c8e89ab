//! A tab before a panic counts 4 columns in its location, as rustc's display width of the
//! line does, wherever the tab is: the index panics at the `[` of a `Vec` index.

fn main() {
	let v: Vec<i32> = vec![1, 2];
	let n = v.len();	println!("{n}");
	for i in 0..3 {
		let	x = v[i];		println!("{x}");
	}
}
