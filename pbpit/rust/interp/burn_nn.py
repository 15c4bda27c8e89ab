"""`burn::nn`, `burn::module` and `burn::optim` in the interpreter, run on `pbpit.nn`.

A `#[derive(Module)]` struct is a `StructValue` whose fields are visited in declaration order
(what `GradientsParams::from_grads` and `optim.step` walk, as Burn's derive does); `Linear<B>` is
a struct of the library (`weight: Param<Tensor<B, 2>>`, `bias: Option<Param<Tensor<B, 1>>>`), so
`Linear { weight, bias }` and `linear.weight.val()` read as in Burn. Params are `pbpit.nn.Param`s:
lazy, their node id taken at the first read (docs/BURN_MODULES.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from pbpit import nn
from pbpit.engine.api import RUST_METHODS
from pbpit.rust.format import Some
from pbpit.rust.interp import burn_lr, burn_params, shapes
from pbpit.rust.interp.builtins import BURN, CLONE, LAYER_FORWARD
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Assign,
    Block,
    Expr,
    ExprStmt,
    Field,
    FnItem,
    FnScope,
    Local,
    Method,
    Node,
    Pos,
    SomeLit,
    Static,
    StructItem,
    StructLit,
)
from pbpit.rust.interp.runtime import StructValue
from pbpit.rust.interp.types import (
    DEVICE,
    F64,
    USIZE,
    Named,
    ParamT,
    StructT,
    TensorT,
    Ty,
    Wrap,
    names_backend,
    option,
    resolve,
    show,
)
from pbpit.rust.interp.uses import trait_in_scope
from pbpit.rust.syntax import RustSyntaxError, parse_bytes

_COMMENTS = ("line_comment", "block_comment")
# The library's types that are values without fields the program reads.
ACTIVATIONS = ("Relu", "Sigmoid", "Tanh", "Gelu")
NAMED_TYPES = {
    name: Named(name)
    for name in (
        *ACTIVATIONS,
        "LinearConfig",
        *("DropoutConfig", "LayerNormConfig", "EmbeddingConfig", "LeakyReluConfig"),
        "MseLoss",
        "CrossEntropyLoss",
        "CrossEntropyLossConfig",
        "BinaryCrossEntropyLoss",
        "BinaryCrossEntropyLossConfig",
        "Reduction",
        "AdamConfig",
        "AdamWConfig",
        "SgdConfig",
        "MomentumConfig",
        "WeightDecayConfig",
        "GradientsParams",
        "Optimizer",
        "GradientsAccumulator",  # burn-optim's `GradientsAccumulator<M>` (burn_grad_accum.py)
    )
}
NAMED_TYPES.update(burn_lr.TYPES)  # `ExponentialLrSchedulerConfig`, `ModuleLrScheduler`..
# Burn 0.22's optimizer type (`AdamConfig::new().init()` makes one; `&mut ModuleOptimizer` is
# how a helper that steps takes it): the value pbpit's `Optimizer` (`O: Optimizer<M, B>`) is.
NAMED_TYPES["ModuleOptimizer"] = NAMED_TYPES["Optimizer"]
# Each backend's own device type: all of them are pbpit's one device (flex, with autodiff).
BACKEND_DEVICES = ("WgpuDevice", "NdArrayDevice", "FlexDevice", "CandleDevice", "LibTorchDevice")
CONFIGS = {"AdamConfig": nn.AdamConfig, "AdamWConfig": nn.AdamWConfig, "SgdConfig": nn.SgdConfig}
REDUCTIONS = ("Mean", "Sum", "Auto")
OPTIMIZER_SETTERS = {
    "AdamConfig": ("with_beta_1", "with_beta_2", "with_epsilon"),
    "AdamWConfig": ("with_beta_1", "with_beta_2", "with_epsilon", "with_weight_decay"),
    "SgdConfig": (),
}


def param(inner: Ty) -> Wrap:
    """`Param<Tensor<B, D>>`."""
    return Wrap("Param", inner)


MODULE_METHODS = frozenset(
    (
        "collect_devices", "devices", "fork", "to_device", "no_grad", "freeze_group",
        "unfreeze_group", "train", "quantize_weights", "quantize_weights_group", "apply_lora",
        "apply_qlora", "into_record", "into_record_group", "try_load_record", "load_record",
        "visit", "map", "save_file", "load_file",
    )
)
"""The other methods of Burn's `Module` trait (burn-core `module/base.rs`) a derived module has:
methods rustc finds, which pbpit does not run."""


def is_library(item: Any) -> bool:
    """Whether a struct item is one of Burn's (`Linear`), not the program's."""
    return getattr(item, "node", 0) is None


def is_module(ty: Ty) -> bool:
    ty = resolve(ty)
    if type(ty) is ParamT:  # `M: AutodiffModule<B>` inside the generic function
        return ty.module
    return type(ty) is StructT and ("Module" in ty.item.derives or is_library(ty.item))  # type: ignore[attr-defined]


# -- lowering ------------------------------------------------------------------------------------


# burn-nn's layers as structs of the library: their fields as burn-nn declares them (the order
# `from_grads`, `valid()` and the optimizers visit), the one `forward` each runs.
LAYERS = {
    "Linear": [("weight", param(TensorT(2))), ("bias", option(param(TensorT(1))))],
    "Dropout": [("prob", F64)],
    "LayerNorm": [
        ("gamma", param(TensorT(1))),
        ("beta", option(param(TensorT(1)))),
        ("epsilon", F64),
    ],
    "Embedding": [("weight", param(TensorT(2)))],
    "LeakyRelu": [("negative_slope", F64)],
}


class LayerFields:
    """The `item` of a library layer's value (`StructValue`): its fields' names, so that a run
    names its parameters by their path (`model.fc.weight`) as it does a program's own struct's.
    Not a `StructItem`: the layer's type is the program's `declare`d item, methods and all."""

    __slots__ = ("name", "fields")

    def __init__(self, name: str, fields: list[tuple[str, Ty]]) -> None:
        self.name = name
        self.fields = fields


def layer_value(kind: str, fields: list[Any]) -> StructValue:
    """A library layer `kind`'s value, its fields given in `LAYERS[kind]`'s order."""
    item = LAYER_FIELDS.get(kind)
    if item is None:  # (burn_conv's layers join `LAYERS` after this module loads)
        item = LAYER_FIELDS[kind] = LayerFields(kind, LAYERS[kind])
    return StructValue(fields, -1, item)


LAYER_CONFIGS = {
    "LinearConfig": "Linear",
    "DropoutConfig": "Dropout",
    "LayerNormConfig": "LayerNorm",
    "EmbeddingConfig": "Embedding",
    "LeakyReluConfig": "LeakyRelu",
}


LAYER_FIELDS: dict[str, LayerFields] = {}


def declare(structs: dict[str, StructItem]) -> None:
    """`Linear`, `Dropout`, `LayerNorm`, `Embedding`, `LeakyRelu` as structs of the library,
    unless the file defines its own."""
    for name, fields in LAYERS.items():
        if name not in structs:
            item = StructItem(name, (0, 0), None, "named")  # type: ignore[arg-type]
            item.fields = list(fields)
            item.derives = frozenset({"Module", "Clone", "Debug"})
            structs[name] = item


def lower_type(name: str, inner: Callable[[], Ty] | None) -> Ty | None:
    """`Relu`, `MseLoss`, `Param<Tensor<B, D>>`...; None for a name that is not Burn's."""
    if name == "Param" and inner is not None:
        found = resolve(inner())
        return param(found) if type(found) is TensorT else None
    if inner is None and name == "LearningRate":  # burn-optim's `pub type LearningRate = f64;`
        return F64
    if inner is None and name in ("Shape", "ParamId"):  # `let s: Shape = x.shape();`
        return shapes.SHAPE if name == "Shape" else burn_params.PARAM_ID
    if inner is None:
        return DEVICE if name in BACKEND_DEVICES else NAMED_TYPES.get(name)
    return None


