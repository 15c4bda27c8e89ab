"""What each method lint meets does to tracking: one row per method name.

Burn's tensor API comes from `pbpit.engine.api` (a row there: kind, op, what the result is in
the graph, Rust signature): what a row's result is in the graph gives its effect here (`clone`
the same tensor, `require_grad` a leaf, `detach` a leaf only of a leaf, a read or an Int or Bool
result never tracked, `backward` a backward); a result of `Vec<Self>` is pieces of the receiver
(`chunk`); a creation (`Tensor::zeros`, `from_data`) makes data. The other rows are std's and
Burn's that api.py does not list: std's wrappers and reads (api.py's lists), collections and
iterators, `Option::take`, `Param::val`, a `Module`'s `valid`, `no_grad` and the methods that
return the module.

A method call's `effects` are tried in order (`_Effects`, pbpit/lint/analysis/effects.py); the
first that applies gives the result; with none (no row, or none applies), the call is read as a
method of the tree; where it is none, its row's `otherwise` effects are tried (Burn's `Module`
methods, `map(&mut mapper)`, leaves gathered), then a module's `forward`, then an op: tracked if
the receiver or an argument is. A function called by path (`Tensor::zeros`, `std::mem::take`,
`Some`) has a row of `FUNCTIONS` by `Owner::name`, tried before the tree's functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pbpit.engine import api

# -- effects: what a call of the method gives --------------------------------------------------

BACKWARD = "backward"
"""Runs a backward on the receiver: it consumes what the receiver derives from; the result (the
gradients) is data."""
SAME = "same"
"""The receiver's own tensor, same NodeId (`clone`; std's `unwrap`, `as_ref`, `into`)."""
LEAF = "leaf"
"""A leaf that requires grad (`require_grad`)."""
LEAF_IF_TRUE = "leaf if true"
"""A leaf that requires grad if the argument says `true` (`set_require_grad(true)`), else data."""
DETACH = "detach"
"""A leaf stays a leaf; anything else is data (`detach`)."""
UNTRACKED = "untracked"
"""Never tracked: reads, gradients, the inner backend's tensor, Int and Bool results."""
NO_GRAD = "no grad"
"""A module whose forward is tracked only where its input is (`valid`, `no_grad`)."""
PARAMETER = "parameter"
"""With no argument, a parameter's tensor: a leaf (`Param::val`)."""
PUSH = "push"
"""In place: the collection holds the element given too (`push`, `insert`, `extend`)."""
ENTRY = "entry"
"""Of a map's `entry(k)` (`or_insert(v)`, `or_insert_with(|| v)`): the map holds the value given
too; the result is its entry at `k`, the value given where `k` is new each pass (a loop's
counter), else any entry, one an earlier pass put there included."""
FILL = "fill"
"""Of an `Option` (`get_or_insert_with(|| v)`): its content where it holds one, else the value
given, which it holds from then on (`analysis/memo_entries.py`)."""
EMPTY = "empty"
"""In place: the collection holds nothing (`clear`, `truncate`)."""
ITERATE = "iterate"
"""Of a collection of tensors: the same elements (`iter`, `drain`, `enumerate`)."""
PIECES = "pieces"
"""Of a tracked tensor: pieces that share it (`chunk`, `split`, `unbind`)."""
MAP = "map"
"""Elements made by the closure given: data where, given an element, it yields data."""
ADAPT = "adapt"
"""An iterator adaptor: each element still shares what the elements shared (`zip`, `collect`)."""
CHAIN = "chain"
"""Two collections held element by element, one after the other (`once(a).chain(once(b))`);
else an adaptor (`ADAPT`)."""
TAKE = "take"
"""With no argument, the value out and `None` left in its place (`Option::take`); with one, the
value out and the one given left in its place (`Option::replace`)."""
KEYED = "keyed"
"""Given a loop's counter (`get(&step)`, `get(i)`): the element of that pass, as `xs[i]` reads
it (a map or `Vec` filled and read per key)."""
REMOVE = "remove"
"""Given a key (`map.remove(&k)`, `v.remove(i)`): the entry taken out, a tensor of its own each
time, deriving from what the entries share; what the pass inserted at that key, if it did."""
DRAIN = "drain"
"""Given the full range (`drain(..)`): the elements out, the collection left empty."""
YIELD = "yield"
"""Of an `Option`, a `Result` or a `bool`: what the closures or the value given make, joined;
not the receiver (`and_then`, `map_or_else`, `then`, `then_some`). Applies where each argument a
row's `closure` names is a closure written there."""
OR = "or"
"""Of an `Option` or a `Result`: its content, or what the default given makes (`unwrap_or_else`,
`or_else`); the content itself where the default is data."""

