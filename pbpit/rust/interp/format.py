"""`format!` strings: parsing the placeholders, and printing a value of a known type as Rust's
`Display` and `Debug` do (f32 through `pbpit.rust.format`, f64 from Python's shortest repr,
which picks the same digits as Rust's Grisu/Dragon: shortest, then closest)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pbpit.rust.format import (
    debug_char,
    exp_of_digits,
    exp_text,
    f32_debug,
    f32_display,
    f32_display_precision,
    f64_debug,
    f64_display,
    f64_display_precision,
    rust_debug,
    tensor_display,
)
from pbpit.rust.interp.fmt_exp import exp_exact
from pbpit.rust.interp.types import (
    DYN_ERROR,
    FLOAT_NAMES,
    INT_RANGES,
    TENSOR_DATA,
    FnT,
    Named,
    StructT,
    TensorT,
    TupleT,
    Ty,
    Wrap,
    resolve,
    show,
)


class FormatError(Exception):
    """A format string or argument outside what pbpit prints exactly."""


@dataclass
class Spec:
    """One `{...}` placeholder: which argument, and how to print it."""

    arg: int | str | None
    fill: str = " "
    align: str | None = None
    sign: str = ""
    zero: bool = False
    width: int | None = None
    precision: int | None = None
    debug: bool = False
    pretty: bool = False  # `{:#?}`
    radix: str = ""  # `{:x}`, `{:X}`, `{:b}`, `{:o}` of an integer (`alt`: `{:#x}`, with `0x`)
    alt: bool = False
    # `{:w$}`, `{:1$}`, `{:.p$}`, `{:.*}`: the argument (index or name; "*" the next one) giving
    # the width or the precision, a `usize`, read when the text is made (compile_macros.py)
    width_arg: int | str | None = None
    precision_arg: int | str | None = None


_ARG = re.compile(r"(\d+|[A-Za-z_][A-Za-z0-9_]*)?")
_SPEC = re.compile(
    r"(?:(?P<fill>.)?(?P<align>[<^>]))?(?P<sign>[+-])?(?P<alt>\#)?(?P<zero>0)?"
    r"(?P<width>\d+\$?|[A-Za-z_][A-Za-z0-9_]*\$)?(?:\.(?P<precision>\d+\$?|\*|[A-Za-z_]\w*\$))?"
    r"(?P<type>.*)",
    re.DOTALL,
)


def parse_format(text: str) -> list[str | Spec]:
    """The pieces of a format string: literal text and placeholders. `FormatError` for an
    invalid string or a placeholder pbpit does not print."""
    pieces: list[str | Spec] = []
    literal: list[str] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "}":
            if text.startswith("}}", i):
                literal.append("}")
                i += 2
                continue
            raise FormatError("invalid format string: unmatched `}` found")
        if ch != "{":
            literal.append(ch)
            i += 1
            continue
        if text.startswith("{{", i):
            literal.append("{")
            i += 2
            continue
        end = text.find("}", i)
        if end < 0:
            raise FormatError("invalid format string: expected `}` but string was terminated")
        if literal:
            pieces.append("".join(literal))
            literal = []
        pieces.append(_placeholder(text[i + 1 : end]))
        i = end + 1
    if literal:
        pieces.append("".join(literal))
    return pieces


def _placeholder(body: str) -> Spec:
    arg_text, colon, spec_text = body.partition(":")
    if arg_text[:1].isspace() and arg_text.strip():
        # rustc reads the argument right after `{`, then spaces, then `:` or `}`.
        found = arg_text.strip()[0]
        raise FormatError(f"invalid format string: expected `}}`, found `{found}`")
    arg_text = arg_text.rstrip()
    if arg_text and not arg_text.isdigit() and (" " in arg_text or "\t" in arg_text):
        found = arg_text.split()[1][0]
        raise FormatError(f"invalid format string: expected `}}`, found `{found}`")
    if not _ARG.fullmatch(arg_text) or arg_text == "_":
        raise FormatError(f"invalid format string: invalid argument name `{arg_text}`")
    arg: int | str | None = None
    if arg_text:
        arg = int(arg_text) if arg_text.isdigit() else arg_text
    spec = Spec(arg)
    if not colon:
        return spec
    m = _SPEC.fullmatch(spec_text)
    assert m is not None  # the pattern matches any text
    kind = m["type"].rstrip()  # spaces before `}` are allowed
    if kind not in ("", "?", "e", "E", *_RADIXES):
        raise FormatError(f"format `{{:{spec_text}}}` (only `{{}}` and `{{:?}}` are supported)")
    if m["alt"] and kind not in ("?", *_RADIXES):
        raise FormatError(f"the `#` flag in `{{:{spec_text}}}` (only `{{:#?}}` is supported)")
    for part in ("width", "precision"):
        value = m[part]
        if value is not None and value.isdigit() and int(value) > 0xFFFF:  # rustc's `u16` count
            raise FormatError(
                f"invalid format string: integer `{value}` does not fit into the type `u16` "
                "whose range is `0..=65535`"
            )
        if value is not None and not value.isdigit():
            name = value.removesuffix("$")
            setattr(spec, part + "_arg", int(name) if name.isdigit() else name)
    spec.fill = m["fill"] or " "
    spec.align = m["align"]
    spec.sign = "+" if m["sign"] == "+" else ""
    spec.zero = bool(m["zero"])
    spec.width = int(m["width"]) if m["width"] and m["width"].isdigit() else None
    spec.precision = int(m["precision"]) if m["precision"] and m["precision"].isdigit() else None
    spec.debug = kind == "?"
    spec.pretty = bool(m["alt"]) and kind == "?"
    spec.radix, spec.alt = (kind, bool(m["alt"])) if kind in _RADIXES else ("", False)
    spec.radix = kind if kind in ("e", "E") else spec.radix
    return spec


_RADIXES = {"x": ("x", "0x"), "X": ("X", "0x"), "b": ("b", "0b"), "o": ("o", "0o")}


def _exp(ty: Ty, spec: Spec) -> Callable[[object], str]:
    """`{:e}` (`{:E}`) of a float or an integer: its shortest digits, `d.ddde<k>`; with a
    precision (`{:.3e}`), its exact value rounded (`fmt_exp.exp_exact`)."""
    name = getattr(resolve(ty), "name", None)
    precision = spec.precision
    if precision is not None and name in FLOAT_NAMES:
        text: Callable[[Any], str] = lambda x: exp_exact(float(x), precision)  # noqa: E731
    elif precision is not None and name in INT_RANGES:
        text = lambda n: exp_exact(int(n), precision)  # noqa: E731
    elif name in FLOAT_NAMES:
        text = lambda x: exp_text(x, name)  # noqa: E731
    elif name in INT_RANGES:

        def text(n: Any) -> str:
            whole = str(abs(int(n)))
            digits = whole.rstrip("0") or "0"
            return exp_of_digits("-" if n < 0 else "", digits, len(whole) if n else 1)

    elif type(resolve(ty)) in (Named, Wrap, TupleT):  # std's `String`, `bool`, `Vec<T>`..
        from pbpit.rust.interp.grammar import rejects  # (grammar imports the nodes, they this)

        trait = "UpperExp" if spec.radix == "E" else "LowerExp"
        what = f"the trait bound `{show(resolve(ty))}: {trait}` is not satisfied"
        raise FormatError(rejects(what, "E0277"))
    else:
        raise FormatError(f"`{{:{spec.radix}}}` of `{show(resolve(ty))}` (pbpit prints numbers so)")
    upper = spec.radix == "E"

    def padded(x: Any) -> str:
        shown = text(x).upper() if upper else text(x)
        if shown in ("NAN", "INF", "-INF"):
            shown = shown.replace("NAN", "NaN").replace("INF", "inf")
        return _pad_number(shown, spec, signed=shown != "NaN")

    return padded


def _radix_text(name: str, spec: Spec) -> Callable[[object], str]:
    """`{:x}` (`X`, `b`, `o`) of an integer of type `name`: a negative one as its two's
    complement in its width; `#` puts the prefix before the digits, the `0` flag pads between."""
    code, prefix = _RADIXES[spec.radix]
    lo, hi = INT_RANGES[name]
    span = hi - lo + 1
    prefix = prefix if spec.alt else ""
    sign = "+" if spec.sign else ""

    def text(x: object) -> str:
        digits = format(int(x) % span if int(x) < 0 else int(x), code)  # type: ignore[call-overload]
        if spec.zero and spec.width is not None:
            return sign + prefix + digits.rjust(spec.width - len(sign) - len(prefix), "0")
        return _pad(sign + prefix + digits, spec, ">")

    return text


# -- padding, as core::fmt::Formatter does it -----------------------------------------------------


def _pad(text: str, spec: Spec, default_align: str) -> str:
    width = spec.width
    if width is None or len(text) >= width:
        return text
    gap = width - len(text)
    align = spec.align or default_align
    if align == "<":
        return text + spec.fill * gap
    if align == ">":
        return spec.fill * gap + text
    return spec.fill * (gap // 2) + text + spec.fill * (gap - gap // 2)


def _pad_str(text: str, spec: Spec) -> str:
    """`Formatter::pad`: precision truncates, then the width pads (left-aligned by default)."""
    if spec.precision is not None:
        text = text[: spec.precision]
    return _pad(text, spec, "<")


def _pad_number(text: str, spec: Spec, signed: bool = True) -> str:
    """A number's text (with its `-` if negative): the `+` flag, then `0` or fill padding."""
    sign = ""
    if text.startswith("-"):
        sign, text = "-", text[1:]
    elif spec.sign and signed:
        sign = "+"
    if spec.zero and spec.width is not None:
        return sign + text.rjust(spec.width - len(sign), "0")
    return _pad(sign + text, spec, ">")


