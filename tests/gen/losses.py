"""Backwards within a pass (the `fresh`, `double`, `shared`, `parts` and `nonleaf` hazards): one
loss or two of one forward, a `Vec` of losses iterated, summed or walked (`losses`), a forward
cut into parts by `chunk` or `narrow`, `require_grad()` on a result. Mixed into
tests/gen/generator.py's composer."""

from __future__ import annotations

from dimensions import LOSSES, W, Y, indent


class Losses:
    """The hazards whose backwards a single pass makes (the composer gives `pick`, `forward`,
    `loss`, `backward`, `choose`, `loop`, `_walk`, `_item`, `_pre`, `shape`)."""

    def _fresh(self) -> list[str]:
        h = self.forward("x.clone()")
        if self.shape["cut"] == "use":
            h = f"{h}.detach()"
        chosen = self.choose("h.clone()", "x.clone()")
        body = [f"let h = {h};", f"let t = {chosen};", *self.backward(self.loss("t"))]
        before, lines = self.loop(body)
        return before + lines

    def _double(self) -> list[str]:
        losses = self.pick("losses", LOSSES["double"])
        h = self.forward("x.clone()")
        body = [f"let loss = {self.loss(h)};"]
        if losses == "vec":
            body += ["let losses = vec![loss.clone(), loss];", "for loss in losses {",
                     *indent(self.backward("loss")), "}"]
        else:
            body += self.backward("loss.clone()")
            if self.shape["cut"] == "recompute":
                body += [f"let again = {self.loss(self.forward('x.clone()'))};",
                         *self.backward("again")]
            else:
                body += self.backward("loss")
        if losses == "vec":
            self.shape["cut"] = "none"
        self.shape["branch"] = "none"
        before, lines = self.loop(body)
        return before + lines

    def _shared(self) -> list[str]:
        losses = self.pick("losses", LOSSES["shared"])
        cut = self.shape["cut"]
        h = self.forward("x.clone()")
        if cut == "def":
            h = self.detached(h)
        second = "h.clone().detach()" if cut == "use" else "h.clone()"
        body = [f"let h = {h};", "let l1 = (h.clone() * w.clone()).sum();",
                f"let l2 = ({second}.exp() * w.clone()).mean();"]
        if losses == "two":
            body += [*self.backward("l1"), *self.backward("l2")]
        elif losses == "summed":
            body += self.backward("l1 + l2")
        elif losses == "vec":
            body += ["let losses = vec![l1, l2];", "for loss in losses {",
                     *indent(self.backward("loss")), "}"]
        elif losses == "vec_summed":
            body += ["let losses = vec![l1, l2];",
                     "let total = losses.into_iter().reduce(|a, b| a + b).unwrap();",
                     *self.backward("total")]
        elif losses in ("vec_index", "vec_while", "vec_enumerate"):
            walk = {"vec_index": "index", "vec_while": "while_index"}.get(losses, "enumerate")
            head, tail, loss = self._walk(walk, "losses")
            body += ["let losses = vec![l1, l2];", *head, *indent(self.backward(loss)), *tail,
                     "}"]
        elif losses == "method_vec":
            # A method makes one loss per head by an iterator closure over `&h`; a counter
            # walks them.
            self._item("struct Heads {\n    ws: Vec<Tensor<2>>,\n}")
            self._item("impl Heads {\n"
                       "    fn losses(&self, h: &Tensor<2>) -> Vec<Tensor<1>> {\n"
                       "        self.ws.iter().map(|v| (h.clone() * v.clone()).sum()).collect()\n"
                       "    }\n}")
            leaf = "Tensor::<2>::from_floats({}, &device).require_grad()"
            self._pre(f"let heads = Heads {{ ws: vec![{leaf.format(W)}, {leaf.format(Y)}] }};")
            walk = self.pick("walk", ("index", "while_index", "enumerate"))
            head, tail, loss = self._walk(walk, "losses")
            given = "&h.clone().detach()" if cut == "use" else "&h"
            body = body[:1] + [f"let losses = heads.losses({given});", *head,
                               *indent(self.backward(loss)), *tail, "}"]
        else:  # iterated: a Vec of losses made by an iterator closure
            body = body[:1] + [
                "let losses: Vec<Tensor<1>> = (0..2)",
                f"    .map(|k| ({second} * w.clone()).sum() * (k as f32 + 1.0))",
                "    .collect();",
                "for loss in losses {", *indent(self.backward("loss")), "}",
            ]
        self.shape["branch"] = "none"
        before, lines = self.loop(body)
        return before + lines

    def _parts(self) -> list[str]:
        losses = self.pick("losses", LOSSES["parts"])
        cut = self.shape["cut"]
        h = self.forward("x.clone()")
        if cut == "def":
            h = self.detached(h)
        elif cut == "data":
            h = f"Tensor::<2>::from_data({h}.into_data(), &device)"
        body = [f"let h = {h};"]
        if losses == "chunk":
            body += ["for part in h.chunk(2, 0) {",
                     *indent(self.backward("(part * w.clone()).sum()")), "}"]
        elif losses == "narrow":
            body += ["for i in 0..2 {", "    let part = h.clone().narrow(0, i, 1);",
                     *indent(self.backward("(part * w.clone()).sum()")), "}"]
        else:
            body += ["let parts = h.chunk(2, 0);",
                     "let total = (parts[0].clone() * w.clone()).sum() "
                     "+ (parts[1].clone() * w.clone()).sum();",
                     *self.backward("total")]
        self.shape["branch"] = "none"
        before, lines = self.loop(body)
        return before + lines

    def _nonleaf(self) -> list[str]:
        cut = self.shape["cut"]
        h = self.forward("x.clone()")
        if cut == "detach":
            h = self.detached(h)
        elif cut == "data":
            h = f"Tensor::<2>::from_data({h}.into_data(), &device)"
        body = [f"let h = {h}.require_grad();", *self.backward(self.loss("h.clone()"))]
        self.shape["branch"] = "none"
        before, lines = self.loop(body)
        return before + lines