FOLDED = "folded"
"""Of a walk from the newest cut short (`xs.iter().rev().take(k).fold(init, |acc, x| ..)`):
what the closure made of the elements it took, each as a `for` over that walk takes it, and
the initial value; not every element the collection holds."""
FIRST = "first"
"""Of a `Vec` made by `vec![..]` of data and only pushed to and read since (`xs.first()`,
`xs.iter().next()`): that first element, data. `xs.iter().rev().next()` as `last`."""
NEWEST = "newest"
"""Given a count, of a walk from the newest (`xs.iter().rev().take(k)`) of a `Vec` kept across
passes: the elements of the passes that put its k newest, where every pass pushes."""
LAST = "last"
"""Of a `Vec` kept across passes (`xs.last()`): what the latest pass that pushed put, where
every pass pushes."""

# Tried only where the call is no method of the tree and no module's `forward` (a row's
# `otherwise`):
MODULE = "module"
"""A module, its parameters leaves: nothing tracked carried on (Burn's `Module` methods that
return the module: `fork`, `load_record`)."""
MODULE_MAPPER = "module mapper"
"""Given a `&mut` mapper (`module.map(&mut mapper)`): Burn's `Module::map`, a module."""
MODULE_FIELD = "module field"
"""Of a struct field declared as no tensor (`self.model.clone().to_device(..)`): a module."""
LEAVES_MADE = "leaves made"
"""Of no tracked intermediate, given a closure that makes leaves (`.map(|d|
Tensor::from_data(d, &device).require_grad())`, a struct of leaves): leaves, made anew."""
LEAVES_GATHERED = "leaves gathered"
"""Of leaves: the same leaves (`collect`, `iter`)."""
CAPTURED = "captured"
"""Of data, given a closure: every element derives from what the closure reads that was made
outside it (`(0..n).map(|k| loss_of(&h, k))`: `h`); the rest each pass makes anew."""

# Functions called by path (`FUNCTIONS`):
TAKE_PLACE = "take place"
"""`std::mem::take(&mut place)`, `replace(&mut place, v)`: the value out, the place left
empty (or holding `v`)."""
WRAP = "wrap"
"""The one value given, wrapped (`Some`, `Ok`, `Box::new`): leaves stay leaves, a tuple or
struct keeps its parts."""
ONCE = "once"
"""`iter::once(x)`: a collection of `x` alone (`lint/analysis/once_chain.py`)."""

# -- what a closure given is read for ------------------------------------------------------------

CONTENT = "content"
"""Read once, where it is written, for its value, its parameter holding the receiver's content
(`opt.and_then(|x| ..)`, `map_or_else`'s last closure)."""
VALUE = "value"
"""Read once, where it is written, for its value; its parameters are data (`flag.then(|| ..)`,
`unwrap_or_else(|| ..)`)."""


