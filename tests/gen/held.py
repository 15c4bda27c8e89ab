"""Tensors held across passes (the `cache` and `state` hazards): where the reused tensor lives
(`holder`), where it is cut (`cut`), the `Vec`s that hold it and how a loop walks them (`walk`,
`elements`), and whether the loop is in `main` or a helper taking `&Tensor` parameters
(`home`). Mixed into tests/gen/generator.py's composer; the holders that span passes in other
ways are tests/gen/pass_shapes.py's."""

from __future__ import annotations

from dimensions import ELEMENTS, HOLDERS, HOMES, WALKS, indent


class Held:
    """The cache and state hazards (the composer gives `pick`, `forward`, `loss`, `backward`,
    `choose`, `loop`, `form`, `_item`, `shape`, `parts`, and pass_shapes' holders)."""

    def _cache(self) -> list[str]:
        holder = self.pick("holder", HOLDERS["cache"])
        cut = self.shape["cut"]
        if cut == "valid" and self.shape["tracked"] != "linear":
            self.shape["cut"] = cut = "inner"

        def made_of(a: str) -> str:
            if cut == "valid":
                # The module without autodiff, on the input's inner tensor: data, brought back.
                inner = a.replace("x.clone()", "x.clone().inner()")
                return f"Tensor::from_inner(linear.valid().forward({inner}).tanh())"
            made = self.forward(a)
            if cut == "def":
                return self.detached(made)
            if cut == "inner":
                return f"Tensor::from_inner({made}.inner())"
            if cut == "data":
                return f"Tensor::<2>::from_data({made}.into_data(), &device)"
            if cut == "releaf":
                return f"Tensor::<2>::from_data({made}.into_data(), &device).require_grad()"
            return made

        made = made_of("x.clone()")

        def used(expr: str) -> str:
            return f"{expr}.detach()" if cut == "use" else expr

        pre: list[str] = []
        end: list[str] = []
        if holder in ("vec_collect", "vec_push"):
            return self._cache_vec(holder, made_of, used)
        if holder == "refresh":
            return self._refresh(made, used)
        if holder == "map_key":
            return self._map_key(made, used)
        if holder == "minibatches":
            return self._minibatches(made_of, used)
        if holder == "let":
            pre = [f"let {'mut ' if cut == 'end' else ''}feat = {made};"]
            reused = used("feat.clone()")
            end = ["feat = feat.detach();"] if cut == "end" else []
        elif holder == "field":
            self._item("struct Cache {\n    feat: Tensor<2>,\n}")
            pre = [f"let {'mut ' if cut == 'end' else ''}cache = Cache {{ feat: {made} }};"]
            reused = used("cache.feat.clone()")
            end = ["cache.feat = cache.feat.clone().detach();"] if cut == "end" else []
        elif holder == "option":
            pre = [f"let {'mut ' if cut == 'end' else ''}cached: Option<Tensor<2>> = Some({made});"]
            reused = used("cached.clone().unwrap()")
            end = ["cached = cached.map(|t| t.detach());"] if cut == "end" else []
        elif holder == "tuple":
            pre = [f"let {'mut ' if cut == 'end' else ''}pair = ({made}, x.clone());"]
            reused = used("pair.0.clone()")
            end = ["pair = (pair.0.clone().detach(), pair.1.clone());"] if cut == "end" else []
        elif holder == "capture":
            if cut == "end":
                self.shape["cut"] = cut = "none"
            pre = [f"let feat = {made};", "let features = || feat.clone();"]
            reused = used("features()")
        else:  # lazy: an Option filled on the first pass
            if self.shape["loop"] == "none":
                self.shape["loop"] = "for"
            pre = ["let mut cached: Option<Tensor<2>> = None;"]
            fill = ["if cached.is_none() {", f"    cached = Some({made});", "}"]
            reused = used("cached.clone().unwrap()")
            end = ["cached = cached.map(|t| t.detach());"] if cut == "end" else []
            chosen = self.choose(reused, self.forward("x.clone()"))
            body = [*fill, f"let f = {chosen};", *self.backward(self.loss("f"))]
            return self._home(pre, body, end)
        chosen = self.choose(reused, self.forward("x.clone()"))
        body = [f"let f = {chosen};", *self.backward(self.loss("f", self.form("form")))]
        return self._home(pre, body, end)

    def _home(self, pre: list[str], body: list[str], end: list[str]) -> list[str]:
        """The loop in main, or (a `let` cache, a backward that needs nothing made in main) in a
        helper taking `&Tensor` parameters."""
        home = self.pick("home", HOMES)
        simple = (
            self.shape.get("holder") == "let"
            and self.shape["cut"] != "end"
            and self.shape["site"] in ("inline", "function", "module", "macro", "assert")
            and self.shape["tracked"] != "linear"
            and self.shape["loop"] != "none"
        )
        if home == "main" or not simple:
            self.shape["home"] = "main"
            before, lines = self.loop(body, end)
            return pre + before + lines
        before, lines = self.loop(body, end)
        helper = [
            "fn train(feat: &Tensor<2>, w: &Tensor<2>, x: &Tensor<2>, y: &Tensor<2>) {",
            *indent(before + lines), "}",
        ]
        # In the helper, the names are references: clone through them as main would.
        self.parts.items.append("\n".join(helper))
        return [*pre, "train(&feat, &w, &x, &y);"]

    def _cache_vec(self, holder: str, made_of, used) -> list[str]:
        walk = self.pick("walk", WALKS)
        cut = self.shape["cut"]
        if cut == "end":
            self.shape["cut"] = cut = "none"
        item = made_of("x.clone() * scale")
        pre = ["let scales = vec![1.0, 0.5];", "let targets = vec![x.clone(), y.clone()];"]
        if holder == "vec_collect":
            pre.append("let feats: Vec<Tensor<2>> = scales")
            pre.append("    .iter()")
            pre.append(f"    .map(|&scale| {item})")
            pre.append("    .collect();")
        else:
            pre += ["let mut feats = Vec::new();", "for &scale in scales.iter() {",
                    f"    feats.push({item});", "}"]
        elements = self.pick("elements", ELEMENTS)
        name = "feats"
        if elements == "losses":
            # Losses made once, before the loop, of the forwards: the walk backpropagates them.
            name = "losses"
            if cut == "use":
                self.shape["cut"] = cut = "none"  # a detached loss has no graph to walk
            pre += ["let losses: Vec<Tensor<1>> = feats",
                    "    .iter()",
                    f"    .map(|f| {self.loss('f.clone()', self.form('form'))})",
                    "    .collect();"]
        head, tail, f = self._walk(walk, name)
        if walk == "zip":
            loss = "((t - target.clone()) * w.clone()).sum()"
        else:
            loss = self.loss("t", self.form("form"))
        if elements == "losses":
            loss = "t"
            fresh = self.loss(self.forward("x.clone()"))
        else:
            fresh = self.forward("x.clone()")
        chosen = self.choose(used(f) if cut == "use" else f, fresh)
        body = [*head, f"    let t = {chosen};", *indent(self.backward(loss)), *tail, "}"]
        self.shape["home"] = "main"
        before, lines = self.loop(body)
        return pre + before + lines

    def _walk(self, walk: str, name: str) -> tuple[list[str], list[str], str]:
        """The head of a loop walking the `Vec` `name`, the statements that end each of its
        passes, and the expression of the element a pass takes."""
        if walk == "iter":
            return [f"for f in {name}.iter() {{"], [], "f.clone()"
        if walk == "zip":
            return [f"for (f, target) in {name}.iter().zip(targets.iter()) {{"], [], "f.clone()"
        if walk == "enumerate":
            return [f"for (i, f) in {name}.iter().enumerate() {{"], [], "f.clone()"
        if walk == "while_index":
            return (["let mut i = 0;", f"while i < {name}.len() {{"], ["    i += 1;"],
                    f"{name}[i].clone()")
        return [f"for i in 0..{name}.len() {{"], [], f"{name}[i].clone()"

    def _state(self) -> list[str]:
        holder = self.pick("holder", HOLDERS["state"])
        if holder in ("previous", "previous_map"):
            return self._previous(holder)
        if holder in ("boxed", "accumulator", "running", "episodes", "zipped", "cleared"):
            return getattr(self, "_" + holder)()
        if holder == "kept":
            return self._kept_vec()
        cut = self.shape["cut"]
        if self.shape["loop"] == "none":
            self.shape["loop"] = "for"
        zeros = "Tensor::<2>::zeros([2, 2], &device)"

        def step(prev: str) -> str:
            if cut == "use":
                prev = f"{prev}.detach()"
            return self.forward(f"{prev} + x.clone()")

        def stored(expr: str) -> str:
            if cut == "end":
                return f"{expr}.detach()"
            if cut == "data":
                return f"Tensor::<2>::from_data({expr}.into_data(), &device)"
            if cut == "inner":
                return f"Tensor::from_inner({expr}.inner())"
            return expr

        pre: list[str]
        end: list[str] = []
        if holder == "let":
            pre = [f"let mut h = {zeros};"]
            body = [f"h = {step('h.clone()')};", *self.backward(self.loss("h.clone()"))]
            if cut in ("end", "data", "inner"):
                end = [f"h = {stored('h')};"]
        elif holder == "field":
            self._item("struct State {\n    h: Tensor<2>,\n}")
            pre = [f"let mut state = State {{ h: {zeros} }};"]
            body = [f"state.h = {step('state.h.clone()')};",
                    *self.backward(self.loss("state.h.clone()"))]
            if cut in ("end", "data", "inner"):
                end = [f"state.h = {stored('state.h.clone()')};"]
        elif holder == "option":
            pre = ["let mut h: Option<Tensor<2>> = None;"]
            body = ["let prev = match h.clone() {", "    Some(t) => t,", f"    None => {zeros},",
                    "};", f"let next = {step('prev')};",
                    *self.backward(self.loss("next.clone()")), f"h = Some({stored('next')});"]
        elif holder == "vec":
            pre = [f"let mut history: Vec<Tensor<2>> = vec![{zeros}];"]
            body = ["let prev = history[history.len() - 1].clone();", f"let next = {step('prev')};",
                    *self.backward(self.loss("next.clone()")),
                    f"history.push({stored('next')});"]
        elif holder == "tuple":
            pre = [f"let mut state = ({zeros}, {zeros});"]
            body = ["let c = state.1.clone() + " + step("state.0.clone()") + ";",
                    "let h = c.clone().tanh();", *self.backward(self.loss("h.clone()")),
                    f"state = ({stored('h')}, {stored('c')});"]
        elif holder == "capture":
            inner = step("h.clone()")
            pre = [f"let mut h = {zeros};", "let mut advance = |x: &Tensor<2>| {",
                   f"    h = {inner};", "    let out = h.clone();"]
            if cut in ("end", "data", "inner"):
                pre.append(f"    h = {stored('h.clone()')};")
            pre += ["    out", "};"]
            body = ["let out = advance(&x);", *self.backward(self.loss("out"))]
        else:  # accumulate: every pass's output pushed, the loss over all of them
            if cut == "use":
                self.shape["cut"] = cut = "none"
            pre = ["let mut saved: Vec<Tensor<2>> = Vec::new();"]
            body = [f"saved.push({stored(self.forward('x.clone()'))});",
                    "let mut total = saved[0].clone();",
                    "for t in saved.iter().skip(1) {", "    total = total + t.clone();", "}",
                    *self.backward(self.loss("total"))]
        self.shape["branch"] = "none"
        before, lines = self.loop(body, end)
        return pre + before + lines
