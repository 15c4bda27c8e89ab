trait Describe {
    fn describe(&self) -> String;
    fn shout(&self) -> String {
        self.describe().to_uppercase()
    }
}

impl Describe for f64 {
    fn describe(&self) -> String {
        format!("f64 {}", self)
    }
}

impl Describe for usize {
    fn describe(&self) -> String {
        format!("usize {}", self * 2)
    }
}

impl Describe for bool {
    fn describe(&self) -> String {
        if *self { "yes".to_string() } else { "no".to_string() }
    }
}

trait Half {
    fn half(self) -> Self;
    fn halves(self, n: u32) -> Self;
}

impl Half for f32 {
    fn half(self) -> f32 {
        self / 2.0
    }
    fn halves(self, n: u32) -> Self {
        let mut x = self;
        for _ in 0..n {
            x = x.half();
        }
        x
    }
}

fn main() {
    let x = 1.5f64;
    println!("{} / {}", x.describe(), x.shout());
    println!("{}", 3usize.describe());
    println!("{} {}", true.shout(), Describe::describe(&false));
    println!("{} {}", 5.0f32.half(), 5.0f32.halves(3));
    let lr = 0.1;
    println!("{}", lr.describe());
}