def refuse_unimported(lowerer: Any, node: Any, name: str) -> None:
    """`ModuleOptimizer`, `LearningRate` named without a `use` of it (neither is in Burn's
    prelude): rustc 1.95's E0425 (earlier rustc's E0412)."""
    if name in ("ModuleOptimizer", "LearningRate") and not trait_in_scope(
        lowerer.src, name, ("burn", "optim")
    ):
        what = f"cannot find type `{name}` in this scope"
        raise lowerer.fail(node, rejects(what, "E0425"))


def lower_call(pos: Pos, names: list[str], args: list[Expr], defined: Any) -> Expr | None:
    """`LinearConfig::new(2, 3)`, `Relu::new()`, `GradientsParams::from_grads(g, &m)`...: a
    `Static` named `burn::Owner::function`; None for any other path (or the file's own type)."""
    if len(names) < 2:
        return None
    owner, function = names[-2], names[-1]
    if function == "seed" and owner[:1].isupper() and owner not in defined:
        # `B::seed(&device, 42)`, `MyBackend::seed(..)`, `<B as Backend>::seed(..)`
        return Static(pos, "burn::Backend::seed", args)
    if owner in BACKEND_DEVICES and function == "default" and owner not in defined and not args:
        return Static(pos, "Device::default", [])  # `WgpuDevice::default()`: pbpit's device
    from pbpit.rust.interp.burn_methods import STATICS  # (it reads this module's tables)

    if f"{owner}::{function}" not in STATICS or (
        owner in defined and not is_library(defined[owner])
    ):
        return None
    return Static(pos, f"burn::{owner}::{function}", args)