@dataclass(frozen=True, slots=True)
class Row:
    """What lint knows of one method name."""

    name: str
    effects: tuple[str, ...] = ()
    """What a call `x.name(..)` gives, tried in order (the effects above)."""
    library: bool = False
    """Burn's tensor API as lint knows it (api.py's rows, std's wrappers and reads): on a
    receiver of unknown type, never read as a method of the linted tree."""
    from_data: bool = False
    """`Tensor::name(..)` makes a new tensor from numbers or a shape: untracked."""
    per_element: bool = False
    """An iterator's method whose closure runs once per element: the closure is a loop body."""
    module: bool = False
    """A method of Burn's `Module` that returns the module (its parameters are leaves)."""
    closure: str | None = None
    """How a closure given is read (`CONTENT`, `VALUE`); None: once, where it is written, as
    data (a `per_element` method's: as a loop body)."""
    otherwise: tuple[str, ...] = ()
    """Effects tried, in order, where the call is no method of the tree and no module's
    `forward` (`MODULE`, `LEAVES_MADE`, ...)."""
    source: str = "std"
    """Where the row comes from: `api` (pbpit/engine/api.py), `burn` (Burn's, not in api.py),
    `std`."""


def _api_row(method: api.Method) -> Row:
    """A row of Burn's tensor API, from api.py's: its effect by what its result is."""
    if method.tracked == api.NEVER:
        effects: tuple[str, ...] = (UNTRACKED,) if method.receiver is not None else ()
    elif method.tracked == api.LEAF:
        effects = (LEAF_IF_TRUE,) if "bool" in method.param_types else (LEAF,)
    elif method.tracked == api.SAME:
        effects = (SAME,)
    elif method.tracked == api.DETACHED:
        effects = (DETACH,)
    elif method.tracked == api.GRADIENTS:
        effects = (BACKWARD,)
    elif method.result.startswith("Vec<"):
        effects = (PIECES,)
    else:
        effects = ()  # an op: tracked if an input is
    return Row(method.name, effects, True, method.kind == api.CREATION, source="api")


def _rows(names: str, *effects: str, **flags: object) -> list[Row]:
    return [Row(name, tuple(effects), **flags) for name in names.split()]  # type: ignore[arg-type]


_OTHER_ROWS: list[Row] = [
    *_rows(" ".join(api.STD_PASS_THROUGH), SAME, library=True),
    *_rows(" ".join(api.OTHER_READS), UNTRACKED, library=True),
    # Burn's, not in api.py
    *_rows("split split_with_sizes iter_dim unbind", PIECES, source="burn"),
    *_rows("valid no_grad", NO_GRAD, source="burn"),
    *_rows("val", PARAMETER, source="burn"),
    *_rows(
        "load_record fork freeze_group unfreeze_group quantize_weights apply_lora",
        module=True,
        otherwise=(MODULE,),
        source="burn",
    ),
    *_rows("to_device", otherwise=(MODULE_FIELD,), source="burn"),
    # std's collections and iterators
    *_rows("push push_back push_front insert extend", PUSH),
    *_rows("or_insert or_insert_with", ENTRY, closure=VALUE),
    *_rows("get_or_insert_with get_or_insert", FILL, closure=VALUE),
    *_rows("clear truncate", EMPTY),
    *_rows("iter into_iter", ITERATE, otherwise=(LEAVES_GATHERED,)),
    *_rows("iter_mut rev as_slice skip enumerate values values_mut into_values", ITERATE),
    *_rows("drain", DRAIN, ITERATE),
    *_rows("get get_mut", KEYED),
    *_rows("remove", REMOVE),
    *_rows("collect", ADAPT, otherwise=(LEAVES_GATHERED,)),
    *_rows("zip filter cloned step_by take_while skip_while", ADAPT),
    *_rows("chain", CHAIN, ADAPT),
    *_rows(
        "map",
        MAP,
        ADAPT,
        per_element=True,
        otherwise=(MODULE_MAPPER, LEAVES_MADE, CAPTURED),
    ),
    *_rows("filter_map flat_map", MAP, per_element=True),
    *_rows("for_each try_for_each inspect", per_element=True),
    *_rows("fold try_fold", FOLDED, per_element=True),
    *_rows("first next", FIRST),
    *_rows("last", LAST),
    *_rows("take", TAKE, NEWEST),
    *_rows("replace", TAKE),
    # std's Option, Result and bool: what their closures make
    *_rows("as_mut as_deref as_deref_mut ok", SAME),
    *_rows("and_then map_or map_or_else", YIELD, closure=CONTENT),
    *_rows("then", YIELD, closure=VALUE),
    *_rows("then_some", YIELD),
    *_rows("unwrap_or unwrap_or_else unwrap_or_default or or_else", OR, closure=VALUE),
]


