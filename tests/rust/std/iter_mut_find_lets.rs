#[derive(Debug)]
struct Item {
    id: u32,
    qty: u32,
    tags: Vec<String>,
}
struct Store {
    items: Vec<Item>,
}
impl Store {
    fn take(&mut self, id: u32, n: u32) -> Result<u32, String> {
        let item = self
            .items
            .iter_mut()
            .find(|i| i.id == id)
            .ok_or(format!("no item {}", id))?;
        if item.qty < n {
            return Err(format!("only {} of {}", item.qty, id));
        }
        item.qty -= n;
        item.tags.push(format!("took {}", n));
        Ok(item.qty)
    }
    fn biggest(&mut self) -> Option<u32> {
        let top = self.items.iter_mut().max_by_key(|i| i.qty)?;
        top.qty += 100;
        Some(top.id)
    }
}
fn main() {
    let mut s = Store {
        items: vec![
            Item {
                id: 1,
                qty: 5,
                tags: vec![],
            },
            Item {
                id: 2,
                qty: 9,
                tags: vec![],
            },
        ],
    };
    println!("{:?}", s.take(1, 2));
    println!("{:?}", s.take(1, 7));
    println!("{:?}", s.take(3, 1));
    println!("{:?}", s.biggest());
    let first = s.items.iter_mut().next().expect("an item");
    first.id = 10;
    println!("{:?}", s.items);
}