def lower_path(pos: Pos, names: list[str], defined: Any) -> Expr | None:
    """`Reduction::Mean`, `NdArrayDevice::Cpu`."""
    if len(names) >= 2 and names[-2] == "NdArrayDevice" and "NdArrayDevice" not in defined:
        if names[-1] == "Cpu":
            return Static(pos, "Device::default", [])
    if len(names) >= 2 and names[-2] == "Reduction" and "Reduction" not in defined:
        if names[-1] in REDUCTIONS:
            return Static(pos, f"burn::Reduction::{names[-1]}", [])
    return burn_conv.lower_path(pos, names, defined)  # `PaddingConfig2d::Same`


# -- `#[derive(Config)]` (burn-derive `config/analyzer_struct.rs`) -----------------------------
#
# A field with `#[config(default = lit)]` takes its default (a string literal's text is read as an
# expression), an `Option` field defaults to `None`, every other field is an argument of `new`, in
# declaration order. `with_<field>` exists for the defaulted and `Option` fields only.

_LITERALS = ("integer_literal", "float_literal", "boolean_literal", "char_literal")


def declare_config(low: Any, item: StructItem) -> None:
    """`Name::new(required..)` and the `with_*` builders of a `#[derive(Config)]` struct, as
    functions of its impl whose bodies `config_body` writes once every item is known."""
    node = item.node
    if "Debug" not in item.derives:  # burn's `Config: Debug`
        what = f"`{item.name}` doesn't implement `Debug` (burn's `Config` requires it)"
        # Recorded, not raised: the derive still writes `new` and `with_*`, as burn-derive does,
        # so the calls of them are not refused as well.
        low.refuse(low.fail(node, rejects(what, "E0277")))
    if item.kind != "named":
        raise low.fail(node, "`#[derive(Config)]` on a struct without named fields")
    required, options, defaulted = [], [], []
    for i, (name, ty, default) in enumerate(config_fields(low, item)):
        if default is None and not _is_option(ty):
            required.append(i)
            continue
        (options if default is None else defaulted).append(i)
        _method(low, item, f"with_{name}", [StructT(item), ty], "value")
    _method(low, item, "new", [item.fields[i][1] for i in required], "")
    item.config_order = (*required, *options, *defaulted)