# -- a formatter per (type, placeholder), built once at load time ---------------------------------


def formatter(ty: Ty, spec: Spec, backend: str = "flex") -> Callable[[object], str]:
    """A function printing values of type `ty` as the placeholder `spec` does in Rust (a
    tensor as the program's `backend` prints it: `types.backend_of`). `FormatError` if Rust
    cannot print the type so, or pbpit cannot do it exactly."""
    if spec.radix in ("e", "E"):
        return _exp(ty, spec)
    if spec.radix:
        name = getattr(resolve(ty), "name", None)
        if name not in INT_RANGES:
            shown = "{:" + ("#" if spec.alt else "") + spec.radix + "}"
            raise FormatError(f"`{shown}` of `{show(resolve(ty))}` (pbpit prints integers so)")
        return _radix_text(name, spec)
    if spec.pretty:
        return _pretty(ty, spec)
    if not spec.debug and type(resolve(ty)) is TensorT:
        return _tensor_display(spec.precision, backend)
    return _debug(ty, spec) if spec.debug else _display(ty, spec)


def _tensor_display(precision: int | None, backend: str) -> Callable[[object], str]:
    """Burn's `impl Display for Tensor` (every kind; it reads the precision only): Flex's text,
    with the NdArray device's line (`Device<NdArray(Cpu)>`: burn-dispatch's `Debug` of its
    device) and its Int element, i64, when the program runs on NdArray. Wgpu's device line
    (its adapter's) pbpit cannot write: refused."""
    if backend == "wgpu":
        raise FormatError("`{}` of a tensor on Wgpu (pbpit cannot write its device line)")
    if backend != "ndarray":
        return lambda t: tensor_display(t, precision)

    def on_ndarray(t: object) -> str:
        text = tensor_display(t, precision).replace("Flex(Cpu)", "NdArray(Cpu)")
        return text.replace('dtype:  "i32"', 'dtype:  "i64"')

    return on_ndarray


