use std::cmp::Reverse;
use std::collections::BinaryHeap;

struct Frontier {
    heap: BinaryHeap<Reverse<(u32, usize)>>,
}

fn dijkstra(adj: &Vec<Vec<(usize, u32)>>, start: usize) -> Vec<u32> {
    let mut dist = vec![u32::MAX; adj.len()];
    let mut f = Frontier { heap: BinaryHeap::new() };
    dist[start] = 0;
    f.heap.push(Reverse((0, start)));
    while let Some(Reverse((d, u))) = f.heap.pop() {
        if d > dist[u] {
            continue;
        }
        for &(v, w) in &adj[u] {
            if d + w < dist[v] {
                dist[v] = d + w;
                f.heap.push(Reverse((dist[v], v)));
            }
        }
    }
    dist
}

fn main() {
    let adj = vec![vec![(1, 4), (2, 1)], vec![(3, 1)], vec![(1, 2), (3, 5)], vec![]];
    println!("{:?}", dijkstra(&adj, 0));
    let mut h: BinaryHeap<Reverse<(u32, usize)>> = BinaryHeap::new();
    h.push(Reverse((4, 0)));
    h.push(Reverse((1, 1)));
    let Reverse((d, i)) = h.pop().unwrap();
    println!("{d} {i} {}", h.len());
    let keys: Vec<Reverse<f64>> = vec![Reverse(0.5), Reverse(1.5)];
    let best: &Reverse<f64> = &keys[1];
    println!("{}", best.0);
    let r: std::cmp::Reverse<i64> = std::cmp::Reverse(-3);
    println!("{}", r.0);
}
