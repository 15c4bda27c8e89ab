"""The loop of a generated program, its exits, and the branches that choose a pass's tensor
(`loop`, `exit`, `branch`, `first`), mixed into tests/gen/generator.py's composer."""

from __future__ import annotations

from dimensions import FIRST, indent


class Control:
    """The loop around a pass's statements and the branch choosing its tensor (the composer
    gives `pick`, `shape`, `flag` and, from pass_shapes, `_bookkeeping`)."""

    def loop(self, body: list[str], end: list[str] | None = None) -> tuple[list[str], list[str]]:
        """The pre-loop statements and the loop around `body` (with its exits), `end` last in
        each pass. Returns (before, lines)."""
        kind, exit_ = self.shape["loop"], self.shape["exit"]
        end = end or []
        if kind == "none":
            self.shape["exit"] = "none"
            return [], body + end
        first, last = {"for": (0, 2), "while": (1, 3), "loop": (1, 3), "epochs": (0, 3),
                       "while_let": (0, 2)}[kind]
        top: list[str] = []
        bottom: list[str] = []
        # An exit never leaves a loop after its first pass: whether a later pass runs is then
        # a matter of the counter's values, which no lint reads (a loop that runs once).
        if exit_ == "continue_first":
            top = [f"if step == {first} {{", "    continue;", "}"]
        elif exit_ == "break_second":
            bottom = [f"if step == {first + 1} {{", "    break;", "}"]
        elif exit_ == "return_second":
            bottom = [f"if step == {first + 1} {{", "    return;", "}"]
        elif exit_ == "break_last":
            bottom = [f"if step == {last} {{", "    break;", "}"]
        # The exits are taken at the end of a pass, after its cut: a `break` that skipped the
        # `detach` would leave the outer loop of epochs a tracked state.
        cleared = ["first = false;"] if self.flag else []
        keep, books = self._bookkeeping()
        inner = top + books + body + end + cleared + bottom
        flag = [*keep, "let mut first = true;"] if self.flag else keep
        if kind == "for":
            return flag, ["for step in 0..3 {", *indent(inner), "}"]
        if kind == "while_let":
            # The steps popped off a stack made in order: 0, 1, 2.
            return ["let mut order: Vec<usize> = (0..3).rev().collect();", *flag], [
                "while let Some(step) = order.pop() {", *indent(inner), "}"]
        if kind == "while":
            head = ["while step < 3 {", "    step += 1;"]
            return ["let mut step = 0;", *flag], [*head, *indent(inner), "}"]
        if kind == "loop":
            return ["let mut step = 0;", *keep], [
                "loop {", "    step += 1;", "    if step > 3 {", "        break;", "    }",
                *indent(inner), "}",
            ]
        return keep, [
            "for epoch in 0..2 {", "    for batch in 0..2 {",
            "        let step = epoch * 2 + batch;", *indent(indent(inner)), "    }", "}",
        ]

    def choose(self, reused: str, fresh: str) -> str:
        """The tensor a pass uses: the reused one, or by the drawn branch the fresh one on some
        passes. Returns an expression."""
        branch = self.shape["branch"]
        # Only in `for step in 0..3` (and a first pass in `while step < 3`, its counter raised
        # first thing), with no exit that skips a pass: which passes take the branch is then
        # read from the loop's range or counter (the first pass; passes 0 and 2).
        exits = ("none", "break_last") if branch == "match" else ("none", "break_last",
                                                                  "break_second")
        if self.shape["loop"] == "for" and self.shape["exit"] in exits:
            if branch == "first_pass":
                return self._first(0, reused, fresh)
            if branch == "match":
                return f"match step % 2 {{\n    0 => {reused},\n    _ => {fresh},\n}}"
        if self.shape["loop"] == "while" and self.shape["exit"] in exits and branch != "match":
            # `while step < 3 { step += 1; .. }`: the first pass sees 1.
            if branch == "first_pass":
                return self._first(1, reused, fresh)
        self.shape["branch"] = "none"
        return reused

    def _first(self, first: int, reused: str, fresh: str) -> str:
        """The reused tensor on the first pass only (the counter's value `first` there), the
        fresh one after, told as the drawn `FIRST` says."""
        how = self.pick("first", FIRST)
        if how == "match":
            return f"match step {{\n    {first} => {reused},\n    _ => {fresh},\n}}"
        if how == "bound":
            # Taken in every pass, given to the loss in the first only.
            return (f"{{\n    let kept = {reused};\n"
                    f"    if step == {first} {{ kept }} else {{ {fresh} }}\n}}")
        if how == "flag":
            self.flag = True  # `let mut first = true;` before the loop, cleared as a pass ends
            return f"if first {{ {reused} }} else {{ {fresh} }}"
        return f"if step == {first} {{ {reused} }} else {{ {fresh} }}"