def _float_text(name: str, spec: Spec, debug: bool) -> Callable[[float], str]:
    p = spec.precision
    if name == "f32":
        if p is not None:
            return lambda x: f32_display_precision(x, p)
        return f32_debug if debug else f32_display
    if p is not None:
        return lambda x: f64_display_precision(x, p)
    return f64_debug if debug else f64_display


def _leaf(ty: Ty, spec: Spec, debug: bool) -> Callable[[object], str] | None:
    if type(ty) is not Named:
        return None
    name = ty.name
    if name in FLOAT_NAMES:
        text = _float_text(name, spec, debug)
        plain = spec.width is None and not spec.sign
        if plain:
            return text  # type: ignore[return-value]
        return lambda x: _pad_number(text(x), spec, signed=not math.isnan(x))  # type: ignore[arg-type]
    if name in INT_RANGES:
        if spec.width is None and not spec.sign:
            return str
        return lambda x: _pad_number(str(x), spec)
    if name == "bool":
        return lambda x: _pad_str("true" if x else "false", spec)
    if name == "()" and debug:
        return lambda x: _pad_str("()", spec)
    if name == "fmt::Error" and debug:  # a `write!`'s error (never made: pbpit's are `Ok`)
        return lambda x: _pad_str("Error", spec)
    if name == "DataError":  # Burn's `to_vec` error (burn_results.py): never made
        from pbpit.rust.interp import burn_results

        return burn_results.formatter(debug)
    if name == "Ordering" and debug:  # `std::cmp::Ordering`, held as -1, 0, 1 (iterators.py)
        return lambda x: _pad_str(("Equal", "Greater", "Less")[x], spec)  # type: ignore[index]
    if name == "Shape":  # Burn's (`shapes.SHAPE`): each size formatted as the placeholder says
        from pbpit.rust.interp import shapes  # (shapes imports builtins, which import this)

        entry = str if spec.width is None and not spec.sign else lambda d: _pad_number(str(d), spec)
        return shapes.formatter(entry, debug, _lines if spec.pretty else None)
    if name in ("ParseIntError", "ParseFloatError"):  # `s.parse()`'s (str_methods.py)
        from pbpit.rust.interp import str_methods  # (str_methods imports builtins)

        return str_methods.formatter(name, debug, spec.pretty, lambda t: _pad_str(t, spec))
    if name == "TryFromIntError":  # `i32::try_from(x)`'s (std_convert.py)
        from pbpit.rust.interp import std_convert  # (std_convert imports builtins)

        return std_convert.formatter(debug, spec.pretty, lambda t: _pad_str(t, spec))
    if name == "FromUtf8Error":  # `String::from_utf8`'s (string_utf8.py)
        from pbpit.rust.interp import string_utf8

        return string_utf8.formatter(debug, spec.pretty, lambda t: _pad_str(t, spec))
    if name == "Box<dyn std::error::Error>":  # `results.DYN_ERROR`
        from pbpit.rust.interp import results  # (results imports runtime, which imports this)

        return results.error_formatter(debug, lambda text: _pad_str(text, spec), spec.pretty)
    if name == "char":  # Debug writes its quoted escape without `Formatter::pad`, as a str's
        return debug_char if debug else lambda x: _pad_str(x, spec)  # type: ignore[arg-type]
    if name in ("str", "String"):
        if not debug:
            return lambda x: _pad_str(x, spec)  # type: ignore[arg-type]
        # `impl Debug for str` writes its quoted text without `Formatter::pad`: no width, fill
        # or precision applies (`{:>8?}` of "ab" is `"ab"`).
        return rust_debug
    return None


