"""The checker's rules for method calls: on tensors (Burn's table), numbers, strings, `Option`,
`Vec`, `Result`, iterators; a receiver that must be mutable."""

from __future__ import annotations

from pbpit.engine.api import RUST_METHODS
from pbpit.rust.interp import (
    burn_grads_methods,
    burn_nn,
    burn_params,
    burn_results,
    burn_tensor_api,
    collection_slots,
    error_from,
    hashmap,
    iterator_names,
    iterators,
    map_get_mut,
    match_mut_refs,
    missing_number_methods,
    number_names,
    option_api,
    prim_impls,
    references,
    results,
    shapes,
    sized,
    slices,
    std_generics,
    str_methods,
    tensor_iters,
    user_iterators,
)
from pbpit.rust.interp.builtins import CLONE, TO_STRING
from pbpit.rust.interp.check_kinds import check_movedim_arg
from pbpit.rust.interp.check_rules import refuse_mut_method_behind_reference
from pbpit.rust.interp.check_tables import (
    _PARAM_TYPES,
    BOOL_DATA,
    INT_DATA,
    RANK_GENERIC,
    _any,
    iterator,
    rust_type,
)
from pbpit.rust.interp.error_types import FORMATTER, FORMATTER_METHODS
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.nodes import (
    Field,
    Index,
    Local,
    Method,
    Static,
    Unsupported,
)
from pbpit.rust.interp.rc_refcell import MUT_RESULTS as RC_MUT
from pbpit.rust.interp.std_methods import (
    CHAR_METHODS,
    DATA,
    DEVICE_METHODS,
    ELEM,
    FLOAT,
    INT,
    STR_METHODS,
    TENSOR,
    family_of,
)
from pbpit.rust.interp.std_option_more import BOOL_METHODS, MUT_RESULTS
from pbpit.rust.interp.types import (
    BOOL,
    CHAR,
    DEVICE,
    GRADIENTS,
    STR,
    STRING,
    TENSOR_DATA,
    DynT,
    Named,
    ParamT,
    StructT,
    TensorT,
    TupleT,
    Ty,
    Var,
    Wrap,
    is_float,
    is_int,
    is_number,
    resolve,
    show,
)

# An iterator's methods that take type arguments (`collect::<Vec<_>>()`, `unzip::<..>()`).
_TURBOFISHED = ("collect", "sum", "product", "partition", "unzip")