def config_fields(low: Any, item: StructItem) -> list[tuple[str, Ty, Node | None]]:
    """Each field of a Config struct: its name, type and `#[config(default = ..)]` literal."""
    defaults: dict[str, Node] = {}
    pending = None
    for decl in low.kids(item.node.child_by_field_name("body")):
        if decl.type == "attribute_item":
            pending = _default_literal(low, decl)
        elif decl.type == "field_declaration":
            if pending is not None:
                defaults[low.text(decl.child_by_field_name("name"))] = pending
            pending = None
    return [(name, ty, defaults.get(name)) for name, ty in item.fields]


def _default_literal(low: Any, attr: Node) -> Node:
    inner = next((c for c in low.kids(attr) if c.type == "attribute"), None)
    tree = inner.child_by_field_name("arguments") if inner is not None else None
    parts = [c for c in tree.children[1:-1] if c.type not in _COMMENTS] if tree else []
    if (
        inner is None
        or low.text(inner.named_children[0]) != "config"
        or len(parts) < 3
        or low.text(parts[0]) != "default"
        or parts[1].type != "="
    ):
        raise low.fail(attr, f"the attribute `{low.text(attr)}` (write `#[config(default = ..)]`)")
    if len(parts) != 3 or parts[2].type not in (*_LITERALS, "string_literal"):
        # burn-derive: "Only literal is supported"; an expression is written as a string
        text = low.src.data[parts[2].start_byte + low.delta : parts[-1].end_byte + low.delta]
        raise low.fail(parts[2], f"`{text.decode()}` as a default (write it as a string)")
    return parts[2]


def _is_option(ty: Ty) -> bool:
    return type(ty) is Wrap and ty.kind == "Option"


def _method(low: Any, item: StructItem, name: str, param_tys: list[Ty], self_kind: str) -> None:
    if name in item.methods:
        what = f"duplicate definitions with name `{name}`"
        raise low.fail(item.node, rejects(what, "E0592"))
    fn = FnItem(f"{item.name}::{name}", item.pos, item.node, param_tys=param_tys)
    fn.ret, fn.self_kind, fn.owner = StructT(item), self_kind, item
    fn.backends, fn.dims = item.backends, item.dims
    item.methods[name] = fn
    low.fns[fn.name] = fn


def is_derived(fn: FnItem) -> bool:
    """Whether `fn` is one `#[derive(Config)]` wrote (its node is its struct's)."""
    return fn.owner is not None and fn.node is fn.owner.node and fn.node.type == "struct_item"


def config_body(low: Any, fn: FnItem) -> None:
    """`new`: `Self { required, option: None, default: <its literal> }`; `with_x(mut self, x)`:
    `self.x = x; self`."""
    item, pos = fn.owner, fn.pos
    assert item is not None
    low.backends, low.dims, low.self_type = fn.backends, fn.dims, item
    low.scope = fn.scope = FnScope(None)
    saved = low.open_scope(new_frame=True)
    field = fn.name.rpartition("::")[2].removeprefix("with_")
    if fn.self_kind == "value":
        this = low.declare("self", True)
        value = low.declare(field, False)
        this.owned = value.owned = True
        fn.params = [this, value]
        target = Field(pos, Local(pos, this, low.scope), field)
        stmt = ExprStmt(pos[0], Assign(pos, target, Local(pos, value, low.scope), None), True)
        stmt.visible = low.in_scope
        fn.body = Block(pos, [stmt], Local(pos, this, low.scope), low.in_scope)
    else:
        values: list[Expr] = []
        fields = config_fields(low, item)
        for name, ty, default in fields:
            if default is None and not _is_option(ty):
                binding = low.declare(name, False)
                binding.owned = True
                fn.params.append(binding)
        for name, ty, default in fields:
            if default is not None:
                values.append(_default(low, default))
            elif _is_option(ty):
                values.append(SomeLit(pos, None))
            else:
                values.append(Local(pos, low.lookup(name), low.scope))
        fn.body = Block(pos, [], StructLit(pos, item, values), low.in_scope)
    low.close_scope(saved)
    low.backends, low.dims, low.self_type = frozenset(), frozenset(), None