def _display(ty: Ty, spec: Spec) -> Callable[[object], str]:
    ty = resolve(ty)
    leaf = _leaf(ty, spec, False)
    if type(ty) is TensorT:
        # Burn's `impl Display for Tensor` (every kind) reads the precision only (its own layout).
        precision = spec.precision
        return lambda t: tensor_display(t, precision)
    if ty is TENSOR_DATA:
        return _tensor_data_display
    if type(ty) is StructT and "Config" in ty.item.derives:  # Burn's derive: its JSON
        from pbpit.rust.interp.burn_nn import config_display  # (burn_nn imports runtime)

        return config_display(ty)
    if type(ty) is StructT and "Display::fmt" in ty.item.methods:  # (error_types.py)
        what = f"`{{}}` of `{show(ty)}` here (its `impl Display` runs in `println!`, `format!`..)"
        raise FormatError(what)
    if leaf is None:
        raise FormatError(f"`{show(ty)}` doesn't implement `std::fmt::Display`")
    return leaf


def _tensor_data_display(data: Any) -> str:
    """burn-std's `impl Display for TensorData`: `format!("{:?}", self.as_slice::<E>())` of its
    elements, E its dtype's Rust type, written with `write_str` (a width or precision given to
    `{}` changes nothing)."""
    if data.ints is not None:
        return "[" + ", ".join(map(str, data.ints)) + "]"
    text = _float_text(data.dtype, Spec(None), True)
    return "[" + ", ".join(map(text, data.values)) + "]"


