struct View<'a> {
    xs: &'a [f32],
    name: &'a str,
}

impl<'a> View<'a> {
    fn mean(&self) -> f32 {
        self.xs.iter().sum::<f32>() / self.xs.len() as f32
    }

    fn first(&self) -> &'a f32 {
        &self.xs[0]
    }
}

fn view<'a>(xs: &'a [f32], name: &'a str) -> View<'a> {
    View { xs, name }
}

struct Batches<'a> {
    data: &'a [f32],
    size: usize,
    at: usize,
}

impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];

    fn next(&mut self) -> Option<Self::Item> {
        if self.at >= self.data.len() {
            return None;
        }
        let end = (self.at + self.size).min(self.data.len());
        let batch = &self.data[self.at..end];
        self.at = end;
        Some(batch)
    }
}

fn batches(data: &[f32], size: usize) -> Batches<'_> {
    Batches { data, size, at: 0 }
}

fn main() {
    let v = vec![1.0f32, 2.0, 4.5, 0.5, 3.0];
    let w = view(&v[1..], "tail");
    println!("{} {} {}", w.name, w.mean(), w.first());
    for (i, b) in batches(&v, 2).enumerate() {
        println!("batch {}: {:?}", i, b);
    }
    let total: f32 = Batches { data: &v, size: 3, at: 0 }.map(|b| b.iter().sum::<f32>()).sum();
    println!("{}", total);
    let sizes: Vec<usize> = batches(&v, 4).map(|b| b.len()).collect();
    println!("{:?}", sizes);
}
