"""Use after move: a binding of a type that is not `Copy`, moved, then used again.

rustc's borrow checker is out of scope, but its simplest rule is not: a `Vec`, `String`,
tensor or `Option` of one, given by value to a call, a method that takes `self`, an operator or a
`let`, is gone, and a later use of it is `error[E0382]`. A program rustc rejects so has no output
to reproduce: pbpit refuses it before it runs.

The walk follows each body in evaluation order, with the set of bindings that may be moved on
some path to the point reached (as rustc: moved on one path is moved). `if` arms start from the
same set and join; a `return`, `break` or `continue` ends its path; a loop's body is walked
again with what its previous iteration moved; an assignment, or a `let` (each iteration's new
binding), makes a binding whole again. Only bindings certainly not references are followed
(references are erased), and only moves pbpit can see: where it is unsure it assumes a borrow,
so it refuses a subset of what rustc rejects, never more.

The same walk finds a `let x;` read where some path reaches it unassigned (rustc's E0381): the
declaration marks it as a move would, an assignment makes it whole.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pbpit.rust.interp import (
    arm_values,
    block_borrows,
    deref_moves,
    fnmut_moves,
    owned_values,
    place_moves,
    references,
    traits,
)
from pbpit.rust.interp.borrows import refuse_use_while_borrowed
from pbpit.rust.interp.check import not_copy
from pbpit.rust.interp.closure_borrows import refuse_uses_while_captured
from pbpit.rust.interp.closure_calls import changed_capture, refuse_fnmut_calls
from pbpit.rust.interp.deferred_init import refuse_assigned_twice
from pbpit.rust.interp.held_borrows import refuse_held_borrows
from pbpit.rust.interp.nodes import (
    ArrayLit,
    ArrayRepeat,
    Assert,
    AssertEq,
    Assign,
    Binary,
    Binding,
    Block,
    Break,
    Call,
    Cast,
    Closure,
    Continue,
    Crate,
    Expr,
    Field,
    FnItem,
    FnScope,
    For,
    Format,
    If,
    IfLet,
    Index,
    Let,
    Local,
    Loop,
    Match,
    Method,
    PanicMacro,
    Pat,
    Pos,
    Print,
    RangeLit,
    Refusals,
    Return,
    SomeLit,
    Static,
    StructLit,
    TupleLit,
    Unary,
    Unsupported,
    While,
    rules,
)
from pbpit.rust.interp.returned_refs import refuse_value_for_reference
from pbpit.rust.interp.shared_borrows import refuse_dropped_views, refuse_move_while_borrowed
from pbpit.rust.interp.temporaries import refuse_dropped_temporaries
from pbpit.rust.interp.types import DynT, StructT, TensorT, resolve
from pbpit.rust.interp.value_slots import written_params

_MOVING_OPERATORS = ("tensor", "tensor-scalar", "scalar-tensor", "user")  # user: op_traits
# Nested loops are walked twice each (the second time with what the first moved): past this
# depth only once, so deep nesting stays linear; pbpit then misses a move, never invents one.
_MAX_LOOP_DEPTH = 8


@dataclass(frozen=True)
class Move:
    pos: Pos
    uninit: bool = False  # `let x;`: not given a value yet (rustc's E0381 at a read)
    possibly: bool = False  # ... on some of the paths that reach here only
    partly: bool = False  # a part moved out by a pattern's binding (`if let Some(s) = o`)
    field: str | None = None  # ... the field moved out (`let n = p.name;`): others still usable
    others: tuple[str, ...] = ()  # ... more fields moved out after it (`S { a: 1, ..p }`)

    def fields(self) -> tuple[str, ...]:
        return (self.field, *self.others) if self.field is not None else ()


State = dict[Binding, Move] | None
"""The bindings that may be moved here, with where; None where no path reaches."""


def _unassigned(state: dict[Binding, Move], binding: Binding) -> bool:
    move = state.get(binding)  # (assigned, then moved: not `uninit`, though not whole)
    return move is not None and move.uninit and not move.possibly


def _reads(stmt: object, hidden: Binding) -> bool:
    """Whether `stmt` is the `let` of a name of a pattern taking `hidden`'s value apart."""
    part = stmt.init if isinstance(stmt, Let) else None
    while isinstance(part, Field | Index):
        part = part.base
    return isinstance(part, Local) and part.binding is hidden


