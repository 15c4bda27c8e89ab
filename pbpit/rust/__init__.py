"""pbpit's Rust front end: Burn code read with tree-sitter, linted statically or interpreted."""
