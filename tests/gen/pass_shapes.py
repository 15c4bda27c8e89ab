"""Shapes of what one pass of a training loop leaves to the next, for tests/gen/generator.py.

Each is a holder of a hazard (`HOLDERS` there) written as training code writes it:

- `previous`, `previous_map` (state): an earlier pass's element of a collection the loop fills,
  `seen.push(feat.clone())` read back as `seen[step - 1]`, or `seen.insert(step, ..)` read back
  by `seen.get(&(step - 1))`, once a pass has gone by (`if step > 0`, `if step >= 1`);
- `boxed` (state): a `&mut self` trait method called through a `Box<dyn Trait>`, keeping the
  pass's tracked output in an `Option` field and adding the kept one to the next;
- books (any loop): what a pass keeps besides tensors (`BOOKS`);
- `accumulator` (state): a loss summed into a struct's field by one method and backpropagated
  by another, every pass or every second one (gradient accumulation);
- `running` (state): a running sum of the loss kept in a second variable, updated in one arm of
  a branch and scaled in the other, as a tensor, a detached tensor or an `f32`
  (`.into_scalar()`), then added to the next objective or only printed;
- `episodes` (state): REINFORCE's saved losses of an episode's steps, summed and
  backpropagated at its end, the `Vec` emptied or not before the next episode;
- `refresh` (cache): a forward made before the loop and made again only on some passes
  (`if step > 0`, `if step % 2 == 0`, `if step % 3 == 0`);
- `map_key` (cache): a `HashMap` of forwards keyed by `step % 2`, `step % 3` or `step`, filled
  when the key is missing (or filled at `step % 2` when `step` is missing);
- `minibatches` (cache): a forward sliced by a helper into a `Vec` of minibatch structs
  (`narrow`), every minibatch's slice backpropagated in every pass (PPO's old log-probs).

The cut drawn for the hazard decides the twin: what is kept detached (or a copy of its data,
or brought back from `inner()`), or nothing cut.
"""

from __future__ import annotations

from dimensions import indent

GUARDS = ("gt", "ge")
"""How a pass after the first is told: `step > first`, `step >= first + 1`."""
REFRESHES = ("after_first", "every_2", "every_3")
KEYS = ("mod_2", "mod_3", "step", "mod_2_at_step")
"""The key a pass fills the map at (and reads it at): `step % 2`, `step % 3`, `step`, or
`step % 2` read back at `step` (a key filled by an earlier pass is read only where they meet)."""
TAKES = ("clone", "take")
"""How a kept value is read back from an `Option` field: cloned (it stays) or taken."""
APPLIES = ("every", "odd")
"""When the accumulator is backpropagated: every pass, or every second one (the first and the
third: two losses summed between them)."""
RUNNING = ("objective", "logged")
"""What the running sum is for: added to the next objective, or only printed."""
BOOKS = ("none", "history", "counts", "phase")
"""What else a pass keeps, none of it a tensor: nothing, a `Vec<usize>` of the last steps, a
`HashMap` of counts by `step % 2`, an enum's phase."""