def _debug(ty: Ty, spec: Spec) -> Callable[[object], str]:
    ty = resolve(ty)
    leaf = _leaf(ty, spec, True)
    if leaf is not None:
        return leaf
    if type(ty) is Wrap and ty.kind in ("Option", "Result", "DynResult"):
        inner = _debug(ty.inner, spec)
        if ty.kind == "DynResult":  # `Ok(..)` or `Err(..)`
            return _dyn_result(inner, _debug(ty.err or DYN_ERROR, spec), None)
        if ty.kind != "Option":  # only ever `Ok`: a `DataError` pbpit never makes
            return lambda r: f"Ok({inner(r.value)})"  # type: ignore[attr-defined]
        return lambda o: "None" if o is None else f"Some({inner(o.value)})"  # type: ignore[attr-defined]
    if type(ty) is Wrap and ty.kind in ("Vec", "array", "VecDeque"):
        inner = _debug(ty.inner, spec)
        return lambda xs: "[" + ", ".join(map(inner, xs)) + "]"  # type: ignore[call-overload]
    if type(ty) is Wrap and ty.kind in ("Rc", "RefCell"):
        from pbpit.rust.interp.rc_refcell import debug  # (it imports the nodes, which import this)

        return debug(ty, _debug(ty.inner, spec))
    if type(ty) is TensorT or (type(ty) is Named and ty.name in _BURN_TYPES):
        raise FormatError(f"`{{:?}}` of `{show(ty)}` (pbpit cannot print it as Burn does)")
    if type(ty) is FnT:
        raise FormatError("`{:?}` of a closure (closures don't implement `Debug`)")
    if type(ty) is Wrap and ty.kind in ("HashMap", "MapIter", "Entry", "HashSet"):  # (hashmap.py)
        raise FormatError(f"`{{:?}}` of `{show(ty)}` (a HashMap's order is random in Rust)")
    if type(ty) is Wrap and ty.kind == "BTreeSet":  # `{a, b}` in order (sets.py)
        inner = _debug(ty.inner, spec)
        return lambda xs: "{" + ", ".join(map(inner, xs)) + "}"  # type: ignore[call-overload]
    if type(ty) is Wrap and ty.kind == "BTreeMap":  # `{k: v, ..}` (btreemap.py)
        from pbpit.rust.interp import btreemap  # (btreemap imports builtins, which import this)

        return btreemap.debug(_debug(ty.err or ty.inner, spec), _debug(ty.inner, spec))
    if type(ty) is Wrap and ty.kind == "PhantomData":  # `PhantomData<i32>` (phantom.py)
        from pbpit.rust.interp.type_names import rust_name  # (it imports the nodes)

        named = rust_name(ty.inner, "\0")  # (a struct's path names the crate: not known here)
        if named is None or "\0" in named:
            raise FormatError(f"`{{:?}}` of `{show(ty)}` (its type's name as rustc writes it)")
        return lambda _: f"PhantomData<{named}>"
    if type(ty) is Wrap:  # a range or an iterator: pbpit holds its items, not what Rust prints
        raise FormatError(f"`{{:?}}` of `{show(ty)}` (pbpit does not print ranges and iterators)")
    # -- the program's own structs and tuples (their printing is `runtime.composite_debug`) --
    if type(ty) is TupleT:
        from pbpit.rust.interp.runtime import composite_debug  # (runtime imports this module)

        return composite_debug(ty, spec, _of_args(ty, _debug))
    if type(ty) is StructT:
        from pbpit.rust.interp.runtime import composite_debug  # (runtime imports this module)

        return _once(ty, spec, "debug", lambda: composite_debug(ty, spec, _of_args(ty, _debug)))
    raise FormatError(f"`{show(ty)}` cannot be formatted")


def _of_args(ty: Ty, debug: Callable) -> Callable:
    """`debug` of a field's type, a generic struct's value parameters given their types here
    (`Stack<f32>`'s `items: Vec<T>` printed as a `Vec<f32>`)."""
    mapping = ty.mapping() if type(ty) is StructT else {}
    if not mapping:
        return debug
    from pbpit.rust.interp.traits import subst  # (traits imports the nodes)

    return lambda field, spec: debug(subst(field, mapping), spec)


_BURN_TYPES = ("Device", "Gradients", "TensorData")


def _dyn_result(
    ok: Callable[[object], str], err: Callable[[object], str], lines: Callable[..., str] | None
) -> Callable[[object], str]:
    from pbpit.rust.interp import results  # (results imports runtime, which imports this)

    return results.result_printer(ok, err, lines)


def display_text(ty: Ty) -> Callable[[object], str]:
    """`x.to_string()`: the value's `{}` text."""
    return _display(ty, Spec(None))


# -- `{:#?}`: Debug's alternate form, one field a line ---------------------------------------------
# core's `DebugStruct`/`DebugTuple`/`DebugList` in alternate mode write each field on its own line
# through a `PadAdapter`, which indents every line of the field's text by four spaces, and end
# each field with `,`. Leaves (numbers, strings) print as `{:?}` does, width and precision included.


