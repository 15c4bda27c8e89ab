"""Clean code that looks like a hazard, put beside a generated program's training (`beside`).

Each value is a small training of its own, on a parameter of its own (`aux_v`), run in `main`
before the program's, after it, or in a function of its own called before it (`beside_at`):
nothing in it panics, whatever the program does around it. A finding of
lint on it is a false alarm, counted apart from the program's verdict: beside a program that
panics it is an extra finding (tests/gen/oracle.py), beside one that runs clean a false alarm.
The shapes are those held-out code took for hazards:

- `detached`: a forward made once before the loop, detached where it is made, read by every
  pass's loss;
- `ctor_leaf`: a leaf made by a struct's constructor (`from_floats(..).require_grad()` in
  `new`) kept in its field and read by every pass;
- `releaf`: a tracked result brought back through `inner()` and `from_inner(..)` and made a
  leaf by `require_grad()`, then backpropagated every pass;
- `option_map`: a parameter kept in an `Option` and read each pass by `as_ref().map(..)`;
- `logged`: every pass's loss logged as an `f32` (`into_scalar`) in a `Vec<f32>`, summed after;
- `first_only`: a forward made once, backpropagated in the first pass only (a calibration);
- `detached_chunks`: one forward detached and cut into chunks, each backpropagated through the
  parameter alone;
- `two_forwards`: two forwards of the parameter in one pass, one backward each;
- `leaf_vec`: a `Vec` of leaves made by a closure before the loop, each backpropagated every
  pass.
"""

from __future__ import annotations

from dimensions import W, Y, indent

BESIDE = ("none", "detached", "ctor_leaf", "releaf", "option_map", "logged", "first_only",
          "detached_chunks", "two_forwards", "leaf_vec")
"""What clean code stands beside the program (`none`: nothing, the programs drawn before this
dimension; it is left out of a program's shape)."""
BESIDE_AT = ("before", "after", "function")
"""Where it stands: in `main` before the program's training (left out of a shape: the programs
drawn before this dimension), after it, or in a function `aux_train(x: &Tensor<2>, device:
&Device)` called before it."""

LEAF = f"Tensor::<2>::from_floats({W}, &device).require_grad()"
CTOR = (
    "struct AuxProbe {\n    v: Tensor<2>,\n}\n\n"
    "impl AuxProbe {\n"
    "    fn new(device: &Device) -> Self {\n"
    f"        Self {{ v: Tensor::<2>::from_floats({Y}, device).require_grad() }}\n"
    "    }\n}"
)


class Beside:
    """The `beside` dimension (the composer gives `pick`, `shape`, `parts`)."""

    def _beside(self) -> tuple[list[str], list[str]]:
        """The statements of `main` before the program's and after it that make the drawn
        clean training (its items added to the file's); nothing drawn, the dimension is left
        out of the shape."""
        value = self.pick("beside", BESIDE + ("none",))  # nothing beside: twice as likely
        if value == "none":
            del self.shape["beside"]
            return [], []
        lines = self._clean(value)
        at = self.pick("beside_at", BESIDE_AT)
        if at == "after":
            return [], lines
        if at == "function":
            lines = [line.replace("&device", "device") for line in lines]
            self.parts.items.append("fn aux_train(x: &Tensor<2>, device: &Device) {\n"
                                    + "\n".join(indent(lines)) + "\n}")
            return ["aux_train(&x, &device);"], []
        del self.shape["beside_at"]
        return lines, []

    def _clean(self, value: str) -> list[str]:
        """The statements of the clean training `value`."""
        leaf = [f"let aux_v = {LEAF};"]
        passes = "for aux_step in 0..2 {"
        said = 'println!("aux: {}", aux_v.grad(&aux_grads).is_some());'
        if value == "detached":
            return [*leaf, "let aux_feat = x.clone().matmul(aux_v.clone()).tanh().detach();",
                    passes, "    let aux_grads = (aux_feat.clone() * aux_v.clone()).sum()"
                    ".backward();", "    " + said, "}"]
        if value == "ctor_leaf":
            self.parts.items.append(CTOR)
            return ["let aux = AuxProbe::new(&device);", passes,
                    "    let aux_grads = x.clone().matmul(aux.v.clone()).tanh().sum().backward();",
                    '    println!("aux: {}", aux.v.grad(&aux_grads).is_some());', "}"]
        if value == "releaf":
            return [*leaf, "let aux_leaf = Tensor::from_inner(x.clone().matmul(aux_v.clone())"
                    ".inner()).require_grad();", passes,
                    "    let aux_grads = aux_leaf.clone().tanh().sum().backward();",
                    '    println!("aux: {}", aux_leaf.grad(&aux_grads).is_some());', "}"]
        if value == "option_map":
            return [f"let aux_bias: Option<Tensor<2>> = Some({LEAF});", passes,
                    "    let aux_b = aux_bias.as_ref().map(|b| b.clone()).unwrap();",
                    "    let aux_grads = (x.clone() + aux_b).tanh().sum().backward();",
                    '    println!("aux: {}", aux_bias.is_some());', "}"]
        if value == "logged":
            return [*leaf, "let mut aux_log: Vec<f32> = Vec::new();", passes,
                    "    let aux_loss = x.clone().matmul(aux_v.clone()).sum();",
                    "    aux_log.push(aux_loss.clone().into_scalar::<f32>());",
                    "    let aux_grads = aux_loss.backward();", "    " + said, "}",
                    "let aux_total: f32 = aux_log.iter().sum();",
                    'println!("aux total: {aux_total}");']
        if value == "first_only":
            return [*leaf, "let aux_calib = x.clone().matmul(aux_v.clone()).tanh();",
                    "for aux_step in 0..3 {", "    if aux_step == 0 {",
                    "        let aux_grads = (aux_calib.clone() * aux_v.clone()).sum().backward();",
                    "        " + said, "    } else {",
                    "        let aux_grads = (x.clone() * aux_v.clone()).sum().backward();",
                    "        " + said, "    }", "}"]
        if value == "detached_chunks":
            return [*leaf, "let aux_h = x.clone().matmul(aux_v.clone()).detach();",
                    "for aux_part in aux_h.chunk(2, 0) {",
                    "    let aux_grads = (aux_part * aux_v.clone()).sum().backward();",
                    "    " + said, "}"]
        if value == "two_forwards":
            return [*leaf, passes, "    let aux_a = x.clone().matmul(aux_v.clone());",
                    "    let aux_b = x.clone().matmul(aux_v.clone()).exp();",
                    "    let aux_grads = aux_a.sum().backward();", "    " + said,
                    "    let aux_grads = aux_b.mean().backward();", "    " + said, "}"]
        # leaf_vec: leaves made by a closure, each backpropagated every pass
        return ["let aux_ws: Vec<Tensor<2>> = (0..2)",
                f"    .map(|k| Tensor::<2>::from_floats({W}, &device).mul_scalar(k as f32 + 1.0)"
                ".require_grad())",
                "    .collect();", passes, "    for aux_v in aux_ws.iter() {",
                *indent(["    let aux_grads = x.clone().matmul(aux_v.clone()).sum().backward();",
                         "    " + said]),
                "    }", "}"]
