"""State kept in a collection across the passes of a training loop, read in ways a `for` over
the whole of it does not show, for tests/gen/generator.py (`state` holders):

- `kept`: a `Vec` kept across passes (never emptied), each pass pushing two tensors in an
  inner loop (`for k in 0..2 { saved.push(..) }`), read (`kept_read`) from the newest by
  `for t in saved.iter().rev().take(n)`, by `.fold(..)` of that iterator or a `Vec` it
  `collect`s, at a literal
  index `saved[i]`, by `saved.iter().next()`, from the end, `saved[saved.len() - n]`, or its
  newest, `saved.last()`, `saved.iter().rev().next()`; the read before this pass's pushes,
  after them or both (`kept_order`: before them, `take(2)` reaches the previous pass's, which
  no backward has consumed yet unless that pass read them too), `take(2)` or `take(3)`,
  `len() - 2` or `len() - 3` (`kept_span`), the `Vec` made empty or holding
  a zero tensor made before the loop (`kept_first`: `saved[0]`, `iter().next()` then read
  that untracked zero, `saved[1]` the first pass's), pushed every pass or every second one
  (`kept_push`);
- `zipped`: a `Vec` of recurrent states, each written in place every pass by `*s = ..`
  through `states.iter_mut().zip(inputs.iter())`, in `main` or in a `&mut self` method of a
  struct holding them (`zipped_in`);
- `cleared`: a struct's `&mut self` method that both `clear()`s a `Vec` field and pushes onto
  it (`clear_order`: clear then push keeps this pass's tensor to the next, push then clear
  keeps nothing), the `Vec` read by `main` before the call or by the method itself before
  both (`cleared_read`).

The cut drawn for the hazard decides the twin: what is pushed or written detached (or a copy
of its data, or brought back from `inner()`), read detached, or nothing cut. Nothing here
predicts whether a program panics: the interpreter says.
"""

from __future__ import annotations

from dimensions import indent

KEPT_READS = ("rev_take", "fold", "index", "next", "last", "newest", "rev_next", "collect")
KEPT_ORDERS = ("after", "before", "both")
KEPT_SPANS = ("two", "three")
KEPT_FIRSTS = ("empty", "zeros")
KEPT_PUSHES = ("every", "alternate")
"""Whether every pass pushes, or every second one (a read of the newest then reaches, on a
pass that pushed none, what the pass before pushed)."""
ZIPPED_IN = ("main", "method")
CLEAR_ORDERS = ("clear_push", "push_clear")
CLEARED_READS = ("main", "method")


