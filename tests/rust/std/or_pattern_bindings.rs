#[derive(Debug)]
enum Event {
    Train { step: usize, loss: f32 },
    Eval { step: usize, loss: f32 },
    Stop(usize),
}

fn loss_of(e: &Event) -> Option<f32> {
    match e {
        Event::Train { loss, .. } | Event::Eval { loss, .. } => Some(*loss),
        Event::Stop(_) => None,
    }
}

fn main() {
    for pt in [(3, 0), (0, 4), (2, 2)] {
        let q = match pt {
            (x, 0) | (0, x) => x,
            _ => 9,
        };
        println!("{}", q);
    }
    let events = vec![
        Event::Train { step: 1, loss: 0.5 },
        Event::Eval { step: 1, loss: 0.75 },
        Event::Stop(2),
    ];
    for e in events.iter() {
        match e {
            Event::Train { step, .. } | Event::Eval { step, .. } | Event::Stop(step) => {
                println!("step {} loss {:?}", step, loss_of(e))
            }
        }
    }
    let r: Result<u32, u32> = Err(7);
    match r {
        Ok(v) | Err(v) => println!("{}", v),
    }
    let pair = (Some(2), None::<i32>);
    if let (Some(a), _) | (None, Some(a)) = pair {
        println!("{}", a);
    }
}
