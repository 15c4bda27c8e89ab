"""The Rust interpreter, one stage a module: lower (tree-sitter to nodes), check (the subset and
rustc's typing), known_panics (what rustc refuses at compile time), compile (nodes to closures on
the engine), runtime; `program.load` runs them in that order."""