def _default(low: Any, literal: Node) -> Expr:
    if literal.type != "string_literal":
        return low.expr(literal)
    # `#[config(default = "1e-3")]`: burn-derive parses the string's text as an expression
    content = [c for c in literal.named_children if c.type == "string_content"]
    if len(content) != 1 or literal.named_child_count != 1:
        raise low.fail(literal, "a default with escapes (write it without `\\`)")
    start = content[0].start_byte + low.delta
    text = low.src.data[start : content[0].end_byte + low.delta]
    prefix = b"fn f(){"
    fragment = parse_bytes(prefix + text + b"}")
    saved = low.delta
    low.delta = start - len(prefix)
    try:
        error = fragment.first_error()
        if error is not None:
            raise RustSyntaxError(f"{low.where(error[0])}: {error[1]}")
        body = fragment.root.named_children[0].child_by_field_name("body")
        kids = low.kids(body)
        if len(kids) != 1 or kids[0].type.endswith(("statement", "declaration")):
            raise low.fail(literal, "this default (one expression)")
        return low.expr(kids[0])
    finally:
        low.delta = saved


def config_display(ty: StructT) -> Callable[[object], str]:
    """`{}` of a Config: burn's `config_to_json`, serde_json's pretty JSON (two-space indent),
    its fields in the order burn-derive's serde struct lists them: required, `Option`, default."""
    from pbpit.rust.interp.format import FormatError  # (format imports this module's users)

    def writer(ty: Ty) -> Callable[[Any, str], str]:
        ty = resolve(ty)
        if type(ty) is StructT and "Config" in ty.item.derives:
            item = ty.item
            parts = [(item.fields[i][0], i, writer(item.fields[i][1])) for i in item.config_order]

            def obj(value: Any, indent: str) -> str:
                inner = indent + "  "
                lines = [f"{inner}{_json_str(n)}: {w(value.fields[i], inner)}" for n, i, w in parts]
                return "{\n" + ",\n".join(lines) + f"\n{indent}}}" if lines else "{}"

            return obj
        if type(ty) is Wrap and ty.kind == "Option":
            inner_writer = writer(ty.inner)
            return lambda v, indent: "null" if v is None else inner_writer(v.value, indent)
        if type(ty) is Wrap and ty.kind in ("Vec", "array"):
            item_writer = writer(ty.inner)

            def arr(values: Any, indent: str) -> str:
                inner = indent + "  "
                lines = [inner + item_writer(v, inner) for v in values]
                return "[\n" + ",\n".join(lines) + f"\n{indent}]" if lines else "[]"

            return arr
        if type(ty) is Named and ty.name in ("f32", "f64"):
            return lambda v, indent: _json_float(v, ty.name)
        if type(ty) is Named and ty.name == "bool":
            return lambda v, indent: "true" if v else "false"
        if type(ty) is Named and ty.name in ("String", "str"):
            return lambda v, indent: _json_str(v)
        if type(ty) is Named and (
            ty.name.startswith(("u", "i"))
            and ty.name[1:].isdigit()
            or ty.name in ("usize", "isize")
        ):
            return lambda v, indent: str(v)
        raise FormatError(
            f"`{{}}` of a Config with a `{show(ty)}` field (pbpit writes numbers, "
            "bools, strings, `Option`, `Vec` and nested configs)"
        )

    write = writer(ty)
    return lambda value: write(value, "")


