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
- `cut`: what severs it from the tape, and where (`detach` at its definition, whole or inside
  the forward (`detach_at`), at its use, at the end of a pass; `inner()`/`from_inner`; a data
  copy; a re-created leaf; or nothing);
- `tracked`: what the forward reads (a parameter, a `Linear`, or data only); `leaf`: how the
  parameter is made (in `main`, by a helper, through `inner()`/`from_inner`, out of an
  `Option` by `as_ref().map(..)`); `body`, `form`: how the forward reads it, the loss's form;
- `books`: what else a pass keeps, none of it a tensor (a `Vec<usize>` of steps, a `HashMap`
  of counts, an enum's phase);
- `forward`: how it is written (inline, a function taking `&Tensor`, one taking tensors), and
  where a function is (`encoder`: a free function, a method of a unit struct, a function of an
  inline module);
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
  `&Tensor` parameters;
- `beside`: clean code that looks like a hazard, a training of its own run before the
  program's, after it or in a function of its own (`beside_at`; tests/gen/beside.py): a
  finding on it is a false alarm beside the program's verdict.

Where each is written: tests/gen/dimensions.py holds the values; control.py the loop, its
exits and branches; held.py the tensors held across passes (cache, state, the `Vec`s holding
them, the helper taking `&Tensor`s); pass_shapes.py the holders that span passes otherwise;
kept_shapes.py the collections of state kept across passes (a `Vec` pushed to every pass and
read from its newest, its start or an index; states written in place through `iter_mut()`; a
method clearing and pushing one field); losses.py the backwards within a pass; this module the
forward, the loss, the backward's site, the parameter and the file, and the composer drawing them.

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

from beside import BESIDE, BESIDE_AT, Beside
from control import Control
from dimensions import (
    BODIES,
    CUTS,
    DETACH_AT,
    DIMENSIONS,
    ELEMENTS,
    ENCODERS,
    FIRST,
    FORMS,
    HOLDERS,
    HOMES,
    LOSSES,
    WALKS,
    W,
    X,
    Y,
    atom,
    indent,
)
from held import Held
from kept_shapes import KeptShapes
from losses import Losses
from pass_shapes import PassShapes

__all__ = ["BESIDE", "BESIDE_AT", "BODIES", "CUTS", "DETACH_AT", "DIMENSIONS", "ELEMENTS",
           "ENCODERS", "FIRST", "FORMS", "HOLDERS", "HOMES", "LOSSES", "WALKS", "Program",
           "generate"]



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


class _Composer(Beside, Held, Losses, Control, PassShapes, KeptShapes):
    def __init__(self, seed: int, fixed: dict[str, str] | None, pinned: bool) -> None:
        self.seed = seed
        self.fixed = dict(fixed or {})
        self.pinned = pinned
        self.shape: dict[str, str] = {}
        self.parts = _Parts()
        self.flag = False
        self.uses: list[str] = []
        self.encode = "encode"
        """What a forward written apart is called by (`encoder`)."""

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
        return self.encode + _arguments(a, tracked, style)

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
        body = body.format(a=a)
        where = self.pick("encoder", ENCODERS)
        if where == "method":
            self.encode = "Encoder.encode"
            self.parts.items.append(
                "struct Encoder;\n\nimpl Encoder {\n"
                f"    fn encode(&self, {sig}) -> Tensor<2> {{\n        {body}\n    }}\n}}"
            )
        elif where == "module":
            self.encode = "model::encode"
            uses = "    use burn::prelude::*;\n"
            if tracked == "linear":
                uses += "    use burn::nn::Linear;\n"
            self.parts.items.append(
                f"mod model {{\n{uses}\n"
                f"    pub fn encode({sig}) -> Tensor<2> {{\n        {body}\n    }}\n}}"
            )
        else:
            # A free function, as programs were before `encoder`: left out of the shape.
            del self.shape["encoder"]
            self.parts.items.append(f"fn encode({sig}) -> Tensor<2> {{\n    {body}\n}}")

    def detached(self, made: str) -> str:
        """The forward `made` cut where it is made (`detach_at`): detached whole, or inside,
        the rest of the forward reading the parameter after the cut (tracked again)."""
        if self.pick("detach_at", DETACH_AT) == "whole":
            del self.shape["detach_at"]
            return f"{made}.detach()"
        return f"({made}.detach() * w.clone()).tanh()"

    def loss(self, t: str, variant: int = 0) -> str:
        """A scalar loss of the tensor expression `t` that always reaches the parameter `w`."""
        if variant % 2 == 0:
            return f"({t} * w.clone()).sum()"
        return f"({t}.matmul(w.clone()) - y.clone()).powf_scalar(2.0).mean()"

    def backward(self, loss: str) -> list[str]:
        """Statements that backpropagate the loss expression `loss` at the drawn site."""
        site = self.shape["site"]
        loss = atom(loss)
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

    # -- the hazards ----------------------------------------------------------------------------

    def build(self) -> Program:
        for name, values in DIMENSIONS.items():
            self.pick(name, values)
        self._param_body = BODIES[self.pick("body", tuple(BODIES))]
        hazard = self.shape["hazard"]
        self.pick("cut", CUTS[hazard] + ("none",))  # nothing cut: twice as likely
        self.forward_item()
        lines = getattr(self, "_" + hazard)()
        before, after = self._beside()
        lines = before + self.parts.pre + lines + after
        return Program(self.seed, dict(self.shape), self._text(lines))

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
        main += lines + ['println!("done");']
        body = "\n".join(head) + "\n\n"
        for item in self.parts.items:
            body += item + "\n\n"
        body += "fn main() {\n" + "\n".join(indent(main)) + "\n}\n"
        return body



def _arguments(a: str, tracked: str, style: str) -> str:
    """The arguments a forward written apart is called with on the tensor expression `a`."""
    if style == "ref_fn":
        if tracked == "linear":
            return f"(&({a}), &linear)"
        if tracked == "param":
            return f"(&({a}), &w)"
        return f"(&({a}))"
    if tracked == "linear":
        return f"({a}, &linear)"
    if tracked == "param":
        return f"({a}, w.clone())"
    return f"({a})"


def generate(seed: int, fixed: dict[str, str] | None = None, pinned: bool = False) -> Program:
    """The program of `seed` (the same text for the same seed, on every machine), with the
    dimensions `fixed` names given those values. `pinned`: a program's `shape` given back as
    `fixed` makes that program again, whatever values and dimensions are added later (a
    dimension it does not name takes its first value)."""
    return _Composer(seed, fixed, pinned).build()