class MethodRules:
    """Method calls (a part of `Checker`)."""

    # -- methods ----------------------------------------------------------------------------------

    def c_Method(self, e: Method) -> Ty:  # noqa: N802
        if e.name == hashmap.ENTRY_UPDATE:  # `*m.entry(k).or_insert(0) += 1`
            return hashmap.check_update(self, e)
        if e.name == hashmap.WRITE_BACK:  # after `if let Some(v) = m.get_mut(&k) { .. }`
            return hashmap.check_write_back(self, e)
        try:
            recv = self.unbox(self.known(self.expr(e.recv)))
        except Unsupported:
            _refuse_float_range_method(self, e)  # `(1f64..).take(4)`: E0599, not E0277
            raise
        if e.name != slices.RANGE_INDEX:  # (a method's receiver resolved: rustc selects its
            sized.flush(self)  # obligations; not an index `v[a..]`)
        collection_slots.refuse_borrowed_items(self, e)  # `q.push_back(&x)`, `VecDeque<i32>`
        recv = user_iterators.as_iterator(self, e, recv)  # `counter.take(3)`: its `Iterator`
        own = prim_impls.check_method(self, e, recv)  # `x.describe()` of `impl Describe for f64`
        own = own if own is not None else tensor_iters.check(self, e, recv)  # `t.iter_dim(0)`
        if own is not None:
            return own
        generic = std_generics.method(self, e, recv)  # `x.into()` of `T: Into<f64>`
        if generic is not None:
            return generic
        if type(recv) in (ParamT, DynT):  # `t.area()`, `t: T` or `&dyn Shape` (traits.py)
            return self.dispatch_method(e, recv)
        if type(recv) is Var:
            # `a.partial_cmp(b)`, `3.cmp(&n)`: comparisons too (iterators.py)
            compared = iterators.check_open_compare(self, e, recv)
            if compared is not None:
                return compared
            # A trait method that every integer (or float) type has is found while the type is
            # still open (`42.to_string()`, `3.max(x)`: `Ord::max`); inherent ones are not.
            if recv.kind and (
                e.name in ("to_string", "clone")
                or (recv.kind == "int" and e.name in ("max", "min", "clamp"))  # `Ord`'s
            ):
                return self.open_number_method(e, recv)
            if recv.kind and references.certainly_reference(
                e.recv
            ):  # `|x| x.abs()`, `x: &{integer}`
                what = f"no method named `{e.name}` found for reference `&{show(recv)}`"
                what += " in the current scope"
                raise self.fail(e.pos, rejects(what, "E0599"))
            if recv.kind:
                what = f"can't call method `{e.name}` on ambiguous numeric type `{show(recv)}`"
                raise self.fail(e.pos, rejects(what, "E0689"))  # `2.0.powi(2)`
            raise self.fail(e.pos, "type annotations needed")
        if (
            e.targs
            and not (type(recv) is Named and recv in (TENSOR_DATA, INT_DATA, BOOL_DATA))
            and not (type(recv) is TensorT and e.name in (*RANK_GENERIC, "one_hot"))
            and not (iterator(recv) and e.name in _TURBOFISHED)
            and not ((is_number(recv) or recv is BOOL) and e.name == "elem")  # `ElementConversion`
            and not (recv is shapes.SHAPE and e.name == "dims")  # `shape.dims::<2>()`
            and not burn_params.takes_targs(recv, e.name)  # `grads.remove::<2>(id)`
            and not str_methods.accepts_targs(recv, e.name)  # `s.parse::<f32>()`
            and not (type(recv) is Wrap and recv.kind == "MapIter" and e.name == "sum")
        ):
            if iterator(recv):  # `v.iter().summ::<i32>()`: no iterator of std has it (E0599)
                iterator_names.refuse_unknown(self, e, recv)
            raise self.fail(e.pos, f"type arguments on `{e.name}`")
        sliced = slices.check_method(self, e, recv)  # `v[a..b]`, `to_vec`, E0599 on `&[T]`
        if sliced is not None:
            return sliced
        burn = burn_nn.check_method(self, e, recv)  # modules, params, configs, optimizers
        if burn is not None:
            return burn
        # `next`, `peekable`, `chain`, `windows`, `max_by`, `partial_cmp`... (iterators.py)
        stepped = iterators.check_method(self, e, recv)
        if stepped is not None:
            return stepped
        if type(recv) is StructT:
            return self.user_method(e, recv)
        if type(recv) is TensorT:
            ty = self.tensor_method(e, recv)
        elif type(recv) is TupleT and e.name == "clone" and _clone_elems(recv):
            ty = CLONE.types(self, e, recv)  # `(obs, log_prob).clone()`: Clone of each element
        elif type(recv) is Wrap:
            ty = self.wrap_method(e, recv)
        elif type(recv) is Named:
            ty = self.named_method(e, recv)
        else:
            ty = None
        if ty is None:  # `parse_error.into()` of the program's `impl From<E>` (error_from.py)
            ty = error_from.check_into(self, e, recv)
        if ty is None:
            if iterator(recv):  # `v.iter().mean()`: no iterator of std has it
                iterator_names.refuse_unknown(self, e, recv)
            missing_number_methods.refuse_method(self, e, recv)  # `x.sqrt()` of `x: i32`
            burn_grads_methods.refuse_method(self, e, recv)  # `grads.remove(&x)`: E0599
            number_names.refuse_method(self, e, recv)  # `x.square()` of `x: f64`: E0599
            option_api.refuse(self, e, recv)  # `o.sqrt()` of `o: Option<f32>`: E0599
            raise self.fail(e.pos, f"the method `{e.name}` on `{show(recv)}`")
        return ty

    def open_number_method(self, e: Method, recv: Var) -> Ty:
        if e.targs:
            raise self.fail(e.pos, f"type arguments on `{e.name}`")
        if e.name == "to_string":
            return TO_STRING.types(self, e, recv)
        if e.name == "clone":
            return CLONE.types(self, e, recv)
        return INT[e.name].types(self, e, recv)  # `max`, `min`

    def tensor_method(self, e: Method, recv: TensorT) -> Ty | None:
        """A method of the table (`pbpit.engine.api`), typed from Burn's signature."""
        name = e.name
        burn_tensor_api.refuse_outside_api(self, e)  # `x.relu()`: private in Burn (E0624)
        if name == "shape":  # Burn's `Shape` (shapes.py), of every kind of tensor
            return shapes.TENSOR_SHAPE.types(self, e, recv)
        e.impl = TENSOR[name]
        if recv.kind != "Float":
            return self.kind_method(e, recv)
        row = RUST_METHODS.get(name)
        if row is None:
            return None
        self.arity(e, len(row.params))  # `squeeze::<1>(1)`: Burn 0.22's `squeeze` takes none
        expected = [_PARAM_TYPES.get(ty, _any)(recv) for ty in row.param_types]
        found = self.args(e, *expected)
        dims = {"D": recv.dim}
        for ty, arg_ty, arg in zip(row.param_types, found, e.args, strict=True):
            if ty == "E" and not is_number(arg_ty):
                raise self.fail(arg.pos, f"`{name}` of `{show(arg_ty)}`")
            if ty == "S":
                dims["D2"] = self.shape_rank(arg, arg_ty)
            if ty == "R":
                self.slice_ranges(arg, arg_ty, recv)
            if ty == "M":  # Burn's `MovedimArgs`
                check_movedim_arg(self, e, arg, arg_ty)
        if name in RANK_GENERIC:
            return self.rank_generic(e, recv)
        return rust_type(row.result, recv, dims)

    # -- shapes and reductions --------------------------------------------------------------------

    def rank_generic(self, e: Method, recv: TensorT) -> Ty:
        """`unsqueeze::<D2>()` / `unsqueeze_dim::<D2>(dim)`: the rank from the turbofish, else
        from what the result meets (an annotation), as rustc infers a const generic."""
        if len(e.targs) > 1 or (e.targs and type(e.targs[0]) is not TensorT):
            raise self.fail(e.pos, f"`{e.name}` takes one const argument, the result's rank")
        if e.targs:
            return TensorT(e.targs[0].dim, recv.kind)  # type: ignore[union-attr]
        if e.name == "squeeze_dim" and recv.dim is not None:  # Burn: D2 is D - 1, or a panic
            return TensorT(recv.dim - 1, recv.kind)
        return Var()

    def named_method(self, e: Method, recv: Named) -> Ty | None:
        name = e.name
        if name == "clone" and recv not in (GRADIENTS, results.DYN_ERROR):  # (no `Clone`)
            return CLONE.types(self, e, recv)
        if name == "to_string" and (
            is_number(recv)
            or recv in (BOOL, CHAR, STR, STRING, results.DYN_ERROR, shapes.SHAPE)
            or recv is burn_results.DATA_ERROR  # Burn's `DataError`: `Display` (never made)
            or recv in (str_methods.PARSE_INT_ERROR, str_methods.PARSE_FLOAT_ERROR)  # (`parse`)
        ):
            return TO_STRING.types(self, e, recv)
        if recv is shapes.SHAPE:  # `shape.num_elements()`, `shape.dims::<2>()` (shapes.py)
            row = shapes.METHODS.get(name)
            return None if row is None else row.types(self, e, recv)
        if name == "elem" and (is_number(recv) or recv is BOOL):  # Burn's `ElementConversion`
            return self.elem(e, recv)
        family = (
            FLOAT
            if is_float(recv)
            else INT
            if is_int(recv)
            else STR_METHODS
            if recv in (STR, STRING)
            else CHAR_METHODS
            if recv is CHAR
            else None
        )
        if family is not None:
            row = family.get(name)
            return None if row is None or not row.has(recv) else row.types(self, e, recv)
        if recv is BOOL and name in BOOL_METHODS:  # `ok.then_some(x)` (std_more.py)
            return BOOL_METHODS[name].types(self, e, recv)
        if recv is DEVICE and name in DEVICE_METHODS:  # 0.22's `device.seed(n)`
            return DEVICE_METHODS[name].types(self, e, recv)
        if recv in (TENSOR_DATA, INT_DATA, BOOL_DATA) and name in DATA:
            return DATA[name].types(self, e, recv)
        if recv is FORMATTER and name in FORMATTER_METHODS:  # `f.write_str(s)` (error_types.py)
            return FORMATTER_METHODS[name].types(self, e, recv)
        return None

    def elem(self, e: Method, recv: Named) -> Ty:
        """`x.elem::<E>()` (and Burn 0.22's `t.into_scalar::<E>()`, lowered to it): the number
        as another numeric type (the target from the turbofish or what the result meets); a Bool
        tensor's `bool` as itself."""
        written = "into_scalar" if getattr(e.recv, "pos", None) == e.pos else "elem"
        if len(e.targs) > 1:
            raise self.fail(e.pos, f"`{written}` takes one type argument")
        target = resolve(e.targs[0]) if e.targs else Var()
        if e.targs and not (is_number(target) or target is recv is BOOL):
            what = f"`{written}::<{show(target)}>()` of `{show(recv)}`: Burn's elements are numbers"
            raise self.fail(e.pos, what + (" (a Bool tensor's is `bool`)" if recv is BOOL else ""))
        self.args(e)
        e.impl = ELEM.of("elem", owner=recv.name)  # the number converted is a `recv.name`
        return target

    def mutable_receiver(self, e: Method) -> None:
        """rustc's E0596 for a `&mut self` method of a place not mutable; as rustc borrow-checks
        a body only when it has no type error, the error waits for the body's end
        (`Checker.body`): a type error after it is the one reported."""
        try:
            self.mutable_receiver_now(e)
        except Unsupported as err:
            if err.code not in ("E0596", "") or not hasattr(self, "borrow_errors"):
                raise  # (a temporary changed, `&String::from(..).push_str(..)`, waits too)
            self.borrow_errors.append(err)

    def mutable_receiver_now(self, e: Method) -> None:
        refuse_mut_method_behind_reference(self, e.recv)  # `w.push(x)` of `let w = &v;`
        recv = e.recv
        while isinstance(recv, Field | Index):  # `self.items.push(x)`, `v[0].take()`: the
            recv = recv.base  # variable holding the struct or the `Vec`
        if isinstance(recv, Local) and recv.binding.mut_ref:
            return
        if match_mut_refs.lends_in_place(recv):  # `s.push(x)` of `match self { V { s } => ..`
            return
        if isinstance(recv, Local) and getattr(recv.binding, match_mut_refs.MUT_SCRUTINEE, 0):
            what = f"`{e.name}` of `{recv.binding.name}`, a `&mut` a pattern binds to a value "
            raise self.fail(e.pos, what + "pbpit holds by value (a `String`, a number)")
        if isinstance(recv, Method) and recv.name in MUT_RESULTS | hashmap.MUT_RESULTS | RC_MUT:
            return  # `o.get_or_insert_with(f)`, `m.entry(k).or_default()`: a `&mut T`
        if map_get_mut.unwrapped_lender(recv):  # `m.get_mut(k).unwrap().push(x)` of `Vec`s
            return
        if isinstance(recv, Method) and getattr(recv, "view", False):  # `v[..2].reverse()`:
            return  # a view of `v`, whose `mut` slices.check_method checked
        if not isinstance(recv, Local):
            raise self.fail(e.pos, f"`{e.name}` on a value that is not a `let mut` variable")
        if not recv.binding.mutable:
            name = recv.binding.name
            what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
            raise self.fail(recv.pos, rejects(what, "E0596"))

    def wrap_method(self, e: Method, recv: Wrap) -> Ty | None:
        name, kind = e.name, recv.kind
        if kind == "MapIter":  # only what the map's random order does not change (hashmap.py)
            hashmap.check_order(self, e, recv)
        if name == "clone" and kind == "HashMap":
            raise self.fail(e.pos, "`clone` of a HashMap")
        if name == "clone":
            return CLONE.types(self, e, recv)
        family = family_of(kind)
        row = None if family is None else family.get(name)
        if row is not None:
            return row.types(self, e, recv)
        return None