def _join(a: State, b: State) -> State:
    if a is None:
        return None if b is None else dict(b)
    if b is None:
        return dict(a)
    joined = dict(a)
    for binding, move in b.items():
        joined.setdefault(binding, move)
    for binding, move in joined.items():
        assigned = not (_unassigned(a, binding) and _unassigned(b, binding))
        if move.uninit and not move.possibly and assigned:
            joined[binding] = Move(move.pos, uninit=True, possibly=True)  # one path assigns
    return joined


class _Loop:
    def __init__(self) -> None:
        self.breaks: State = None
        self.continues: State = None


class MoveCheck:
    """Walks each function body of a checked crate: each expression kind by its `w_Kind`
    method, or by the method `DEFAULTS` names for it (`nodes.rules`)."""

    DEFAULTS = {
        "Lit": "w_leaf",
        "ConstRef": "w_leaf",
        "FnRef": "w_leaf",
        "FloatFn": "w_leaf",
        "AssocConst": "w_leaf",
    }

    def __init__(self, crate: Crate) -> None:
        self.path = crate.path
        self.crate = crate
        self.destructuring: Expr | None = None  # a `let` pattern's value (`let (a, _) = *r;`)
        self.loops: dict[int, _Loop] = {}
        self.depth = 0
        self.closures: list[tuple[FnScope, set[Binding]]] = []
        self.rules = rules(MoveCheck, "w_")
        self.owned: set[Binding] = set()  # `made` values the checker did not mark `owned`
        # bindings whose parts are values, no reference (`let o = Some(String::new())`)
        self.values: set[Binding] = set()
        # given a call's `impl Fn(..)` or `Box<..>` result: not `Copy`, whatever pbpit's type
        self.opaque: set[Binding] = set()
        # references whose targets hold values all through: `&self`, `p: &P` ("shared"/"mutable")
        self.behind: dict[Binding, str] = {}
        self.single: set[Binding] = set()  # certainly one `&` to values (deref_moves.py)
        # the uses that move a binding, in one function (a field moved out: the `Field`)
        self.moved: list[Local | Field] = []
        self.holding: set[int] = set()  # closures capturing a value not `Copy` by value
        self.bound_closures: dict[Binding, Closure] = {}  # `let f = || ..;`: a call of `f` runs
        self.body: Block | None = None  # the function body walked

    def run(self) -> None:
        # the conflicts of borrows found as the bodies were lowered (E0502, E0506, ..), every one
        conflicts = [getattr(fn, "borrow_conflict", None) for fn in self.crate.fns.values()]
        if any(conflicts):
            raise Refusals([conflict for conflict in conflicts if conflict is not None])
        for fn in self.crate.fns.values():
            assert fn.body is not None
            params = [b for b in fn.params if b is not None and b.name != "self"]
            for binding, written in zip(params, written_params(fn), strict=False):
                if written is not None and b"&" not in written.text:  # `o: Option<String>`
                    self.values.add(binding)
                if written is not None and written.text.startswith(b"Box<"):
                    self.opaque.add(binding)  # `b: Box<i32>`: moved, whatever it holds
                behind = place_moves.behind_reference(written)
                if behind is not None:  # `p: &P`: what it reaches is values all through
                    self.behind[binding] = behind
            this = next((b for b in fn.params if b is not None and b.name == "self"), None)
            if this is not None and fn.self_kind in ("ref", "mut"):
                self.behind[this] = "shared" if fn.self_kind == "ref" else "mutable"
            refuse_value_for_reference(fn, self.behind, self.path)  # `-> &mut T { self.p }`
            self.moved = []
            self.body = fn.body  # (method_results: a `Vec::new()` filled with values)
            self.expr(fn.body, {}, moving=True)
            block_borrows.refuse(self.path, fn)  # `{ let t = vec![9]; &t }` taken: E0597
            refuse_move_while_borrowed(fn.body, self.moved, self.path)  # E0505
            refuse_dropped_views(fn.body, self.path)  # `m.entry(w.as_str())`, `w` a turn's: E0597
            refuse_fnmut_calls(fn.body, self.path)  # (borrowck's too: `add(1)` of `let add`)
            refuse_uses_while_captured(fn.body, self.path, self.moved)  # `log.len()` amid `record`s
            refuse_dropped_temporaries(fn.body, self.path)  # `r = &vec![1];` then `r`: E0716
            refuse_held_borrows(fn.body, self.path)  # `println!(.., v.first(), v.pop())`: E0502
            conflict = refuse_use_while_borrowed(fn.body, self.path, typed=True)  # E0499/E0503
            if conflict is not None:
                raise conflict

    def tracked(self, binding: Binding) -> bool:
        """Whether a use of `binding` by value moves it: its type is not `Copy` and it is
        certainly not a reference."""
        if binding in self.opaque:
            return True
        if not (binding.owned or binding in self.owned) or binding.ty is None:
            return False
        try:
            # an owned `dyn Trait` is a `Box<dyn Trait>` (pbpit erases the box): not `Copy`
            return not_copy(binding.ty) is not None or type(resolve(binding.ty)) is DynT
        except Exception:  # a type the checker left open: not followed
            return False

    def made(self, e: Expr | None) -> bool:
        return owned_values.made(self, e)

    def uninitialized(self, e: Local, move: Move) -> Unsupported:
        name = e.binding.name
        state = "is possibly-uninitialized" if move.possibly else "isn't initialized"
        err = Unsupported(
            f"{self.path}:{e.pos[0]}:{e.pos[1]}",
            f"used binding `{name}` {state} (rustc rejects it: error[E0381])",
        )
        err.label = f"`{name}` used here but it {state}"
        return err

    def fail(self, e: Local, move: Move, moving: bool, shown: str = "") -> Unsupported:
        """rustc's E0382 at `e`, a use of a binding (`shown`: of its field, `p.name`) moved."""
        name = shown or e.binding.name
        what = "use" if moving else "borrow"
        later = move.pos >= e.pos
        moved = f"value moved at {move.pos[0]}:{move.pos[1]}" + (
            ", in previous iteration of loop" if later else ""
        )
        partly = "partially " if move.partly and not shown else ""
        err = Unsupported(
            f"{self.path}:{e.pos[0]}:{e.pos[1]}",
            f"{what} of {partly}moved value: `{name}` ({moved}; rustc rejects it: error[E0382])",
        )
        err.label = f"value {'used' if moving else 'borrowed'} here after move"
        return err

    # -- expressions ------------------------------------------------------------------------------

    def expr(self, e: Expr | None, state: State, moving: bool) -> State:
        """The state after evaluating `e` from `state`; `moving`: its value is taken by value."""
        if e is None or state is None:
            return state
        if e.borrowed:
            moving = False
        rule = self.rules.get(type(e))
        if rule is None:  # a kind `DEFAULTS` does not name either: tests/test_node_kinds.py
            raise TypeError(f"moves: no rule for a {type(e).__name__} expression")
        state = getattr(self, rule)(e, state, moving)
        if state is not None and not isinstance(e, Local) and arm_values.diverges(e):
            return None
        return state

    def exprs(self, items: list[Expr], state: State, moving: bool) -> State:
        for item in items:
            state = self.expr(item, state, moving)
        return state

    def w_leaf(self, e: Expr, state: State, moving: bool) -> State:  # names no binding
        return state

    def w_BoxNew(self, e: traits.BoxNew, state: State, moving: bool) -> State:  # noqa: N802
        return self.expr(e.value, state, moving=True)  # `Box::new` takes its value

    def w_AssocCall(self, e: traits.AssocCall, state: State, moving: bool) -> State:  # noqa: N802
        return self.exprs(e.args, state, moving=True)

    def w_Local(self, e: Local, state: State, moving: bool) -> State:  # noqa: N802
        assert state is not None
        binding = e.binding
        move = state.get(binding)
        if move is not None and move.uninit:
            raise self.uninitialized(e, move)
        if move is not None:
            raise self.fail(e, move, moving)
        for scope, mentioned in self.closures:
            if not binding.declared_in(scope):
                mentioned.add(binding)
        if moving and self.tracked(binding):
            state = dict(state)
            state[binding] = Move(e.pos)
            self.moved.append(e)
        return state

    def move_ref(self, e: Expr | None, state: State) -> State:
        """`state` after `e`, if `e` is a `&mut` reference variable given where no written
        `&mut` type makes rustc reborrow it (`let y = r;`, `Some(r)`, `(r, 1)`, `vec![r]`,
        `for x in r`): a `&mut T` is not `Copy`, so `r` is moved (rustc's E0382 at a later
        use). A call's argument of a parameter written `&mut T` is a reborrow: not a move."""
        if state is None or not isinstance(e, Local) or e.borrowed or not e.binding.mut_ref:
            return state
        state = dict(state)
        state[e.binding] = Move(e.pos)
        return state

    def w_Call(self, e: Call, state: State, moving: bool) -> State:  # noqa: N802
        if isinstance(e.callee, Expr):
            state = self.expr(e.callee, state, moving=False)
        return self.exprs(e.args, state, moving=True)

    def w_Static(self, e: Static, state: State, moving: bool) -> State:  # noqa: N802
        return self.exprs(e.args, state, moving=True)

    def w_Method(self, e: Method, state: State, moving: bool) -> State:  # noqa: N802
        deref_moves.note_closure(self, e)  # `v.iter().map(|w| *w)`: E0507
        state = self.expr(e.recv, state, moving=owned_values.takes_self(e))
        state = self.exprs(e.args, state, moving=True)
        fnmut_moves.refuse(self, e)  # `it.map(|k| h * w)` moving the captured `h`: E0507
        return state

    def w_Binary(self, e: Binary, state: State, moving: bool) -> State:  # noqa: N802
        by_value = e.kind in _MOVING_OPERATORS
        # `s + "b"`: `String: Add<&str>` takes the `String` by value, the `&str` by reference
        state = self.expr(e.left, state, by_value or e.kind == "concat")
        return self.expr(e.right, state, by_value)

    def w_Unary(self, e: Unary, state: State, moving: bool) -> State:  # noqa: N802
        if moving and state is not None and e is not self.destructuring:  # `let o: S = *s;`
            deref_moves.refuse(self, e)
        neg = e.op == "-" and (type(resolve(e.ty)) is TensorT or hasattr(e, "user"))
        return self.expr(e.operand, state, moving=neg)  # (`user`: a struct's `Neg`)

    def w_Cast(self, e: Cast, state: State, moving: bool) -> State:  # noqa: N802
        enum = type(resolve(e.operand.ty)) is StructT  # `p as i32` moves an enum not `Copy`
        return self.expr(e.operand, state, moving=enum)

    def w_Index(self, e: Index, state: State, moving: bool) -> State:  # noqa: N802
        if moving and state is not None:  # `let s = v[0];`
            place_moves.refuse_move_out_of_index(self.path, e, self.values, self.behind)
        state = self.expr(e.base, state, moving=False)
        return self.expr(e.index, state, moving=False)

    def w_RangeLit(self, e: RangeLit, state: State, moving: bool) -> State:  # noqa: N802
        return self.expr(e.hi, self.expr(e.lo, state, moving=True), moving=True)

    def w_SomeLit(self, e: SomeLit, state: State, moving: bool) -> State:  # noqa: N802
        return self.move_ref(e.value, self.expr(e.value, state, moving=True))

    def w_ArrayLit(self, e: ArrayLit, state: State, moving: bool) -> State:  # noqa: N802
        for elem in e.elems:
            state = self.move_ref(elem, self.expr(elem, state, moving=True))
        return state

    def w_ArrayRepeat(self, e: ArrayRepeat, state: State, moving: bool) -> State:  # noqa: N802
        return self.expr(e.count, self.expr(e.elem, state, moving=True), moving=False)

    def w_Format(self, e: Format, state: State, moving: bool) -> State:  # noqa: N802
        return self.exprs(e.args, state, moving=False)  # `format_args!` takes references

    def w_Print(self, e: Print, state: State, moving: bool) -> State:  # noqa: N802
        return self.expr(e.fmt, state, moving=False)

    def w_PanicMacro(self, e: PanicMacro, state: State, moving: bool) -> State:  # noqa: N802
        return self.expr(e.fmt, state, moving=False)

    def w_Assert(self, e: Assert, state: State, moving: bool) -> State:  # noqa: N802
        return self.expr(e.fmt, self.expr(e.cond, state, moving=False), moving=False)

    def w_AssertEq(self, e: AssertEq, state: State, moving: bool) -> State:  # noqa: N802
        state = self.expr(e.right, self.expr(e.left, state, moving=False), moving=False)
        return self.expr(e.fmt, state, moving=False)

    # -- the program's own types: a struct or tuple takes its values; a field is read in place
    # (a move out of a field, a partial move, is not followed: pbpit then misses a move)

    def w_StructLit(self, e: StructLit, state: State, moving: bool) -> State:  # noqa: N802
        return self.exprs(e.values, state, moving=True)

    def w_TupleLit(self, e: TupleLit, state: State, moving: bool) -> State:  # noqa: N802
        for elem in e.elems:
            state = self.move_ref(elem, self.expr(elem, state, moving=True))
        return state

    def w_Field(self, e: Field, state: State, moving: bool) -> State:  # noqa: N802
        if moving and state is not None:  # `let n = p.name;` of `p: &P`
            place_moves.refuse_move_out_of_reference(self.path, e, self.behind, self.single)
        base = e.base
        if state is not None and isinstance(base, Local) and not base.borrowed:
            move = state.get(base.binding)
            if move is not None and move.field is not None and e.name in move.fields():
                raise self.fail(base, move, moving, shown=f"{base.binding.name}.{e.name}")
            if move is not None and move.field is not None and e.name not in move.fields():
                if moving and self.field_moves(e):  # another field moved out (`..p`)
                    state = dict(state)
                    state[base.binding] = replace(move, others=(*move.others, e.name))
                    self.moved.append(e)  # (E0505 while `p.name` is borrowed)
                return state  # `p.n` after `p.name` moved out: still `p`'s own
            if moving and move is None and self.field_moves(e):
                state = dict(self.expr(base, state, moving=False) or {})
                state[base.binding] = Move(e.pos, partly=True, field=e.name)
                self.moved.append(e)
                return state
            if moving and move is None:  # `S { a: 1, ..p }` of a `p` pbpit does not follow
                place_moves.refuse_update_move(self.path, e)
        return self.expr(e.base, state, moving=False)

    def field_moves(self, e: Field) -> bool:
        """Whether `p.name` taken by value moves the field out of `p`: `p` a variable holding
        values all through, the field written without `&` and not `Copy`."""
        base = e.base
        if not isinstance(base, Local) or base.binding not in self.values:
            return False
        if not self.tracked(base.binding) or not place_moves.valued_field(e):
            return False
        try:
            return not_copy(e.ty) is not None
        except Exception:  # a type the checker left open: not followed
            return False

    def w_Match(self, e: Match, state: State, moving: bool) -> State:  # noqa: N802
        # The scrutinee is a place the arms' patterns read (a move out of it, into a binding,
        # is a partial move pbpit does not follow); each arm starts from the same state, its
        # pattern's bindings whole (new ones each time it matches).
        state = self.expr(e.value, state, moving=False)
        pats = [arm.pat for arm in e.arms]  # `match self.total { Some(t) => .. }`: E0507
        place_moves.refuse_move_out_by_pattern(self.path, e.value, pats, self.behind, self.single)
        arm_values.bind_values(self, e)  # `Some(b)` of `v.pop()`: `b` a value (arm_values.py)
        results = []
        for arm in e.arms:
            start = state
            bound = arm_values.pattern_bindings(arm.pat)
            if start is not None:
                start = {b: m for b, m in start.items() if b not in bound}
            start = self.expr(arm.guard, start, moving=False)
            start = self.moved_out(e.value, bound, start)
            results.append(self.expr(arm.body, start, moving))
        joined = results[0] if results else None
        for after in results[1:]:
            joined = _join(joined, after)
        return joined

    def moved_out(self, value: Expr, bound: set[Binding], state: State) -> State:
        """`state` once a pattern binding `bound` matched `value`: a variable (not a reference)
        whose part a binding of a type not `Copy` took by value is partly moved (`if let
        Some(s) = o` of an `Option<String>`: a later use of `o` is rustc's E0382)."""
        if state is None or not isinstance(value, Local) or value.borrowed:
            return state
        if value.binding not in self.values or not self.tracked(value.binding):
            return state  # (`Some(&s)`: `Option<&String>` is `Copy`, its binding a `&String`)
        if not any(_not_copy(b) for b in bound if not getattr(b, "by_ref", False)):  # `ref s`
            return state
        state = dict(state)
        state.setdefault(value.binding, Move(value.pos, partly=True))
        return state

    def holds_values(self, e: Expr | None) -> bool:
        return owned_values.holds_values(self, e)

    def w_Assign(self, e: Assign, state: State, moving: bool) -> State:  # noqa: N802
        state = self.expr(e.value, state, moving=True)
        if state is None:
            return None
        target = e.target
        if e.op is None and isinstance(target, Field) and isinstance(target.base, Local):
            move = state.get(target.base.binding)
            if move is not None and target.name in move.fields():  # `p.name = ..`: whole again
                state = dict(state)
                rest = [name for name in move.fields() if name != target.name]
                state.pop(target.base.binding)
                if rest:  # (other fields still moved out)
                    state[target.base.binding] = replace(move, field=rest[0], others=(*rest[1:],))
                return state
        if e.op is not None or isinstance(e.target, Field | Index | Unary):  # `m[i][j]`, `*r`
            return self.expr(e.target, state, moving=False)
        refuse_assigned_twice(self.path, e, state.get(e.target.binding))  # E0384 of `let x;`
        state = dict(state)
        state.pop(e.target.binding, None)  # whole again
        return state

    def w_Block(self, e: Block, state: State, moving: bool) -> State:  # noqa: N802
        for at, stmt in enumerate(e.stmts):
            if isinstance(stmt, Let):
                hidden = stmt.binding is not None and stmt.binding.name.startswith("(")
                self.destructuring = stmt.init if hidden else None  # `let (a, _) = *r;`
                if hidden and isinstance(stmt.init, Unary) and state is not None:
                    parts = [s for s in e.stmts[at + 1 :] if _reads(s, stmt.binding)]
                    deref_moves.refuse(self, stmt.init, parts)
                state = self.expr(stmt.init, state, moving=True)
                deref_moves.note_let(self, stmt)  # `let r = &x;`: `*r` moves out of a `&`
                state = self.destructured(e.stmts, at, state)  # `let (a, _) = pair;`
                if stmt.declared is None:  # `let y = r;`: no type to reborrow `r` as
                    state = self.move_ref(stmt.init, state)
                if stmt.binding is not None and isinstance(stmt.init, Closure):
                    self.bound_closures[stmt.binding] = stmt.init
                if stmt.binding is not None and stmt.declared is None and self.made(stmt.init):
                    self.owned.add(stmt.binding)
                if stmt.binding is not None and (_opaque_result(stmt.init) or _boxed(stmt)):
                    self.opaque.add(stmt.binding)  # `let add5 = make_adder(5.0);`, a `Box`
                if stmt.binding is not None and (
                    _mutating_closure(stmt.init) or id(stmt.init) in self.holding
                ):  # `let mut inc = || n += 1;`, `let f = move || s.len();`: not `Copy`
                    self.opaque.add(stmt.binding)
                written = getattr(stmt.binding, "written", None)  # `let v: Vec<String> = ..`
                if stmt.binding is not None and (
                    self.holds_values(stmt.init)
                    or (written is not None and b"&" not in written.text)
                ):
                    self.values.add(stmt.binding)
                if state is not None and stmt.binding is not None:
                    state = dict(state)
                    state.pop(stmt.binding, None)  # a new binding (again, in a loop)
                    if stmt.init is None:  # `let x;`: a value must come before a read
                        state[stmt.binding] = Move((stmt.line, 0), uninit=True)
            else:
                state = self.expr(stmt.expr, state, moving=True)
        return self.expr(e.tail, state, moving=moving)

    def destructured(self, stmts: list, at: int, state: State) -> State:
        """`state` after `let (a, _) = pair;`: `pair` partly moved, of the fields its names
        take by value (`arm_values.destructured_fields`), not moved whole."""
        stmt, init = stmts[at], stmts[at].init
        if state is None or stmt.binding is None or not stmt.binding.name.startswith("("):
            return state
        if not isinstance(init, Local) or init.borrowed or state.get(init.binding) is None:
            return state
        fields = arm_values.destructured_fields(self, stmts, at)
        if fields is None or state[init.binding].pos != init.pos:
            return state
        state = dict(state)
        if not fields:
            state.pop(init.binding)
        else:
            state[init.binding] = Move(
                init.pos, partly=True, field=fields[0], others=(*fields[1:],)
            )
        return state

    def tracked_type(self, binding: Binding) -> bool:
        """Whether `binding`'s type is not `Copy` (its value moves)."""
        return _not_copy(binding)

    def w_If(self, e: If, state: State, moving: bool) -> State:  # noqa: N802
        state = self.expr(e.cond, state, moving=False)
        then = self.expr(e.then, state, moving)
        return _join(then, self.expr(e.els, state, moving) if e.els is not None else state)

    def w_IfLet(self, e: IfLet, state: State, moving: bool) -> State:  # noqa: N802
        state = self.expr(e.value, state, moving=False)
        if e.binding is not None:  # `if let Some(n) = r.name` of `r: &H`: E0507
            some = Pat(e.pos, "some", subs=[Pat(e.pos, "bind", binding=e.binding)])
            place_moves.refuse_move_out_by_pattern(
                self.path, e.value, [some], self.behind, self.single
            )
        arm_values.bind_values(self, e)  # `Some(g)` of `o.take()`: `g` a value
        if state is not None and e.binding is not None:
            state = dict(state)
            state.pop(e.binding, None)
        bound = {e.binding} if e.binding is not None and not e.binding.mut_ref else set()
        then = self.expr(e.then, self.moved_out(e.value, bound, state), moving)
        return _join(then, self.expr(e.els, state, moving) if e.els is not None else state)

    def w_Return(self, e: Return, state: State, moving: bool) -> State:  # noqa: N802
        self.expr(e.value, state, moving=True)
        return None

    def w_Break(self, e: Break, state: State, moving: bool) -> State:  # noqa: N802
        state = self.expr(e.value, state, moving=True)
        loop = self.loops.get(id(e.target))
        if loop is not None:
            loop.breaks = _join(loop.breaks, state)
        return None

    def w_Continue(self, e: Continue, state: State, moving: bool) -> State:  # noqa: N802
        loop = self.loops.get(id(e.target))
        if loop is not None:
            loop.continues = _join(loop.continues, state)
        return None

    def w_Loop(self, e: Loop, state: State, moving: bool) -> State:  # noqa: N802
        return self.repeat(e, state, None, fresh=None)

    def w_While(self, e: While, state: State, moving: bool) -> State:  # noqa: N802
        return self.repeat(e, state, e.cond, fresh=None)

    def w_For(self, e: For, state: State, moving: bool) -> State:  # noqa: N802
        state = self.move_ref(e.iterable, self.expr(e.iterable, state, moving=True))
        deref_moves.note_for(self, e.binding, e.iterable)  # `for s in v.iter()`: `*s` E0507
        return self.repeat(e, state, None, fresh=e.binding, exits=True)

    def repeat(
        self,
        e: Loop | While | For,
        state: State,
        cond: Expr | None,
        fresh: Binding | None,
        exits: bool = False,
    ) -> State:
        """A loop from `state`: its body walked once, then again from what an iteration may
        have left moved (one more pass is enough: a move only adds, a `let` only removes).
        `exits`: the loop may end at its head (a `for`; a `while` ends at its condition)."""
        assert e.body is not None
        entry, leaves = state, None
        passes = 2 if self.depth < _MAX_LOOP_DEPTH else 1
        self.depth += 1
        try:
            for _ in range(passes):
                loop = _Loop()
                self.loops[id(e)] = loop
                head = self.expr(cond, entry, moving=False) if cond is not None else entry
                body_in = head
                if body_in is not None and fresh is not None:
                    body_in = dict(body_in)
                    body_in.pop(fresh, None)
                end = _join(self.expr(e.body, body_in, moving=False), loop.continues)
                leaves = _join(loop.breaks, head if cond is not None or exits else None)
                entry = _join(state, end)
            return leaves
        finally:
            self.depth -= 1
            self.loops.pop(id(e), None)

    def w_Closure(self, e: Closure, state: State, moving: bool) -> State:  # noqa: N802
        """A closure captures at its creation: by value what it moves (all it names, `move`)."""
        assert state is not None
        for param in e.params:  # `|r| (Reverse(r.epochs), r.name)` of `runs.sort_by_key`
            if param is not None and getattr(param, references.ELEMENT_OF_VALUES, False):
                self.behind[param] = "shared"  # (`r.name` taken: rustc's E0507)
        mentioned: set[Binding] = set()
        self.closures.append((e.scope, mentioned))
        try:
            after = self.expr(e.body, dict(state), moving=True)
        finally:
            self.closures.pop()
        fnmut_moves.note(self, e, state, after)
        captured = set(mentioned) if e.is_move else set()
        for binding in after or {}:
            if binding not in state and not binding.declared_in(e.scope):
                captured.add(binding)
        result = dict(state)
        for binding in captured:
            if self.tracked(binding):
                result.setdefault(binding, Move(e.pos))
                self.holding.add(id(e))  # it holds a value not `Copy`: not `Copy` itself
                self.moved.extend(_first_mention(e.body, binding))  # (E0505 while borrowed)
        return result


