"""`pbpit lint`'s analysis: Burn source read without running it, for the rules to judge.

Each `fn` body is read statement by statement, the way it runs: a small abstract interpretation
over tree-sitter's syntax tree. Every value has a requirement in Burn's three states
(`pbpit.engine.graph.Requirement`): untracked data, a leaf that requires grad (a parameter:
reusable, never the hazard), or a tracked intermediate; a tracked intermediate bound to a name
(`let`, `=`, `+=`) is a *definition*, the unit a backward consumes, and remembers the
definitions it derives from. `.backward()` on a tracked value consumes its definitions (as
Burn's `build_tape` consumes their steps); a later backward that needs a consumed definition
panics in Burn, and is a finding (the rejected backward consumes nothing, as in Burn). A loop
whose body runs a backward is read up to three times, each pass making its own definitions, so
a tensor recomputed inside the loop is fresh every pass while one made before it is the same
tensor in every pass (three: a state carried out of a pass after its backward is consumed by
the next pass and missed by the one after). A pass that would start as the one before it
started, up to the renaming of what each pass makes, would find nothing new and is not read:
most training loops are read twice.

What the rules are given (`pbpit.lint.rule`): a *meeting*, when a backward needs a definition an
earlier backward consumed (the two backwards, the loop whose passes separate them, whether the
definition was carried into the pass); and a *call* of a method a rule asked to see, with what
its receiver is. Each rule of `pbpit.lint.rules` tells whether it is its own and writes the
diagnostic; the registry's order decides which rule a meeting is offered to first.

What is tracked: the result of `.require_grad()` (a leaf), a module's `.forward(...)` or
`.forward_*(...)` (its parameters require grad; one with no input is a parameter: a leaf),
`Param::val()` (a leaf), and every operator, method or function applied to a tracked value.
`.clone()` (and `unwrap`, `into`, `&`, `*`, `?`) is the same tensor. `.detach()`, `.inner()`,
`.without_autodiff()`, `Tensor::from_inner(...)`, reads (`into_scalar`, `into_data`, `grad`,
...), comparisons and int or bool results are data; `.detach()` of a leaf is still a leaf. A
module from `.valid()` or `.no_grad()`, and the parameter-free modules of `burn::nn` (losses,
activations, dropout), run a forward that is tracked only when its input is. Tensors made from
data (`from_floats`, `from_data`, `zeros`, ...), batch fields, `GradientsParams` and number
fields of `self` are data; a module returned by `Optimizer::step(lr, module, grads)` or Burn's
`Module` methods (`fork`, `load_record`, `map(&mut mapper)`, `to_device` of a module field) is a
module, not tracked state. The parts of a destructured module output (`let (out, state) =
cell.forward(..)`, `let Out { adv_loss, rec_loss, .. } = model.forward_gen(..)`, `&(a, b)`, `[a,
b]`, nested) all derive from the whole; those of another function's result (`let [a, b] =
&all_reduce(..)[..]`) are results of their own that share what it is computed from, not what the
function makes inside; a field of a tracked value (`item.loss`) is one tensor however often it
is read. A tuple, array, `vec!` or struct literal is not a tensor: its elements stay tensors of
their own (`pair.0`, `losses[0]`, `out.loss`; `losses[i]` is any of them: what they all share).
A `Vec` filled by `push` holds every tensor pushed; an element taken out of a collection (`for
loss in losses`, `let [a, b] = &outs[..]`) derives from what the elements share: the tensor
`chunk` or `split` cut them from, what they were all made from before the loop that pushes them;
nothing else; a `map` whose closure, given an element, yields data (`|t| t.device()`) is data;
one whose closure makes a tuple or struct (`(0..n).map(|i| Batch { old: .., x: .. }).collect()`)
holds its elements field by field, as structs pushed are, and `for (o, x) in pairs.iter()` takes
each part; a loop walking such structs, each a part of one tensor, backpropagates its pieces.
A `for` pattern over a chain of adaptors (`((lp, v), r)` of `a.iter().zip(b.iter()).zip(c.iter())`,
`(i, (x, y))` of `enumerate`, `(id, e, w)` of `take(2)`) takes of each collection its element,
as `for x in xs.iter()` does (`pattern_walks.py`, one row per adaptor; `rev()` walks from the
newest: `xs.iter().rev().take(k)` of a `Vec` kept across passes takes this pass's tensors if
the pass pushed `k` before it, else earlier passes'). A `&mut self` method that pushes a tuple
of its parameters into a `Vec` field (`self.items.push((logits, y))`) fills the caller's field
with that tuple part by part, as the push written at the call would (`field_pushes.py`).
`clear()`, `drain(..)`, `Option::take()` and `std::mem::take` empty what they are called on,
and of the elements a loop walked of it nothing stays; `drain(..1)` of a `Vec` one tensor a pass
is pushed into takes out the oldest (what the earliest pass pushed). An element read at a loop's
counter (`xs[i]`, `cache[&step]`, `cache.get(&step)`) is that pass's element; one read at a number
(`xs[1]`) after `let mut xs = Vec::new();` and pushes in the same pass is what that push put
(`pushed.py`). `*h = ..` of `for h in hs.iter_mut()` puts a new element in `hs`, in place of the
old ones when every pass writes (`element_writes.py`). An `Option` or
`Result` of a tuple or struct holds it part by part (`Some(Bridge { rows, leaf })`, joined
across branches, `as_ref()`, `if let Some(b)`, `map(|b| ..)`); the closures of `then`,
`and_then`, `map_or_else`, `unwrap_or_else` are read once for what they make (the content given
to the closure that takes it); an element of a function's declared tuple result whose type can
hold no tensor is data (`-> Result<(Tensor3, Option<Vec<usize>>)>`).

Across functions (`Program`): every function and method of the linted tree (all its files) is
known by name; each is read once for a *summary*, with each parameter (and each `self` field it
reads) a tracked tensor of its own (but a number, a string, a device or a config): which of
them a backward in it consumes (directly or through its own calls), what its result derives
from (a tuple or struct result part by part), and the `self` fields it leaves holding tracked
tensors. At a call (`f(x)`, `self.f(..)`, `model.f(..)`,
`Self::f(..)`, `Type::f(..)`, `train::f(..)` of a module of the tree, a trait's method), the
summary is applied to what the caller gives (a tensor the function makes only from what it is
given, all of it data at this call, is data: `self.total.clone() + loss.detach()` of a field the
caller holds as data; what it makes tracked of its own is what a reading with every parameter and
field data finds tracked, `_Summary.own`): a helper that backpropagates its argument is a
backward at the call (`Backward.through` names it), one for each backward it runs (of one field,
`losses.policy_loss`, or all it is given; the same twice where one path of it backpropagates it
twice, outside its loops); two that meet at a tensor a function of the same file
made are shown where it made it; a helper that detaches returns data; a method that sets
`self.hidden` sets `model.hidden` of the caller, read again by its next call. A tensor a called
function makes is named by the caller's first binding of it (`let feats = layer(..)`: `feats`,
whatever `layer` and the functions it calls named it), and where the function made it is a note
(`made in `hidden` at F:L:C, called from `layer` at F:L:C`, as `pbpit run` says). A parameter
read from what the caller gives (`self.w.val()`, `self.ws[i].val()`) is a leaf whatever the
caller gives: a result made from it is tracked (`_Summary.params`). A chain of builder methods
(`self` by value, returning `Self`: `model.with_lr(..).warm_start()`) sets the fields of the
name it starts from. A method is found by the receiver's type where a `let`, a parameter or a
struct field shows it (`let norm = Normalizer::new(..)`, `Config::new(..).init::<B>(..)`), or
where the receiver is a struct value whose fields are those of one type with that method, else
by its name if one impl alone has it (a method of Burn's tensor API never is). A `forward*` is
tracked as above unless the receiver is a struct of the program without parameters (no `Param`,
no module field): then its summary says. Recursion among functions, and calls nested more than
four deep while summarising, are read as calls of unknown functions. Fields of `self` and of
names (`self.cache = ..`, `model.hidden`) hold what is assigned to them, in the function and
through the methods it calls. A closure bound by `let` and called later by name is read at each
call, with what it is given; other closures are read once, where they are written.

Control flow: both arms of an `if` or `match` are read and their results joined, so a backward
in either arm counts as run; after the join, a tensor that an arm consumed and then let go of
(a state detached after the backward; a loss that no later line names) is not consumed, for no
later use can reach it from that arm. A branch on a loop's counter (`if epoch == 0`, `if step
== last`, the counter of a `for` over a range or `enumerate()`) runs in one pass only, and so
does a branch that flips the flag it tests (`if !initialized { ..; initialized = true; }`, the
flag bound before the loop and set nowhere else in it): two backwards in it are never in two
passes. A comparison of a counter with a number (`ep > 0` of `for ep in 0..n`, `step > 1` after
`step += 1` in a `while` or `loop`, `step > 0` of `let step = epoch * 2 + batch;`) is read with
the counter's value in the pass read: the first pass is itself, a later one the least value from
then on, so a forward refreshed from the second pass on is not taken for the one made before the
loop (`pass_values.py`).
`break`, `continue`, `return` and `panic!` end the reading of their path: `continue`
carries the state to the next pass, `break` past the loop (labels followed), `return` out; so a
loop whose every path breaks runs once. Loops nested more than four deep are read once; a
closure given to an iterator adaptor (`for_each`, `map`, ...) is read as a loop body (its
`return` ends one element's pass). A test marked `#[should_panic]` is not read: the panic is
what it checks. A function is read when it names `backward` (or `require_grad`) as an
identifier, not inside a longer one (`conv2d_backward`), or calls a function that runs one on
what it is given (a call that a reading could find one in: `name(..)` a free function,
`x.name(..)` a method, the tree's only one of that name or one of a type the file or a struct
field names, `Type::name(..)` that type's); and only as far as something can be
found: a finding is made at a backward, at a call of such a function or at a call a rule asked
to see, so the reading stops at the first statement past the last of them (outside a loop
that runs again, or a closure bound by `let`); a function that runs one backward at most (one
`backward`, or one call of functions that each run one, in no loop, closure or macro) is read
to its last call a rule asked to see, and not at all without one.

What this cannot see, and therefore never reports (precision over recall: a false positive in CI
costs more than a miss):

- a method whose name several impls of the tree define, called on a receiver whose type no
  `let`, parameter or field shows; a function or method outside the linted tree (a crate's):
  its result is tracked only if an argument is (a module method other than `forward*` on a
  module of another crate is data), and it runs no backward;
- a function value or closure passed as an argument and called inside the callee; a trait
  object's method (`Box<dyn Policy>`); a function longer than 20,000 bytes, as a callee;
- parameters of the function being read: they are data, whatever the caller passes (the caller's
  own reading sees the call; a function of the same file that calls `require_grad()` or runs a
  backward, called with leaves that require grad, is read again with those parameters leaves,
  once for each set of them: `(w.clone().detach() - g).require_grad()` of a leaf `w`, a loop
  keeping `w.clone() * s` in a field of a `&mut` parameter); so are the fields of its `self` that
  a constructor set (`new()` caching a tracked `self.prior`, read by `fit(&self)`'s loop): found
  only where the caller reads the field of what it built (`trainer.prior`), or calls a method of
  it that reads the field (`trainer.step(x)`, `trainer` the struct literal `new` returned);
- where the state that a callee keeps is made, when the callee is in another file: the finding
  points at the call;
- a loop of a called function that backpropagates, in each pass, the very tensor it is given
  (`loss.backward()` on its parameter): the call is read as one backward (one that builds each
  pass's loss from what it is given is two, the second a next pass: `Backward.next_pass`);
- an element of a collection whose making is not seen (returned by a crate's function): it is a
  tensor of its own;
- the value of a macro other than `vec!` (the arguments of `vec!`, and of a macro whose
  arguments mention `backward` or call a function that runs one, are read when they parse as
  expressions; a macro inside a macro's arguments is not read).

What it may report wrongly (silence such a finding with an allow comment):

- a branch taken on some passes only, other than by the loop's counter or a flag it flips (`if
  warm_up_done { ...backward }` set elsewhere, `if i % 10 == 0` followed by a `continue`
  elsewhere), is read as taken on every pass, and two conditions that exclude each other as
  both taken;
- the parts of a destructured output of a module of another crate derive from the whole: two
  outputs of separate networks in it, backpropagated one after the other, are reported as
  sharing it (a module of the tree is read part by part);
- a `forward` of another crate's parameter-free struct (a normalizer not defined in the tree)
  applied to data before a loop makes a tracked tensor.

A finding is silenced as clippy's `#[allow]` silences a lint: a comment
`// pbpit: allow(loop-external-tracked)` (several rules comma-separated; `pbpit::` prefix
optional) on the line directly above the finding's primary line, or above the first line of the
statement that holds it (the `let`), silences that finding only. (`#[allow(pbpit::...)]` itself
is not used: rustc rejects an unknown lint tool.)

Where each part lives (`pbpit.lint.analysis.*`): `entry` (`lint_sources`, `lint_source`),
`index` (`Program`, `_Callee`, `_Summary`), `methods` (what each Burn and std method does to
tracking: one row per method), `state` (`_State`, `_Journal`, `_Shared`, joins), `function`
(`_Function`, assembled from `reader`, `bindings`, `expressions`, `flow`, `calls`, `effects`
(what a row's effect makes of a call), `events`), `common` (what every part reads).
"""

from pbpit.lint.analysis.common import _in_skipped_item, _read_as
from pbpit.lint.analysis.entry import lint_source, lint_sources
from pbpit.lint.analysis.function import _Function
from pbpit.lint.analysis.index import Program, _Callee, _Summary

__all__ = [
    "Program",
    "_Callee",
    "_Function",
    "_Summary",
    "_in_skipped_item",
    "_read_as",
    "lint_source",
    "lint_sources",
]
