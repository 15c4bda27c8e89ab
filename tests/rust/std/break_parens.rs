// `break` with a parenthesized value: a tuple, a unit, one value in parentheses; labeled too.
fn find(grid: &[Vec<i32>], want: i32) -> Option<(usize, usize)> {
    let mut i = 0;
    let found = 'rows: loop {
        if i == grid.len() {
            break 'rows None;
        }
        let mut j = 0;
        loop {
            if j == grid[i].len() {
                break;
            }
            if grid[i][j] == want {
                break 'rows (Some((i, j)));
            }
            j += 1;
        }
        i += 1;
    };
    found
}

fn main() {
    let grid = vec![vec![1, 2, 3], vec![4, 5, 6]];
    println!("{:?} {:?}", find(&grid, 5), find(&grid, 9));
    let mut n = 0;
    let (a, b) = loop {
        n += 3;
        if n > 10 {
            break (n, n * n);
        }
    };
    println!("{} {}", a, b);
    let x = 7;
    let x = x * 2;
    let unit = loop {
        break ();
    };
    let scaled = 'outer: loop {
        loop {
            break 'outer ((x + 1) * 2);
        }
    };
    println!("{:?} {} {}", unit, x, scaled);
}
