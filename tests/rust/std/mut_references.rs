// `&mut` as parameters, locals and `&mut self`; an element assigned in place: `v[i] = x`,
// `m[i][j] += x`, an array's element (arrays are values: a copy keeps its own elements).
struct Counter {
    n: i32,
    log: Vec<i32>,
}

impl Counter {
    fn bump(&mut self, by: i32) {
        self.n += by;
        self.log.push(self.n);
    }

    fn reset(&mut self) {
        self.n = 0;
    }
}

fn twice(c: &mut Counter) {
    c.bump(1);
    c.bump(2);
    tenfold(c);
}

fn tenfold(c: &mut Counter) {
    c.n *= 10;
    c.log[0] += 100;
}

fn fill(v: &mut Vec<i32>, k: i32) {
    for i in 0..k {
        v.push(i * i);
    }
    v[0] = -1;
}

fn total(c: &Counter) -> i32 {
    c.log.iter().sum()
}

fn main() {
    let mut c = Counter { n: 0, log: Vec::new() };
    twice(&mut c);
    println!("{} {:?} {}", c.n, c.log, total(&c));
    let r = &mut c;
    r.bump(5);
    r.reset();
    println!("{} {:?}", c.n, c.log);

    let mut v = vec![7];
    fill(&mut v, 4);
    let w = &mut v;
    w.push(100);
    w[1] *= 3;
    println!("{:?} {}", v, v.len());

    let mut m = vec![vec![0; 3]; 2];
    m[1][2] = 5;
    m[0][1] += 4;
    m[1][0] -= 1;
    println!("{:?}", m);

    let mut a = [1, 2, 3];
    let b = a;
    a[0] = 10;
    let mut grid = [[0.5f64; 2]; 2];
    grid[1][0] = grid[0][0] * 3.0;
    println!("{:?} {:?} {:?}", a, b, grid);

    let mut rows = vec![[0u8; 2]; 2];
    rows[1][1] = 9;
    println!("{:?}", rows);
}