def _indent(text: str) -> str:
    return text.replace("\n", "\n    ")


def _lines(head: str, parts: list[str], open_: str, close: str) -> str:
    if not parts:
        return head + open_ + close if not head else head
    return head + open_ + "\n" + "".join(f"    {_indent(p)},\n" for p in parts) + close


def _pretty(ty: Ty, spec: Spec) -> Callable[[object], str]:
    ty = resolve(ty)
    leaf = _leaf(ty, spec, True)
    if leaf is not None:
        return leaf
    if type(ty) is Wrap and ty.kind in ("Option", "Result", "DynResult"):
        inner = _pretty(ty.inner, spec)
        if ty.kind == "DynResult":
            return _dyn_result(inner, _pretty(ty.err or DYN_ERROR, spec), _lines)
        if ty.kind != "Option":  # only ever `Ok` (see `_debug`)
            return lambda r: _lines("Ok", [inner(r.value)], "(", ")")  # type: ignore[attr-defined]
        return lambda o: (
            "None" if o is None else _lines("Some", [inner(o.value)], "(", ")")  # type: ignore[attr-defined]
        )
    if type(ty) is Wrap and ty.kind in ("Vec", "array", "VecDeque", "BTreeSet"):
        inner = _pretty(ty.inner, spec)
        ends = ("{", "}") if ty.kind == "BTreeSet" else ("[", "]")  # (a set: sets.py)
        return lambda xs: _lines("", [inner(x) for x in xs], *ends)  # type: ignore[attr-defined]
    if type(ty) is Wrap and ty.kind == "BTreeMap":  # one `k: v` a line (btreemap.py)
        from pbpit.rust.interp import btreemap  # (btreemap imports builtins, which import this)

        parts = btreemap.pretty_parts(_pretty(ty.err or ty.inner, spec), _pretty(ty.inner, spec))
        return lambda m: _lines("", parts(m), "{", "}")
    if type(ty) is TupleT:
        parts = [_pretty(t, spec) for t in ty.elems]
        return lambda v: _lines(
            "", [p(x) for p, x in zip(parts, v, strict=True)], "(", ")"  # type: ignore[call-overload]
        )
    if type(ty) is StructT:
        _debug(ty, spec)  # the errors of `{:?}`: a type without `#[derive(Debug)]`
        return _once(ty, spec, "pretty", lambda: _pretty_struct(ty, spec))
    return _debug(ty, spec)  # what `{:?}` refuses, `{:#?}` refuses in the same words


def _pretty_struct(ty: Any, spec: Spec) -> Callable[[object], str]:
    item: Any = ty.item
    if item.kind == "enum":
        cases = [_pretty_fields(case, spec) for case in item.variants]
        return lambda v: cases[v.variant](v)  # type: ignore[attr-defined]
    return _pretty_fields(item, spec, _of_args(ty, _pretty))


_MAKING: dict[tuple, list] = {}
"""The printers of the structs and enums being made (a recursive type's field reaches its own
printer: `kids: Vec<Tree>`, `List(Vec<Value>)`), each filled once made."""


def _once(ty: Any, spec: Spec, how: str, make: Callable) -> Callable[[object], str]:
    key = (show(ty), id(spec), how)
    if key in _MAKING:  # inside its own printer: the one being made, called once it is
        made = _MAKING[key]
        return lambda v: made[0](v)
    made = _MAKING[key] = []
    try:
        printer = make()
    finally:
        del _MAKING[key]
    made.append(printer)
    return printer


def _pretty_fields(
    item: Any, spec: Spec, pretty: Callable | None = None
) -> Callable[[object], str]:
    name = item.name
    fields = [(n, (pretty or _pretty)(t, spec)) for n, t in item.fields]
    if not fields:
        return lambda v: name
    if item.kind == "tuple":
        printers = [p for _, p in fields]
        return lambda v: _lines(
            name, [p(x) for p, x in zip(printers, v.fields, strict=True)], "(", ")"  # type: ignore[attr-defined]
        )
    return lambda v: _lines(
        name + " ",
        [f"{n}: {p(x)}" for (n, p), x in zip(fields, v.fields, strict=True)],  # type: ignore[attr-defined]
        "{",
        "}",
    )
