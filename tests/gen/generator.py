"""A seeded generator of Burn 0.22 training programs inside the subset pbpit's interpreter runs.

A program is not picked from a list: it is composed from independent dimensions, each drawn
from the seed (`DIMENSIONS` names them and their values):

- `hazard`: what the program does with a tracked tensor across backwards: a forward made once
  and reused (`cache`), state carried from pass to pass (`state`), one loss backpropagated twice
  (`double`), two losses of one forward (`shared`), one forward cut into parts each
  backpropagated (`parts`), `require_grad()` on a result (`nonleaf`), or a forward made afresh
  each pass (`fresh`);
- `holder`: where the reused tensor lives (a `let`, a struct field, an `Option`, a `Vec` built by
  `collect` or `push`, a tuple, a closure's capture, an `Option` filled on the first pass), and
  the shapes of what one pass leaves to the next (tests/gen/pass_shapes.py: an earlier pass's
  element of a `Vec` or `HashMap` the loop fills, an `Option` field of a `Box<dyn Trait>`, an
  accumulator field, a running sum of the loss, a forward refreshed on some passes, a
  `HashMap` keyed by `step % k`, minibatch structs sliced by a helper);
- `cut`: what severs it from the tape, and where (`detach` at its definition, at its use, at
  the end of a pass; `inner()`/`from_inner`; a data copy; a re-created leaf; or nothing);
- `tracked`: what the forward reads (a parameter, a `Linear`, or data only); `leaf`: how the
  parameter is made (in `main`, by a helper, through `inner()`/`from_inner`, out of an
  `Option` by `as_ref().map(..)`); `body`, `form`: how the forward reads it, the loss's form;
- `books`: what else a pass keeps, none of it a tensor (a `Vec<usize>` of steps, a `HashMap`
  of counts, an enum's phase);
- `forward`: how it is written (inline, a function taking `&Tensor`, one taking tensors);
- `site`: where the backward is (inline, a free function, a method, a trait impl, a closure,
  an inline module, inside `println!`'s or `assert!`'s arguments);
- `losses`: how losses are backpropagated (one, two, a `Vec` iterated, summed, built by an
  iterator closure);
- `loop`, `exit`, `branch`, `walk`, `home`: the loop (`for`, `while`, `loop`, epochs x batches,
  `while let Some(step) = order.pop()`, none), an early exit (`break`, `continue`, `return`),
  a first-pass branch or a `match` choosing the tensor (a first pass told by a test of the
  counter, a `match` on it, a flag cleared as each pass ends, the tensor bound before the
  test), how a `Vec` is walked (`iter`,
  `zip`, indexing by a `for` range's or a `while` loop's counter, `enumerate`) and what it
  holds (forwards or losses), and whether the loop is in `main` or in a helper taking
  `&Tensor` parameters.

Every draw is a named dimension, drawn from a stream of the seed and its name alone: a value
added to one dimension changes no other's draws, and a program's `shape` given back pinned
makes it again (`generate`; the fixed sample is kept that way, tests/gen/sample.py).

Nothing here predicts whether a program panics: the interpreter running it is the oracle
(tests/test_generated_agree.py, tools/gen_agree.py). Each program is valid Rust as rustc reads
it with Burn 0.22 (clones where a value is used twice), so that a refusal by the interpreter is
a bug of this generator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pass_shapes import PassShapes

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
              "previous_map", "boxed", "accumulator", "running", "episodes"),
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


@dataclass
class Program:
    """One generated program: its seed, the value of each dimension, and its text."""

    seed: int
    shape: dict[str, str]
    text: str


@dataclass
class _Parts:
    items: list[str] = field(default_factory=list)
    uses: set[str] = field(default_factory=set)
    pre: list[str] = field(default_factory=list)


class _Composer(PassShapes):
    def __init__(self, seed: int, fixed: dict[str, str] | None, pinned: bool) -> None:
        self.seed = seed
        self.fixed = dict(fixed or {})
        self.pinned = pinned
        self.shape: dict[str, str] = {}
        self.parts = _Parts()
        self.flag = False
        self.uses: list[str] = []

    def pick(self, name: str, values: tuple[str, ...]) -> str:
        """The value of dimension `name`: the fixed one, or drawn from a stream of the seed and
        the name alone, so that a value added to one dimension changes no other's draws. A
        pinned program takes a dimension it does not name at its first value: a dimension
        added later starts with what programs did before it."""
        if name in self.fixed:
            value = self.fixed[name]
            if value not in values:
                raise ValueError(f"{name}={value} is not one of {', '.join(values)}")
        elif self.pinned:
            value = values[0]
        else:
            value = random.Random(f"{self.seed}:{name}").choice(values)
        self.shape[name] = value
        return value

    def form(self, name: str) -> int:
        """Which of `loss`'s two forms a loss takes (`FORMS`), drawn as a dimension."""
        return FORMS.index(self.pick(name, FORMS))

    # -- the forward, the loss, the backward -------------------------------------------------

    def forward(self, a: str) -> str:
        """The forward of the owned tensor expression `a` (a `[2, 2]` tensor)."""
        tracked, style = self.shape["tracked"], self.shape["forward"]
        if tracked == "linear":
            body = "linear.forward({a}).tanh()"
        elif tracked == "param":
            body = self._param_body
        else:
            body = "{a}.exp().tanh()"
        if style == "inline":
            return body.format(a=f"({a})" if " " in a else a)
        if style == "ref_fn":
            if tracked == "linear":
                return f"encode(&({a}), &linear)"
            if tracked == "param":
                return f"encode(&({a}), &w)"
            return f"encode(&({a}))"
        if tracked == "linear":
            return f"encode({a}, &linear)"
        if tracked == "param":
            return f"encode({a}, w.clone())"
        return f"encode({a})"

    def forward_item(self) -> None:
        tracked, style = self.shape["tracked"], self.shape["forward"]
        if style == "inline":
            return
        if tracked == "linear":
            body = "linear.forward({a}).tanh()"
            if style == "ref_fn":
                sig, a = "x: &Tensor<2>, linear: &Linear", "x.clone()"
            else:
                sig, a = "x: Tensor<2>, linear: &Linear", "x"
        elif tracked == "param":
            body = self._param_body.replace("w.clone()", "w")
            if style == "ref_fn":
                body = self._param_body
                sig, a = "x: &Tensor<2>, w: &Tensor<2>", "x.clone()"
            else:
                sig, a = "x: Tensor<2>, w: Tensor<2>", "x"
        else:
            body = "{a}.exp().tanh()"
            sig, a = ("x: &Tensor<2>", "x.clone()") if style == "ref_fn" else ("x: Tensor<2>", "x")
        self.parts.items.append(
            f"fn encode({sig}) -> Tensor<2> {{\n    {body.format(a=a)}\n}}"
        )

    def loss(self, t: str, variant: int = 0) -> str:
        """A scalar loss of the tensor expression `t` that always reaches the parameter `w`."""
        if variant % 2 == 0:
            return f"({t} * w.clone()).sum()"
        return f"({t}.matmul(w.clone()) - y.clone()).powf_scalar(2.0).mean()"

    def backward(self, loss: str) -> list[str]:
        """Statements that backpropagate the loss expression `loss` at the drawn site."""
        site = self.shape["site"]
        loss = _atom(loss)
        if site == "inline":
            return [f"let grads = {loss}.backward();",
                    'println!("w has grad: {}", w.grad(&grads).is_some());']
        if site == "function":
            self._item("fn backprop(loss: Tensor<1>, w: &Tensor<2>) -> bool {\n"
                       "    let grads = loss.backward();\n"
                       "    w.grad(&grads).is_some()\n}")
            return [f"let updated = backprop({loss}, &w);", 'println!("updated: {updated}");']
        if site == "method":
            self._item("struct Trainer {\n    steps: usize,\n}")
            self._item("impl Trainer {\n"
                       "    fn step(&mut self, loss: Tensor<1>) {\n"
                       "        let _grads = loss.backward();\n"
                       "        self.steps += 1;\n    }\n}")
            self._pre("let mut trainer = Trainer { steps: 0 };")
            return [f"trainer.step({loss});", 'println!("steps: {}", trainer.steps);']
        if site == "trait":
            self._item("trait Learner {\n    fn learn(&self, loss: Tensor<1>) -> f32;\n}")
            self._item("struct Sgd {\n    lr: f32,\n}")
            self._item("impl Learner for Sgd {\n"
                       "    fn learn(&self, loss: Tensor<1>) -> f32 {\n"
                       "        let value = loss.clone().into_scalar::<f32>();\n"
                       "        let _grads = loss.backward();\n"
                       "        value * self.lr\n    }\n}")
            self._pre("let learner = Sgd { lr: 0.1 };")
            return [f"let scaled = learner.learn({loss});", 'println!("scaled loss: {scaled}");']
        if site == "closure":
            self._pre("let backprop = |loss: Tensor<1>| {\n"
                      "        let grads = loss.backward();\n"
                      "        w.grad(&grads).is_some()\n    };")
            return [f"let updated = backprop({loss});", 'println!("updated: {updated}");']
        if site == "module":
            self._item("mod train {\n    use burn::prelude::*;\n\n"
                       "    pub fn backprop(loss: Tensor<1>) -> f32 {\n"
                       "        let value = loss.clone().into_scalar::<f32>();\n"
                       "        let _grads = loss.backward();\n"
                       "        value\n    }\n}")
            return [f"let value = train::backprop({loss});", 'println!("loss: {value}");']
        if site == "assert":
            # True whether or not the loss reaches `w`: only a backward's panic fails it.
            return [f"assert!(w.grad(&{loss}.backward()).map_or(true, |g| g.dims() == [2, 2]));"]
        # inside a macro's arguments
        return [f'println!("w has grad: {{}}", w.grad(&{loss}.backward()).is_some());']

    def _item(self, text: str) -> None:
        if text not in self.parts.items:
            self.parts.items.append(text)

    def _pre(self, text: str) -> None:
        if text not in self.parts.pre:
            self.parts.pre.append(text)

    # -- the loop ------------------------------------------------------------------------------

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
            return flag, ["for step in 0..3 {", *_indent(inner), "}"]
        if kind == "while_let":
            # The steps popped off a stack made in order: 0, 1, 2.
            return ["let mut order: Vec<usize> = (0..3).rev().collect();", *flag], [
                "while let Some(step) = order.pop() {", *_indent(inner), "}"]
        if kind == "while":
            head = ["while step < 3 {", "    step += 1;"]
            return ["let mut step = 0;", *flag], [*head, *_indent(inner), "}"]
        if kind == "loop":
            return ["let mut step = 0;", *keep], [
                "loop {", "    step += 1;", "    if step > 3 {", "        break;", "    }",
                *_indent(inner), "}",
            ]
        return keep, [
            "for epoch in 0..2 {", "    for batch in 0..2 {",
            "        let step = epoch * 2 + batch;", *_indent(_indent(inner)), "    }", "}",
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

    # -- the hazards ----------------------------------------------------------------------------

    def build(self) -> Program:
        for name, values in DIMENSIONS.items():
            self.pick(name, values)
        self._param_body = BODIES[self.pick("body", tuple(BODIES))]
        hazard = self.shape["hazard"]
        self.pick("cut", CUTS[hazard] + ("none",))  # nothing cut: twice as likely
        self.forward_item()
        lines = getattr(self, "_" + hazard)()
        return Program(self.seed, dict(self.shape), self._text(lines))

    def _fresh(self) -> list[str]:
        h = self.forward("x.clone()")
        if self.shape["cut"] == "use":
            h = f"{h}.detach()"
        chosen = self.choose("h.clone()", "x.clone()")
        body = [f"let h = {h};", f"let t = {chosen};", *self.backward(self.loss("t"))]
        before, lines = self.loop(body)
        return before + lines

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
                return f"{made}.detach()"
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
            *_indent(before + lines), "}",
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
        body = [*head, f"    let t = {chosen};", *_indent(self.backward(loss)), *tail, "}"]
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
        if holder in ("boxed", "accumulator", "running", "episodes"):
            return getattr(self, "_" + holder)()
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

    def _double(self) -> list[str]:
        losses = self.pick("losses", LOSSES["double"])
        h = self.forward("x.clone()")
        body = [f"let loss = {self.loss(h)};"]
        if losses == "vec":
            body += ["let losses = vec![loss.clone(), loss];", "for loss in losses {",
                     *_indent(self.backward("loss")), "}"]
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
            h = f"{h}.detach()"
        second = "h.clone().detach()" if cut == "use" else "h.clone()"
        body = [f"let h = {h};", "let l1 = (h.clone() * w.clone()).sum();",
                f"let l2 = ({second}.exp() * w.clone()).mean();"]
        if losses == "two":
            body += [*self.backward("l1"), *self.backward("l2")]
        elif losses == "summed":
            body += self.backward("l1 + l2")
        elif losses == "vec":
            body += ["let losses = vec![l1, l2];", "for loss in losses {",
                     *_indent(self.backward("loss")), "}"]
        elif losses == "vec_summed":
            body += ["let losses = vec![l1, l2];",
                     "let total = losses.into_iter().reduce(|a, b| a + b).unwrap();",
                     *self.backward("total")]
        elif losses in ("vec_index", "vec_while", "vec_enumerate"):
            walk = {"vec_index": "index", "vec_while": "while_index"}.get(losses, "enumerate")
            head, tail, loss = self._walk(walk, "losses")
            body += ["let losses = vec![l1, l2];", *head, *_indent(self.backward(loss)), *tail,
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
                               *_indent(self.backward(loss)), *tail, "}"]
        else:  # iterated: a Vec of losses made by an iterator closure
            body = body[:1] + [
                "let losses: Vec<Tensor<1>> = (0..2)",
                f"    .map(|k| ({second} * w.clone()).sum() * (k as f32 + 1.0))",
                "    .collect();",
                "for loss in losses {", *_indent(self.backward("loss")), "}",
            ]
        self.shape["branch"] = "none"
        before, lines = self.loop(body)
        return before + lines

    def _parts(self) -> list[str]:
        losses = self.pick("losses", LOSSES["parts"])
        cut = self.shape["cut"]
        h = self.forward("x.clone()")
        if cut == "def":
            h = f"{h}.detach()"
        elif cut == "data":
            h = f"Tensor::<2>::from_data({h}.into_data(), &device)"
        body = [f"let h = {h};"]
        if losses == "chunk":
            body += ["for part in h.chunk(2, 0) {",
                     *_indent(self.backward("(part * w.clone()).sum()")), "}"]
        elif losses == "narrow":
            body += ["for i in 0..2 {", "    let part = h.clone().narrow(0, i, 1);",
                     *_indent(self.backward("(part * w.clone()).sum()")), "}"]
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
            h = f"{h}.detach()"
        elif cut == "data":
            h = f"Tensor::<2>::from_data({h}.into_data(), &device)"
        body = [f"let h = {h}.require_grad();", *self.backward(self.loss("h.clone()"))]
        self.shape["branch"] = "none"
        before, lines = self.loop(body)
        return before + lines

    # -- the whole file -------------------------------------------------------------------------

    def _weight(self) -> list[str]:
        """How the parameter `w`, a leaf, is made (`leaf`): in main, by a helper, through
        `inner()` and `from_inner` before `require_grad()`, or read out of an `Option` by
        `as_ref().map(..)`."""
        leaf = self.shape["leaf"]
        made = f"Tensor::<2>::from_floats({W}, &device).require_grad()"
        if leaf == "helper":
            self.parts.items.insert(0, "fn weight(device: &Device) -> Tensor<2> {\n"
                                    f"    {made.replace('&device', 'device')}\n}}")
            return ["let w = weight(&device);"]
        if leaf == "roundtrip":
            return [f"let w = Tensor::from_inner(Tensor::<2>::from_floats({W}, &device).inner())"
                    ".require_grad();"]
        if leaf == "option":
            return [f"let held = Some({made});",
                    "let w = held.as_ref().map(|b| b.clone()).unwrap();"]
        return [f"let w = {made};"]

    def _text(self, lines: list[str]) -> str:
        uses = ["prelude::*"]
        linear = self.shape["tracked"] == "linear"
        if linear:
            uses.insert(0, "nn::{Linear, LinearConfig}")
        if self.shape.get("cut") == "valid":
            uses.insert(0, "module::AutodiffModule")
        head = [
            f"//! Generated program, seed {self.seed}: "
            + ", ".join(f"{k}={v}" for k, v in self.shape.items()),
            "#![allow(deprecated, unused)]",
            "use burn::{" + ", ".join(uses) + "};",
            *dict.fromkeys(self.uses),
        ]
        main = [
            "let device = Device::flex().autodiff();",
            *self._weight(),
            f"let x = Tensor::<2>::from_floats({X}, &device);",
            f"let y = Tensor::<2>::from_floats({Y}, &device);",
        ]
        if linear:
            main.append("let linear = LinearConfig::new(2, 2).init(&device);")
        main += self.parts.pre + lines + ['println!("done");']
        body = "\n".join(head) + "\n\n"
        for item in self.parts.items:
            body += item + "\n\n"
        body += "fn main() {\n" + "\n".join(_indent(main)) + "\n}\n"
        return body


def _atom(expr: str) -> str:
    """`expr` parenthesized when a method called on it would bind to its last operand."""
    depth = 0
    for char in expr:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == " " and depth == 0:
            return f"({expr})"
    return expr


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line if line else line for line in "\n".join(lines).split("\n")]


def generate(seed: int, fixed: dict[str, str] | None = None, pinned: bool = False) -> Program:
    """The program of `seed` (the same text for the same seed, on every machine), with the
    dimensions `fixed` names given those values. `pinned`: a program's `shape` given back as
    `fixed` makes that program again, whatever values and dimensions are added later (a
    dimension it does not name takes its first value)."""
    return _Composer(seed, fixed, pinned).build()
