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
nothing else; a `map` whose closure, given an element, yields data (`|t| t.device()`) is data.
`clear()`, `Option::take()` and `std::mem::take` empty what they are called on.

Across functions (`Program`): every function and method of the linted tree (all its files) is
known by name; each is read once for a *summary*, with each parameter (and each `self` field it
reads) a tracked tensor of its own (but a number, a string, a device or a config): which of
them a backward in it consumes (directly or through its own calls), what its result derives
from (a tuple or struct result part by part), and the `self` fields it leaves holding tracked
tensors. At a call (`f(x)`, `self.f(..)`, `model.f(..)`,
`Self::f(..)`, `Type::f(..)`, `train::f(..)` of a module of the tree, a trait's method), the
summary is applied to what the caller gives: a helper that backpropagates its argument is a
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
struct field shows it (`let norm = Normalizer::new(..)`, `Config::new(..).init::<B>(..)`), else
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
passes. `break`, `continue`, `return` and `panic!` end the reading of their path: `continue`
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
  own reading sees the call); so are the fields of its `self` that a constructor set (`new()`
  caching a tracked `self.prior`, read by `fit(&self)`'s loop): found only where the caller
  reads the field of what it built (`trainer.prior`);
- where the state that a callee keeps is made, when the callee is in another file: the finding
  points at the call;
- a loop of a called function that backpropagates, in each pass, a loss made from what it is
  given (the second pass needs the steps the first consumed): the call is read as one backward;
- an element of a collection whose making is not seen (returned by a crate's function): it is a
  tensor of its own;
- the value of a macro other than `vec!` (the arguments of `vec!`, and of a macro whose
  arguments mention `backward`, are read when they parse as expressions; a macro inside a
  macro's arguments is not read).

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
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache

from pbpit.diagnostics.model import Diagnostic, Tape
from pbpit.engine import api
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, last_segment
from pbpit.lint.rule import Call, Meeting, Rule
from pbpit.lint.rules import RULES
from pbpit.lint.values import Backward, Context, Definition, Read, Value
from pbpit.rust.syntax import Node, RustFile, field_id, kind_ids, macro_arguments

# What Burn's tensor API says of a method's result (pbpit/engine/api.py): the same tensor (same
# NodeId), never tracked (reads, gradients, Int and Bool tensors), or new data (`Tensor::zeros`).
_SAME_TENSOR = api.SAME_TENSOR
_UNTRACKED_RESULT = api.UNTRACKED_RESULT
_FROM_DATA = api.FROM_DATA
# Modules of `burn::nn` with no parameter: their forward is tracked only if its input is.
_PARAMETER_FREE = re.compile(
    r"^(\w*Loss|\w*LossConfig|Relu|Gelu|Sigmoid|Tanh|LeakyRelu|LeakyReluConfig|HardSigmoid"
    r"|HardSigmoidConfig|Dropout|DropoutConfig|Softplus|SoftplusConfig)$"
)
# Iterator adaptors that call their closure once per element: the closure is a loop body.
_REPEATING = frozenset(
    {"for_each", "try_for_each", "map", "filter_map", "flat_map", "fold", "try_fold", "inspect"}
)
_ITEMS = frozenset(
    (
        "function_item function_signature_item struct_item enum_item union_item impl_item "
        "trait_item mod_item use_declaration const_item static_item type_item macro_definition "
        "extern_crate_declaration foreign_mod_item attribute_item inner_attribute_item "
        "line_comment block_comment empty_statement"
    ).split()
)
_DIVERGING_MACROS = frozenset({"panic", "unreachable", "todo", "unimplemented"})
_PASSES = 3
_PASSES_DEEPEST = 4
"""Loops nested deeper than this are read once (3**depth passes otherwise)."""
_WATCHED: dict[str, list[Rule]] = {}
"""The rules that asked to see each method's calls."""
for _rule in RULES:
    for _method in _rule.methods:
        _WATCHED.setdefault(_method, []).append(_rule)
_WORDS = tuple(
    dict.fromkeys(
        [word for rule in RULES for word in rule.words]
        + [method.encode() for rule in RULES for method in sorted(rule.methods)]
    )
)
"""What a function must hold for some rule to fire in it: a rule's word or method as a whole
identifier (`backward`, not `conv2d_backward`: only a method named so runs a backward)."""
_SMALLEST_WORDS = tuple(w for w in _WORDS if not any(o != w and o in w for o in _WORDS))
"""The words of `_WORDS` that hold no other (a file holds one of `_WORDS` iff one of these)."""
_PARTS = {w: tuple(o for o in _SMALLEST_WORDS if o != w and o in w) for w in _WORDS}
"""The smallest words each word holds: where one is missing, so is the word."""
_ALLOW = re.compile(r"^\s*//\s*pbpit:\s*allow\(([^)]*)\)")


# -- the result --------------------------------------------------------------------------------


def lint_sources(
    sources: list[RustFile],
    progress: Callable[[int, int], None] | None = None,
    too_deep: Callable[[RustFile, Node], None] | None = None,
    program: Program | None = None,
) -> list[list[Diagnostic]]:
    """The findings of each of the parsed files of one linted tree, in the order given;
    `progress(done, total)` after each file; `too_deep(file, fn)` for each function nested
    deeper than Python's recursion limit lets the analysis follow (the others are read). What
    each function and method of the tree does (`program`, linked; made of `sources` when None)
    is known at its calls in every file."""
    if program is None:
        program = Program(sources)
    reasons = [program.reasons(source) for source in sources]
    found = []
    for number, (source, its_reasons) in enumerate(zip(sources, reasons, strict=True), 1):
        found.append(lint_source(source, program, too_deep, its_reasons))
        if progress is not None:
            progress(number, len(sources))
    return found


def lint_source(
    source: RustFile,
    program: Program | None = None,
    too_deep: Callable[[RustFile, Node], None] | None = None,
    reasons: list[tuple[int, int]] | None = None,
) -> list[Diagnostic]:
    """The findings of one parsed file, by position, allowed ones left out; the functions of
    `program` (the file alone when None) are known at their calls; a function nested too deep
    to read goes to `too_deep` (RecursionError without it). `reasons`: the file's
    (`Program.reasons`), when known."""
    if program is None:
        program = Program([source])
    if reasons is None:
        reasons = program.reasons(source)
    if not reasons:
        return []
    starts = [start for start, _ in reasons]
    found: dict[tuple[str, int, int], Diagnostic] = {}
    fixes = Fixes(source)
    for callee in program.functions.get(id(source), ()):
        if not _any_within(starts, callee.start, callee.end):
            continue
        node = callee.node
        body = node.child_by_field_id(_FIELD.body)
        read_to = (
            program.reading_end(source, body, reasons)
            if body is not None and not _expects_panic(source, node)
            else None
        )
        if read_to is not None:
            if source.tree is None:
                # Its tree was let go (a file read for a call of a helper): its functions were
                # found alone; to read one, the whole tree (and its attributes) is parsed again.
                program.whole(source)
                node = callee.node
                body = node.child_by_field_id(_FIELD.body)
                if _expects_panic(source, node):
                    continue
            reader = _Function(source, found, fixes, program, callee)
            reader.reasons = reasons
            reader.read_to = read_to
            try:
                reader.run(node)
            except RecursionError:
                if too_deep is None:
                    raise
                too_deep(source, node)
            finally:
                reader.release()
    if not found:
        return []
    text_lines = source.text.split("\n")
    findings = [f for f in found.values() if not _allowed(f, text_lines)]
    return sorted(findings, key=lambda f: (f.primary.line, f.primary.column, f.rule))


class _Fields:
    """Field ids of tree-sitter-rust by name (`_FIELD.body`), each found on first use:
    `Node.child_by_field_id` looks no name up, as `child_by_field_name` does at every call."""

    def __getattr__(self, name: str) -> int:
        found = field_id(name)
        setattr(self, name, found)
        return found


_FIELD = _Fields()


_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
"""The bytes of an identifier (as `\\w` matches them in a pattern of bytes)."""


_WORD = re.compile(rb"\w+")
_WORDS_OF: list = [b"", {}]
"""The last file's `_words`: its functions are read one after the other."""


def _words(data: bytes) -> dict[bytes, list[int]]:
    """Where each word (a run of ASCII letters, digits and `_`) of a file starts, in order:
    found once per file, so that asking whether a name is read again is a bisection."""
    if _WORDS_OF[0] is not data:
        found: dict[bytes, list[int]] = {}
        for match in _WORD.finditer(data):
            found.setdefault(match.group(), []).append(match.start())
        _WORDS_OF[:] = [data, found]
    return _WORDS_OF[1]


_ASSIGNMENT = re.compile(rb"\b(?=(\w+)\s*=(?!=)\s*(\w+))")
_ASSIGNMENTS_OF: list = [b"", {}]
"""The last file's `_assignments`."""


def _assignments(data: bytes) -> dict[bytes, tuple[list[int], list[bytes]]]:
    """Where each word is assigned a word (`first = false`), in order, and that word: found
    once per file, so that asking whether a flag is set in a block is a bisection."""
    if _ASSIGNMENTS_OF[0] is not data:
        found: dict[bytes, tuple[list[int], list[bytes]]] = {}
        for match in _ASSIGNMENT.finditer(data):
            starts, words = found.setdefault(match.group(1), ([], []))
            starts.append(match.start())
            words.append(match.group(2))
        _ASSIGNMENTS_OF[:] = [data, found]
    return _ASSIGNMENTS_OF[1]


_CALLED = re.compile(rb"\s*\(")
_REPEATS = frozenset(
    {
        "for_expression",
        "while_expression",
        "loop_expression",
        "closure_expression",
        "macro_invocation",
    }
)
"""What may run the code in it more than once, or as the reading does not follow (a macro)."""
_HOLDS_ITEMS = frozenset({"source_file", "declaration_list", "mod_item", "impl_item", "trait_item"})


_last_segment = cache(last_segment)
"""`last_segment` of a call's path, which the same paths repeat (`Tensor`, `TensorData`)."""


def _first(pair: tuple[int, object]) -> int:
    return pair[0]


@cache
def _word_ending(word: bytes) -> re.Pattern[bytes]:
    return re.compile(re.escape(word) + rb"(?!\w)")


def _word_starts(data: bytes, word: bytes) -> list[int]:
    """Where `word` starts as a whole word in `data`, in order: a search for the word followed
    by no word byte, each match then checked for a word byte before it (a pattern starting
    with `\\b` or a look-behind is tried at every position; one starting with the word is a
    fast search)."""
    return [
        at
        for match in _word_ending(word).finditer(data)
        if (at := match.start()) == 0 or data[at - 1] not in _WORD_BYTES
    ]


def _fn_within(data: bytes, start: int, end: int) -> bool:
    """Whether bytes `start`..`end` of a file hold the word `fn` (a byte search, a whole word
    asked only where it is found)."""
    at = data.find(b"fn", start, end)
    while at != -1:
        before = at == 0 or data[at - 1] not in _WORD_BYTES
        if before and (at + 2 == len(data) or data[at + 2] not in _WORD_BYTES):
            return True
        at = data.find(b"fn", at + 2, end)
    return False


def _owner(data: bytes, parent: Node) -> tuple[str | None, str | None]:
    """The owner and trait the functions directly in `parent` (an impl, a trait, a function)
    have: an impl's type and trait, a trait's name twice, none for a function's own items."""
    if parent.type == "impl_item":
        type_node = parent.child_by_field_id(_FIELD.type)
        trait_node = parent.child_by_field_id(_FIELD.trait)
        owner = _type_name(_text(data, type_node)) if type_node is not None else None
        return owner, _text(data, trait_node) if trait_node is not None else None
    if parent.type == "trait_item":
        name_node = parent.child_by_field_id(_FIELD.name)
        name = _text(data, name_node) if name_node is not None else None
        return name, name
    return None, None


def _has_self(data: bytes, parameters: Node) -> bool:
    """Whether a function's parameters hold `self` (whose text always says `self`)."""
    if data.find(b"self", parameters.start_byte, parameters.end_byte) == -1:
        return False
    return any(c.type == "self_parameter" for c in parameters.named_children)


def _expects_panic(source: RustFile, function: Node) -> bool:
    """Whether a test is marked `#[should_panic]`: the panic is what it checks."""
    node = function.prev_named_sibling
    while node is not None and node.type in ("attribute_item", "line_comment", "block_comment"):
        text = source.data[node.start_byte : node.end_byte]
        if node.type == "attribute_item" and re.match(rb"#\[\s*should_panic\b", text):
            return True
        node = node.prev_named_sibling
    return False


def _allowed(finding: Diagnostic, lines: list[str]) -> bool:
    for line in {finding.primary.line, finding.statement_line}:
        above = lines[line - 2] if 2 <= line <= len(lines) + 1 else ""
        match = _ALLOW.match(above)
        if match:
            names = {n.strip().removeprefix("pbpit::") for n in match.group(1).split(",")}
            if finding.rule in names:
                return True
    return False


# -- the functions of the program, and what each does at its calls -----------------------------

_BURN_METHODS = frozenset(m.name for m in api.METHODS) | _SAME_TENSOR | _UNTRACKED_RESULT
"""Methods of Burn's tensor API: never read as a method of the program on a receiver of
unknown type."""
_RUNS_BACKWARD = re.compile(rb"\.\s*backward\s*\(\s*\)")
_NUMBERS = re.compile(
    r"^&?(?:mut\s+)?(?:usize|isize|u8|u16|u32|u64|i8|i16|i32|i64|f32|f64|bool|char|str|String"
    r"|&str|Option<(?:usize|f32|f64|bool)>)$"
)
_NO_TENSORS = re.compile(
    r"^(?:Vec<|\[)?(?:<[^<>]*>::|\w+::)*\w*(?:Device|Config)(?:<[^<>]*>)?[>\]]?$"
)
"""A parameter's type that holds no tensor: a device (`B::Device`, `&[Device]`) or a config
(`TrainingConfig`: Burn's `#[derive(Config)]` serialises its fields, which no tensor is)."""
_SUMMARY_DEPTH = 4
"""Calls nested deeper than this while summarising are read as calls of unknown functions."""
_SUMMARY_BYTES = 20_000
"""A function longer than this is not summarised: its calls are read as of unknown functions."""
_TYPE_NAME = re.compile(r"(?:\w+::)*([A-Z]\w*)")


class _Callee:
    """A function or method of the linted tree."""

    __slots__ = (
        "source", "_node", "start", "end", "name", "owner", "trait", "_has_self", "summaries",
        "reading",
    )  # fmt: skip

    def __init__(
        self, source: RustFile, node: Node, name: str, owner: str | None, trait: str | None
    ) -> None:
        self.source = source
        self._node: Node | None = node
        self.start = node.start_byte
        self.end = node.end_byte
        self.name = name
        self.owner = owner
        """The type of the `impl` (or the trait) it is in; None for a free function."""
        self.trait = trait
        self._has_self: bool | None = None
        self.summaries: dict[bool, _Summary] = {}
        """Its summary with markers for parameters (False) and with parameters as data (True)."""
        self.reading = False
        """Its summary is being made: a call of it now is recursion, read as unknown."""

    @property
    def node(self) -> Node:
        """Its `function_item`. After `forget_node`: found again in its file's tree, or, that
        tree let go, in a tree of its own bytes alone (`RustFile.parse_range`)."""
        if self._node is None:
            root = (
                self.source.root
                if self.source.tree is not None
                else self.source.parse_range(self.start, self.end)
            )
            node = root.descendant_for_byte_range(self.start, self.end)
            while node is not None and not (
                node.type == "function_item"
                and node.start_byte == self.start
                and node.end_byte == self.end
            ):
                node = node.parent
            if node is None:
                raise LookupError(f"{self.source.path}: no `fn` at byte {self.start}")
            self._node = node
        return self._node

    def forget_node(self) -> None:
        """Hold no node of a tree of its file (and no summary, which holds its nodes)."""
        self._node = None
        self.summaries.clear()

    @property
    def has_self(self) -> bool:
        """Whether it takes `self` (asked at calls only: most functions are never called)."""
        if self._has_self is None:
            parameters = self.node.child_by_field_id(_FIELD.parameters)
            self._has_self = parameters is not None and _has_self(self.source.data, parameters)
        return self._has_self

    @property
    def builds(self) -> bool:
        """Whether it takes `self` by value and returns `Self` (`fn warm_start(mut self) ->
        Self`): a builder, whose result is its receiver, with the fields it set."""
        kind = self.node.child_by_field_id(_FIELD.return_type)
        parameters = self.node.child_by_field_id(_FIELD.parameters)
        if kind is None or parameters is None or not self.has_self:
            return False
        data = self.source.data
        returned = data[kind.start_byte : kind.end_byte].decode("utf-8", "replace")
        if returned != "Self" and _type_name(returned) != self.owner:
            return False
        taken = next(c for c in parameters.named_children if c.type == "self_parameter")
        return not data[taken.start_byte : taken.end_byte].lstrip().startswith(b"&")

    @property
    def label(self) -> str:
        """As the user calls it: `Model::step`, `update_parameters`."""
        return f"{self.owner}::{self.name}" if self.owner else self.name


@dataclass(eq=False, slots=True)
class _Summary:
    """What a function does, as its callers see it: its values are those of its own reading,
    where each parameter (and each `self` field read) is a tracked tensor of its own, a
    *marker*, put back at each call by what the caller passes."""

    markers: dict[Definition, tuple[str, int | str]]
    """Each marker: `("param", position)` (`self` is position 0), `("field", name)`, or
    `("leaf", path)` for a parameter read from what the caller gives (`self.w.val()`): a leaf
    that requires grad, whatever the caller gives."""
    result: Value
    backward: list[dict[tuple[tuple[str, int | str], str | None], bool]]
    """Each backward in it that consumes what the caller gives, in order: the parameters and
    fields it backpropagates (with the field of one taken, `losses.policy_loss`, or None),
    each with whether it is the very tensor backpropagated (`loss.backward()` on it)."""
    writes: dict[str, Value]
    """The `self` fields it leaves holding a tracked tensor (or changed), by field name."""

    @property
    def params(self) -> frozenset[str]:
        """The parameters (`self.w`, `model.ws[0]`: `Param::val()` of what the caller gives)
        its result is derived from: a result tracked whatever the caller gives."""
        return frozenset(
            str(key)
            for made in self.result.sources
            for kind, key in [self.markers.get(made, ("", ""))]
            if kind == "leaf"
        )


_NOTHING = _Summary({}, Value(), [], {})


class Program:
    """Every function, method and struct of the linted tree, by name; summaries made lazily,
    once each."""

    def __init__(self, sources: Iterable[RustFile] = ()) -> None:
        self.functions: dict[int, list[_Callee]] = {}
        """The functions of each file (by `id` of the file), in the order of the file."""
        self.free: dict[str, list[_Callee]] = {}
        self.methods: dict[str, list[_Callee]] = {}
        self.owned: dict[tuple[str, str], list[_Callee]] = {}
        self.of_owner: dict[str, list[_Callee]] = {}
        """The methods of each type (or trait), by its name."""
        self.structs: dict[str, dict[str, str]] = {}
        """Each struct's fields and their types' text."""
        self._leaf_makers: dict[str, bool] = {}
        self._parameter_free: dict[str, bool] = {}
        self.depth = 0
        self.helper_names: frozenset[str] = frozenset()
        self._wordless: set[int] = set()
        """The files (by `id`) that hold no word of `_WORDS`, even within a longer word."""
        self._helper_callees: dict[str, list[_Callee]] = {}
        """The helpers of each name (a summary of each, with its backwards)."""
        self._helper_starts: dict[int, list[int]] = {}
        """Where each of `_helper_calls` starts, sorted (made again when more are found)."""
        self._helper_calls: dict[int, list[tuple[int, int]]] = {}
        """Where each file (by `id`) calls one of them: the bytes of each call's name up to its
        `(`, as the search for them found them."""
        self._field_types: str | None = None
        """The text of every struct field's type, one a line (made when first asked)."""
        self.modules: set[str] = {"self", "super", "crate"}
        """The modules of the tree (`mod train;`, `mod tests { .. }`, a file's name)."""
        self.sources: list[RustFile] = []
        for source in sources:
            self.add(source)
        self.link()

    def add(self, source: RustFile, release: bool = False) -> None:
        """Index one more file (then `link`, once all are in). `release`: let its syntax tree
        go unless it holds a word some rule needs (a function of it that a reading calls is
        parsed again alone; the file, if it calls a function that runs a backward): to hold
        every tree of a large repository costs more than to parse again what is read of them."""
        self.sources.append(source)
        self.modules.add(_module_of(source.path))
        self._index(source)
        if any(word in source.data for word in _SMALLEST_WORDS):
            return
        self._wordless.add(id(source))
        if release:
            for callee in self.functions[id(source)]:
                callee.forget_node()
            source.release_tree()

    def link(self) -> None:
        """Find, over every file added, the functions that run a backward on what their
        callers give them."""
        self._backward_helpers(self.sources)

    def whole(self, source: RustFile) -> None:
        """Have the whole tree of a file whose tree was let go, to read it: its functions are
        found again in it, and their summaries, made of trees of their own, made again."""
        if source.tree is None:
            for callee in self.functions.get(id(source), ()):
                callee.forget_node()
            source.root  # noqa: B018 -- parsed again here

    def _index(self, source: RustFile) -> None:
        data = source.data
        found: list[tuple[int, _Callee]] = []
        owners: dict[int, tuple[Node, str | None, str | None]] = {}
        """The node, owner and trait of each impl or trait with functions, by `id` (its
        functions share the node; kept, so that no other node takes its `id`)."""
        free, methods, owned, of_owner = self.free, self.methods, self.owned, self.of_owner
        # Each node with its nearest impl, trait or fn around it (asking a tree-sitter node for
        # its parent walks down from the root). A function is taken as its parent's children
        # are listed, its body pushed (where the function would be) only if it holds a `fn`.
        # Kinds and fields by their ids: a node's `type` would be a new string each time.
        kinds = _index_kinds()
        name_field = _FIELD.name
        stack: list[tuple[Node, Node | None]] = [(source.root, None)]
        while stack:
            node, around = stack.pop()
            kind = node.kind_id
            if kind in kinds.struct:
                self._struct(source, node)
                continue
            if kind in kinds.mod:
                name_node = node.child_by_field_id(name_field)
                if name_node is not None:
                    self.modules.add(_text(data, name_node))
            if kind in kinds.no_functions:
                continue
            # Items are in modules, impls and traits; elsewhere only where the text holds `fn`.
            if kind not in kinds.holds_items and not _fn_within(
                data, node.start_byte, node.end_byte
            ):
                continue
            inner = node if kind in kinds.owners else around
            if kind in kinds.with_body:
                # A module's, an impl's or a trait's items are all in its body; the rest of it
                # (its name, type, generics, bounds) holds none.
                body = node.child_by_field_id(_FIELD.body)
                if body is not None and body.named_child_count:
                    stack.append((body, inner))
                continue
            for child in node.named_children:
                child_kind = child.kind_id
                if child_kind in kinds.no_functions or not child.named_child_count:
                    continue
                if child_kind not in kinds.function:
                    stack.append((child, inner))
                    continue
                owner = trait = None
                if inner is not None:
                    known = owners.get(id(inner))
                    if known is None:
                        known = owners[id(inner)] = (inner, *_owner(data, inner))
                    _, owner, trait = known
                name_node = child.child_by_field_id(name_field)
                name = _text(data, name_node) if name_node is not None else ""
                start = child.start_byte
                callee = _Callee(source, child, name, owner, trait)
                found.append((start, callee))
                if owner:
                    methods.setdefault(name, []).append(callee)
                    owned.setdefault((owner, name), []).append(callee)
                    of_owner.setdefault(owner, []).append(callee)
                else:
                    free.setdefault(name, []).append(callee)
                # Its own `fn` is before its name; only another one can be in its body.
                after = name_node.end_byte if name_node is not None else start
                if _fn_within(data, after, child.end_byte):
                    body = child.child_by_field_id(_FIELD.body)
                    if body is not None and _fn_within(data, body.start_byte, body.end_byte):
                        stack.append((body, child))
        found.sort(key=_first)
        self.functions[id(source)] = [callee for _, callee in found]

    def _struct(self, source: RustFile, node: Node) -> None:
        name_node = node.child_by_field_id(_FIELD.name)
        body = node.child_by_field_id(_FIELD.body)
        if name_node is None or body is None or body.type != "field_declaration_list":
            return
        fields = {}
        for field_ in body.named_children:
            if field_.type != "field_declaration":
                continue
            field_name = field_.child_by_field_id(_FIELD.name)
            field_type = field_.child_by_field_id(_FIELD.type)
            if field_name is not None and field_type is not None:
                fields[_text(source.data, field_name)] = _text(source.data, field_type)
        self.structs.setdefault(_text(source.data, name_node), fields)

    def _backward_helpers(self, sources: list[RustFile]) -> None:
        """The names of the functions that may run a backward on what a caller gives them (a
        parameter, a `self` field), directly or through further calls: a call of one is a
        reason to read a function, and to read a loop more than once. Where each file calls
        one is kept (`_helper_calls`), so that `reasons` does not search again."""
        names: set[str] = set()
        owners: dict[bytes, set[str | None]] = {}
        """The owner (None: a free function) of each helper of a name."""
        pattern: re.Pattern[bytes] | None = _RUNS_BACKWARD
        words = [b"backward"]  # what a match of `pattern` holds: a file without it has none
        while pattern is not None:
            added = set()
            for source in sources:
                if pattern is _RUNS_BACKWARD:
                    if id(source) in self._wordless:
                        continue
                    hits = _matches(pattern, words, source.data)
                else:
                    calls = [
                        call
                        for call in _calls(pattern, words, source.data)
                        if _may_call(source.data, call[0], owners, self._typed_method)
                    ]
                    if calls:
                        self._helper_calls.setdefault(id(source), []).extend(calls)
                    hits = sorted({start for start, _ in calls})
                if not hits:
                    continue
                for callee in self.functions.get(id(source), ()):
                    if (
                        callee.name in names
                        or callee.name in _BURN_METHODS
                        or not _any_within(hits, callee.start, callee.end)
                    ):
                        continue
                    body = callee.node.child_by_field_id(_FIELD.body)
                    if (
                        body is None
                        or not (callee.has_self or _takes_tensors(callee.source.data, callee.node))
                        or not _any_read(hits, body)
                    ):
                        continue  # with no parameter, it backpropagates nothing of its caller
                    summary = self.summary(callee)
                    if summary is not None and summary.backward:
                        added.add(callee.name)
                        owners.setdefault(callee.name.encode(), set()).add(callee.owner)
                        self._helper_callees.setdefault(callee.name, []).append(callee)
            added -= names
            names |= added
            pattern = _called(added) if added else None
            words = [name.encode() for name in added]
            if added:
                self.helper_names = frozenset(names)

    def _typed_method(self, data: bytes, name: str, owners: set[str | None]) -> bool:
        """Whether a reading can find a helper of this name (one of `owners`) in a method call
        `x.name(..)` of a file (`data`), as `_Function._method` finds its callee
        (`Program.method`): the one method of that name in the tree, whatever `x` is; else the
        one of the receiver's type, which the reading knows only from `self` in an impl of that
        type, a parameter's or a `let`'s type (`T`, `T::new(..)`, `T { .. }`, `TConfig`), or a
        struct field's: the file or a field's type names it. A receiver of another type (a
        generic `agent.train(..)` where some `Agent::train` backpropagates) is no call of it."""
        helpers = [owner for owner in owners if owner is not None]
        if not helpers:
            return False
        if self.method(None, name) is not None:
            return True  # the one method of that name: a helper's, as one of `owners` has it
        if self._field_types is None:
            self._field_types = "\n".join(
                text for fields in self.structs.values() for text in fields.values()
            )
        return any(
            self.method(owner, name) is not None
            and (owner.encode() in data or owner in self._field_types)
            for owner in helpers
        )

    def calls_a_helper(self, source: RustFile, start: int, end: int) -> bool:
        """Whether bytes `start`..`end` of a file hold a call of a helper found so far."""
        calls = self._helper_calls.get(id(source))
        if not calls:
            return False
        starts = self._helper_starts.get(id(source))
        if starts is None or len(starts) != len(calls):
            starts = self._helper_starts[id(source)] = sorted(at for at, _ in calls)
        return _any_within(starts, start, end)

    def reasons(self, source: RustFile) -> list[tuple[int, int]]:
        """Where a file holds a word some rule needs (as an identifier) or a call of a function
        that runs a backward: the bytes of each, in order (found once per file, so that each
        function asks only of its own range)."""
        data = source.data
        found = list(self._helper_calls.get(id(source), ()))
        if id(source) in self._wordless:
            return found
        for word in _WORDS:
            if any(part not in data for part in _PARTS[word]):
                continue  # `set_require_grad` where `require_grad` is not
            size = len(word)
            found.extend((at, at + size) for at in _word_starts(data, word))
        found.sort()
        return found

    def reading_end(
        self, source: RustFile, body: Node, reasons: list[tuple[int, int]]
    ) -> int | None:
        """Where a reading of a function's `body` may stop (`_Function.read_to`), None when it
        can find nothing (no reason in it, for one). A finding needs a backward meeting what an
        earlier one consumed, or a call some rule asked to see: past the last reason nothing is
        found; and when the function runs one backward at most (one `backward`, or one call of
        helpers that each run one, in no loop, closure or macro), nothing past its last such
        call either."""
        start, end = body.start_byte, body.end_byte
        index = bisect.bisect_left(reasons, (start,))
        events, calls = [], []
        helper_calls = self._helper_calls.get(id(source), ())
        while index < len(reasons) and reasons[index][0] < end:
            reason = reasons[index]
            index += 1
            # Outside the items and comments in it, which its reading skips: a nested `fn
            # backward` of an `impl Backward` is no reason to read the function around it.
            if reason[1] > end or _in_skipped_item(body, reason[0]):
                continue
            at, after = reason
            if source.data[at:after] == b"backward" or reason in helper_calls:
                events.append(reason)
            else:
                calls.append(reason)
        if len(events) > 1 or (events and not self._runs_once(source, body, events[0])):
            return max(after for _, after in events + calls)
        return max((after for _, after in calls), default=None)

    def _runs_once(self, source: RustFile, body: Node, reason: tuple[int, int]) -> bool:
        """Whether a `backward` or a call of helpers (`reason`) runs one backward, once: in no
        loop, closure or macro of `body`, and each helper of the name runs one."""
        at, after = reason
        if source.data[at:after] != b"backward":
            name = _NAME.match(source.data, at)
            helpers = self._helper_callees.get(name.group().decode() if name else "", ())
            for helper in helpers:
                summary = helper.summaries.get(False)  # None: made again (`Program.whole`)
                if summary is None or len(summary.backward) > 1:
                    return False
        leaf = body.descendant_for_byte_range(at, after)
        node = body
        while node is not None and node != leaf:
            node = node.child_with_descendant(leaf)
            if node is not None and node.type in _REPEATS:
                return False
        return True

    def summary(self, callee: _Callee, alone: bool = False) -> _Summary | None:
        """What `callee` does, read once (`alone`: given only data); None while it is being
        read (recursion) or when the calls are nested too deep."""
        if alone in callee.summaries:
            return callee.summaries[alone]
        if callee.reading or self.depth >= _SUMMARY_DEPTH:
            return None
        body = callee.node.child_by_field_id(_FIELD.body)
        if body is None or body.end_byte - body.start_byte > _SUMMARY_BYTES:
            return None
        callee.reading = True
        self.depth += 1
        try:
            reader = _Function(callee.source, {}, None, self, callee, summarising=True)
            try:
                callee.summaries[alone] = reader.summarise(callee.node, alone)
            finally:
                reader.release()
        finally:
            callee.reading = False
            self.depth -= 1
        return callee.summaries[alone]

    def method(self, owner: str | None, name: str) -> _Callee | None:
        """The method `name` of type `owner`, or, with the type unknown, the one method of that
        name in the tree (several: None, as nothing is known)."""
        if owner is not None:
            own = self.owned.get((owner, name), [])
            return own[0] if len(own) == 1 else None
        candidates = self.methods.get(name, [])
        if len(candidates) == 1 and name not in _BURN_METHODS:
            return candidates[0]
        return None

    def function(self, name: str, source: RustFile) -> _Callee | None:
        """The free function `name`: the one of that name in the file, else in the tree."""
        candidates = self.free.get(name, [])
        here = [c for c in candidates if c.source is source]
        if len(here) == 1:
            return here[0]
        return candidates[0] if len(candidates) == 1 and not here else None

    def qualified(self, module: str, name: str, source: RustFile) -> _Callee | None:
        """The free function `module::name` of a module of the tree: the one of that name in
        the tree, else the one in a file named after the module (several: None)."""
        if module in ("self", "super", "crate"):
            return self.function(name, source)
        if module not in self.modules:
            return None  # `std::cmp::max`, `f32::max`: not the tree's
        candidates = self.free.get(name, [])
        if len(candidates) == 1:
            return candidates[0]
        named = [c for c in candidates if _module_of(c.source.path) == module]
        return named[0] if len(named) == 1 else None

    def field_type(self, owner: str | None, field_name: str) -> str | None:
        fields = self.structs.get(owner or "")
        if fields is None or field_name not in fields:
            return None
        return _type_name(fields[field_name])

    def parameter_free(self, owner: str, seen: frozenset[str] = frozenset()) -> bool:
        """Whether a struct of the program holds no parameter: no `Param`, no module field
        (only tensors, numbers, configs and parameter-free structs)."""
        if not seen:
            known = self._parameter_free.get(owner)
            if known is None:
                known = self._parameter_free[owner] = self._holds_no_parameter(owner, seen)
            return known
        return self._holds_no_parameter(owner, seen)

    def _holds_no_parameter(self, owner: str, seen: frozenset[str]) -> bool:
        fields = self.structs.get(owner)
        if fields is None or owner in seen or self._makes_leaves(owner):
            return False
        for text in fields.values():
            if "Param" in text:
                return False
            for word in re.findall(r"\b[A-Z]\w*", text):
                if len(word) <= 2 or word in _CONTAINERS or word.endswith("Config"):
                    continue
                if _PARAMETER_FREE.match(word):
                    continue
                if word in self.structs and self.parameter_free(word, seen | {owner}):
                    continue
                return False
        return True

    def _makes_leaves(self, owner: str) -> bool:
        """Whether a method of `owner` builds one (`Self { .. }`) from a tensor it makes a leaf
        (`require_grad()`): a module of plain tensors, which are its parameters."""
        made = self._leaf_makers.get(owner)
        if made is None:
            builds = re.compile(rb"\b(?:Self|" + re.escape(owner.encode()) + rb")\s*\{")
            made = any(
                b"require_grad" in text
                and _REQUIRE_GRAD.search(text) is not None
                and builds.search(text) is not None
                for callee in self.of_owner.get(owner, ())
                for text in [callee.source.data[callee.start : callee.end]]
            )
            self._leaf_makers[owner] = made
        return made


_REQUIRE_GRAD = re.compile(rb"\.\s*require_grad\s*\(\s*\)")
_NO_FUNCTIONS = frozenset(
    (
        "use_declaration attribute_item inner_attribute_item line_comment block_comment "
        "enum_item type_item extern_crate_declaration macro_definition union_item "
        "field_declaration_list function_signature_item"
    ).split()
)
_OWNERS = frozenset({"impl_item", "trait_item", "function_item"})
"""What a function is in: its impl or trait gives it an owner; a function's own items are free."""


@dataclass(frozen=True)
class _IndexKinds:
    """The node kinds the index asks of, as `Node.kind_id`s."""

    struct: frozenset[int]
    mod: frozenset[int]
    function: frozenset[int]
    no_functions: frozenset[int]
    holds_items: frozenset[int]
    owners: frozenset[int]
    with_body: frozenset[int]


@cache
def _index_kinds() -> _IndexKinds:
    return _IndexKinds(
        kind_ids(frozenset({"struct_item"})),
        kind_ids(frozenset({"mod_item"})),
        kind_ids(frozenset({"function_item"})),
        kind_ids(_NO_FUNCTIONS),
        kind_ids(_HOLDS_ITEMS),
        kind_ids(_OWNERS),
        kind_ids(frozenset({"mod_item", "impl_item", "trait_item"})),
    )


_PATH = re.compile(r"^(?:self|[a-z_]\w*)(?:\.[a-z_]\w*)+$")
_IN_PLACE = frozenset({"push", "push_back", "push_front", "insert", "extend"})
_EMPTIED = frozenset({"clear", "truncate"})
_ITERATING = frozenset(
    {"iter", "into_iter", "iter_mut", "drain", "rev", "as_slice", "skip", "enumerate"}
)
_ADAPTING = frozenset(
    {"zip", "map", "collect", "filter", "chain", "cloned", "step_by", "take_while", "skip_while"}
)
"""Iterator adaptors: each element still derives from what the elements shared."""
_WHOLE = Definition("", (0, 0), (), "", None, None)
"""In `shared`: the collection's own definition (the pieces of a temporary tensor)."""
_PIECES = frozenset({"chunk", "split", "split_with_sizes", "iter_dim", "unbind"})
_MAPPING = frozenset({"map", "filter_map", "flat_map"})
"""Adaptors whose elements are what their closure returns."""
_MODULE_METHODS = frozenset(
    "load_record fork freeze_group unfreeze_group quantize_weights apply_lora".split()
)
"""Methods of Burn's `Module` that return the module (`Optimizer::step` too, by its arity)."""
_CONTAINERS = frozenset({"Tensor", "Option", "Vec", "Box", "Int", "Bool", "Float", "String"})


_MODULE_PATH = re.compile(r"^(?:[a-z_][a-z0-9_]*)$")
"""The last segment of a path that names a module (`train`, `crate`, `super`), not a type."""


def _module_of(path: str) -> str:
    """The module a file is: `train` of `src/train.rs` and of `src/train/mod.rs`."""
    parts = path.replace("\\", "/").rsplit("/", 2)
    stem = parts[-1].removesuffix(".rs")
    return parts[-2] if stem == "mod" and len(parts) > 1 else stem


def _forward_output(node: Node | None) -> bool:
    """Whether an expression is a module's `forward*(..)` output (behind `&`, `?`, `[..]`,
    `.unwrap()`): its parts share the module's steps."""
    while node is not None:
        if node.type in ("reference_expression", "try_expression", "parenthesized_expression"):
            node = node.child_by_field_id(_FIELD.value) or (
                node.named_children[0] if node.named_child_count else None
            )
        elif node.type == "index_expression":
            node = node.named_children[0] if node.named_child_count else None
        elif node.type == "call_expression":
            function = node.child_by_field_id(_FIELD.function)
            if function is not None and function.type == "generic_function":
                function = function.child_by_field_id(_FIELD.function)
            if function is None or function.type != "field_expression":
                return False
            name = function.child_by_field_id(_FIELD.field)
            text = name.text.decode("utf-8", "replace") if name is not None and name.text else ""
            if text == "forward" or text.startswith("forward_"):
                return True
            if text not in ("unwrap", "expect", "clone"):
                return False
            node = function.child_by_field_id(_FIELD.value)
        else:
            return False
    return False


def _matches(pattern: re.Pattern[bytes], words: list[bytes], data: bytes) -> list[int]:
    """Where `pattern` matches in `data`, in order: `_RUNS_BACKWARD` (its `.` before
    `backward`) or `_called` (at a name of `words`), tried only where a word is (a bytes search;
    a pattern starting with `\\b` or `\\.` is tried at every position). A match starting inside
    another's generic arguments (`f::<g::<T>>(`) is kept too: no function body lies between."""
    found = []
    for word in words:
        at = data.find(word)
        while at != -1:
            start = at
            if pattern is _RUNS_BACKWARD:
                start -= 1
                while start >= 0 and data[start] in _SPACE_BYTES:
                    start -= 1
            if start >= 0 and pattern.match(data, start) is not None:
                found.append(start)
            at = data.find(word, at + 1)
    return sorted(set(found))


def _calls(pattern: re.Pattern[bytes], words: list[bytes], data: bytes) -> list[tuple[int, int]]:
    """Where `pattern` (`_called`) matches in `data`, tried at each place a name of `words`
    starts: the bytes of each match, in order, each once."""
    found = set()
    for word in words:
        at = data.find(word)
        while at != -1:
            match = pattern.match(data, at)
            if match is not None:
                found.add((at, match.end()))
            at = data.find(word, at + 1)
    return sorted(found)


_NAME = re.compile(rb"\w+")
_OWNER_BEFORE = re.compile(rb"(\w+)\s*::\s*$")


def _may_call(
    data: bytes,
    at: int,
    owners: dict[bytes, set[str | None]],
    method: Callable[[bytes, str, set[str | None]], bool] | None = None,
) -> bool:
    """Whether the call of a helper's name at byte `at` can be a call of one, as a reading
    finds the function it calls: `name(..)` a free function of that name, `x.name(..)` a
    method (`method(data, name, owners)`, when given, says whether the reading can find a
    helper of that name for it), `Type::name(..)` a method of that type (`Self::`: of some
    type), `module::name(..)` a free function. `owners`: those of the helpers of each name
    (None: free)."""
    name = _NAME.match(data, at)
    if name is None:
        return True
    of_name = owners.get(name.group(), set())
    before = at
    while before > 0 and data[before - 1] in _SPACE_BYTES:
        before -= 1
    if before > 0 and data[before - 1] == ord("."):
        if method is not None:
            return method(data, name.group().decode(), of_name)
        return any(owner is not None for owner in of_name)
    if before > 1 and data[before - 2 : before] == b"::":
        path = _OWNER_BEFORE.search(data, max(0, before - 200), before)
        if path is None:
            return True  # `<X as Trait>::name`, `X::<T>::name`: not told apart here
        segment = path.group(1).decode()
        if _MODULE_PATH.match(segment):
            return None in of_name
        if segment == "Self":
            return any(owner is not None for owner in of_name)
        return segment in of_name
    return None in of_name


_SPACE_BYTES = frozenset(b" \t\n\r\f\v")
"""What `\\s` matches in a pattern of bytes."""


def _any_within(points: list[int], start: int, end: int) -> bool:
    """Whether a point of the sorted `points` is in `[start, end)`."""
    index = bisect.bisect_left(points, start)
    return index < len(points) and points[index] < end


def _any_read(points: list[int], body: Node) -> bool:
    """Whether a point of the sorted `points` is in a function's `body`, outside the items and
    comments in it."""
    index = bisect.bisect_left(points, body.start_byte)
    while index < len(points) and points[index] < body.end_byte:
        if not _in_skipped_item(body, points[index]):
            return True
        index += 1
    return False


def _read_as(value: Value, reads: frozenset[Read]) -> Value:
    """`value` with `reads` (`dataclasses.replace` of its one field, without its generic cost:
    a read of a tracked name makes one)."""
    return Value(
        value.requirement,
        value.origin,
        value.sources,
        value.why,
        value.frozen,
        reads,
        value.parts,
        value.shared,
    )


def _in_skipped_item(body: Node, at: int) -> bool:
    """Whether byte `at` of a function's body is inside an item or a comment in it (asked of
    the nodes from the body down to it, as `fixes.ancestors`: a climb by `Node.parent` costs n²
    for n levels)."""
    leaf = body.descendant_for_byte_range(at, at + 1)
    node = body
    while node != leaf:
        node = node.child_with_descendant(leaf)
        if node is None:
            return False
        if node.type in _ITEMS:
            return True
    return False


def _takes_tensors(data: bytes, function: Node) -> bool:
    """Whether a function takes a parameter that may hold a tensor (one a summary reads as a
    tensor the caller gives: not a number, a string, a device or a config)."""
    parameters = function.child_by_field_id(_FIELD.parameters)
    return parameters is not None and any(
        c.type == "parameter" and _may_hold_tensors(_parameter_type(data, c))
        for c in parameters.named_children
    )


def _parameter_type(data: bytes, parameter: Node) -> str:
    """A parameter's type as its text says it, without a leading `&`, lifetime or `mut`."""
    kind = parameter.child_by_field_id(_FIELD.type)
    if kind is None:
        return ""
    return re.sub(r"^&\s*(?:'\w+\s+)?(?:mut\s+)?", "", _text(data, kind))


def _may_hold_tensors(kind: str) -> bool:
    return not _NUMBERS.match(kind) and not _NO_TENSORS.match(kind)


def _called(names: Iterable[str]) -> re.Pattern[bytes]:
    words = b"|".join(re.escape(n.encode()) for n in sorted(names))
    return re.compile(rb"\b(?:" + words + rb")\s*(?:::<[^()]*>)?\s*\(")


def _text(data: bytes, node: Node) -> str:
    return data[node.start_byte : node.end_byte].decode("utf-8", "replace")


@cache
def _type_name(text: str) -> str | None:
    """`Model` of `&mut Model<B>`, `crate::model::Model<B>`; None for `Self`, a number."""
    match = _TYPE_NAME.search(text.replace("&", " ").replace("mut ", " "))
    if match is None:
        return None
    name = match.group(1)
    return None if name in ("Self", "Vec", "Option", "Box") else name


# -- the abstract interpretation --------------------------------------------------------------

_DATA = Value()
_FROZEN = Value(frozen=True)


@dataclass(eq=False, slots=True)
class _Slot:
    name: str
    declared: int = 0
    """The file byte where the name is bound."""
    scope_end: int = 0
    """The file byte where its scope ends: no read of it after that."""


_MISSING = object()
"""In a journal or a `_Change`: the name (or definition) was not there."""


class _Journal:
    """Every write to the state of one reading, in order, with what it replaced: the arms of a
    branch are read on the one state, each undone after, so that entering an arm copies nothing
    and a join looks only at what some path wrote. `seq` numbers the writes (never reused), so
    that what was written after a definition was made can be told apart."""

    __slots__ = ("entries", "targets", "olds", "seqs", "seq")

    def __init__(self) -> None:
        # One list per field, not a tuple per write: a long function makes tens of thousands
        # of writes, and every tuple is one more object for the cycle collector to visit.
        self.entries: list[object] = []
        """The key of each write; at the same index in the others: the dict written, what the
        key held before (`_MISSING`: not there) and the write's number."""
        self.targets: list[dict] = []
        self.olds: list[object] = []
        self.seqs: list[int] = []
        self.seq = 0

    def record(self, target: dict, key: object, old: object) -> None:
        """Note that `key` of `target`, which held `old`, is written."""
        self.entries.append(key)
        self.targets.append(target)
        self.olds.append(old)
        self.seqs.append(self.seq)
        self.seq += 1


class _Journaled(dict):
    """A dict whose writes go into a `_Journal` (read as fast as a dict)."""

    __slots__ = ("journal",)

    def __init__(self, journal: _Journal) -> None:
        super().__init__()
        self.journal = journal

    def __setitem__(self, key: object, value: object) -> None:
        self.journal.record(self, key, dict.get(self, key, _MISSING))
        dict.__setitem__(self, key, value)

    def pop(self, key: object, default: object = None) -> object:
        if key not in self:
            return default
        self.journal.record(self, key, dict.__getitem__(self, key))
        return dict.pop(self, key)

    def setdefault(self, key: object, default: object = None) -> object:
        if key not in self:
            self[key] = default
        return dict.__getitem__(self, key)


@dataclass(slots=True)
class _State:
    """The state where the reading is: what each name holds, what each consumed definition was
    consumed by (both journaled), and whether any path gets here."""

    values: dict[_Slot, Value]
    consumed: dict[Definition, Backward]
    dead: bool = False
    """No path reaches this point (it follows a `break`, `continue`, `return` or `panic!`)."""


@dataclass(slots=True)
class _Change:
    """The state at the end of a path, as what it wrote since a journal mark: each name's and
    each definition's value at the end (`_MISSING`: not there), the rest as at the mark."""

    values: dict
    consumed: dict
    dead: bool = False


class _AtMark:
    """The consumed definitions as they were at a journal mark: `now`, but for the definitions
    written since (`old`, from `_Function._at_mark`: what each held then, `_MISSING` for not
    consumed). Asked with set operations only, each a pass through the smaller side."""

    __slots__ = ("now", "old", "fresh", "was")

    def __init__(self, now: dict, old: dict) -> None:
        self.now = now
        self.old = old
        self.fresh = {d for d, then in old.items() if then is _MISSING}
        """Consumed since the mark, not at it."""
        self.was = old.keys() - self.fresh
        """Consumed at the mark (whether or not now)."""

    def __contains__(self, definition: object) -> bool:
        old = self.old
        if definition in old:
            return old[definition] is not _MISSING
        return definition in self.now

    def isdisjoint(self, made: frozenset) -> bool:
        """Whether none of `made` was consumed at the mark."""
        if not self.was.isdisjoint(made):
            return False
        return self.now.keys().isdisjoint(made) or self.old.keys() >= (self.now.keys() & made)

    def holds_all(self, made: frozenset) -> bool:
        """Whether all of `made` was consumed at the mark."""
        return self.fresh.isdisjoint(made) and self.now.keys() >= made.difference(self.old)


def _renamed_value(
    renamed: _Renamed, definitions: Callable[[frozenset[Definition]], object], held: Value
) -> tuple:
    """A value up to renaming, as `_Function._renaming` tells it (`definitions`: its sets)."""
    parts = (
        tuple((k, _renamed_value(renamed, definitions, v)) for k, v in held.parts)
        if held.parts
        else None
    )
    origin = renamed[held.origin] if held.origin is not None else None
    return (held.requirement, held.frozen, origin, definitions(held.sources), parts)


class _Renamed(dict):
    """Each definition's name as pass `number` of loop `key` sees it (with `consumed`
    consumed), a small number (`tokens`), found on first use: see `_Function._renaming`."""

    __slots__ = ("key", "number", "consumed", "tokens")

    def __init__(self, key: int, number: int, consumed: object, tokens: dict) -> None:
        super().__init__()
        self.key, self.number, self.consumed, self.tokens = key, number, consumed, tokens

    def __missing__(self, made: Definition) -> int:
        for loop, made_in in made.context:
            if loop == self.key:
                name: tuple = (self.number - made_in, made.span, made in self.consumed)
                break
        else:
            name = (id(made), made in self.consumed)
        self[made] = found = self.tokens.setdefault(name, len(self.tokens))
        return found


class _LoopStart:
    """A loop as it started (`_Function._passes`), for comparing the states its passes start
    with: the journal's mark, how many names each scope held, whether the loop ran before in
    this reading, how many names `_bind_in` had bound as the last pass started, what that
    pass's names held (renamed) and its token."""

    __slots__ = ("mark", "sizes", "again", "binds", "compared", "token")

    def __init__(self, mark: int, sizes: list[int], again: bool, binds: int) -> None:
        self.mark = mark
        self.sizes = sizes
        self.again = again
        self.binds = binds
        self.compared: dict[_Slot, tuple] = {}
        self.token: object = None


@dataclass(eq=False, slots=True)
class _Exit:
    """Where a `break`, `continue` or `return` takes the state: a loop, a labelled block, a
    closure (its `return`) or the function (whose `return` leaves what is read)."""

    kind: str
    """`loop`, `block`, `closure` or `fn`."""
    label: str | None = None
    mark: int = 0
    """The journal's length where it was entered: the states leaving by it are told from there."""
    breaks: list[_Change] = field(default_factory=list)
    """States leaving by `break` (a closure's: by `return`), joined after it."""
    continues: list[_Change] = field(default_factory=list)
    """States leaving a pass by `continue`, joined at the end of the pass."""
    returns: list[tuple[_Change, Value]] = field(default_factory=list)
    """What each `return` leaves (a function's or a closure's) and the value it returns."""


class _Shared:
    """A frozenset made of another and a few more members, sharing the other instead of copying
    it: each `let` of a chain derives from all the ones before it, and a copy per `let` would
    make a chain of n cost n². Read as a frozenset, built on first use; `|` shares again.

    Its members are held in a few blocks, frozensets each more than twice the size of the next
    (a new member's block is merged into the one before it while it is not): a query asks
    fewer than log2(n) blocks, and each member is copied into a larger block log2(n) times at
    most, so a chain costs n·log(n), not n² as a set built every few links would."""

    __slots__ = ("_blocks", "_set")

    def __init__(self, base: frozenset | _Shared, extra: frozenset) -> None:
        if type(base) is _Shared:
            blocks = [base._set] if base._set is not None else list(base._blocks)
        else:
            blocks = [base]
        blocks.append(extra)
        while len(blocks) > 1 and len(blocks[-2]) <= 2 * len(blocks[-1]):
            last = blocks.pop()
            blocks[-1] = blocks[-1] | last
        self._blocks: tuple[frozenset, ...] = tuple(blocks)
        self._set: frozenset | None = blocks[0] if len(blocks) == 1 else None

    def frozen(self) -> frozenset:
        """The members, as a frozenset (made once)."""
        if self._set is None:
            self._set = self._blocks[0].union(*self._blocks[1:])
        return self._set

    def __or__(self, other: Iterable) -> _Shared:
        return _Shared(self, other if type(other) is frozenset else frozenset(other))

    def __ror__(self, other: Iterable) -> frozenset | set | _Shared:
        if type(other) is set:  # `found |= sources`: a set that can still be added to
            return other | self.frozen()
        return self | other

    def union(self, *others: Iterable) -> frozenset | _Shared:
        result: frozenset | _Shared = self
        for other in others:
            result = _Shared(result, frozenset(other))
        return result

    def links(self) -> tuple[frozenset, ...]:
        """The blocks its members are held in."""
        return self._blocks

    def bound(self) -> int:
        """At least as many as its members (a member may be in two blocks), without a copy."""
        return len(self._set) if self._set is not None else sum(map(len, self._blocks))

    def __contains__(self, item: object) -> bool:
        if self._set is not None:
            return item in self._set
        return any(item in block for block in self._blocks)

    def isdisjoint(self, other: Iterable) -> bool:
        other = _plain(other)
        return all(part.isdisjoint(other) for part in self.links())

    def __iter__(self) -> Iterator:
        return iter(self.frozen())

    def __len__(self) -> int:
        return len(self.frozen())

    def __bool__(self) -> bool:
        return any(self._blocks)

    def __and__(self, other: Iterable) -> frozenset:
        return self.frozen() & _plain(other)

    def __rand__(self, other: Iterable) -> frozenset | set:
        return _plain(other) & self.frozen()

    def __sub__(self, other: Iterable) -> frozenset:
        return self.frozen() - _plain(other)

    def __rsub__(self, other: Iterable) -> frozenset:
        return _plain(other) - self.frozen()

    def __xor__(self, other: Iterable) -> frozenset:
        return self.frozen() ^ _plain(other)

    def __rxor__(self, other: Iterable) -> frozenset | set:
        return _plain(other) ^ self.frozen()

    def __eq__(self, other: object) -> bool:
        return self.frozen() == _plain(other)

    def __le__(self, other: Iterable) -> bool:
        other = _plain(other)
        return all(part <= other for part in self.links())

    def __lt__(self, other: Iterable) -> bool:
        return self.frozen() < _plain(other)

    def __ge__(self, other: Iterable) -> bool:
        return self.frozen() >= _plain(other)

    def __gt__(self, other: Iterable) -> bool:
        return self.frozen() > _plain(other)

    def __hash__(self) -> int:
        return hash(self.frozen())

    def __getattr__(self, name: str) -> object:
        return getattr(self.frozen(), name)  # intersection, issubset, isdisjoint ...

    def __repr__(self) -> str:
        return f"_Shared({set(self.frozen())!r})"


_SHARE_FROM = 16
"""A set smaller than this is copied (cheaper than a link to it)."""


def _every(
    made: frozenset | _Shared, test: Callable[[frozenset], bool], asked: dict[int, tuple]
) -> bool:
    """Whether `test` holds of every block of `made` (a `_Shared`): the blocks are shared by
    the sets of a chain, so each is asked once (`asked`, by id, with the block kept so that an
    id is not mistaken for another's)."""
    for block in made.links() if type(made) is _Shared else (made,):
        found = asked.get(id(block))
        if found is None or found[0] is not block:
            found = asked[id(block)] = (block, test(block))
        if not found[1]:
            return False
    return True


def _plain(value: object) -> object:
    return value.frozen() if type(value) is _Shared else value


def _common(sets: list[frozenset | _Shared]) -> frozenset:
    """What all of `sets` hold."""
    return _plain(sets[0]).intersection(*sets[1:])


def _plus(base: frozenset | _Shared, member: object) -> frozenset | _Shared:
    """`base | {member}`, sharing `base` when it is large."""
    if type(base) is frozenset and len(base) < _SHARE_FROM:
        return base | {member}
    return _Shared(base, frozenset((member,)))


def _union(sets: list[frozenset | _Shared]) -> frozenset | _Shared:
    """The union of `sets`, sharing the largest when it is large: a sum of n terms adds a
    term's sets to the sum's so far, and a copy per term would make it cost n²."""
    sizes = [len(s) if type(s) is frozenset else s.bound() for s in sets]
    largest = sets[sizes.index(max(sizes))]
    if max(sizes) < _SHARE_FROM:
        return frozenset().union(*sets)
    extra = frozenset(m for s in sets if s is not largest for m in s if m not in largest)
    return _Shared(largest, extra) if extra else largest


def _op(values: Iterable[Value]) -> Value:
    """The result of an op on `values`: tracked if any input is, with their definitions."""
    tracked = [v for v in values if v.requirement != Requirement.NONE]
    if not tracked:
        return _DATA
    if len(tracked) == 1:  # one input: its sets as they are (a copy would cost its length)
        sources, reads = tracked[0].sources, tracked[0].reads
    else:
        sources = _union([v.sources for v in tracked])
        reads = _union([v.reads for v in tracked])
    why = tracked[0].why or "from a tensor that requires grad"
    return Value(Requirement.GRAD_IN_BACKWARD, None, sources, why, reads=reads)


def _collection(parts: list[tuple[str, Value]]) -> Value:
    """A tuple, array, `vec!` or struct literal of `parts`."""
    value = _op(v for _, v in parts)
    return replace(value, parts=tuple(parts)) if value.requirement != Requirement.NONE else value


def _join(values: list[Value]) -> Value:
    """What a value may be after branches that made `values`."""
    first = values[0]
    if all(v is first for v in values):
        return first
    if any(v.requirement == Requirement.GRAD_IN_BACKWARD for v in values):
        return _op(values)
    if any(v.requirement == Requirement.GRAD for v in values):
        return Value(
            Requirement.GRAD, why=next(v.why for v in values if v.requirement == Requirement.GRAD)
        )
    return _FROZEN if all(v.frozen for v in values) else _DATA


def _join_states(
    values: dict[_Slot, Value],
    consumed: dict[Definition, Backward],
    changes: list[_Change],
    results: Iterable[Value],
    live: Callable[[_Slot], bool],
    defaults: dict[_Slot, Value],
    holders: Callable[[_Change, dict, frozenset], Iterable[tuple[_Slot, Value]]],
) -> tuple[dict, dict | None, dict | None]:
    """The state after paths that reached a point with `changes` (two or more, none dead) from
    the state `values`, `consumed`: a name may hold what any path left in it (a field in
    `defaults` that a path never set, what it held before); a definition may have been consumed
    if a path consumed it and it is still reachable on that path, from a `live` name (one read
    again) or the `results` of the paths. (A path that consumed a tensor and let go of every
    handle to it, as a pass that backpropagates and then detaches its state, cannot reach it
    again: a later use comes from another path.) `holders(change, its consumed, wanted)` gives
    at least the names of a path that may hold one of `wanted`.

    Returned as writes: each name's value (`_MISSING`: none), and either the consumed
    definitions that change or, when some path let go of some, all that stay consumed."""
    slots = {slot for change in changes for slot in change.values}
    slots.update(slot for slot in defaults if slot not in values)
    writes: dict[_Slot, object] = {}
    for slot in slots:
        held_by = []
        for change in changes:
            held = change.values[slot] if slot in change.values else values.get(slot, _MISSING)
            held_by.append(defaults.get(slot, _MISSING) if held is _MISSING else held)
        if all(held is _MISSING for held in held_by):
            writes[slot] = _MISSING
            continue
        joined = [_DATA if held is _MISSING else held for held in held_by]
        first = joined[0]
        # Most names hold the very value they held before the branches: nothing to join.
        writes[slot] = first if all(v is first for v in joined) else _join(joined)
    definitions = {d for change in changes for d in change.consumed}

    def held(change: _Change, definition: Definition) -> object:
        if definition in change.consumed:
            return change.consumed[definition]
        return consumed.get(definition, _MISSING)

    if all(
        (held(change, d) is _MISSING) == (held(changes[0], d) is _MISSING)
        for d in definitions
        for change in changes[1:]
    ):
        # Every path consumed the same: nothing to tell apart; the first path's backward.
        chosen: dict[Definition, object] = {}
        for definition in definitions:
            chosen[definition] = next(
                (b for b in (held(c, definition) for c in changes) if b is not _MISSING),
                _MISSING,
            )
        return writes, chosen, None
    kept = frozenset().union(*(v.sources for v in results))
    asked: dict[_Slot, bool] = {}
    stay: dict[Definition, Backward] = {}
    for change in changes:
        full = dict(consumed)
        for definition, backward in change.consumed.items():
            if backward is _MISSING:
                full.pop(definition, None)
            else:
                full[definition] = backward
        # Only a name holding a consumed definition the results do not keep can matter, so
        # only such names are asked whether they are read again.
        wanted = frozenset(full.keys() - kept)
        reachable: set[Definition] = set()
        if wanted:
            for slot, v in holders(change, full, wanted):
                if v.sources and not v.sources.isdisjoint(wanted):
                    read = asked.get(slot)
                    if read is None:
                        read = asked[slot] = live(slot)
                    if read:
                        reachable.update(d for d in wanted if d in v.sources)
        for definition, backward in full.items():
            if definition in kept or definition in reachable:
                stay.setdefault(definition, backward)
    return writes, None, stay


def _pattern_names(pattern: Node) -> list[Node]:
    """The identifiers a pattern binds (not enum variants, constants or paths)."""
    names = []
    stack = [pattern]
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_field_identifier"):
            text = node.text.decode("utf-8", "replace") if node.text else ""
            if text and not text[0].isupper() and text != "_":
                names.append(node)
            continue
        if node.type in ("scoped_identifier", "type_identifier", "generic_type"):
            continue
        # `Foo { a: b }` binds `b`, not the field `a`; `Foo { a }` binds `a`.
        binds = node.child_by_field_id(_FIELD.pattern) is not None
        skipped = ("type", "name") if binds else ("type",)
        for index, child in enumerate(node.children):
            # `Some(x)`'s `Some` is its `type`.
            if child.is_named and node.field_name_for_child(index) not in skipped:
                stack.append(child)
    return sorted(names, key=lambda n: n.start_byte)


class _Function:
    """One `fn` body read as it runs; findings go into the shared `found`."""

    def __init__(
        self,
        source: RustFile,
        found: dict[tuple[str, int, int], Diagnostic],
        fixes: Fixes | None,
        program: Program,
        callee: _Callee | None = None,
        summarising: bool = False,
    ) -> None:
        self.source = source
        self.program = program
        self.callee = callee
        self.summarising = summarising
        """Reading a function for its summary: its parameters are markers, nothing is found."""
        self.markers: dict[Definition, tuple[str, int | str]] = {}
        self.backwards: list[dict[tuple[tuple[str, int | str], str | None], bool]] = []
        """The markers each backward consumed, as `_Summary.backward`."""
        self.taken: dict[Definition, tuple[Definition, str]] = {}
        """A field taken out of a marker (`losses.policy_loss`): the marker and the field."""
        self.types: dict[_Slot, str] = {}
        """The type of a name, where its `let` or parameter shows it (`Normalizer`)."""
        self.closures: dict[_Slot, Node] = {}
        self.inlining: set[int] = set()
        self.field_parts: dict[tuple[Definition, str], Definition] = {}
        """`item.loss` of a tracked `item`: one tensor, made with `item`."""
        self.field_initial: dict[_Slot, Value] = {}
        self.made_in_calls: set[Definition] = set()
        """The tensors a called function of the tree makes inside it (as its summary says)."""
        self.call_results: set[Definition] = set()
        """Those of them no binding of this function has named yet: the first `let` (or `=`)
        that binds one whole names it, as the user reads it (`let h = layer(..)`: `h`)."""
        """What each field (`self.hidden`, `model.cache`) held before this function set it."""
        """Closures bound by `let`, read at each call rather than where they are written."""
        self.data = source.data
        self.found = found
        self.scopes: list[dict[str, _Slot]] = [{}]
        self.scope_ends: list[int] = [len(source.data)]
        self.bound: dict[str, list[_Slot]] = {}
        """Each name's slots in the scopes that bind it, innermost last: a lookup is one step
        however deep the scopes nest."""
        self._names: dict[str, re.Pattern[bytes]] = {}
        self.journal = _Journal()
        self.state = _State(_Journaled(self.journal), _Journaled(self.journal))
        self.born: dict[Definition, int] = {}
        """The journal's `seq` when each definition bound here was made: no name written before
        holds it."""
        self.exits: list[_Exit] = []
        self.counters: dict[_Slot, int] = {}
        """The counter of each `for` loop over a range or `enumerate()`: a new value each pass."""
        self.once: list[tuple[int, int]] = []
        """The branches being read that their loop takes in one pass only."""
        self.context: Context = ()
        self.delta = 0
        self.loops: dict[int, Node] = {}
        self.loop_spans: dict[int, tuple[int, int]] = {}
        """Each loop's file bytes (a closure's, for a closure read as a loop body)."""
        self.starts: dict[int, _LoopStart] = {}
        """Each loop's journal mark as it started and how many names each scope held then."""
        self.bind_depths: list[int] = []
        """The scope each name bound in an enclosing scope (`_bind_in`) went into, in order."""
        self._tokens: dict[tuple, int] = {}
        self._classified: dict[int, tuple[set, set, dict]] = {}
        """Per loop: the definitions seen, those made in the loop, whether each set holds one."""
        """`_entry`'s name for each definition as a pass sees it, a small number."""
        self.macros: dict[int, object] = {}
        self.fixes = fixes
        self.read_to: int | None = None
        """Past this byte of the function no reason lies (`Program.reasons`): a statement of its
        own flow (in no loop, no closure) that starts there can find nothing, nor can any
        after it, and the reading stops."""
        self.reasons: list[tuple[int, int]] = []
        self.last_pass: dict[int, int] = {}
        """The last pass each loop read may have: 1 if it runs no backward, else `_PASSES`."""

    # -- plumbing

    def release(self) -> None:
        """Forget the journal once the reading is over: it and the state's dicts refer to each
        other, a cycle the collector would otherwise have to find, with all the state holds."""
        journal = self.journal
        for writes in (journal.entries, journal.targets, journal.olds, journal.seqs):
            writes.clear()

    def text(self, node: Node) -> str:
        start = node.start_byte + self.delta
        return self.data[start : node.end_byte + self.delta].decode("utf-8", "replace")

    def span(self, node: Node) -> tuple[int, int]:
        return node.start_byte + self.delta, node.end_byte + self.delta

    def lookup(self, name: str) -> _Slot | None:
        slots = self.bound.get(name)
        return slots[-1] if slots else None

    def declare(self, name: str, value: Value, node: Node) -> None:
        """Bind `name` (its pattern is `node`) in the innermost scope."""
        slot = _Slot(name, self.span(node)[0], self.scope_ends[-1])
        shadowed = self.scopes[-1].get(name)
        if shadowed is not None:
            self.state.values.pop(shadowed, None)  # out of reach from here on
            self.bound[name][-1] = slot
        else:
            self.bound.setdefault(name, []).append(slot)
        self.scopes[-1][name] = slot
        self.state.values[slot] = value

    def _bind_in(self, scope: dict[str, _Slot], name: str, slot: _Slot) -> None:
        """Add `slot` for `name` to `scope`, an enclosing one where no inner scope binds it."""
        scope[name] = slot
        slots = self.bound.setdefault(name, [])
        depth = next(i for i, s in enumerate(self.scopes) if s is scope)
        self.bind_depths.append(depth)
        # Its place among the name's slots: after those of the scopes around `scope`.
        index = sum(1 for outer in self.scopes[:depth] if name in outer)
        slots.insert(index, slot)

    def push_scope(self, node: Node) -> None:
        """Enter the scope of a block, an arm, a loop or a closure: `node`."""
        self.scopes.append({})
        self.scope_ends.append(self.span(node)[1])

    def pop_scope(self) -> None:
        """Leave a scope: its names are out of reach, the state forgets them."""
        self.scope_ends.pop()
        self._unbind(self.scopes[-1])
        for slot in self.scopes.pop().values():
            self.state.values.pop(slot, None)

    def _unbind(self, scope: dict[str, _Slot]) -> None:
        """Take the innermost scope's names out of `bound` (its slots are the last of each)."""
        bound = self.bound
        for name in scope:
            slots = bound[name]
            slots.pop()
            if not slots:
                del bound[name]

    def _rebind(self, scope: dict[str, _Slot]) -> None:
        """Put the innermost scope's names back into `bound`."""
        for name, slot in scope.items():
            self.bound.setdefault(name, []).append(slot)

    def run(self, function: Node, parameters_data: bool = True) -> Value:
        """Read the body; the parameters are data, or (summarising, unless `parameters_data`)
        markers. What the body's block yields is returned."""
        self.scope_ends = [function.end_byte]
        parameters = function.child_by_field_id(_FIELD.parameters)
        position = 0
        for parameter in parameters.named_children if parameters is not None else ():
            if parameter.type == "self_parameter":
                self.declare("self", _DATA, parameter)
                if self.callee is not None and self.callee.owner is not None:
                    self.types[self.scopes[-1]["self"]] = self.callee.owner
                position += 1
                continue
            if parameter.type != "parameter":
                continue
            pattern = parameter.child_by_field_id(_FIELD.pattern)
            kind_text = _parameter_type(self.data, parameter)
            marked = self.summarising and not parameters_data and _may_hold_tensors(kind_text)
            owner = _type_name(kind_text)
            for name in _pattern_names(pattern) if pattern is not None else ():
                text = self.text(name)
                value = self._marker(text, ("param", position)) if marked else _DATA
                self.declare(text, value, name)
                if owner is not None and owner in self.program.structs:
                    self.types[self.scopes[-1][text]] = owner
            position += 1
        self.exits.append(_Exit("fn"))
        return self._block(function.child_by_field_id(_FIELD.body))

    def _marker(self, name: str, key: tuple[str, int | str]) -> Value:
        """A tensor the caller gives (a parameter, a `self` field), as a summary reads it."""
        made = Definition(name, (0, 0), (), "", None, None)
        made.sources = frozenset({made})
        self.markers[made] = key
        return Value(Requirement.GRAD_IN_BACKWARD, made, made.sources)

    def summarise(self, function: Node, parameters_data: bool = False) -> _Summary:
        """Read the function for what its callers see of it (`_Summary`)."""
        result = self.run(function, parameters_data)
        exit_ = self.exits[0]
        ends = [(state, value) for state, value in exit_.returns if not state.dead]
        if not self.state.dead:
            ends.append((self.state, result))
        writes = {}
        for name, slot in self.scopes[0].items():
            if not name.startswith("self.") or name.count(".") != 1:
                continue
            initial = self.field_initial.get(slot, _DATA)
            values = [state.values.get(slot, initial) for state, _ in ends]
            if values and any(v is not initial for v in values):
                writes[name[5:]] = _join(values)
        value = _join([v for _, v in ends]) if ends else _DATA
        return _Summary(self.markers, value, list(self.backwards), writes)

    def expr(self, node: Node | None) -> Value:
        if node is None:
            return _DATA
        handler = _EXPRESSIONS.get(node.type)
        if handler is not None:
            return handler(self, node)
        if node.type in _ITEMS:
            return _DATA
        # Literals, ranges, casts: data, but what they contain still runs.
        value = _DATA
        for child in node.named_children:
            value = self.expr(child)
        if node.type in ("return_expression", "break_expression", "continue_expression"):
            self._jump(node, value)
        return _DATA

    def _jump(self, node: Node, value: Value = _DATA) -> None:
        """`break`, `continue` or `return`: the state goes where it leads; what follows it in
        its block is not reached."""
        label = next((self.text(c) for c in node.named_children if c.type == "label"), None)
        target = None
        for exit_ in reversed(self.exits):
            if node.type == "return_expression":
                if exit_.kind in ("closure", "fn"):
                    target = exit_
                    break
            elif exit_.kind in ("closure", "fn"):
                break  # a `break` cannot leave a closure
            elif label == exit_.label if label is not None else exit_.kind == "loop":
                target = exit_
                break
        if target is None:
            return  # a label not seen: read on, as if it did not jump
        state = self.state
        if target.kind != "fn":
            left = self._changes(target.mark)
        elif self.summarising:  # what the function leaves, read by `summarise`
            left = _Change(dict(state.values), dict(state.consumed), state.dead)
        else:
            left = _Change({}, {}, state.dead)
        if node.type == "return_expression":
            target.returns.append((left, value))
        if node.type == "continue_expression":
            target.continues.append(left)
        elif target.kind != "fn":
            target.breaks.append(left)
        self.state = _State(state.values, state.consumed, dead=True)

    def join(
        self,
        mark: int,
        states: list[_State | _Change],
        at: int,
        results: Iterable[Value] = (),
    ) -> None:
        """Make the state the one at file byte `at` after paths that ended in `states`: the
        reading's own state, where it is one of them, and what others wrote since journal
        `mark`; dead ones never get here."""
        here = self.state
        live = [s for s in states if not s.dead]
        if not live:
            self.state = _State(here.values, here.consumed, dead=True)  # never read
            return
        if len(live) == 1 and live[0] is here:
            return
        changes = [self._changes(mark) if s is here else s for s in live]
        self._undo(mark)
        self.state = _State(here.values, here.consumed)
        if len(changes) == 1:
            self._write(changes[0].values, changes[0].consumed)
            return
        writes, chosen, stay = _join_states(
            here.values,
            here.consumed,
            changes,
            results,
            lambda slot: self._read_after(slot, at),
            self.field_initial,
            self._holders,
        )
        if stay is not None:
            chosen = {d: _MISSING for d in here.consumed if d not in stay}
            chosen.update(stay)
        self._write(writes, chosen or {})

    def _changes(self, mark: int) -> _Change:
        """The state as what was written since journal `mark`."""
        values = self.state.values
        written: dict = {}
        taken: dict = {}
        journal = self.journal
        for target, key in zip(journal.targets[mark:], journal.entries[mark:], strict=True):
            into = written if target is values else taken
            if key not in into:
                into[key] = dict.get(target, key, _MISSING)
        return _Change(written, taken, self.state.dead)

    def _undo(self, mark: int) -> None:
        """Undo the writes since journal `mark`."""
        journal = self.journal
        entries, targets, olds, seqs = journal.entries, journal.targets, journal.olds, journal.seqs
        while len(entries) > mark:
            key, target, old = entries.pop(), targets.pop(), olds.pop()
            seqs.pop()
            if old is _MISSING:
                dict.pop(target, key, None)
            else:
                dict.__setitem__(target, key, old)

    def _write(self, values: dict, consumed: dict) -> None:
        """Write what differs of `values` and `consumed` (`_MISSING`: none) into the state."""
        for into, written in ((self.state.values, values), (self.state.consumed, consumed)):
            for key, value in written.items():
                if value is _MISSING:
                    into.pop(key, None)
                elif dict.get(into, key, _MISSING) is not value:
                    into[key] = value

    def _holders(
        self, change: _Change, consumed: dict, wanted: frozenset
    ) -> Iterator[tuple[_Slot, Value]]:
        """The names of the path `change` (from the state) that may hold one of `wanted`: all
        of them, or, when each of `wanted` was bound here, those written since the earliest
        was made (one made later cannot hold it)."""
        values = self.state.values
        written = change.values
        for slot, value in written.items():
            if value is not _MISSING:
                yield slot, value
        journal = self.journal
        entries = journal.entries
        births = [self.born.get(d) for d in wanted]
        if None not in births:
            since = bisect.bisect_left(journal.seqs, min(births))
            if len(entries) - since < len(values):
                seen: set[_Slot] = set()
                for index in range(since, len(entries)):
                    target, slot = journal.targets[index], entries[index]
                    if target is values and slot not in written and slot not in seen:
                        seen.add(slot)
                        value = values.get(slot, _MISSING)
                        if value is not _MISSING:
                            yield slot, value
                return
        for slot, value in values.items():
            if slot not in written:
                yield slot, value
        for slot, initial in self.field_initial.items():
            if (written[slot] if slot in written else values.get(slot, _MISSING)) is _MISSING:
                yield slot, initial

    def _read_after(self, slot: _Slot, at: int) -> bool:
        """Whether a name may be read after file byte `at`: it is named later in its scope, or
        anywhere in a loop around `at` that it was bound before (the next pass reads it)."""
        starts = _words(self.data).get(slot.name.encode())
        if starts is None and not _WORD.fullmatch(slot.name.encode()):
            return self._read_after_by_search(slot, at)
        starts = starts or []
        size = len(slot.name.encode())

        def named(start: int, end: int) -> bool:
            index = bisect.bisect_left(starts, start)
            return index < len(starts) and starts[index] + size <= end

        if named(at, slot.scope_end):
            return True
        for key, _ in self.context:
            start, end = self.loop_spans[key]
            if start > slot.declared and named(start, end):
                return True
        return False

    def _read_after_by_search(self, slot: _Slot, at: int) -> bool:
        """`_read_after` for a name that is not one ASCII word (`r#type`, `café`)."""
        pattern = self._names.get(slot.name)
        if pattern is None:
            pattern = re.compile(rb"\b" + re.escape(slot.name.encode()) + rb"\b")
            self._names[slot.name] = pattern
        if pattern.search(self.data, at, slot.scope_end):
            return True
        for key, _ in self.context:
            start, end = self.loop_spans[key]
            if start > slot.declared and pattern.search(self.data, start, end):
                return True
        return False

    def branches(self, arms: list[Callable[[], Value]], at: int) -> Value:
        """Run each arm from the same state; afterwards (from file byte `at` on) anything one of
        them did may be done."""
        base = self.state
        mark = len(self.journal.entries)
        states, values = [], []
        for arm in arms:
            self.state = _State(base.values, base.consumed, base.dead)
            values.append(arm())
            states.append(self._changes(mark))
            self._undo(mark)  # the next arm starts where this one did
        self.state = base
        live = [v for s, v in zip(states, values, strict=True) if not s.dead]
        self.join(mark, states, at, live)
        return _join(live) if live else _DATA

    # -- statements and blocks

    def _block(self, block: Node) -> Value:
        label = next((self.text(c) for c in block.named_children if c.type == "label"), None)
        if label is not None:
            exit_ = _Exit("block", label, len(self.journal.entries))
            self.exits.append(exit_)
            value = self._statements(block)
            self.exits.pop()
            self.join(exit_.mark, [self.state, *exit_.breaks], self.span(block)[1])
            return value
        return self._statements(block)

    def _statements(self, block: Node) -> Value:
        self.push_scope(block)
        value = _DATA
        read_to = self.read_to
        for child in block.named_children:
            if self.state.dead:
                break  # after a `break`, `continue` or `return`
            if read_to is not None and child.start_byte + self.delta >= read_to and self._done():
                break
            if child.type == "let_declaration":
                self._let(child)
                value = _DATA
            elif child.type == "expression_statement":
                inner = child.named_children[0] if child.named_child_count else None
                value = self.expr(inner)
                if self.data[child.end_byte + self.delta - 1 : child.end_byte + self.delta] == b";":
                    value = _DATA
            elif child.type in _ITEMS:
                continue
            else:
                value = self.expr(child)
        self.pop_scope()
        return value

    def _done(self) -> bool:
        """Whether nothing the reading has yet to read can be found: a rule finds at a backward,
        a call of a function that runs one, or a call some rule asked to see, each a reason of
        the function; past the last of them nothing is found, unless a loop's next pass or a
        closure bound by `let` reads what is before it again."""
        if self.inlining or any(
            number < self.last_pass.get(key, _PASSES) for key, number in self.context
        ):
            return False  # a later pass of a loop around reads this again
        for closure in self.closures.values():
            start, end = self.span(closure)
            index = bisect.bisect_left(self.reasons, (start,))
            if index < len(self.reasons) and self.reasons[index][0] < end:
                return False
        return True

    def _let(self, node: Node) -> None:
        pattern = node.child_by_field_id(_FIELD.pattern)
        value_node = node.child_by_field_id(_FIELD.value)
        alternative = node.child_by_field_id(_FIELD.alternative)
        if (
            pattern is not None
            and pattern.type == "tuple_pattern"
            and value_node is not None
            and value_node.type == "tuple_expression"
            and pattern.named_child_count == value_node.named_child_count
        ):
            # `let (a, b) = (x.exp(), y);` binds element by element.
            pairs = list(zip(pattern.named_children, value_node.named_children, strict=True))
            values = [self.expr(v) for _, v in pairs]
            for (part, part_value), value in zip(pairs, values, strict=True):
                self._bind(part, value, part_value, node)
            return
        if self._closure_bound(pattern, value_node, node):
            return
        value = self.expr(value_node)
        if alternative is not None:
            # `let ... else { diverges }`: read it, keep nothing from it.
            base = self.state
            mark = len(self.journal.entries)
            self.state = _State(base.values, base.consumed, base.dead)
            self.expr(alternative)
            self._undo(mark)
            self.state = base
        if pattern is not None:
            self._bind(pattern, value, value_node, node)
            if pattern.type == "identifier":
                self._typed(self.scopes[-1].get(self.text(pattern)), node, value_node)

    def _closure_bound(self, pattern: Node | None, value: Node | None, statement: Node) -> bool:
        """`let head = |x| ...;` called later by name: read at each call, not here."""
        if (
            pattern is None
            or pattern.type != "identifier"
            or value is None
            or value.type != "closure_expression"
            or self.delta != 0
        ):
            return False
        name = self.text(pattern)
        word = name.encode()
        start, end = statement.end_byte, self.scope_ends[-1]
        if _WORD.fullmatch(word):
            # The name's next uses, from the file's words (a search would read the scope again).
            starts = _words(self.data).get(word, [])
            index = bisect.bisect_left(starts, start)
            while index < len(starts) and starts[index] < end:
                if _CALLED.match(self.data, starts[index] + len(word), end):
                    break
                index += 1
            else:
                return False
        elif not re.compile(rb"\b" + re.escape(word) + rb"\s*\(").search(self.data, start, end):
            return False
        self.declare(name, _DATA, pattern)
        self.closures[self.scopes[-1][name]] = value
        return True

    def _typed(self, slot: _Slot | None, statement: Node, value: Node | None) -> None:
        """The type a `let` shows: `let n: Normalizer<B> = ..`, `Normalizer::new(..)`,
        `Normalizer { .. }`, `NormalizerConfig::new(..).init(..)`."""
        if slot is None:
            return
        kind = statement.child_by_field_id(_FIELD.type)
        name = _type_name(self.text(kind)) if kind is not None else None
        if name is None and value is not None:
            head = value
            while head.type in (
                "call_expression",
                "field_expression",
                "try_expression",
                "generic_function",  # `.init::<B>(device)`
            ):
                inner = head.child_by_field_id(_FIELD.function) or head.child_by_field_id(
                    _FIELD.value
                )
                if inner is None:
                    break
                head = inner
            if head.type == "scoped_identifier":
                path = head.child_by_field_id(_FIELD.path)
                name = _type_name(self.text(path)) if path is not None else None
            elif value.type == "struct_expression":
                type_node = value.child_by_field_id(_FIELD.name)
                name = _type_name(self.text(type_node)) if type_node is not None else None
        if name is not None and name.endswith("Config") and name[:-6] in self.program.structs:
            name = name[:-6]
        if name is not None and name in self.program.structs:
            self.types[slot] = name

    def _bind(self, pattern: Node, value: Value, value_node: Node | None, statement: Node) -> None:
        while (
            pattern.type in ("mut_pattern", "ref_pattern", "reference_pattern")
            and pattern.named_child_count
        ):
            pattern = pattern.named_children[-1]
        if pattern.type in ("identifier", "shorthand_field_identifier"):
            name = self.text(pattern)
            self._name_call_result(name, value)
            self.declare(name, self._bound(name, value, pattern, value_node, statement), pattern)
            return
        matched = self._matched_parts(pattern, value)
        if matched is not None:
            # `let (a, b) = pair;` with `pair` a literal tuple: each takes its element.
            for part_pattern, part in matched:
                self._bind(part_pattern, part, None, statement)
            return
        if value.shared is not None and pattern.type in ("slice_pattern", "tuple_pattern"):
            # `let [a, b] = &outputs[..]` of a `Vec` of separate tensors: each its own.
            for name_node in _pattern_names(pattern):
                name = self.text(name_node)
                element = self._element(value)
                self.declare(
                    name, self._bound(name, element, name_node, None, statement), name_node
                )
            return
        # The parts of a tracked value (`let (out, state) = cell.forward(..)`) are tensors of
        # their own, all derived from the whole: backpropagating one consumes the whole's steps.
        part = value
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            whole = value
            if value.origin is None and value_node is not None and not _forward_output(value_node):
                # `let [a, b] = &all_reduce(vec![x, y])[..]`: the results of a function that
                # is not a module's forward share only what they are computed from, not what
                # the function makes inside (each result may be made apart).
                kept = frozenset(d for d in value.sources if d not in self.made_in_calls)
                whole = replace(value, sources=kept, reads=frozenset())
            elif value.origin is None:
                name = " ".join(self.text(pattern).split())
                whole = self._bound(name, value, pattern, value_node, statement)
            part = _op([whole])
        for name_node in _pattern_names(pattern):
            name = self.text(name_node)
            self.declare(name, self._bound(name, part, name_node, None, statement), name_node)

    def _name_call_result(self, name: str, value: Value) -> None:
        """A tensor a called function made, bound whole to `name` for the first time: it is
        `name` from here on (`let h = layer(..)`), not what the function called it inside."""
        origin = value.origin
        if origin is not None and value.parts is None and origin in self.call_results:
            self.call_results.discard(origin)
            origin.name = name

    def _matched_parts(self, pattern: Node, value: Value) -> list[tuple[Node, Value]] | None:
        """The sub-patterns of a tuple, slice or struct pattern with the elements of a literal
        collection they take; None when the pattern does not name them one by one."""
        if value.parts is None:
            return None
        parts = dict(value.parts)
        matched = []
        if pattern.type in ("tuple_pattern", "slice_pattern"):
            elements = [c for c in pattern.children if c.type not in ("(", ")", "[", "]", ",")]
            for index, element in enumerate(elements):
                key = f".{index}" if pattern.type == "tuple_pattern" else f"[{index}]"
                if element.type in ("remaining_field_pattern", "rest_pattern", "..") or (
                    key not in parts
                ):
                    return None
                if element.type != "_":
                    matched.append((element, parts[key]))
            return matched if len(elements) == len(parts) else None
        if pattern.type == "struct_pattern":
            for element in pattern.named_children:
                if element.type != "field_pattern":
                    continue
                name = element.child_by_field_id(_FIELD.name)
                key = f".{self.text(name)}" if name is not None else ""
                if key not in parts:
                    return None
                matched.append((element.child_by_field_id(_FIELD.pattern) or name, parts[key]))
            return matched
        return None

    def _bound(
        self,
        name: str,
        value: Value,
        name_node: Node,
        value_node: Node | None,
        statement: Node,
        assigned: bool = False,
    ) -> Value:
        """`value` bound to `name`: a temporary tracked tensor becomes a definition (each
        element of a collection does, as `name[0]` or `name.field`)."""
        if value.requirement == Requirement.NONE or value.origin is not None:
            return value
        if value.parts is not None:
            parts = tuple(
                (key, self._bound(f"{name}{key}", part, name_node, None, statement, assigned))
                for key, part in value.parts
            )
            return replace(_collection(list(parts)), reads=value.reads)
        span = self.span(value_node) if value_node is not None else self.span(name_node)
        if value_node is not None and value_node.start_point[0] != value_node.end_point[0]:
            span = self.span(name_node)
        why = (
            value.why
            if value.requirement == Requirement.GRAD_IN_BACKWARD
            else f"from `{name}` which requires grad"
        )
        definition = Definition(
            name,
            span,
            self.context,
            why,
            statement if self.delta == 0 else None,
            value_node if self.delta == 0 else None,
            assigned,
        )
        if value.requirement == Requirement.GRAD:
            return Value(Requirement.GRAD, definition, frozenset(), why)
        self.born[definition] = self.journal.seq
        definition.sources = _plus(value.sources, definition)
        shared = value.shared
        if shared is not None and _WHOLE in shared:
            shared = (shared - {_WHOLE}) | {definition}
        return Value(
            Requirement.GRAD_IN_BACKWARD,
            definition,
            definition.sources,
            why,
            reads=value.reads,
            shared=shared,
        )

    def _assign(self, node: Node) -> Value:
        left = node.child_by_field_id(_FIELD.left)
        right = node.child_by_field_id(_FIELD.right)
        value = self.expr(right)
        slot = (
            self.lookup(self.text(left)) if left is not None and left.type == "identifier" else None
        )
        if left is not None and left.type == "field_expression":
            path = self._path(left)
            slot = self._field_slot(path, create=True) if path is not None else None
        if slot is None:
            if left is not None and left.type != "identifier":
                self.expr(left)
            return _DATA
        if node.type == "compound_assignment_expr":
            value = _op([self.state.values.get(slot, _DATA), value])
        else:
            self._name_call_result(slot.name, value)
        statement = node.parent if node.parent is not None else node
        self.state.values[slot] = self._bound(
            slot.name, value, left, right, statement, assigned=True
        )
        return _DATA

    # -- expressions

    def _identifier(self, node: Node) -> Value:
        delta = self.delta
        name = self.data[node.start_byte + delta : node.end_byte + delta].decode("utf-8", "replace")
        slots = self.bound.get(name)
        if not slots:
            return _DATA
        slot = slots[-1]
        value = self.state.values.get(slot, _DATA)
        if value.requirement == Requirement.GRAD_IN_BACKWARD:
            node_ = node if self.delta == 0 else None
            read = Read(self.span(node), slot.name, value, node_, self.context)
            return _read_as(value, _plus(value.reads, read))
        return value

    def _same(self, node: Node) -> Value:
        inner = node.child_by_field_id(_FIELD.value)
        if inner is None:
            inner = next((c for c in node.named_children if c.type not in _ITEMS), None)
        return self.expr(inner)

    def _field(self, node: Node) -> Value:
        """`output.loss`, `xs[i]`: a part of a tracked value is tracked, of anything else data;
        a field the program assigned (`self.hidden`) holds what was put there."""
        if node.type == "field_expression":
            path = self._path(node)
            slot = None
            if path is not None:
                slot = self._field_slot(path, create=path.startswith("self."))
            if slot is not None:
                held = self.state.values.get(slot, _DATA)
                if held.requirement == Requirement.GRAD_IN_BACKWARD:
                    node_ = node if self.delta == 0 else None
                    read = Read(self.span(node), path or "", held, node_, self.context)
                    return _read_as(held, _plus(held.reads, read))
                return held
        elif node.named_child_count > 1 and node.named_children[1].type == "range_expression":
            self.expr(node.named_children[1])
            return self.expr(node.named_children[0])  # `xs[..]`: the collection itself
        children = [c for c in node.named_children if c.type != "field_identifier"]
        values = [self.expr(child) for child in children]
        base = values[0] if values else _DATA
        if base.parts is not None:
            return self._part(node, base)
        if base.requirement != Requirement.GRAD_IN_BACKWARD:
            return _DATA
        name_node = node.child_by_field_id(_FIELD.field)
        if node.type == "field_expression" and base.origin is not None and name_node is not None:
            return self._field_part(base, self.text(name_node))
        return _op([base])

    def _field_part(self, base: Value, name: str) -> Value:
        """`item.loss` of a tracked `item` (a definition), read twice, is one tensor: a part
        of `item` made once."""
        assert base.origin is not None
        key = (base.origin, name)
        made = self.field_parts.get(key)
        if made is None:
            whole = base.origin
            made = Definition(
                f"{whole.name}.{name}",
                whole.span,
                whole.context,
                whole.why,
                whole.statement,
                whole.value,
            )
            made.sources = whole.sources | {made}
            self.born[made] = self.journal.seq
            self.field_parts[key] = made
            if whole in self.markers:
                self.taken[made] = (whole, name)
        return Value(Requirement.GRAD_IN_BACKWARD, made, made.sources, made.why, reads=base.reads)

    def _given_part(self, given: Value, name: str | None) -> Value:
        """The field `name` of what a caller gives (None: all of it)."""
        if name is None or given.requirement != Requirement.GRAD_IN_BACKWARD:
            return given
        parts = dict(given.parts or ())
        if f".{name}" in parts:
            part = parts[f".{name}"]
            return replace(part, reads=part.reads | given.reads) if part.reads else part
        if given.origin is not None:
            return self._field_part(given, name)
        return _op([given])

    def _path(self, node: Node) -> str | None:
        """`self.hidden`, `model.cache.h`: a field reached from a name through fields only."""
        text = self.text(node)
        return text if _PATH.match(text) and "." in text else None

    def _field_slot(self, path: str, create: bool = False) -> _Slot | None:
        """The slot of a field (`self.hidden`): one seen or set already, else, with `create`,
        a new one beside its root name, holding what a summary's caller gives (a marker) or
        data."""
        slot = self.lookup(path)
        if slot is not None or not create:
            return slot
        root = path.split(".", 1)[0]
        root_slot = self.lookup(root)
        if root_slot is None:
            return None
        slot = _Slot(path, root_slot.declared, root_slot.scope_end)
        scope = next(s for s in reversed(self.scopes) if s.get(root) is root_slot)
        self._bind_in(scope, path, slot)
        initial = _DATA
        if self.summarising and root == "self" and path.count(".") == 1 and not self._number(path):
            initial = self._marker(path, ("field", path[5:]))
        self.field_initial[slot] = initial
        self.state.values[slot] = initial
        return slot

    def _number(self, path: str) -> bool:
        """Whether a field of `self` is declared a number (`d_model: usize`): never a tensor."""
        owner = self.callee.owner if self.callee is not None else None
        declared = self.program.structs.get(owner or "", {}).get(path[5:])
        return declared is not None and _NUMBERS.match(declared.strip()) is not None

    def _place(self, node: Node | None) -> _Slot | None:
        """The slot a receiver names (`losses`, `self.log_probs`), for a method that changes
        it in place."""
        if node is None:
            return None
        if node.type == "identifier":
            return self.lookup(self.text(node))
        if node.type == "field_expression":
            path = self._path(node)
            return self._field_slot(path, create=True) if path is not None else None
        return None

    def _element(self, collection: Value) -> Value:
        """One element taken out of a collection, as a tensor of its own: what it derives
        from is what the elements share (`shared`, or the common part of known parts);
        nothing when that is not known."""
        if collection.requirement != Requirement.GRAD_IN_BACKWARD:
            return collection if collection.requirement == Requirement.GRAD else _DATA
        shared: frozenset[Definition] = frozenset()
        if collection.shared is not None:
            shared = collection.shared
        elif self.markers and any(d in self.markers for d in collection.sources):
            shared = collection.sources  # what the caller gives: its elements, whatever they are
        elif collection.parts:
            shared = _common([v.sources for _, v in collection.parts])
        return Value(Requirement.GRAD_IN_BACKWARD, None, shared, collection.why)

    def _pushed(self, slot: _Slot, held: Value, pushed: Value) -> Value:
        """A collection after `push`: it holds the new element too; its elements share what
        was made outside the loops the pushes run in (each pass pushes a tensor of its own)."""
        if pushed.requirement != Requirement.GRAD_IN_BACKWARD:
            return held
        outside = frozenset(
            d
            for d in pushed.sources
            if all(self.loop_spans.get(key, (0, 0))[0] < slot.declared for key, _ in d.context)
        )
        tracked = held.requirement == Requirement.GRAD_IN_BACKWARD
        if tracked and held.shared is not None:
            shared = held.shared & outside
        elif tracked:
            shared = held.sources & outside
        else:
            shared = outside
        return Value(
            Requirement.GRAD_IN_BACKWARD,
            None,
            (held.sources if tracked else frozenset()) | pushed.sources,
            pushed.why,
            reads=(held.reads if tracked else frozenset()) | pushed.reads,
            shared=shared,
        )

    def _receiver_type(self, node: Node | None) -> str | None:
        """The program's type of a method's receiver, where it shows: `self`, a name whose
        `let` or parameter says it, a field of a struct of the program."""
        if node is None:
            return None
        if node.type == "self":
            return self.callee.owner if self.callee is not None else None
        if node.type == "identifier":
            slot = self.lookup(self.text(node))
            return self.types.get(slot) if slot is not None else None
        if node.type == "field_expression":
            base = self._receiver_type(node.child_by_field_id(_FIELD.value))
            name = node.child_by_field_id(_FIELD.field)
            if base is not None and name is not None:
                return self.program.field_type(base, self.text(name))
        return None

    def _apply(
        self,
        callee: _Callee,
        arguments: list[Value],
        receiver: str | None,
        call: Node,
        span_node: Node,
    ) -> Value | None:
        """A call of a function of the program, by its summary: the backward it runs on what
        it is given, the fields of `receiver` it sets, and its result. None when it has none."""
        tracked = any(v.requirement != Requirement.NONE for v in arguments)
        if tracked or callee.name in self.program.helper_names:
            full = self.program.summary(callee)
        else:
            full = _NOTHING  # it runs no backward on what it is given, which is data anyway
        summary = full if tracked else self.program.summary(callee, alone=True)
        if full is None or summary is None:
            return None
        span = self.span(call) if call.start_point[0] == call.end_point[0] else self.span(span_node)
        given: dict[Definition, Value] = {}
        reads: set[Read] = set()

        def outer(marker: Definition, summary: _Summary = summary) -> Value:
            if marker in given:
                return given[marker]
            kind, key = summary.markers[marker]
            held = _DATA
            if kind == "leaf":
                held = Value(Requirement.GRAD, why="from a parameter")
            elif kind == "param" and isinstance(key, int) and key < len(arguments):
                held = arguments[key]
            elif kind == "field" and receiver is not None:
                slot = self._field_slot(f"{receiver}.{key}", create=receiver == "self")
                held = self.state.values.get(slot, _DATA) if slot is not None else _DATA
                if held.requirement == Requirement.GRAD_IN_BACKWARD and slot is not None:
                    reads.add(Read(span, slot.name, held, None, self.context))
            given[marker] = held
            return held

        # The backwards it runs, in order, on what the caller gave it.
        for group in full.backward:
            losses = []
            for (key, part), same in group.items():
                marker = next((m for m, k in full.markers.items() if k == key), None)
                if marker is not None:
                    losses.append((self._given_part(outer(marker, full), part), same, marker.name))
            if losses:
                one = len(losses) == 1 and losses[0][1]
                loss = losses[0][0] if one else _op(v for v, _, _ in losses)
                if loss.reads or reads:
                    loss = replace(loss, reads=loss.reads | reads)
                event = Backward(span, self.context, None, loss, frozenset(self.once), callee.label)
                event.parameters = tuple((name, same, given) for given, same, name in losses)
                self._consume(event, loss)
        if full.backward:
            given.clear()  # what it now reads of the fields, it reads after the backward
        names: dict[Definition, str] = {}
        if receiver is not None:
            for field_name, written in summary.writes.items():
                if written.origin is not None:
                    names[written.origin] = f"{receiver}.{field_name}"
                for d in written.sources:
                    if d.name == f"self.{field_name}":  # an element pushed into it
                        names.setdefault(d, f"{receiver}.{field_name}")
        made: dict[Definition, Definition] = {}

        def translate(sources: Iterable[Definition]) -> frozenset[Definition]:
            out: set[Definition] = set()
            inner = []
            for d in sources:
                if d in summary.markers:
                    out |= outer(d).sources
                elif d in made:
                    out.add(made[d])
                else:
                    inner.append(d)
            for d in sorted(inner, key=lambda d: (len(d.sources), d.span, d.name)):
                if d in made:
                    out.add(made[d])
                    continue
                # A field's state set in a method of this file: shown where it is set.
                here = callee.source is self.source and self.delta == 0 and d in names
                new = Definition(
                    names.get(d, d.name),
                    d.span if here else span,
                    self.context,
                    d.why if here else f"by `{callee.label}`",
                    d.statement if here else None,
                    d.value if here else None,
                )
                parts = {new}
                for e in d.sources:
                    if e is d:
                        continue
                    if e in summary.markers:
                        parts |= outer(e).sources
                    elif e in made:
                        parts.add(made[e])
                new.sources = frozenset(parts)
                if callee.source is self.source and self.delta == 0 and d.statement is not None:
                    new.home = d
                if not here:
                    # Where the callee makes it: the call of the next function, or its statement.
                    at = d.statement.start_byte if d.statement is not None else d.span[0]
                    if d.made_in:
                        at = d.span[0]
                    new.made_in = ((callee.label, callee.source, at), *d.made_in)
                    if d not in names:
                        self.call_results.add(new)  # named by the caller's binding, if any
                made[d] = new
                self.made_in_calls.add(new)
                out.add(new)
            return frozenset(out)

        def instantiate(v: Value) -> Value:
            if v.requirement == Requirement.NONE:
                return _FROZEN if v.frozen else _DATA
            if v.origin is not None and v.origin in summary.markers and v.parts is None:
                return outer(v.origin)  # it returns what it was given (or a clone)
            if v.requirement == Requirement.GRAD:
                return Value(Requirement.GRAD, why=v.why or "from a tensor that requires grad")
            parts = tuple((k, instantiate(p)) for k, p in v.parts) if v.parts else None
            sources = translate(v.sources)
            inner = any(d not in summary.markers for d in v.sources)
            given_values = [outer(d) for d in v.sources if d in summary.markers]
            if (
                not inner
                and v.sources
                and all(g.requirement == Requirement.NONE for g in given_values)
            ):
                return _DATA  # computed from what it was given, which is data
            origin = made.get(v.origin) if v.origin is not None else None
            why = f"by `{callee.label}`"
            if not inner:
                # What it was given says why; if nothing given does, the call made it tracked.
                why = next((g.why for g in given_values if g.why), "") or why
            shared = translate(v.shared) if v.shared is not None else None
            taken = frozenset().union(*(g.reads for g in given_values)) | reads
            return Value(
                Requirement.GRAD_IN_BACKWARD,
                origin,
                sources,
                why,
                reads=taken,
                parts=parts,
                shared=shared,
            )

        try:
            if receiver is not None:
                for field_name, written in summary.writes.items():
                    slot = self._field_slot(f"{receiver}.{field_name}", create=True)
                    if slot is not None:
                        self.state.values[slot] = instantiate(written)
            return instantiate(summary.result)
        finally:
            # It calls itself, a cycle: broken here, its cells are freed now, not by the collector.
            instantiate = None  # noqa: F841

    def _inline(self, closure: Node, arguments: list[Value]) -> Value:
        """A closure bound by `let`, read where it is called, with what it is given."""
        if closure.start_byte in self.inlining:
            return _op(arguments)
        self.inlining.add(closure.start_byte)
        self.push_scope(closure)
        parameters = closure.child_by_field_id(_FIELD.parameters)
        for index, parameter in enumerate(
            parameters.named_children if parameters is not None else ()
        ):
            pattern = parameter.child_by_field_id(_FIELD.pattern) or parameter
            given = arguments[index] if index < len(arguments) else _DATA
            self._bind(pattern, given, None, closure)
        exit_ = _Exit("closure", mark=len(self.journal.entries))
        self.exits.append(exit_)
        result = self.expr(closure.child_by_field_id(_FIELD.body))
        self.exits.pop()
        self.pop_scope()
        values = [result] if not self.state.dead else []
        values += [v for state, v in exit_.returns if not state.dead]
        self.join(exit_.mark, [self.state, *exit_.breaks], self.span(closure)[1])
        self.inlining.discard(closure.start_byte)
        return _join(values) if values else _DATA

    def _binary(self, node: Node) -> Value:
        left = self.expr(node.child_by_field_id(_FIELD.left))
        right = self.expr(node.child_by_field_id(_FIELD.right))
        operator = node.child_by_field_id(_FIELD.operator)
        if operator is not None and self.text(operator) in ("+", "-", "*", "/", "%"):
            return _op([left, right])
        return _DATA

    def _unary(self, node: Node) -> Value:
        value = self.expr(node.named_children[0] if node.named_child_count else None)
        operator = self.data[node.start_byte + self.delta : node.start_byte + self.delta + 1]
        if operator == b"*":
            return value
        return _op([value]) if operator == b"-" else _DATA

    def _elements(self, node: Node) -> Value:
        """A tuple, array or struct literal: tracked if an element is, keeping its elements."""
        if node.type == "array_expression":
            start, end = self.span(node)
            if not self.data[start:end].translate(None, _NUMBER_BYTES):
                return _DATA  # numbers only (a test's data): nothing in it runs or is tracked
        parts: list[tuple[str, Value]] | None = []
        children = node.named_children
        index = 0
        while index < len(children):
            child = children[index]
            index += 1
            kind = child.type
            if kind in _LITERALS:  # the numbers of a test's data: read as `expr` reads them
                if parts is not None:
                    key = f".{len(parts)}" if node.type == "tuple_expression" else f"[{len(parts)}]"
                    parts.append((key, _DATA))
            elif kind == "field_initializer_list":
                children = children[index:]
                children[:0] = child.named_children
                index = 0
            elif child.type == "field_initializer":
                field_ = child.child_by_field_id(_FIELD.field)
                value = self.expr(child.child_by_field_id(_FIELD.value))
                if parts is not None:
                    parts.append((f".{self.text(field_)}" if field_ else "?", value))
            elif child.type in ("type_identifier", "scoped_type_identifier", "generic_type"):
                continue
            elif child.type == "shorthand_field_initializer":
                value = self.expr(child.named_children[0])
                if parts is not None:
                    parts.append((f".{self.text(child.named_children[0])}", value))
            elif child.type == "base_field_initializer":
                self.expr(child)
                parts = None  # `..base`: the other fields are not known
            else:
                value = self.expr(child)
                if parts is not None:
                    key = f".{len(parts)}" if node.type == "tuple_expression" else f"[{len(parts)}]"
                    parts.append((key, value))
        if node.type == "array_expression" and node.child_by_field_id(_FIELD.length) is not None:
            parts = parts[:1] if parts else None  # `[x; n]`: every element is `x`
        return _collection(parts) if parts is not None else _op([])

    def _part(self, node: Node, base: Value) -> Value:
        """An element of a literal collection: the one named, or any one (what all share)."""
        assert base.parts is not None
        if node.type == "index_expression":
            index = node.named_children[1] if node.named_child_count > 1 else None
            known = index is not None and index.type == "integer_literal"
            key = f"[{self.text(index)}]" if known and index is not None else None
        else:
            name = node.child_by_field_id(_FIELD.field)
            key = f".{self.text(name)}" if name is not None else None
        parts = dict(base.parts)
        if key in parts:
            part = parts[key]
        else:
            values = list(parts.values())
            tracked = [v for v in values if v.requirement == Requirement.GRAD_IN_BACKWARD]
            if not tracked:
                return _join(values) if values else _DATA
            common = _common([v.sources for v in values])
            part = Value(
                Requirement.GRAD_IN_BACKWARD, None, common, tracked[0].why, reads=frozenset()
            )
        if part.requirement != Requirement.GRAD_IN_BACKWARD:
            return part
        return replace(part, reads=part.reads | base.reads)

    def _macro(self, node: Node) -> Value:
        if self.delta != 0:
            return _DATA  # a macro inside a macro's arguments: not read
        name_node = node.child_by_field_id(_FIELD.macro)
        name = self.text(name_node) if name_node is not None else ""
        arguments = self.macros.get(node.start_byte)
        if arguments is None:
            # Only `vec!` has a value here; another macro's arguments matter only for the
            # backward they may run.
            text = self.data[node.start_byte : node.end_byte]
            arguments = False
            if name == "vec" or b"backward" in text:
                arguments = macro_arguments(self.source, node) or False
            self.macros[node.start_byte] = arguments
        values = []
        if arguments:
            self.delta = arguments.delta
            try:
                values = [self.expr(argument) for argument in arguments.nodes]
            finally:
                self.delta = 0
        if name in _DIVERGING_MACROS:
            self.state = _State(self.state.values, self.state.consumed, dead=True)
        if name != "vec":
            return _DATA
        return _collection([(f"[{i}]", value) for i, value in enumerate(values)])

    def _closure(
        self, node: Node, repeat_key: int | None = None, element: Value | None = None
    ) -> Value:
        """A closure, read where it is written (as a loop body when `repeat_key` is given,
        its element parameter holding `element`, the last one of a `fold`'s); it is data,
        its value (what the body yields) only as an adaptor's loop body."""
        parameters = node.child_by_field_id(_FIELD.parameters)
        given = [
            parameter.child_by_field_id(_FIELD.pattern) or parameter
            for parameter in (parameters.named_children if parameters is not None else ())
        ]
        taking = given[-1] if given else None
        results: list[Value] = []

        def body() -> None:
            self.push_scope(node)
            for pattern in given:
                if element is not None and pattern is taking:
                    self._bind(pattern, element, None, node)
                    continue
                for name in _pattern_names(pattern):
                    self.declare(self.text(name), _DATA, name)
            exit_ = _Exit("closure", mark=len(self.journal.entries))
            self.exits.append(exit_)
            result = self.expr(node.child_by_field_id(_FIELD.body))
            self.exits.pop()
            self.pop_scope()
            results[:] = [result] if not self.state.dead else []
            results.extend(v for state, v in exit_.returns if not state.dead)
            self.join(exit_.mark, [self.state, *exit_.breaks], self.span(node)[1])

        if repeat_key is None:
            body()
            return _DATA
        self._passes(node, repeat_key, body)
        return _join(results) if results else _DATA

    def _if(self, node: Node) -> Value:
        self.push_scope(node)
        condition = node.child_by_field_id(_FIELD.condition)
        self._condition(condition)
        consequence = node.child_by_field_id(_FIELD.consequence)
        alternative = node.child_by_field_id(_FIELD.alternative)
        conditional_scope = self.scopes[-1]

        once = self._once(node.child_by_field_id(_FIELD.condition))
        keys = [once] if once is not None else self._first_pass(condition, consequence)

        def then() -> Value:
            if not keys:
                return self.expr(consequence)
            self.once.extend((key, self.span(node)[0]) for key in keys)
            try:
                return self.expr(consequence)
            finally:
                del self.once[len(self.once) - len(keys) :]

        def otherwise() -> Value:
            if alternative is None:
                return _DATA
            # The `if let` bindings are not in scope in the `else`.
            self._unbind(conditional_scope)
            self.scopes[-1] = {}
            value = self.expr(
                alternative.named_children[-1] if alternative.named_child_count else None
            )
            self._unbind(self.scopes[-1])
            self.scopes[-1] = conditional_scope
            self._rebind(conditional_scope)
            return value

        value = self.branches([then, otherwise], self.span(node)[1])
        self.pop_scope()
        return value

    def _once(self, condition: Node | None) -> int | None:
        """The loop whose passes take this `if` once at most: `counter == value`, the counter
        of a loop around it, the value the same in every pass (a literal, or names the loop
        does not assign, without calls)."""
        if condition is None or condition.type != "binary_expression":
            return None
        operator = condition.child_by_field_id(_FIELD.operator)
        if operator is None or self.text(operator) != "==":
            return None
        sides = [
            condition.child_by_field_id(_FIELD.left),
            condition.child_by_field_id(_FIELD.right),
        ]
        for counter, other in (sides, sides[::-1]):
            if counter is None or other is None or counter.type != "identifier":
                continue
            slot = self.lookup(self.text(counter))
            key = self.counters.get(slot) if slot is not None else None
            if key is not None and self._same_every_pass(other, key):
                return key
        return None

    def _first_pass(self, condition: Node | None, consequence: Node | None) -> list[int]:
        """The loops whose passes take this `if` once at most because it flips its own flag:
        `if !initialized { ..; initialized = true; }`, `if first { ..; first = false; }`, the
        flag bound before those loops and set nowhere else in them."""
        if condition is None or consequence is None:
            return []
        negated = condition.type == "unary_expression" and self.text(condition).startswith("!")
        flag = condition.named_children[0] if negated and condition.named_child_count else condition
        if flag.type != "identifier":
            return []
        slot = self.lookup(self.text(flag))
        if slot is None:
            return []
        if not self.context:
            return []  # no loop to take it once in
        text = self.text(flag).encode()
        flipped = b"true" if negated else b"false"
        start, end = self.span(consequence)
        if _WORD.fullmatch(text):
            # By the file's assignments (a search per `if` would read its block again).
            starts, words = _assignments(self.data).get(text, ([], []))

            def between(low: int, high: int) -> range:
                return range(bisect.bisect_left(starts, low), bisect.bisect_left(starts, high))

            if not any(words[i] == flipped for i in between(start, end)):
                return []
            keys = []
            for key, _ in self.context:
                loop_start, loop_end = self.loop_spans[key]
                if loop_start > slot.declared and len(between(loop_start, loop_end)) == 1:
                    keys.append(key)
            return keys
        sets = re.compile(rb"\b" + re.escape(text) + rb"\s*=(?!=)\s*(\w+)")
        if not any(m.group(1) == flipped for m in sets.finditer(self.data, start, end)):
            return []
        keys = []
        for key, _ in self.context:
            loop_start, loop_end = self.loop_spans[key]
            if (
                loop_start > slot.declared
                and len(sets.findall(self.data, loop_start, loop_end)) == 1
            ):
                keys.append(key)
        return keys

    def _same_every_pass(self, node: Node, key: int) -> bool:
        """Whether an expression has one value in every pass of loop `key`, as far as it shows:
        literals, and names the loop never assigns, in arithmetic or fields; no calls."""
        start, end = self.loop_spans[key]
        stack = [node]
        while stack:
            part = stack.pop()
            if part.type in ("integer_literal", "float_literal", "boolean_literal"):
                continue
            if part.type == "identifier":
                name = re.escape(self.text(part).encode())
                assigned = re.compile(rb"\b" + name + rb"\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)")
                if assigned.search(self.data, start, end):
                    return False
                continue
            if part.type not in (
                "binary_expression",
                "parenthesized_expression",
                "field_expression",
                "field_identifier",
                "unary_expression",
                "type_cast_expression",
                "primitive_type",
                "scoped_identifier",
            ):
                return False
            stack.extend(part.named_children)
        return True

    def _condition(self, node: Node | None) -> None:
        """A condition; `let` patterns in it bind in the current scope."""
        if node is None:
            return
        if node.type == "let_condition":
            value = self.expr(node.child_by_field_id(_FIELD.value))
            pattern = node.child_by_field_id(_FIELD.pattern)
            if pattern is not None:
                self._bind_part(pattern, value)
        elif node.type == "let_chain":
            for child in node.named_children:
                self._condition(child)
        else:
            self.expr(node)

    def _bind_part(self, pattern: Node, value: Value) -> None:
        """Names bound out of `value` by a pattern (`Some(x)`, a match arm): parts of it."""
        part = _op([value]) if value.requirement == Requirement.GRAD_IN_BACKWARD else value
        for name_node in _pattern_names(pattern):
            name = self.text(name_node)
            self.declare(name, self._bound(name, part, name_node, None, pattern), name_node)

    def _match(self, node: Node) -> Value:
        value = self.expr(node.child_by_field_id(_FIELD.value))
        body = node.child_by_field_id(_FIELD.body)
        arms = [
            a for a in (body.named_children if body is not None else []) if a.type == "match_arm"
        ]

        def arm_of(arm: Node) -> Callable[[], Value]:
            def run() -> Value:
                self.push_scope(arm)
                pattern = arm.child_by_field_id(_FIELD.pattern)
                if pattern is not None:
                    self._bind_part(pattern, value)
                    self.expr(pattern.child_by_field_id(_FIELD.condition))
                result = self.expr(arm.child_by_field_id(_FIELD.value))
                self.pop_scope()
                return result

            return run

        if not arms:
            return _DATA
        return self.branches([arm_of(arm) for arm in arms], self.span(node)[1])

    # -- loops

    def _passes(self, loop: Node, key: int, body: Callable[[], None]) -> None:
        """Run a loop body up to three times when it backpropagates: what one pass consumes, the
        next misses. A pass that would start as the one before it started (`_same_entry`) would
        find nothing new, and is not run."""
        # Run before in this reading (an inner loop, in a pass of the outer one): what it made
        # then is named by pass, so every name is compared.
        again = key in self.loops
        self.loops[key] = loop
        self.loop_spans[key] = self.span(loop)
        start, end = loop.start_byte + self.delta, loop.end_byte + self.delta
        text = self.data[start:end]
        repeat = (
            b"backward" in text
            or self.program.calls_a_helper(self.source, start, end)
            or self._calls_a_backward_closure(text)
        ) and len(self.context) < _PASSES_DEEPEST
        label = next((self.text(c) for c in loop.named_children if c.type == "label"), None)
        exit_ = _Exit("loop", label, len(self.journal.entries))
        # What each visible name holds as the loop starts (a carried leaf stays a leaf) is told
        # from the journal when a rule asks (`_entry_names`): a copy per loop would cost every
        # name in scope, and a function of n loops n².
        self.starts[key] = _LoopStart(
            exit_.mark, [len(scope) for scope in self.scopes], again, len(self.bind_depths)
        )
        # A closure's body catches its own `return`; `break` and `continue` cannot leave it.
        exits = [] if loop.type == "closure_expression" else [exit_]
        outer = self.context
        entry = None
        self.last_pass[key] = _PASSES if repeat else 1
        for number in range(1, _PASSES + 1 if repeat else 2):
            if self.state.dead:
                break  # every path of the last pass left the loop: no next pass
            if repeat:
                previous, entry = entry, self._entry(key, number)
                if entry == previous:
                    break
            self.context = (*outer, (key, number))
            self.exits.extend(exits)
            body()
            del self.exits[len(self.exits) - len(exits) :]
            self.join(exit_.mark, [self.state, *exit_.continues], self.loop_spans[key][0])
            exit_.continues.clear()
        self.context = outer
        # After the loop: a pass that ended (a `loop` ends by `break` only) or a `break`.
        ended = [] if loop.type == "loop_expression" and exit_.breaks else [self.state]
        self.join(exit_.mark, [*ended, *exit_.breaks], self.loop_spans[key][1])

    def _calls_a_backward_closure(self, text: bytes) -> bool:
        """Whether `text` calls a closure bound by `let` whose body runs a backward (`let step =
        |loss| loss.backward();` called in a loop): the loop backpropagates as if it said so."""
        for slot, closure in self.closures.items():
            body = self.data[closure.start_byte : closure.end_byte]
            if _RUNS_BACKWARD.search(body) and re.search(
                rb"\b" + re.escape(slot.name.encode()) + rb"\s*\(", text
            ):
                return True
        return False

    def _at_mark(self, mark: int) -> tuple[dict, dict]:
        """What the names and definitions written since journal `mark` held at it (`_MISSING`:
        not there): a key's first write since the mark replaced what it held then."""
        values = self.state.values
        old_values: dict = {}
        old_consumed: dict = {}
        journal = self.journal
        for index in range(mark, len(journal.entries)):
            target, key, old = journal.targets[index], journal.entries[index], journal.olds[index]
            into = old_values if target is values else old_consumed
            if key not in into:
                into[key] = old
        return old_values, old_consumed

    def _entry_names(self, key: int) -> dict[str, Value]:
        """What each name visible as loop `key` started held then (the innermost of a name),
        while the loop is read."""
        start = self.starts[key]
        old_values, _ = self._at_mark(start.mark)
        values = self.state.values
        entry = {}
        for scope, size in zip(self.scopes, start.sizes, strict=False):
            for name, slot in itertools.islice(scope.items(), size):
                held = old_values[slot] if slot in old_values else values.get(slot, _MISSING)
                entry[name] = _DATA if held is _MISSING else held
        return entry

    def _entry(self, key: int, number: int) -> object:
        """What pass `number` of loop `key` starts with, as a token: the one of the pass before
        when it starts as that one did, up to renaming (`_same_entry`), else a new one."""
        start = self.starts[key]
        if number == 1 or not self._same_entry(key, number, start):
            start.token = object()
        start.binds = len(self.bind_depths)
        return start.token

    def _same_entry(self, key: int, number: int, start: _LoopStart) -> bool:
        """Whether pass `number` of loop `key` starts as the pass before it started, up to
        renaming (`_renaming`). Only the names that can differ are compared: those written
        since the loop started and those holding a definition whose consumption changed since;
        each as the pass before saw it (`start.compared`, filled here for the next pass) or,
        not asked then, as it held when the loop started. Every name when the loop ran before
        in this reading or a definition consumed since is not known to be made here; a name
        bound in an enclosing scope since the pass before makes the two differ."""
        mark, compared = start.mark, start.compared
        depth = len(start.sizes)
        same = all(d >= depth for d in self.bind_depths[start.binds :])
        old_values, old_consumed = self._at_mark(mark)
        values = self.state.values
        bound = self.bound
        asked: Iterable[_Slot]
        born = [self.born.get(d) for d in old_consumed]
        if start.again or None in born:
            asked = [slot for scope in self.scopes for slot in scope.values()]
        else:
            # A name holding one of them was written after it was made.
            since = min([mark, *[self.journal_index(b) for b in born]])
            journal = self.journal
            written = zip(journal.targets[since:], journal.entries[since:], strict=True)
            asked = dict.fromkeys(slot for target, slot in written if target is values)
        now = self._renaming(key, number, self.state.consumed)
        before = self._renaming(key, number - 1, _AtMark(self.state.consumed, old_consumed))
        fresh: dict[_Slot, tuple] = {}
        for slot in asked:
            if slot not in bound.get(slot.name, ()):
                continue  # out of scope: not in what the pass starts with
            if slot in compared:
                then = compared[slot]
            else:
                held = old_values[slot] if slot in old_values else values.get(slot, _MISSING)
                then = before(_DATA if held is _MISSING else held)
            fresh[slot] = now(values.get(slot, _DATA))
            if fresh[slot] != then:
                same = False
        compared.clear()
        compared.update(fresh)
        return same

    def journal_index(self, seq: int) -> int:
        """Where in the journal the write numbered `seq` (or the first after it) is."""
        return bisect.bisect_left(self.journal.seqs, seq)

    def _renaming(
        self, key: int, number: int, consumed: dict | _AtMark
    ) -> Callable[[Value], tuple]:
        """What a value held as pass `number` of loop `key` starts (with `consumed` consumed)
        is, up to renaming: a definition made in an earlier pass is told by how many passes ago
        and where, one made before the loop by itself; each with whether it is consumed. Each
        definition is renamed once and each set of definitions once, into a set of small
        numbers (`_tokens`), so that a chain whose every member holds the ones before it costs
        no Python work per member held."""
        renamed = _Renamed(key, number, consumed, self._tokens)
        sets: dict[int, object] = {}
        known, keyed, plain_sets = self._classified.setdefault(key, (set(), set(), {}))
        # None of these closures calls itself (a cycle for the collector with all they hold):
        # a `_Shared` is asked block by block, each block a frozenset.

        def plain_block(made: frozenset[Definition]) -> bool:
            """Whether no definition of `made` was made in loop `key`: found once per set."""
            found = plain_sets.get(id(made))
            if found is None or found[0] is not made:
                for definition in made.difference(known):
                    known.add(definition)
                    if any(loop == key for loop, _ in definition.context):
                        keyed.add(definition)
                found = plain_sets[id(made)] = (made, made.isdisjoint(keyed))
            return found[1]

        def plain(made: frozenset[Definition]) -> bool:
            if type(made) is _Shared:  # as the sets it shares, each classified once
                return _every(made, plain_block, plain_sets)
            return plain_block(made)

        parts_consumed: dict[int, tuple[frozenset, bool, bool]] = {}
        shared_consumed: tuple[dict, dict] = ({}, {})

        def consumed_block(made: frozenset[Definition], every: bool) -> bool:
            found = parts_consumed.get(id(made))
            if found is None or found[0] is not made:
                if type(consumed) is _AtMark:
                    none, every_one = consumed.isdisjoint(made), consumed.holds_all(made)
                else:  # the smaller is looked through
                    none, every_one = consumed.keys().isdisjoint(made), consumed.keys() >= made
                found = parts_consumed[id(made)] = (made, none, every_one)
            return found[2] if every else found[1]

        def consumed_part(made: frozenset[Definition], every: bool) -> bool:
            """Whether all of `made` is consumed (`every`), or none: a set shared by several
            (`_Shared`) is looked at block by block, each once."""
            if type(made) is _Shared:
                return _every(
                    made, lambda part: consumed_block(part, every), shared_consumed[every]
                )
            return consumed_block(made, every)

        def definitions(made: frozenset[Definition]) -> object:
            found = sets.get(id(made))  # alive while this runs: held by the state
            if found is not None:
                return found
            # Made before the loop, all consumed or none: the set itself says which they are.
            if plain(made) and consumed_part(made, False):
                found = (made, False)
            elif plain(made) and consumed_part(made, True):
                found = (made, True)
            else:
                found = frozenset(map(renamed.__getitem__, made))
            sets[id(made)] = found
            return found

        return functools.partial(_renamed_value, renamed, definitions)

    def _for(self, node: Node) -> Value:
        iterated = self.expr(node.child_by_field_id(_FIELD.value))
        pattern = node.child_by_field_id(_FIELD.pattern)

        counter = self._counter(node)

        def body() -> None:
            self.push_scope(node)
            for name_node in _pattern_names(pattern) if pattern is not None else ():
                # Each element is a tensor of its own, deriving from what they all share.
                element = self._element(iterated)
                if element.requirement == Requirement.GRAD:
                    element = _DATA
                name = self.text(name_node)
                self.declare(name, self._bound(name, element, name_node, None, node), name_node)
                if name_node == counter:
                    self.counters[self.scopes[-1][name]] = node.start_byte + self.delta
            self.expr(node.child_by_field_id(_FIELD.body))
            self.pop_scope()

        self._passes(node, node.start_byte + self.delta, body)
        return _DATA

    def _counter(self, loop: Node) -> Node | None:
        """The name a `for` loop binds to a new number every pass: `i` in `for i in 0..n` (or
        `(0..n).rev()`, `.step_by(k)`) and in `for (i, x) in xs.iter().enumerate()`."""
        pattern = loop.child_by_field_id(_FIELD.pattern)
        value = loop.child_by_field_id(_FIELD.value)
        while value is not None and value.type == "parenthesized_expression":
            value = value.named_children[0] if value.named_child_count else None
        if value is None or pattern is None:
            return None
        if value.type == "range_expression" and pattern.type == "identifier":
            return pattern
        method = (
            value.child_by_field_id(_FIELD.function) if value.type == "call_expression" else None
        )
        name = method.child_by_field_id(_FIELD.field) if method is not None else None
        if method is None or name is None or method.type != "field_expression":
            return None
        if self.text(name) == "enumerate" and pattern.type == "tuple_pattern":
            first = pattern.named_children[0] if pattern.named_child_count else None
            return first if first is not None and first.type == "identifier" else None
        receiver = method.child_by_field_id(_FIELD.value)
        while receiver is not None and receiver.type == "parenthesized_expression":
            receiver = receiver.named_children[0] if receiver.named_child_count else None
        ordered = self.text(name) in ("rev", "step_by")
        if ordered and receiver is not None and receiver.type == "range_expression":
            return pattern if pattern.type == "identifier" else None
        return None

    def _while(self, node: Node) -> Value:
        def body() -> None:
            self.push_scope(node)
            self._condition(node.child_by_field_id(_FIELD.condition))
            self.expr(node.child_by_field_id(_FIELD.body))
            self.pop_scope()

        self._passes(node, node.start_byte + self.delta, body)
        return _DATA

    def _loop(self, node: Node) -> Value:
        self._passes(
            node,
            node.start_byte + self.delta,
            lambda: self.expr(node.child_by_field_id(_FIELD.body)),
        )
        return _DATA

    # -- calls

    def _call(self, node: Node) -> Value:
        function = node.child_by_field_id(_FIELD.function)
        arguments = node.child_by_field_id(_FIELD.arguments)
        target = function
        if function is not None and function.type == "generic_function":
            target = function.child_by_field_id(_FIELD.function)
        argument_nodes = [
            a
            for a in (arguments.named_children if arguments is not None else [])
            if a.type not in _ITEMS
        ]
        if target is not None and target.type == "field_expression":
            receiver_node = target.child_by_field_id(_FIELD.value)
            name_node = target.child_by_field_id(_FIELD.field)
            name = self.text(name_node) if name_node is not None else ""
            receiver = self.expr(receiver_node)
            values = [self._argument(a, node, name, receiver) for a in argument_nodes]
            return self._method(node, receiver_node, name_node, name, receiver, values)
        values = [self._argument(a, node, "") for a in argument_nodes]
        if target is not None and target.type in ("scoped_identifier", "identifier"):
            last = self.text(target).split("::")[-1]
            path = target.child_by_field_id(_FIELD.path)
            owner = _last_segment(self.text(path)) if path is not None else ""
            if last == "from_inner" or (owner == "Tensor" and last in _FROM_DATA):
                return _DATA  # a new tensor made from data, whatever computed the data
            if owner == "GradientsParams":
                return _DATA  # gradients: data, whatever module or loss they come from
            if owner and _PARAMETER_FREE.match(owner):
                return _FROZEN
            if owner == "mem" and last in ("take", "replace") and argument_nodes:
                # `std::mem::take(&mut self.log_probs)`: the value out, the place emptied.
                given = argument_nodes[0]
                if given.type == "reference_expression":
                    given = given.child_by_field_id(_FIELD.value) or given
                place = self._place(given)
                if place is not None:
                    after = values[1] if last == "replace" and len(values) > 1 else _DATA
                    self.state.values[place] = after
                return values[0] if values else _DATA
            callee = None
            if target.type == "identifier":
                slot = self.lookup(last)
                if slot is not None and slot in self.closures:
                    return self._inline(self.closures[slot], values)
                if slot is None:
                    callee = self.program.function(last, self.source)
                else:
                    # A function value bound to a name: what it returns is not seen.
                    self.expr(target)
            elif path is not None and _MODULE_PATH.match(owner):
                # `train::step(..)`, `crate::train::step`, `super::step`: a free function.
                callee = self.program.qualified(owner, last, self.source)
            elif path is not None:
                kind = self.callee.owner if owner == "Self" and self.callee else owner
                callee = self.program.method(kind, last) if kind else None
            if callee is not None:
                receiver = None
                if callee.has_self and argument_nodes:
                    receiver = self._path(argument_nodes[0]) or (
                        "self" if argument_nodes[0].type == "self" else None
                    )
                applied = self._apply(callee, values, receiver, node, target)
                if applied is not None:
                    return applied
        else:
            self.expr(function)
        return _op(values)

    def _argument(
        self, node: Node, call: Node, method: str, receiver: Value | None = None
    ) -> Value:
        if node.type == "closure_expression" and method in _REPEATING:
            element = self._element(receiver) if receiver is not None else None
            return self._closure(node, call.start_byte + self.delta, element)
        return self.expr(node)

    def _method(
        self,
        call: Node,
        receiver_node: Node | None,
        name_node: Node | None,
        name: str,
        receiver: Value,
        arguments: list[Value],
    ) -> Value:
        watching = _WATCHED.get(name)
        if watching:
            self._seen(watching, call, receiver_node, name, receiver)
        if name == "backward":
            self._backward(call, receiver_node, name_node, receiver)
            return _DATA
        if name in _SAME_TENSOR:
            return receiver
        if name == "require_grad":
            return Value(Requirement.GRAD, why="from a tensor that requires grad")
        if name == "set_require_grad":
            flag = call.child_by_field_id(_FIELD.arguments)
            if flag is not None and "true" in self.text(flag):
                return Value(Requirement.GRAD, why="from a tensor that requires grad")
            return _DATA
        if name == "detach":
            return (
                Value(Requirement.GRAD, why=receiver.why)
                if receiver.requirement == Requirement.GRAD
                else _DATA
            )
        if name in _UNTRACKED_RESULT:
            return _DATA
        if name in ("valid", "no_grad"):
            return _FROZEN
        if name == "val" and not arguments:
            if receiver.requirement == Requirement.NONE:
                return Value(Requirement.GRAD, why="from a parameter")
            if self.markers and self._given(receiver):
                # `self.w.val()`, `self.ws[0].val()`: a parameter of what the caller gives, a
                # leaf whatever it is; a marker of its own, so that the summary's result says
                # it derives from one (`_Summary.params`).
                path = self.text(receiver_node) if receiver_node is not None else "self"
                leaf = self._marker(f"{path}.val()", ("leaf", path))
                return replace(leaf, why="from a parameter")
        if name in _IN_PLACE or name in _EMPTIED:
            place = self._place(receiver_node)
            if place is not None:
                held = self.state.values.get(place, _DATA)
                if name in _EMPTIED:
                    self.state.values[place] = _DATA
                elif arguments:
                    pushed = arguments[-1]
                    given = call.child_by_field_id(_FIELD.arguments)
                    last = given.named_children[-1] if given and given.named_child_count else None
                    if pushed.requirement == Requirement.GRAD_IN_BACKWARD and last is not None:
                        # The element is a tensor of its own, made where it is pushed.
                        pushed = self._bound(place.name, pushed, last, last, call)
                    self.state.values[place] = self._pushed(place, held, pushed)
                return _DATA
        if name in _ITERATING and receiver.requirement == Requirement.GRAD_IN_BACKWARD:
            return receiver  # the same elements
        if name in _PIECES and receiver.requirement == Requirement.GRAD_IN_BACKWARD:
            # Pieces of one tensor share it; a temporary one, by the name they are bound to.
            whole = receiver.sources if receiver.origin is not None else {_WHOLE}
            return replace(_op([receiver, *arguments]), shared=frozenset(whole))
        if name in _MAPPING and self._closure_data(call, arguments):
            return _DATA  # `.map(|t| t.device())`: each element is what the closure makes
        if name in _ADAPTING and receiver.shared is not None:
            return replace(_op([receiver, *arguments]), shared=receiver.shared)
        if name == "take" and not arguments:
            place = self._place(receiver_node)
            if place is not None:
                self.state.values[place] = _DATA  # `Option::take` leaves `None` behind
                return receiver
        forward = name == "forward" or name.startswith("forward_")
        carried = _DATA
        owner = self._receiver_type(receiver_node)
        # `optimizer.step(lr, module, grads)`, unless the receiver's type is the tree's own.
        optimizer_step = (
            name == "step" and len(arguments) == 3 and (owner, name) not in self.program.owned
        )
        callee = None
        if (owner is not None or name not in _BURN_METHODS) and not optimizer_step:
            callee = self.program.method(owner, name)
        if callee is not None and callee.has_self and receiver_node is not None:
            path = "self" if receiver_node.type == "self" else None
            if receiver_node.type in ("identifier", "field_expression"):
                path = (
                    self.text(receiver_node)
                    if _PATH.match(self.text(receiver_node) + ".x")
                    else None
                )
            elif receiver_node.type == "call_expression":
                path = self._built_from(receiver_node, owner)
            applied = self._apply(callee, [receiver, *arguments], path, call, name_node or call)
            free = owner is not None and self.program.parameter_free(owner)
            if applied is not None and (not forward or free):
                return applied
            if applied is not None and applied.parts is not None:
                return applied  # a tuple or struct of the program's: its parts, each its own
            if applied is not None and applied.requirement == Requirement.GRAD_IN_BACKWARD:
                carried = applied  # what the module's own state adds to its forward
        if optimizer_step or self._module_result(call, receiver_node, name):
            return _DATA  # a module with its parameters as leaves: nothing carried, nothing made
        if forward and not arguments and not receiver.frozen and carried is _DATA:
            # `temperature.forward()`: no input, so a parameter (`self.log_alpha.val()`).
            module = self.text(receiver_node) if receiver_node is not None else "module"
            return Value(Requirement.GRAD, why=f"from a parameter of `{module}`")
        if forward:
            if receiver.frozen:
                return _op(arguments)
            module = self.text(receiver_node) if receiver_node is not None else "module"
            if "\n" in module or len(module) > 40:
                module = "module"
            sources = frozenset().union(*(v.sources for v in arguments), carried.sources)
            reads = frozenset().union(*(v.reads for v in arguments), carried.reads)
            why = f"by `{module}.{name}`, whose parameters require grad"
            if owner is not None and (
                _PARAMETER_FREE.match(owner) or self.program.parameter_free(owner)
            ):
                # A `Gelu` has none: what made its input tracked says why.
                tracked = (v.why for v in arguments if v.requirement != Requirement.NONE)
                why = next((w for w in tracked if w), f"by `{module}.{name}`")
            return Value(Requirement.GRAD_IN_BACKWARD, None, sources, why, reads=reads)
        if receiver.frozen:
            return _FROZEN
        return _op([receiver, *arguments])

    def _built_from(self, call: Node, owner: str | None) -> str | None:
        """The name a chain of builder calls starts from (`model.with_temperature(2.0)`:
        `model`), when each is a method of the program that returns its `self` (`builds`):
        the fields they set are that name's; None otherwise."""
        while call.type == "call_expression":
            function = call.child_by_field_id(_FIELD.function)
            if function is None or function.type != "field_expression":
                return None
            name_node = function.child_by_field_id(_FIELD.field)
            receiver_node = function.child_by_field_id(_FIELD.value)
            if name_node is None or receiver_node is None:
                return None
            kind = owner or self._receiver_type(receiver_node)
            callee = self.program.method(kind, self.text(name_node))
            if callee is None or not callee.builds:
                return None
            call = receiver_node
        text = self.text(call)
        return (
            text
            if call.type in ("identifier", "field_expression") and _PATH.match(text + ".x")
            else None
        )

    def _given(self, value: Value) -> bool:
        """Whether a summary's tracked value is what its caller gives (a parameter, a field of
        `self`, a part of one), nothing the function made."""
        origin = value.origin
        if origin is not None and (origin in self.markers or origin in self.taken):
            return True
        return bool(value.sources) and all(
            d in self.markers or d in self.taken for d in value.sources
        )

    def _closure_data(self, call: Node, arguments: list[Value]) -> bool:
        """Whether an adaptor's one argument is a closure whose value is data."""
        given = call.child_by_field_id(_FIELD.arguments)
        nodes = given.named_children if given is not None else []
        return (
            len(nodes) == 1
            and len(arguments) == 1
            and nodes[0].type == "closure_expression"
            and arguments[0].requirement == Requirement.NONE
        )

    def _module_result(self, call: Node, receiver_node: Node | None, name: str) -> bool:
        """Whether a method of another crate returns a module (Burn's `Module` methods): its
        parameters are leaves, never a tracked intermediate carried on. `to_device` and `map`
        only on a receiver that shows it is a module (a field not declared a tensor,
        `map(&mut mapper)`)."""
        if name in _MODULE_METHODS:
            return True
        if name == "map":
            given = call.child_by_field_id(_FIELD.arguments)
            first = (
                given.named_children[0] if given is not None and given.named_child_count else None
            )
            return first is not None and first.type == "reference_expression"
        if name != "to_device" or receiver_node is None:
            return False
        while receiver_node.type == "call_expression":  # `self.model.clone().to_device(..)`
            function = receiver_node.child_by_field_id(_FIELD.function)
            if function is None or function.type != "field_expression":
                return False
            if self.text(function.child_by_field_id(_FIELD.field) or function) != "clone":
                return False
            receiver_node = function.child_by_field_id(_FIELD.value) or function
        if receiver_node.type != "field_expression":
            return False
        base = self._receiver_type(receiver_node.child_by_field_id(_FIELD.value))
        field_name = receiver_node.child_by_field_id(_FIELD.field)
        fields = self.program.structs.get(base or "")
        if fields is None or field_name is None:
            return False
        declared = fields.get(self.text(field_name))
        return declared is not None and "Tensor" not in declared

    # -- backward, and what the rules are given

    def _backward(
        self, call: Node, receiver_node: Node | None, name_node: Node | None, value: Value
    ) -> None:
        span = self.span(call)
        single_line = call.start_point[0] == call.end_point[0]
        plain = receiver_node is not None and receiver_node.type in (
            "identifier",
            "field_expression",
        )
        if not (single_line and plain) and name_node is not None:
            span = (name_node.start_byte + self.delta, span[1])
        receiver = None
        if receiver_node is not None and receiver_node.type == "identifier":
            receiver = self.text(receiver_node)
        self._consume(Backward(span, self.context, receiver, value, frozenset(self.once)), value)

    def _consume(self, event: Backward, value: Value) -> None:
        """A backward of `value`: it consumes its definitions, or meets those consumed."""
        if value.requirement != Requirement.GRAD_IN_BACKWARD:
            return  # a leaf is reusable; on data Burn panics otherwise, not our patterns
        if self.summarising:
            group: dict[tuple[tuple[str, int | str], str | None], bool] = {}
            for made in value.sources:
                key, part = self.markers.get(made), None
                if key is None and made in self.taken:
                    whole, part = self.taken[made]
                    key = self.markers[whole]
                if key is not None and key[0] != "leaf":  # a parameter is no step to consume
                    group[key, part] = group.get((key, part), False) or value.origin is made
            # A field of a parameter, backpropagated: that field, not all of the parameter.
            fields = {key for key, part in group if part is not None}
            group = {k: same for k, same in group.items() if k[1] is not None or k[0] not in fields}
            # The same again only where this path backpropagated it already, outside any loop
            # (a second backward of what the caller gives, after the first): one in each arm
            # of an `if` is one backward on every path. (The next pass of a loop of it is not
            # told apart from a second loss at the call: not seen.)
            again = not self.context and any(
                made in self.state.consumed
                for made in value.sources
                if made in self.markers or made in self.taken
            )
            if group and (group not in self.backwards or again):
                self.backwards.append(group)
        hits = [d for d in value.sources if d in self.state.consumed]
        if not hits:
            for definition in value.sources:
                self.state.consumed[definition] = event
            return
        # The consumed definitions the walk meets first; a rejected backward consumes nothing.
        # Latest made first: one that derives from another is then most often found in a
        # definition already met (a chain's last), and only those are asked of all.
        latest = sorted(hits, key=lambda d: self.born.get(d, len(self.born) + 1), reverse=True)
        frontier: list[Definition] = []
        for d in latest:
            if any(d in e.sources for e in frontier):
                continue
            if not any(d is not e and d in e.sources for e in hits):
                frontier.append(d)
        for definition in sorted(frontier, key=lambda d: (d.span, d.name)):
            earlier = self.state.consumed[definition]
            self._meet(definition, earlier, event, value)

    def _meet(
        self, definition: Definition, earlier: Backward, later: Backward, loss: Value
    ) -> None:
        """The backward `later` needs `definition`, which `earlier` consumed: a meeting, for the
        rules to tell, unless both sit in one branch that runs in one pass only."""
        if self.summarising:
            return  # a summary finds nothing: its function is read for findings on its own
        loop_key = _loop_between(earlier.context, later.context)
        if any(branch[0] == loop_key and branch in later.once for branch in earlier.once):
            return  # one branch, run in one pass only: not twice
        home = definition.home
        if earlier.through and earlier.span == later.span and home is not None:
            # Both backwards run in one call: its line shows neither; where the tensor is made
            # in the function, of this file, does.
            definition = replace(
                definition,
                span=home.span,
                why=home.why,
                statement=home.statement,
                value=home.value,
                home=None,
                made_in=(),
            )
        meeting = Meeting(definition, earlier, later, loss, in_macro=self.delta != 0)
        if loop_key is not None:
            meeting.loop = self.loops[loop_key]
            meeting.loop_span = self.loop_spans[loop_key]
            meeting.in_pass = (loop_key, dict(later.context)[loop_key])
            meeting.carried = any(key == loop_key for key, _ in definition.context)
            meeting.entry = self._entry_names(loop_key)
        assert self.fixes is not None
        for rule in RULES:
            finding = rule.meeting(meeting, self.fixes)
            if finding is not None:
                place = self.fixes.place
                finding.tape = Tape(
                    definition.name,
                    place(definition.span),
                    place(earlier.span),
                    place(later.span),
                    earlier.through,
                    later.through,
                    loop_key is not None,
                    later.receiver,
                    self.callee.name if self.callee is not None else None,
                )
                note = _made_in_note(definition)
                if note is not None and note not in finding.notes:
                    finding.notes.append(note)
                self._found(finding)
                return

    def _seen(
        self, rules: list[Rule], call: Node, receiver_node: Node | None, name: str, value: Value
    ) -> None:
        """A call of a method some rules asked to see, on `value`."""
        if self.fixes is None:
            return
        function = call.child_by_field_id(_FIELD.function)
        name_node = function.child_by_field_id(_FIELD.field) if function is not None else None
        arguments = call.child_by_field_id(_FIELD.arguments)
        start = name_node.start_byte if name_node is not None else call.start_byte
        seen = Call(
            name,
            value,
            (start + self.delta, call.end_byte + self.delta),
            self.span(receiver_node) if receiver_node is not None else self.span(call),
            self.text(arguments)[1:-1] if arguments is not None else "",
        )
        for rule in rules:
            finding = rule.call(seen, self.fixes)
            if finding is not None:
                self._found(finding)

    def _found(self, finding: Diagnostic) -> None:
        # A later pass finds again what an earlier one found: the first is kept.
        self.found.setdefault((finding.rule, finding.primary.line, finding.primary.column), finding)


_EXPRESSIONS: dict[str, Callable[[_Function, Node], Value]] = {
    "identifier": _Function._identifier,
    "call_expression": _Function._call,
    "field_expression": _Function._field,
    "index_expression": _Function._field,
    "binary_expression": _Function._binary,
    "unary_expression": _Function._unary,
    "reference_expression": _Function._same,
    "parenthesized_expression": _Function._same,
    "try_expression": _Function._same,
    "await_expression": _Function._same,
    "block": _Function._block,
    "unsafe_block": _Function._block,
    "async_block": _Function._block,
    "if_expression": _Function._if,
    "match_expression": _Function._match,
    "for_expression": _Function._for,
    "while_expression": _Function._while,
    "loop_expression": _Function._loop,
    "assignment_expression": _Function._assign,
    "compound_assignment_expr": _Function._assign,
    "closure_expression": _Function._closure,
    "macro_invocation": _Function._macro,
    "tuple_expression": _Function._elements,
    "array_expression": _Function._elements,
    "struct_expression": _Function._elements,
    "scoped_identifier": lambda reader, node: _DATA,
}
_LITERALS = frozenset(
    "float_literal integer_literal boolean_literal string_literal raw_string_literal "
    "char_literal".split()
)
"""Literals: data, with nothing in them that runs."""
_NUMBER_BYTES = b"0123456789.,;[]-+_ \t\r\n"
"""The bytes of an array of numbers, `[[1.0, -2.5], [3.0, 4_000.0]]`, `[0.0; 4]`."""
_EXPRESSIONS.update(dict.fromkeys(_LITERALS, lambda reader, node: _DATA))
"""How `_Function.expr` reads each kind of expression (one table for every reader)."""


def _made_in_note(definition: Definition) -> str | None:
    """For a tensor a called function made: `made in `hidden` at src/lib.rs:4:5, called from
    `layer` at src/lib.rs:9:13`, in the words `pbpit run` and `explain` use."""
    chain = definition.made_in
    if not chain:
        return None
    function, source, at = chain[-1]
    line, column = source.position(at)
    note = f"made in `{function}` at {source.path}:{line}:{column}"
    for function, source, at in reversed(chain[:-1]):
        line, column = source.position(at)
        note += f", called from `{function}` at {source.path}:{line}:{column}"
    return note


def _loop_between(earlier: Context, later: Context) -> int | None:
    """The loop whose passes separate two points: the outermost one around both whose pass
    differs between them."""
    for (key_a, pass_a), (key_b, pass_b) in zip(earlier, later, strict=False):
        if key_a != key_b:
            return None
        if pass_a != pass_b:
            return key_a
    return None
