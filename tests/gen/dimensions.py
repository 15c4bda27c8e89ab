"""The space tests/gen/generator.py draws programs from: each dimension's values, and the few
tensors every program starts from.

`DIMENSIONS` are drawn by every program; `HOLDERS`, `CUTS` and `LOSSES` by a program of the
hazard they are keyed by; the others where a shape reads them. tests/gen/sample.py asks the
fixed sample to cover every value named here.
"""

from __future__ import annotations

DIMENSIONS: dict[str, tuple[str, ...]] = {
    "hazard": ("cache", "state", "double", "shared", "parts", "nonleaf", "fresh"),
    "loop": ("for", "while", "loop", "epochs", "none", "while_let"),
    "exit": ("none", "break_second", "continue_first", "return_second", "break_last"),
    "site": ("inline", "function", "method", "trait", "closure", "module", "macro", "assert"),
    "tracked": ("param", "linear", "data"),
    "forward": ("inline", "ref_fn", "owned_fn"),
    "branch": ("none", "first_pass", "match"),
    "leaf": ("main", "helper", "roundtrip", "option"),
}
"""The dimensions every program draws; the others depend on the hazard (`HOLDERS`, `CUTS`,
`LOSSES`, `WALKS`, `HOMES`)."""

HOLDERS: dict[str, tuple[str, ...]] = {
    "cache": ("let", "field", "option", "vec_collect", "vec_push", "tuple", "capture", "lazy",
              "refresh", "map_key", "minibatches"),
    "state": ("let", "field", "option", "vec", "tuple", "capture", "accumulate", "previous",
              "previous_map", "boxed", "accumulator", "running", "episodes", "kept", "zipped",
              "cleared"),
}
CUTS: dict[str, tuple[str, ...]] = {
    "cache": ("none", "def", "use", "end", "inner", "data", "releaf", "valid"),
    "state": ("none", "end", "use", "data", "inner"),
    "double": ("none", "recompute"),
    "shared": ("none", "use", "def"),
    "parts": ("none", "def", "data"),
    "nonleaf": ("none", "detach", "data"),
    "fresh": ("none", "use"),
}
LOSSES: dict[str, tuple[str, ...]] = {
    "double": ("one", "vec"),
    "shared": ("two", "summed", "vec", "vec_summed", "iterated", "vec_index", "vec_while",
               "vec_enumerate", "method_vec"),
    "parts": ("chunk", "narrow", "chunk_summed"),
}
FIRST = ("test", "match", "bound", "flag")
"""How a first-pass branch tells the first pass: `if step == 0`, `match step { 0 => .. }`, the
tensor bound in every pass and given on the first (`let kept = ..; if step == 0 { kept }`), a
flag cleared as each pass ends (`if first { .. }`, `first = false;`)."""
WALKS = ("iter", "zip", "index", "enumerate", "while_index")
"""How a loop walks a `Vec`: by iterator, zipped, by `for i in 0..v.len()`, by
`iter().enumerate()`, by a `while i < v.len()` counter."""
ELEMENTS = ("features", "losses")
"""What a walked `Vec` made before the loop holds: forwards, or losses made of them."""
HOMES = ("main", "helper")
DETACH_AT = ("whole", "inside")
"""Where a forward cut where it is made is detached: the whole of it (left out of a shape: the
programs drawn before this dimension), or inside it, the forward going on from the cut through
the parameter (`(h.detach() * w.clone()).tanh()`, tracked again)."""
ENCODERS = ("fn", "method", "module")
"""Where a forward written apart (`forward` not inline) is: a free function `encode` (left out
of a shape: the programs drawn before this dimension), a method of a unit struct
(`Encoder.encode(..)`), a function of an inline module (`model::encode(..)`)."""
BODIES = {
    "matmul_tanh": "{a}.matmul(w.clone()).tanh()",
    "mul_exp": "({a} * w.clone()).exp()",
    "add_pow": "({a} + w.clone()).powf_scalar(2.0)",
    "matmul_exp_log": "{a}.matmul(w.clone()).exp().log()",
}
"""How a forward reads the parameter `w` (`tracked=param`)."""
FORMS = ("sum", "mse")
"""A loss's form: `(t * w).sum()`, or `(t.matmul(w) - y)^2`'s mean."""

W = "[[0.5, -0.25], [0.1, 0.3]]"
X = "[[1.0, 0.0], [0.5, 2.0]]"
Y = "[[0.25, -0.5], [1.0, 0.75]]"


def atom(expr: str) -> str:
    """`expr` parenthesized when a method called on it would bind to its last operand."""
    depth = 0
    for char in expr:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == " " and depth == 0:
            return f"({expr})"
    return expr


def indent(lines: list[str]) -> list[str]:
    return ["    " + line if line else line for line in "\n".join(lines).split("\n")]

