// `Rc<RefCell<T>>` shared by two loggers (`Rc::clone`, `.clone()`), `borrow`, `borrow_mut`, a guard
// bound by `let` living to its block's end or `drop`, `{:?}` of the cell (rc_refcell.py).
use std::cell::RefCell;
use std::rc::Rc;

struct Logger {
    lines: Rc<RefCell<Vec<String>>>,
    prefix: String,
}

impl Logger {
    fn log(&self, msg: &str) {
        self.lines.borrow_mut().push(format!("{}: {}", self.prefix, msg));
    }
}

fn main() {
    let shared = Rc::new(RefCell::new(Vec::new()));
    let train = Logger { lines: Rc::clone(&shared), prefix: "train".to_string() };
    let eval = Logger { lines: shared.clone(), prefix: "eval".to_string() };
    for step in 0..3 {
        train.log(&format!("step {}", step));
        if step % 2 == 0 {
            eval.log(&format!("acc {:.2}", 0.5 + step as f32 * 0.1));
        }
    }
    {
        let all = shared.borrow();
        println!("{} lines", all.len());
        for l in all.iter() {
            println!("{}", l);
        }
    }
    let mut g = shared.borrow_mut();
    g.clear();
    drop(g);
    train.log("done");
    println!("{:?}", shared.borrow());
    println!("{:?}", shared);
}
