//! Shapes shared by the examples.

pub const INPUT: usize = 4;
pub const HIDDEN: usize = 8;