def _json_str(text: str) -> str:
    """serde_json's string: `"` and `\\` escaped, control characters as `\\n`... or `\\u00XX`
    (lowercase hex), everything else as it is: Python's `json` without `ensure_ascii`."""
    return json.dumps(text, ensure_ascii=False)


def _json_float(value: float, name: str) -> str:
    """ryu's shortest digits as serde_json writes a finite float (`0.001`, `1e-7`, `1.0`);
    NaN and infinities are `null`."""
    if not math.isfinite(value):
        return "null"
    sign = "-" if math.copysign(1.0, value) < 0 else ""
    if value == 0:
        return sign + "0.0"
    if name == "f32":
        text = np.format_float_scientific(np.float32(abs(value)), unique=True, trim="-")
        long_max, small_min = 13, -6  # ryu's `format32` thresholds
    else:
        text = np.format_float_scientific(abs(value), unique=True, trim="-")
        long_max, small_min = 16, -5
    mantissa, _, exp = text.partition("e")
    digits = mantissa.replace(".", "")
    length = len(digits)
    kk = int(exp) + 1  # 10^(kk-1) <= v < 10^kk
    k = kk - length
    if 0 <= k and kk <= long_max:
        return sign + digits + "0" * k + ".0"
    if 0 < kk <= long_max:
        return sign + digits[:kk] + "." + digits[kk:]
    if small_min < kk <= 0:
        return sign + "0." + "0" * -kk + digits
    if length == 1:
        return f"{sign}{digits}e{kk - 1}"
    return f"{sign}{digits[0]}.{digits[1:]}e{kk - 1}"


# -- checking ------------------------------------------------------------------------------------


def check_static(checker: Any, e: Static) -> Ty:
    """A function of Burn called by a path (a row of `burn_methods.STATICS`), or a value:
    `Reduction::Mean`, `PaddingConfig2d::Same`."""
    from pbpit.rust.interp.burn_methods import STATICS  # (it reads this module's tables)

    _, owner, function = e.name.split("::")
    row = STATICS.get(f"{owner}::{function}")
    if row is not None:
        return row.check(checker, e)
    return NAMED_TYPES[owner]


def check_method(checker: Any, e: Method, recv: Ty) -> Ty | None:
    """The type of a Burn method call (`e.impl` a record of `BURN`), None if `recv` is not
    Burn's; a method Burn's type has and pbpit does not is refused, saying what it runs."""
    name = e.name
    if type(recv) is StructT:
        item = recv.item
        if not is_module(recv):
            return None
        if name == "valid" or (name == "clone" and is_library(item)):
            if name == "valid" and not _valid_in_scope(checker.crate.source):
                what = f"no method named `valid` found for struct `{item.name}` in the current"
                raise checker.fail(e.pos, rejects(what + " scope", "E0599"))
            e.impl = BURN[name]
            checker.args(e)
            return recv
        if name == "num_params" and name not in item.methods:  # `Module::num_params`: usize
            # (the struct's own `num_params` is inherent: rustc picks it before the trait's)
            e.impl = BURN[name]
            checker.args(e)
            return USIZE
        if is_library(item) and name == "forward":
            e.impl = LAYER_FORWARD.of("forward", owner=item.name)
            if item.name == "Embedding":  # `[batch, seq]` Int indices to `[batch, seq, d_model]`
                checker.args(e, TensorT(2, "Int"))
                return TensorT(3)
            if item.name in burn_conv.FOUR_D:  # `forward(&self, input: Tensor<4>) -> Tensor<4>`
                checker.args(e, TensorT(4))
                return TensorT(4)
            return _forward(checker, e)
        if is_library(item):
            raise checker.fail(
                e.pos, f"`{item.name}::{name}` (pbpit runs `forward`, `valid`, `clone`)"
            )
        if name in MODULE_METHODS and name not in item.methods:  # rustc runs them: no E0599
            what = f"Burn's `Module::{name}` of `{item.name}`"
            raise checker.fail(e.pos, f"{what} (pbpit runs `valid`, `clone`, `num_params`)")
        return None
    if type(recv) is Wrap and recv.kind == "Param":
        if name == "val":
            e.impl = BURN["val"]
            checker.args(e)
            return recv.inner
        if name == "clone":
            e.impl = CLONE
            checker.args(e)
            return recv
        if name in RUST_METHODS:  # `Deref` to the tensor: `param.grad(&grads)` reads `val()`
            val = Method(e.recv.pos, e.recv, "val", [], [], impl=BURN["val"])
            val.ty = recv.inner
            checker.nodes.append(val)
            e.recv = val
            return checker.tensor_method(e, resolve(recv.inner))
        raise checker.fail(
            e.pos, f"`Param::{name}` (pbpit runs `val()`, `clone()` and the tensor's methods)"
        )
    if type(recv) is not Named or NAMED_TYPES.get(recv.name) is not recv:
        return None
    from pbpit.rust.interp.burn_methods import METHODS  # (it reads this module's tables)

    kind = recv.name
    row = METHODS[kind].get(name) if kind in METHODS else None
    if row is not None:
        return row.types(checker, e, recv)
    if kind in burn_conv.CONFIGS:
        return burn_conv.check_config_method(checker, e, recv, kind, name)
    if name == "clone":
        e.impl = CLONE
        checker.args(e)
        return recv
    raise checker.fail(e.pos, f"the method `{name}` on `{kind}` ({_offered(kind)})")