def _table() -> dict[str, Row]:
    table: dict[str, Row] = {}
    for row in [*map(_api_row, api.METHODS), *_OTHER_ROWS]:
        if row.source == "burn" and table.get(row.name, row).source == "api":
            continue  # api.py has it now (the interpreter runs it): its row says what it does
        if row.name in table:
            raise ValueError(f"two rows for `{row.name}`")
        table[row.name] = row
    return table


METHODS: dict[str, Row] = _table()
"""Every method lint knows, by name."""

PIECE_METHODS = frozenset(
    {*(n for n, row in METHODS.items() if PIECES in row.effects), "narrow", "slice", "select"}
)
"""Methods whose result is a part of the receiver (`chunk`, `narrow`, `slice`): a loop that
takes another part of one tensor each pass backpropagates losses that share that tensor
(`shared-intermediate`), not the tensor whole each pass (`loop-external-tracked`)."""

# Views of the table, for the readers that ask one question of a name.
_BURN_METHODS = frozenset(n for n, row in METHODS.items() if row.library)
_FROM_DATA = frozenset(n for n, row in METHODS.items() if row.from_data)
_REPEATING = frozenset(n for n, row in METHODS.items() if row.per_element)
_MODULE_METHODS = frozenset(n for n, row in METHODS.items() if row.module)
_CLOSURES = {n: row.closure for n, row in METHODS.items() if row.closure}

# -- functions called by path -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FunctionRow:
    """What lint knows of a function called by its path (`Tensor::zeros(..)`, `Some(..)`)."""

    path: str
    """`Owner::name` as written (the path's last segment before the name), `::name` for a
    bare name, `*` for any owner (with none) or any name."""
    effects: tuple[str, ...]
    source: str = "std"


def _function_rows() -> dict[str, FunctionRow]:
    rows = [
        FunctionRow("*::from_inner", (UNTRACKED,), "api"),  # the inner backend's tensor, anew
        *(FunctionRow(f"Tensor::{n}", (UNTRACKED,), "api") for n in sorted(_FROM_DATA)),
        FunctionRow("GradientsParams::*", (UNTRACKED,), "burn"),  # gradients: data
        FunctionRow("mem::take", (TAKE_PLACE,)),
        FunctionRow("mem::replace", (TAKE_PLACE,)),
        *(FunctionRow(p, (WRAP,)) for p in ("::Some", "::Ok", "Box::new", "Rc::new", "Arc::new")),
        FunctionRow("iter::once", (ONCE,)),
    ]
    table: dict[str, FunctionRow] = {}
    for row in rows:
        if row.path in table:
            raise ValueError(f"two rows for `{row.path}`")
        table[row.path] = row
    return table


FUNCTIONS: dict[str, FunctionRow] = _function_rows()
"""Every function called by path lint knows, by `Owner::name`."""


def function_row(owner: str, name: str) -> FunctionRow | None:
    """The row of `owner::name(..)` (owner "" for a bare name): its own, else any owner's of
    that name, else any name's of that owner."""
    return (
        FUNCTIONS.get(f"{owner}::{name}")
        or FUNCTIONS.get(f"*::{name}")
        or (FUNCTIONS.get(f"{owner}::*") if owner else None)
    )


# -- types -------------------------------------------------------------------------------------

# Modules of `burn::nn` with no parameter: their forward is tracked only if its input is.
_PARAMETER_FREE = re.compile(
    r"^(\w*Loss|\w*LossConfig|Relu|Gelu|Sigmoid|Tanh|LeakyRelu|LeakyReluConfig|HardSigmoid"
    r"|HardSigmoidConfig|Dropout|DropoutConfig|Softplus|SoftplusConfig)$"
)
_CONTAINERS = frozenset({"Tensor", "Option", "Vec", "Box", "Int", "Bool", "Float", "String"})
"""Types that hold what they are given: no parameter of their own."""