def _first_mention(body: Expr, binding: Binding) -> list[Local]:
    """The first `Local` of `binding` in a closure's body (a capture moved into it), if any."""
    from pbpit.rust.interp.nodes import children

    stack: list = [body]
    while stack:
        node = stack.pop()
        if isinstance(node, Local) and node.binding is binding:
            return [node]
        stack.extend(reversed(list(children(node))))
    return []


def _opaque_result(e: Expr | None) -> bool:
    """A call of a function whose written result is `impl Trait` (no `Copy` to a caller) or a
    `Box<..>`."""
    if not isinstance(e, Call) or not isinstance(e.callee, FnItem) or e.borrowed:
        return False
    ret = e.callee.node.child_by_field_name("return_type")
    return ret is not None and (ret.type == "abstract_type" or ret.text.startswith(b"Box<"))


def _boxed(stmt: Let) -> bool:
    """A `let` of a `Box` (`Box::new(3)`, `.. as Box<dyn Fn(f32) -> f32>`, a written
    `Box<..>`): pbpit erases the box, but a `Box` is never `Copy`, whatever it holds."""
    written = getattr(stmt.binding, "written", None)
    if written is not None:
        return written.text.startswith(b"Box<")
    init = stmt.init
    while isinstance(init, Cast) and not init.borrowed:
        init = init.operand
    return isinstance(init, traits.BoxNew) and not init.borrowed


def _mutating_closure(e: Expr | None) -> bool:
    """A closure (not `move`) changing what it captures: it holds a `&mut` borrow, so it is
    not `Copy` (`let g = inc;` moves it, a later `inc()` is rustc's E0382)."""
    if not isinstance(e, Closure) or e.borrowed or e.is_move:
        return False
    return changed_capture(e) is not None


def _not_copy(binding: Binding) -> bool:
    try:
        return binding.ty is not None and not_copy(binding.ty) is not None
    except Exception:  # a type the checker left open: not followed
        return False


def check_moves(crate: Crate) -> None:
    """`Unsupported` with rustc's E0382 at the first use of a value after it was moved."""
    MoveCheck(crate).run()