class KeptShapes:
    """The holders above, mixed into the generator's composer (which gives `pick`, `forward`,
    `loss`, `backward`, `loop`, `_item`, `shape`, and pass_shapes' `_counter_first`,
    `_kept`)."""

    def _read_kept(self, t: str) -> str:
        return f"{t}.clone().detach()" if self.shape["cut"] == "use" else f"{t}.clone()"

    def _kept_vec(self) -> list[str]:
        # Read before the pushes, a pass reads the one before's: every pass must run.
        self._whole_passes()
        start = self._counter_first()
        read = self.pick("kept_read", KEPT_READS)
        order = self.pick("kept_order", KEPT_ORDERS)
        first = self.pick("kept_first", KEPT_FIRSTS)
        zeros = "Tensor::<2>::zeros([2, 2], &device)"
        pre = ["let mut saved: Vec<Tensor<2>> = "
               + (f"vec![{zeros}];" if first == "zeros" else "Vec::new();")]
        item = self._kept(self.forward("x.clone()") + ".mul_scalar(k as f32 + 1.0)")
        every = ["for k in 0..2 {", f"    saved.push({item});", "}"]
        # Every second pass, the first included (a read at an index needs its pushes).
        alternate = [f"if step % 2 == {start % 2} {{", *indent(every), "}"]
        pushes = every if self.pick("kept_push", KEPT_PUSHES) == "every" else alternate
        term = "(t * w.clone()).sum()"
        if read in ("rev_take", "fold", "collect"):
            n = 2 if self.pick("kept_span", KEPT_SPANS) == "two" else 3
            if read == "rev_take":
                reads = [f"for t in saved.iter().rev().take({n}) {{",
                         f"    let t = {self._read_kept('t')};", f"    loss = loss + {term};",
                         "}"]
            elif read == "collect":
                reads = ["let recent: Vec<Tensor<2>> = "
                         f"saved.iter().rev().take({n}).cloned().collect();",
                         "for t in recent.iter() {",
                         f"    let t = {self._read_kept('t')};", f"    loss = loss + {term};",
                         "}"]
            else:
                reads = [f"loss = saved.iter().rev().take({n}).fold(loss, |acc, t| {{",
                         f"    let t = {self._read_kept('t')};", f"    acc + {term}",
                         "});"]
        elif read == "last":
            # `saved[saved.len() - n]`: read after the pushes, with enough below it on the
            # first pass (a zero made before the loop for n = 3), else it underflows.
            n = 2 if self.pick("kept_span", KEPT_SPANS) == "two" else 3
            self.shape["kept_order"] = order = "after"
            if n == 3:
                # Which element is third from the end, on a pass that pushed none, is a matter
                # of which passes pushed: every pass pushes.
                self.shape["kept_push"], pushes = "every", every
                self.shape["kept_first"] = first = "zeros"
                pre = [f"let mut saved: Vec<Tensor<2>> = vec![{zeros}];"]
            reads = [f"let t = {self._read_kept(f'saved[saved.len() - {n}]')};",
                     f"loss = loss + {term};"]
        elif read == "index":
            # The zero made before the loop is `saved[0]`; `saved[1]` is then the first pass's.
            i = self.pick("kept_index", ("0", "1"))
            if order != "after" and (first == "empty" or i == "1"):
                # Read before the first pass's pushes: out of bounds, a panic of another kind.
                self.shape["kept_order"] = order = "after"
            reads = [f"let t = {self._read_kept(f'saved[{i}]')};", f"loss = loss + {term};"]
        elif read in ("newest", "rev_next"):
            got = "saved.last()" if read == "newest" else "saved.iter().rev().next()"
            reads = [f"if let Some(t) = {got} {{",
                     f"    let t = {self._read_kept('t')};", f"    loss = loss + {term};", "}"]
        else:
            reads = ["if let Some(t) = saved.iter().next() {",
                     f"    let t = {self._read_kept('t')};", f"    loss = loss + {term};", "}"]
        fresh = self.loss(self.forward("x.clone()"), self.form("form"))
        body = [f"let mut loss = {fresh};"]
        body += {"before": reads + pushes, "after": pushes + reads,
                 "both": reads + pushes + reads}[order]
        body += self.backward("loss")
        before, lines = self.loop(body)
        return pre + before + lines

    def _zipped(self) -> list[str]:
        self._counter_first()
        cut = self.shape["cut"]
        if cut in ("data", "inner"):
            self.shape["cut"] = cut = "end"
        where = self.pick("zipped_in", ZIPPED_IN)
        zeros = "Tensor::<2>::zeros([2, 2], &device)"
        prev = "s.clone().detach()" if cut == "use" else "s.clone()"
        step = self.forward(f"{prev} + u.clone()")
        write = ["for (s, u) in STATES.iter_mut().zip(inputs.iter()) {",
                 f"    *s = {step};", "}"]
        end = ["for s in STATES.iter_mut() {", "    *s = s.clone().detach();", "}"] \
            if cut == "end" else []
        pre = ["let inputs = vec![x.clone(), y.clone()];"]
        if where == "method":
            # The forward reads `w` or `linear` as main names them: the method is given them.
            params, args = "inputs: &[Tensor<2>], w: &Tensor<2>", "&inputs, &w"
            if self.shape["tracked"] == "linear":
                params, args = params + ", linear: &Linear", args + ", &linear"
            lines = [line.replace("STATES", "self.states") for line in write + end]
            self._item("struct Recurrent {\n    states: Vec<Tensor<2>>,\n}")
            self._item("impl Recurrent {\n"
                       f"    fn advance(&mut self, {params}) -> Tensor<2> {{\n"
                       + "\n".join(indent(indent(lines))) + "\n"
                       "        self.states[0].clone() + self.states[1].clone()\n    }\n}")
            pre.append(f"let mut rnn = Recurrent {{ states: vec![{zeros}, {zeros}] }};")
            body = [f"let h = rnn.advance({args});",
                    *self.backward(self.loss("h", self.form("form")))]
            before, lines = self.loop(body)
            return pre + before + lines
        pre.append(f"let mut states: Vec<Tensor<2>> = vec![{zeros}, {zeros}];")
        body = [line.replace("STATES", "states") for line in write]
        body += [f"let mut loss = {self.loss('states[0].clone()')};",
                 "for s in states.iter().skip(1) {",
                 f"    loss = loss + {self.loss('s.clone()')};", "}",
                 *self.backward("loss")]
        before, lines = self.loop(body, [line.replace("STATES", "states") for line in end])
        return pre + before + lines

    def _cleared(self) -> list[str]:
        self._counter_first()
        order = self.pick("clear_order", CLEAR_ORDERS)
        reader = self.pick("cleared_read", CLEARED_READS)
        if self.shape["cut"] == "data":
            self.shape["cut"] = "end"  # the method has no device to copy the data to
        put = ["        self.items.clear();", f"        self.items.push({self._kept('t')});"]
        if order == "push_clear":
            put.reverse()
        walk = ["for old in ITEMS.iter() {",
                f"    total = total + {self._read_kept('old')};", "}"]
        self._item("struct Buffer {\n    items: Vec<Tensor<2>>,\n}")
        fresh = self.forward("x.clone()")
        if reader == "method":
            self._item("impl Buffer {\n"
                       "    fn record(&mut self, t: Tensor<2>) -> Tensor<2> {\n"
                       "        let mut total = t.clone();\n"
                       + "\n".join("        " + w.replace("ITEMS", "self.items") for w in walk)
                       + "\n" + "\n".join(put) + "\n        total\n    }\n}")
            body = [f"let total = buf.record({fresh});",
                    *self.backward(self.loss("total", self.form("form")))]
        else:
            self._item("impl Buffer {\n"
                       "    fn record(&mut self, t: Tensor<2>) {\n"
                       + "\n".join(put) + "\n    }\n}")
            body = [f"let h = {fresh};", "let mut total = h.clone();",
                    *[w.replace("ITEMS", "buf.items") for w in walk], "buf.record(h);",
                    *self.backward(self.loss("total", self.form("form")))]
        pre = ["let mut buf = Buffer { items: Vec::new() };"]
        before, lines = self.loop(body)
        return pre + before + lines