def _valid_in_scope(source: Any) -> bool:
    """`valid()` is `AutodiffModule`'s: Burn 0.22's style must `use burn::module::AutodiffModule;`
    (the prelude has it not). The older style is not held to it."""
    return names_backend(source) or trait_in_scope(source, "AutodiffModule", ("burn", "module"))


def _forward(checker: Any, e: Method) -> Ty:
    (found,) = checker.args(e, TensorT(None))
    return found


def _offered(kind: str) -> str:
    offered = {
        "LinearConfig": "pbpit runs `with_bias(..)` and `init(&device)`",
        "LayerNormConfig": "pbpit runs `with_epsilon(..)`, `with_bias(..)` and `init(&device)`",
        "EmbeddingConfig": "pbpit runs `init(&device)`",
        "DropoutConfig": "pbpit runs `init()`",
        "LeakyReluConfig": "pbpit runs `with_negative_slope(..)` and `init()`",
        "MseLoss": "pbpit runs `forward(logits, targets, Reduction::Mean)` and "
        "`forward_no_reduction(logits, targets)`",
        "CrossEntropyLossConfig": "pbpit runs `with_pad_tokens(..)`, `with_weights(..)`, "
        "`with_smoothing(..)`, `with_logits(..)` and `init(&device)`",
        "CrossEntropyLoss": "pbpit runs `forward(logits, targets)`",
        "BinaryCrossEntropyLossConfig": "pbpit runs `with_logits(..)`, `with_smoothing(..)`, "
        "`with_weights(..)` and `init(&device)`",
        "BinaryCrossEntropyLoss": "pbpit runs `forward(logits, targets)`",
        "Optimizer": "pbpit runs `step(lr, model, grads)`",
        "SgdConfig": "pbpit runs `with_momentum(..)`, `with_weight_decay(..)` and `init()`",
        "AdamConfig": "pbpit runs `with_beta_1(..)`, `with_beta_2(..)`, `with_epsilon(..)`, "
        "`with_weight_decay(..)` and `init()`",
        "WeightDecayConfig": "pass it to `with_weight_decay(Some(..))`",
        "MomentumConfig": "pbpit runs `with_momentum(..)`, `with_dampening(..)`, "
        "`with_nesterov(..)`",
        "GradientsParams": "pass it to `optim.step(lr, model, grads)`",
    }
    if kind in CONFIGS and kind not in offered:
        setters = ", ".join(f"`{s}(..)`" for s in OPTIMIZER_SETTERS[kind])
        return f"pbpit runs {setters + ' and ' if setters else ''}`init()`"
    return offered.get(kind, "pbpit runs `forward(x)`")