def _clone_elems(tuple_: TupleT) -> bool:
    """Whether every element of a tuple is a tensor, a std value that is `Clone`, or such a
    tuple (a struct's `Clone` is not looked up here: refused, not run)."""
    for elem in map(resolve, tuple_.elems):
        if type(elem) is TupleT:
            if not _clone_elems(elem):
                return False
        elif type(elem) not in (TensorT, Named) or elem in (GRADIENTS, results.DYN_ERROR):
            return False
    return True


def _refuse_float_range_method(checker: MethodRules, e: Method) -> None:
    """`(1f64..).take(4)`: `RangeFrom<f64>` is no iterator (`f64: Step`), and rustc says so of
    the method called on it (E0599: its trait bounds are not satisfied); a `for` over it is
    its E0277 (`iter_sources`)."""
    start = e.recv.args[0] if isinstance(e.recv, Static) and len(e.recv.args) == 1 else None
    if start is None or not e.recv.name.endswith("RangeFrom") or start.ty is None:
        return
    found = resolve(start.ty)
    if is_float(found):
        what = f"the method `{e.name}` exists for struct `std::ops::RangeFrom<{show(found)}>`, "
        what += "but its trait bounds were not satisfied"
        raise checker.fail(e.pos, rejects(what, "E0599"))