class PassShapes:
    """The holders above, mixed into the generator's composer (which gives `pick`, `forward`,
    `loss`, `backward`, `loop`, `_item`, `_pre`, `shape`, `uses`)."""

    def _counter_first(self) -> int:
        """The loop's counter on its first pass (a loop is made when there is none). These
        shapes choose no tensor by a branch: `branch` is none."""
        self.shape["branch"] = "none"
        if self.shape["loop"] == "none":
            self.shape["loop"] = "for"
        return {"for": 0, "while": 1, "loop": 1, "epochs": 0, "while_let": 0}[self.shape["loop"]]

    def _kept(self, expr: str) -> str:
        """`expr` as the cut stores it for a later pass."""
        cut = self.shape["cut"]
        if cut == "end":
            return f"{expr}.detach()"
        if cut == "data":
            return f"Tensor::<2>::from_data({expr}.into_data(), &device)"
        if cut == "inner":
            return f"Tensor::from_inner({expr}.inner())"
        return expr

    def _whole_passes(self) -> None:
        """No exit that skips the first pass or ends the loop after the second, and a counter
        read from the loop (not the values a `while let` pops): which pass refreshes, or meets
        a key again, is otherwise a matter of values no lint follows."""
        if self.shape["exit"] in ("continue_first", "break_second", "return_second"):
            self.shape["exit"] = "none"
        if self.shape["loop"] == "while_let":
            self.shape["loop"] = "for"

    def _later(self, first: int) -> str:
        guard = self.pick("guard", GUARDS)
        return f"step > {first}" if guard == "gt" else f"step >= {first + 1}"

    def _bookkeeping(self) -> tuple[list[str], list[str]]:
        """What a pass keeps besides tensors (`BOOKS`): the statements before the loop, and
        those first in each pass."""
        books = self.pick("books", BOOKS)
        if books == "history":
            return ["let mut recent: Vec<usize> = Vec::new();"], [
                "recent.push(step);", "if recent.len() > 2 {", "    recent.remove(0);", "}"]
        if books == "counts":
            self.uses.append("use std::collections::HashMap;")
            return ["let mut counts: HashMap<usize, usize> = HashMap::new();"], [
                "*counts.entry(step % 2).or_insert(0) += 1;"]
        if books == "phase":
            self._item("#[derive(Clone, Copy, Debug, PartialEq)]\n"
                       "enum Phase {\n    Warmup,\n    Train,\n}")
            return ["let mut phase = Phase::Warmup;"], [
                "if phase == Phase::Warmup && step > 1 {", "    phase = Phase::Train;", "}"]
        return [], []

    # -- state ---------------------------------------------------------------------------------

    def _previous(self, holder: str) -> list[str]:
        first = self._counter_first()
        cut = self.shape["cut"]
        back = "prev.detach()" if cut == "use" else "prev"
        loss = self.loss("feat.clone()", self.form("form"))
        if holder == "previous":
            if self.shape["exit"] == "continue_first":
                # A pass that pushes nothing would shift every later index.
                self.shape["exit"] = "none"
            pre = ["let mut seen: Vec<Tensor<2>> = Vec::new();"]
            read = [f"    let prev = seen[step - {first + 1}].clone();",
                    f"    loss = loss + ({back} * w.clone()).sum();"]
            put = f"seen.push({self._kept('feat.clone()')});"
        else:
            self.uses.append("use std::collections::HashMap;")
            pre = ["let mut seen: HashMap<usize, Tensor<2>> = HashMap::new();"]
            read = ["    if let Some(prev) = seen.get(&(step - 1)) {",
                    "        let prev = prev.clone();",
                    f"        loss = loss + ({back} * w.clone()).sum();", "    }"]
            put = f"seen.insert(step, {self._kept('feat.clone()')});"
        body = [f"let feat = {self.forward('x.clone()')};", put, f"let mut loss = {loss};",
                f"if {self._later(first)} {{", *read, "}", *self.backward("loss")]
        before, lines = self.loop(body)
        return pre + before + lines

    def _boxed(self) -> list[str]:
        self._counter_first()
        cut = self.shape["cut"]
        if cut == "data":
            self.shape["cut"] = cut = "end"
        take = self.pick("take", TAKES)
        params, args = "x: &Tensor<2>, w: &Tensor<2>", "&x, &w"
        if self.shape["tracked"] == "linear":
            params, args = params + ", linear: &Linear", args + ", &linear"
        back = "prev.detach()" if cut == "use" else "prev"
        kept = {"end": "h.clone().detach()", "inner": "Tensor::from_inner(h.clone().inner())"}
        self._item(f"trait Policy {{\n    fn act(&mut self, {params}) -> Tensor<1>;\n}}")
        self._item("struct Agent {\n    last: Option<Tensor<2>>,\n}")
        read = "self.last.take()" if take == "take" else "self.last.clone()"
        self._item(
            "impl Policy for Agent {\n"
            f"    fn act(&mut self, {params}) -> Tensor<1> {{\n"
            f"        let h = {self.forward('x.clone()')};\n"
            f"        let out = match {read} {{\n"
            f"            Some(prev) => h.clone() + {back},\n"
            "            None => h.clone(),\n"
            "        };\n"
            f"        self.last = Some({kept.get(cut, 'h')});\n"
            "        (out * w.clone()).sum()\n"
            "    }\n}"
        )
        pre = ["let mut agent: Box<dyn Policy> = Box::new(Agent { last: None });"]
        body = [f"let loss = agent.act({args});", *self.backward("loss")]
        before, lines = self.loop(body)
        return pre + before + lines

    def _accumulator(self) -> list[str]:
        first = self._counter_first()
        cut = self.shape["cut"]
        if cut in ("data", "inner"):
            self.shape["cut"] = cut = "end"
        self.shape["site"] = "method"
        apply = self.pick("apply", APPLIES)
        if apply == "odd" and self.shape["exit"] != "break_last":
            # Applied on the first pass and the third: an exit that ends the loop early (or a
            # skipped first pass) would leave one backward, a matter of the counter's values.
            self.shape["exit"] = "none"
        read = "self.total.take()" if cut == "use" else "self.total.clone()"
        after = "        self.total = self.total.take().map(|t| t.detach());\n" if cut == "end" \
            else ""
        self._item("struct Accumulator {\n    total: Option<Tensor<1>>,\n}")
        self._item(
            "impl Accumulator {\n"
            "    fn add(&mut self, loss: Tensor<1>) {\n"
            "        self.total = Some(match self.total.take() {\n"
            "            Some(total) => total + loss,\n"
            "            None => loss,\n"
            "        });\n"
            "    }\n\n"
            "    fn apply(&mut self, w: &Tensor<2>) -> bool {\n"
            f"        let total = match {read} {{\n"
            "            Some(total) => total,\n"
            "            None => return false,\n"
            "        };\n"
            "        let grads = total.backward();\n"
            f"{after}"
            "        w.grad(&grads).is_some()\n"
            "    }\n}"
        )
        pre = ["let mut acc = Accumulator { total: None };"]
        loss = self.loss(self.forward("x.clone()"), self.form("form"))
        body = [f"acc.add({loss});"]
        if apply == "every":
            body += ['println!("applied: {}", acc.apply(&w));']
        else:
            body += [f"if step % 2 == {first % 2} {{",
                     '    println!("applied: {}", acc.apply(&w));', "}"]
        before, lines = self.loop(body)
        return pre + before + lines

    def _running(self) -> list[str]:
        first = self._counter_first()
        cut = self.shape["cut"]
        if self.shape["exit"] == "continue_first":
            # The add is taken on the passes of one parity: skipping the first would leave
            # whether a pass after it backpropagates the sum to the counter's arithmetic.
            self.shape["exit"] = "none"
        purpose = self.pick("running", RUNNING)
        loss = self.loss(self.forward("x.clone()"), self.form("form"))
        if cut == "data":
            pre = ["let mut running = 0.0f32;"]
            add = "running += loss.clone().into_scalar::<f32>();"
            scale = "running *= 0.5;"
            objective = "loss.add_scalar(running * 0.1)"
            logged = "running"
        else:
            pre = ["let mut running = Tensor::<1>::zeros([1], &device);"]
            added = "loss.clone().detach()" if cut == "use" else "loss.clone()"
            add = f"running = running + {added};"
            scale = "running = running.mul_scalar(0.5);"
            objective = "loss + running.clone().mul_scalar(0.1)"
            logged = "running.clone().into_scalar::<f32>()"
        end = ["running = running.detach();"] if cut in ("end", "inner") else []
        if cut == "inner":
            self.shape["cut"] = "end"
        body = [f"let loss = {loss};",
                f"if step % 2 == {first % 2} {{", f"    {add}", "} else {", f"    {scale}", "}"]
        if purpose == "objective":
            body += [f"let objective = {objective};", *self.backward("objective")]
        else:
            body += [*self.backward("loss"), f'println!("running: {{}}", {logged});']
        before, lines = self.loop(body, end)
        return pre + before + lines

    def _episodes(self) -> list[str]:
        """REINFORCE: each episode's steps push a loss into `saved`, the episode's sum is
        backpropagated, and `saved` is emptied (`clear()`, a new `Vec`) or not."""
        self._counter_first()
        cut = self.shape["cut"]
        if cut in ("data", "inner"):
            self.shape["cut"] = cut = "end"
        loss = self.loss(self.forward("x.clone()"), self.form("form"))
        pre = ["let mut saved: Vec<Tensor<1>> = Vec::new();"]
        body = ["for t in 0..2 {", f"    saved.push({loss}.mul_scalar(t as f32 + 1.0));", "}",
                "let mut total = saved[0].clone();",
                "for l in saved.iter().skip(1) {", "    total = total + l.clone();", "}",
                *self.backward("total")]
        end = {"end": ["saved.clear();"], "use": ["saved = Vec::new();"]}.get(cut, [])
        before, lines = self.loop(body, end)
        return pre + before + lines

    # -- cache ---------------------------------------------------------------------------------

    def _refresh(self, made: str, used) -> list[str]:
        self._whole_passes()
        first = self._counter_first()
        when = self.pick("refresh", REFRESHES)
        cond = {"after_first": f"step > {first}", "every_2": "step % 2 == 0",
                "every_3": "step % 3 == 0"}[when]
        end = ["feat = feat.detach();"] if self.shape["cut"] == "end" else []
        pre = [f"let mut feat = {made};"]
        body = [f"if {cond} {{", f"    feat = {made};", "}", f"let f = {used('feat.clone()')};",
                *self.backward(self.loss("f", self.form("form")))]
        before, lines = self.loop(body, end)
        return pre + before + lines

    def _map_key(self, made: str, used) -> list[str]:
        self._whole_passes()
        self._counter_first()
        if self.shape["cut"] == "end":
            self.shape["cut"] = "none"
        key = self.pick("key", KEYS)
        self.uses.append("use std::collections::HashMap;")
        pre = ["let mut cache: HashMap<usize, Tensor<2>> = HashMap::new();"]
        read = "step" if key == "mod_2_at_step" else "key"
        made_at = {"mod_2": "step % 2", "mod_3": "step % 3", "mod_2_at_step": "step % 2"}
        body = [f"let key = {made_at.get(key, 'step')};",
                f"let feat = match cache.get(&{read}) {{", f"    Some(t) => {used('t.clone()')},",
                "    None => {", f"        let t = {made};",
                "        cache.insert(key, t.clone());", "        t", "    }", "};",
                *self.backward(self.loss("feat", self.form("form")))]
        before, lines = self.loop(body)
        return pre + before + lines

    def _minibatches(self, made_of, used) -> list[str]:
        self.shape["branch"] = "none"
        if self.shape["cut"] == "end":
            self.shape["cut"] = "none"
        self._item("struct Minibatch {\n    old: Tensor<2>,\n    x: Tensor<2>,\n}")
        self._item(
            "fn minibatches(old: &Tensor<2>, x: &Tensor<2>) -> Vec<Minibatch> {\n"
            "    (0..2)\n"
            "        .map(|i| Minibatch {\n"
            "            old: old.clone().narrow(0, i, 1),\n"
            "            x: x.clone().narrow(0, i, 1),\n"
            "        })\n"
            "        .collect()\n}"
        )
        pre = [f"let old = {made_of('x.clone()')};", "let batches = minibatches(&old, &x);"]
        new = self.forward("mb.x.clone()")
        body = ["for mb in batches.iter() {", f"    let new = {new};",
                f"    let ratio = (new - {used('mb.old.clone()')}).exp();",
                *indent(self.backward("ratio.matmul(w.clone()).sum()")), "}"]
        before, lines = self.loop(body)
        return pre + before + lines