# -- running -------------------------------------------------------------------------------------


class DerivedModule(nn.Module):
    """A `#[derive(Module)]` value (a `StructValue`) as `pbpit.nn` walks modules: its fields in
    declaration order, depth first, into `Linear`s, other derived modules, `Vec`s and `Some`."""

    def __init__(self, value: StructValue) -> None:
        self.value = value

    def visit(self) -> Iterator[nn.Param]:
        yield from _params(self.value)

    def map(self, func: Callable[[nn.Param], nn.Param]) -> DerivedModule:
        return DerivedModule(_mapped(self.value, func))


def _params(value: Any) -> Iterator[nn.Param]:
    if type(value) is nn.Param:
        yield value
    elif type(value) is StructValue:
        for field in value.fields:
            yield from _params(field)
    elif type(value) is Some:
        yield from _params(value.value)
    elif type(value) is list:
        for item in value:
            yield from _params(item)


def _mapped(value: Any, func: Callable[[nn.Param], nn.Param]) -> Any:
    if type(value) is nn.Param:
        return func(value)
    if type(value) is StructValue:
        return StructValue([_mapped(f, func) for f in value.fields], value.variant, value.item)
    if type(value) is Some:
        return Some(_mapped(value.value, func))
    if type(value) is list:
        return [_mapped(item, func) for item in value]
    return value


def _linear(value: StructValue) -> nn.Linear:
    weight, bias = value.fields
    return nn.Linear(weight, None if bias is None else bias.value)


def _layer_norm(value: StructValue) -> nn.LayerNorm:
    gamma, beta, epsilon = value.fields
    return nn.LayerNorm(gamma, None if beta is None else beta.value, epsilon)


_LAYER_VALUES: dict[str, Callable[[StructValue], Any]] = {
    "Linear": _linear,
    "Dropout": lambda value: nn.Dropout(value.fields[0]),
    "LayerNorm": _layer_norm,
    "Embedding": lambda value: nn.Embedding(value.fields[0]),
    "LeakyRelu": lambda value: nn.LeakyRelu(value.fields[0]),
}


def compile_static(library: Any, e: Static, args: list[Callable[[list], Any]]) -> Callable:
    from pbpit.rust.interp.burn_methods import STATICS  # (it reads this module's tables)

    _, owner, function = e.name.split("::")
    row = STATICS.get(f"{owner}::{function}")
    if row is not None:
        return row.compile(library, e, args)
    if owner == "Reduction":
        return lambda frame: function
    return burn_conv.compile_padding(function, args)  # `PaddingConfig2d::Same`, `Valid`


def compile_method(library: Any, e: Method, recv: Callable, args: list) -> Callable:
    """The code of a method `check_method` typed: `e.impl` a record of `BURN` (a module's
    `valid`, `clone`, a param's `val`) or of `LAYER_FORWARD`."""
    engine = library.engine(e.pos)
    kind, method = e.impl.owner, e.impl.name
    if e.impl.family == LAYER_FORWARD.name:
        layer = _LAYER_VALUES[kind]
        (x,) = args
        return lambda frame: engine(lambda m, t: layer(m).forward(t), recv(frame), x(frame))
    if not kind and method == "valid":
        return lambda frame: DerivedModule(recv(frame)).valid().value
    if not kind and method == "clone":
        return lambda frame: DerivedModule(recv(frame)).clone().value
    if not kind and method == "num_params":  # the elements of every param, lazy ones too
        return lambda frame: DerivedModule(recv(frame)).num_params()
    assert not kind and method == "val", e.impl  # Burn types' methods are rows (burn_methods)
    return lambda frame: recv(frame).val()


from pbpit.rust.interp import burn_conv  # noqa: E402 - Conv2d, AdaptiveAvgPool2d join the tables
