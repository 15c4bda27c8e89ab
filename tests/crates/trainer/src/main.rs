//! Trains a tiny regression; the first argument picks how: `cached`, `shared` and `twice` each
//! hit Burn's "graph tape has already been consumed" panic in their own way (`cached-plain` is
//! `cached` with a model of plain tensors instead of `Param`s), `ok` has the fixes.

mod model;
mod train;

use burn::backend::{Autodiff, Flex};

type Backend = Autodiff<Flex>;

fn main() {
    let pattern = std::env::args().nth(1).unwrap_or_default();
    let device = Default::default();
    match pattern.as_str() {
        "cached" => train::fit_cached::<Backend>(&device),
        "cached-plain" => train::fit_cached_plain::<Backend>(&device),
        "shared" => train::fit_shared::<Backend>(&device),
        "twice" => train::fit_twice::<Backend>(&device),
        "ok" => train::fit::<Backend>(&device),
        other => {
            eprintln!("usage: trainer cached|cached-plain|shared|twice|ok (not {other:?})");
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{train, Backend};

    #[test]
    fn trains() {
        train::fit::<Backend>(&Default::default());
    }

    // The panicking patterns as a failing test shows them; run one alone (`--ignored --exact`),
    // since node ids count across the whole test process.
    #[test]
    #[ignore = "panics on purpose"]
    fn trains_cached() {
        train::fit_cached::<Backend>(&Default::default());
    }

    #[test]
    #[ignore = "panics on purpose"]
    fn trains_cached_plain() {
        train::fit_cached_plain::<Backend>(&Default::default());
    }

    #[test]
    #[ignore = "panics on purpose"]
    fn trains_shared() {
        train::fit_shared::<Backend>(&Default::default());
    }

    #[test]
    #[ignore = "panics on purpose"]
    fn trains_twice() {
        train::fit_twice::<Backend>(&Default::default());
    }
}
