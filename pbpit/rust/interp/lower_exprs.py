"""Lowering expressions: operators, references, `?`, casts, assignments (to a variable, a field,
an element), blocks, `if`, loops and their `break`/`continue`, `return`, arrays, indexing,
ranges, closures, tuples."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import (
    btreemap,
    destructuring_assign,
    dyn_casts,
    field_privacy,
    hashmap,
    if_let_mut,
    iter_mut,
    iter_mut_filters,
    labelled_blocks,
    map_entries,
    map_get_mut,
    match_mut_refs,
    missing_else,
    mut_item_closures,
    mut_ref_lets,
    num_refs,
    op_traits,
    open_ranges,
    range_derefs,
    references,
    returned_mut_vecs,
    slices,
    std_more,
    vec_ends_mut,
)
from pbpit.rust.interp.field_paths import through_mut_method
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.hashmap import lower_update as hashmap_update
from pbpit.rust.interp.lower_tables import (
    _COMMENTS,
    _COMPARISONS,
    _DESTRUCTURING,
    Node,
    is_mut_reference,
)
from pbpit.rust.interp.nodes import (
    Arm,
    ArrayLit,
    ArrayRepeat,
    Assign,
    Binary,
    Binding,
    Block,
    Break,
    Cast,
    Closure,
    Continue,
    Expr,
    Field,
    FnScope,
    For,
    If,
    IfLet,
    Index,
    Let,
    Lit,
    Local,
    Loop,
    Match,
    Method,
    Pat,
    RangeLit,
    Return,
    Static,
    TupleLit,
    Unary,
    While,
)
from pbpit.rust.interp.types import (
    Ty,
    Wrap,
    show,
)

# The operators of `a op b` and `a op= b` (bit and shift operators on integers, `&`, `|`, `^`
# on bools too).
_COMPOUND = ("+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>")
_BINARY = (*_COMPOUND, "==", "!=", "<", ">", "<=", ">=", "&&", "||")


class ExprLowering:
    """Expressions (a part of `Lowerer`)."""

    def e_field_expression(self, node: Node) -> Expr:
        field = node.child_by_field_name("field")
        base = self.expr(node.child_by_field_name("value"))
        name = self.text(field)
        if field.type == "integer_literal" and not name.isdigit():
            raise self.fail(field, f"the field `{name}`")
        return field_privacy.mark(self, Field(self.pos(field), base, name))

    def e_binary_expression(self, node: Node) -> Expr:
        operator = self.operator(node)
        op = operator.type
        if op not in _BINARY:
            raise self.fail(operator, f"the operator `{op}`")
        left_node = node.child_by_field_name("left")
        right_node = node.child_by_field_name("right")
        if op in _COMPARISONS or op == "<<":  # `a as i32 << 2` too
            self.refuse_rustc_misreading(operator, left_node)
        if op == "-" and left_node.type == "range_expression" and len(self.kids(left_node)) == 1:
            return self.negative_range_end(node, left_node, right_node)
        deref_end = range_derefs.expr(self, node)  # `0..*n`, read `(0..) * n` (range_derefs)
        if deref_end is not None:
            return deref_end
        left = self.expr(left_node)
        right = self.expr(right_node)
        return Binary(self.pos(node), op, left, right, op_pos=self.pos(operator))

    def refuse_rustc_misreading(self, operator: Node, left: Node) -> None:
        """Comparisons rustc's parser rejects where tree-sitter reads on: a chain (`a < b < c`,
        `1 == 1 == true`; comparisons do not associate in Rust) and `a as T < b` (`<` opens
        `T`'s generic arguments)."""
        if left.type == "binary_expression" and self.operator(left).type in _COMPARISONS:
            while True:  # rustc points at the first operator of the chain
                inner = left.child_by_field_name("left")
                if inner.type != "binary_expression" or self.operator(inner).type not in (
                    _COMPARISONS
                ):
                    break
                left = inner
            raise self.fail(self.operator(left), "comparison operators cannot be chained")
        if operator.type not in ("<", "<<"):
            return
        last = left  # the operand just before `<`, as the parser meets it
        while last.type == "binary_expression":
            last = last.child_by_field_name("right")
        if last.type == "type_cast_expression":
            target = self.text(last.child_by_field_name("type"))
            op, what = operator.type, "comparison" if operator.type == "<" else "shift"
            raise self.fail(
                operator,
                f"`{op}` is interpreted as a start of generic arguments for `{target}`, not a "
                f"{what} (write `({self.text(last)}) {op} ..`)",
            )

    def negative_range_end(self, node: Node, range_node: Node, right_node: Node) -> Expr:
        """`a..-b`, which tree-sitter reads as `(a..) - b`: the range `a..(-b)` that Rust reads,
        when `b` is an operand that `-` takes whole (a literal, a name, a call...)."""
        parts = [c for c in range_node.children if c.type not in _COMMENTS]
        primary = (
            "integer_literal",
            "float_literal",
            "identifier",
            "scoped_identifier",
            "call_expression",
            "index_expression",
            "parenthesized_expression",
        )
        if len(parts) != 2 or parts[1].type != "..":  # `a..`, then `- b`
            raise self.fail(node, "ranges other than `a..b` and `a..=b`")
        start = parts[0]
        if right_node.type not in primary:
            raise self.fail(node, f"the range `{self.text(node)}` (write `a..(-b)`)")
        minus = self.operator(node)
        hi = Unary(self.pos(minus), "-", self.expr(right_node))
        return RangeLit(self.pos(range_node), self.expr(start), hi, False)

    def e_unary_expression(self, node: Node) -> Expr:
        op = self.operator(node, 0).type
        operand = self.expr(self.kids(node)[0])
        if op == "*" and iter_mut.is_element(operand):  # `*x` of `iter_mut`: the place `v[i]`
            return operand
        return Unary(self.pos(node), op, operand)

    def e_reference_expression(self, node: Node) -> Expr:
        value = self.expr(node.child_by_field_name("value"))
        if any(c.type == "mutable_specifier" for c in node.children):
            self.mutable_place(node, value)
            value.mut_borrow = True
        value.borrowed = True
        value.borrow_pos = self.pos(node)
        return value

    def mutable_place(self, node: Node, value: Expr) -> None:
        """`&mut x`, `&mut x.field`: `x` declared `mut` (or itself a `&mut`), as rustc asks."""
        root = value
        while isinstance(root, Field | Index):
            root = root.base
        if not isinstance(root, Local) or root.binding.mutable or root.binding.mut_ref:
            return
        if match_mut_refs.lent_view(node, value):  # `s.iter_mut()` of `match self { V { s } .. `
            return
        name = root.binding.name
        if root is value:
            what = f"cannot borrow `{name}` as mutable, as it is not declared as mutable"
        else:  # `&mut x.field`, or `x.field.as_mut()` (if_let_mut.py): the place's text
            place = node.child_by_field_name("value")
            if place is None and (called := node.child_by_field_name("function")) is not None:
                place = called.child_by_field_name("value")
            what = f"cannot borrow `{self.text(place or node)}` as mutable, "
            what += (
                "as it is behind a `&` reference"
                if name == "self"
                else (f"as `{name}` is not declared as mutable")
            )
        err = self.fail(node, rejects(what, "E0596"))
        err.label = "cannot borrow as mutable"
        raise err

    def e_try_expression(self, node: Node) -> Expr:
        """`x?` in a function returning a `Result<T, E>` (`x` a Result: an `Err` returned,
        converted by `From`) or an `Option` (`x` an Option: a `None` returned): `x`'s value
        (results.py checks and runs it)."""
        question = node.children[-1]
        if self.scope is not self.fn_scope:  # a closure's: what it returns decides (results.py)
            made = Method(self.pos(question), self.expr(self.kids(node)[0]), "?", [], [])
            made.in_closure = True  # type: ignore[attr-defined]
            return made
        ret = self.fn_ret
        if type(ret) is Wrap and ret.kind == "Result":  # Burn's `Result<T, DataError>`
            raise self.fail(node, "the `?` operator (write `.unwrap()` or a `match`)")
        if type(ret) is not Wrap or ret.kind not in ("DynResult", "Option"):
            what = (
                "the `?` operator can only be used in a function that returns `Result` or "
                "`Option` (or another type that implements `FromResidual`)"
            )
            err = self.fail(question, rejects(what, "E0277"))
            err.label = f"cannot use the `?` operator in a function that returns `{show(ret)}`"
            raise err
        value = self.expr(self.kids(node)[0])
        return Method(self.pos(question), value, "?", [], [])

    def e_type_cast_expression(self, node: Node) -> Expr:
        target = self.type(node.child_by_field_name("type"))
        operand = self.expr(node.child_by_field_name("value"))
        dyn_casts.refuse_operand(self, node, operand, target)  # `Box::new(E) as Box<dyn Error>`
        return Cast(self.pos(node), operand, target)

    def e_assignment_expression(self, node: Node) -> Expr:
        return self.assignment(node, None)

    def e_compound_assignment_expr(self, node: Node) -> Expr:
        operator = self.operator(node)
        op = operator.type[:-1]
        if op not in _COMPOUND:
            raise self.fail(operator, f"the operator `{op}=`")
        assign = self.assignment(node, op)
        if isinstance(assign, Assign):
            assign.op_pos = self.pos(operator)
        return assign

    def assignment(self, node: Node, op: str | None) -> Expr:
        left = node.child_by_field_name("left")
        if op is None:  # `r = &v;` of `let r: &mut Vec<i32>;`: E0308
            mut_ref_lets.refuse_shared_assigned(self, node)
        value = self.expr(node.child_by_field_name("right"))
        if op is None and destructuring_assign.is_destructuring(left):  # `(h, c) = ..;`
            return destructuring_assign.lower(self, node, left, value)
        return self.assign_value(node, left, value, op)

    def assign_value(self, node: Node, left: Node, value: Expr, op: str | None) -> Expr:
        """`left = value` (`op`: `left op= value`) of one place."""
        if left.type == "field_expression":
            return self.field_assignment(node, left, value, op)
        if left.type == "index_expression":
            return self.index_assignment(node, left, value, op)
        if left.type == "unary_expression" and self.operator(left, 0).type == "*":
            return self.deref_assignment(node, left, value, op)
        to = open_ranges.lower_to(self, node, left, value) if op is None else None
        if to is not None:  # `..=x`, which tree-sitter reads as `(..) = x` (open_ranges.py)
            return to
        if left.type != "identifier":
            raise self.fail(left, "assignment to anything but a variable")
        target = self.expr(left)
        if not isinstance(target, Local):
            raise self.fail(left, f"assignment to the constant `{self.text(left)}`")
        binding = target.binding
        num_refs.refuse_assigned(self, node, binding, value, op)  # `n += 1` of `n: &mut usize`
        if getattr(binding, SCAN_STATE, False):  # a `&mut St`: `acc += x` is no `*acc += x`
            what = f"assignment to `{binding.name}`, `scan`'s `&mut` state (write `*{binding.name}"
            raise self.fail(left, what + " = ..`)")
        if not binding.mutable:
            if op == "+" and (value.borrowed or (isinstance(value, Lit) and value.kind == "str")):
                # `s += "x"`: a `String`'s `AddAssign::add_assign(&mut s, ..)`
                what = f"cannot borrow `{binding.name}` as mutable, as it is not declared as "
                what += "mutable"
                err = self.fail(left, rejects(what, "E0596"))
                err.label = "cannot borrow as mutable"
                raise err
            if op == "+":  # a `String`'s (E0596) or a number's (E0384): the checker knows
                return Assign(self.pos(node), target, value, op)
            if binding.initialized or op is not None:
                what = f"cannot assign twice to immutable variable `{binding.name}`"
                if getattr(binding, "argument", False):
                    what = f"cannot assign to immutable argument `{binding.name}`"
                err = self.fail(node, rejects(what, "E0384"))
                err.label = what.split(" `")[0]
                if target.scope is not binding.scope:  # assigned in a closure capturing it
                    what = f"cannot assign to `{binding.name}`, as it is not declared as mutable"
                    err = self.fail(node, rejects(what, "E0594"))
                    err.label = "cannot assign"
                # `d *= 3.0` of a struct's `MulAssign`: rustc's E0596 (op_traits.py decides)
                return op_traits.defer(self, err, Assign(self.pos(node), target, value, op))
        return Assign(self.pos(node), target, value, op)

    def deref_assignment(self, node: Node, left: Node, value: Expr, op: str | None) -> Expr:
        """`*model = new_model;` through a `&mut` variable: the value it reaches replaced in
        place (a struct's fields, a `Vec`'s elements: `types.shared`)."""
        update = hashmap_update(self, node, left, value, op)  # `*m.entry(k).or_insert(0) += 1`
        if update is None:  # `*v.last_mut().unwrap() = x`: `v[i] = x` (vec_ends_mut.py)
            update = vec_ends_mut.deref_assignment(self, node, left, value, op)
        if update is not None:
            return update
        target = self.expr(left)
        if iter_mut.is_element(target):  # `*x = ..` of `iter_mut`: `v[i] = ..`
            return Assign(self.pos(node), target, value, op)
        operand = target.operand if isinstance(target, Unary) else None
        if not isinstance(operand, Local):
            raise self.fail(left, "assignment through `*` of anything but a variable")
        binding = operand.binding
        if getattr(binding, if_let_mut.WRITTEN_BACK, False):  # `*b = ..` of `if let Some(b) =
            return Assign(self.pos(node), operand, value, op)  # &mut opt`: `b`, written back
        if getattr(binding, if_let_mut.BY_VALUE, False):  # `if let Some(b) = opt`, no borrow
            what = f"assignment through `*{binding.name}` bound by `if let` to what `Option` holds"
            raise self.fail(left, f"{what} (write `if let Some({binding.name}) = &mut ..`)")
        if getattr(binding, "ref_unknown", False) and not binding.mut_ref:
            # a `for` variable or an untyped closure parameter: a `&mut` (`iter_mut`, `scan`'s
            # state) or a `&`, which the lowering cannot tell
            what = f"assignment through `*{binding.name}`, a `for` variable or closure parameter"
            raise self.fail(left, f"{what} (`iter_mut`, `scan`'s state: write `v[i] = x`)")
        if getattr(binding, match_mut_refs.MUT_SCRUTINEE, False):  # (match_mut_refs.py)
            what = f"assignment through `*{binding.name}`, bound by a pattern through a `&mut`"
            raise self.fail(left, what)
        if not binding.mut_ref and references.certainly_reference(operand):
            what = f"cannot assign to `*{binding.name}`, which is behind a `&` reference"
            err = self.fail(left, rejects(what, "E0594"))
            err.label = f"`{binding.name}` is a `&` reference, so it cannot be written to"
            raise err
        assign = Assign(self.pos(node), target, value, op)
        if not binding.mut_ref:  # `let r = w;`: a value or a `&`, judged with the types
            setattr(assign, references.DEREF_JUDGED, True)
        return assign

    def index_assignment(self, node: Node, left: Node, value: Expr, op: str | None) -> Expr:
        """`v[i] = x`, `m[i][j] += x`: an element of a `Vec` or an array, rooted at a variable
        declared `mut` (or a `&mut`) or at a field of one."""
        target = self.expr(left)
        root = target
        while isinstance(root, Index | Field):
            root.assigned = True  # (`m["a"] = x` of a `HashMap` is rustc's E0594: hashmap.py)
            root = root.base
        if not isinstance(root, Local) and not returned_mut_vecs.lends_vec(self, root):
            raise self.fail(left, "assignment to an element of this expression")
        return Assign(self.pos(node), target, value, op)  # `mut` checked with the types

    def field_assignment(self, node: Node, left: Node, value: Expr, op: str | None) -> Expr:
        """`self.w = x`, `m.0 += 1`, `a.b.c = x`: the variable holding the struct must be
        `let mut` or `&mut self`."""
        target = self.expr(left)
        root = target
        while isinstance(root, Field) or iter_mut.is_element(root):  # (`x.w = ..` of `iter_mut`)
            root = root.base
        if isinstance(root, Index):  # `self.layers[i].w -= lr`, `sums[l].0 += x`: an element's
            return self.index_assignment(node, left, value, op)  # field (`mut`: the types)
        if isinstance(root, Method) and root.name == "borrow_mut" and not root.args:
            return Assign(self.pos(node), target, value, op)  # `rc.borrow_mut().n += 1`
        if vec_ends_mut.unwrapped_element(root):  # `ps.last_mut().unwrap().value *= 2.0`
            root.field_assigned = True  # (vec_ends_mut.py: its element a struct)
            return Assign(self.pos(node), target, value, op)
        if not isinstance(root, Local):
            raise self.fail(left, "assignment to a field of anything but a variable")
        binding = root.binding
        if _and_modify_closure(self, left) and not getattr(binding, SCAN_STATE, False):
            what = "`and_modify` (test `m.contains_key(&k)`, then `let e = m.entry(k)"
            raise self.fail(left, what + ".or_insert(..);`)")
        if getattr(binding, references.BEHIND_SHARED, False):  # `r` a `&mut &T` (references.py)
            what, label = references.assigned_behind(self.text(left), binding.name)
            err = self.fail(node, what)
            err.label = label
            raise err
        if match_mut_refs.lent_field(binding, target):  # `h.n += 1` of `match s { F(h) =>`
            return Assign(self.pos(node), target, value, op)
        if getattr(binding, if_let_mut.WRITTEN_BACK, False):  # `e.1 += 1` of `if let Some(e) =
            return Assign(self.pos(node), target, value, op)  # m.get_mut(&k)`: written back
        if getattr(binding, match_mut_refs.MUT_SCRUTINEE, False):  # `e.1 -= n`: a tuple's part
            raise self.fail(left, f"assignment to `{self.text(left)}` through a `&mut` to a tuple")
        if not (binding.mutable or binding.mut_ref):
            place = self.text(left)
            if op == "+" and (value.borrowed or (isinstance(value, Lit) and value.kind == "str")):
                # `l.text += "x"`: a `String`'s `AddAssign::add_assign(&mut l.text, ..)`
                if binding.name == "self":
                    what = f"cannot borrow `{place}` as mutable, as it is behind a `&` reference"
                    label = "`self` is a `&` reference, so it cannot be borrowed as mutable"
                else:
                    what = f"cannot borrow `{place}` as mutable, as `{binding.name}` is not "
                    what += "declared as mutable"
                    label = "cannot borrow as mutable"
                err = self.fail(left, rejects(what, "E0596"))
                err.label = label
                raise err
            assign = Assign(self.pos(node), target, value, op)  # (op_traits.defer: `AddAssign`)
            if binding.name == "self":
                what = f"cannot assign to `{place}`, which is behind a `&` reference"
                return op_traits.defer(self, self.fail(node, rejects(what, "E0594")), assign, place)
            if references.certainly_reference(root):  # `p.x = 1.0` of `p: &P`
                what, label = references.assigned_behind(place, binding.name)
                err = self.fail(node, what)
                err.label = label
                return op_traits.defer(self, err, assign, place)
            if through_mut_method(binding):  # `r.n = 1` of `let r = v.last_mut().unwrap();`
                raise self.fail(node, through_mut_method(binding))
            what = f"cannot assign to `{place}`, as `{binding.name}` is not declared as mutable"
            err = self.fail(node, rejects(what, "E0594"))
            err.label = "cannot assign"  # rustc's label under the assignment
            return op_traits.defer(self, err, assign, place)
        return Assign(self.pos(node), target, value, op)

    def e_block(self, node: Node) -> Expr:
        if any(c.type == "label" for c in node.children):  # `'a: { .. }` (labelled_blocks.py)
            return labelled_blocks.lower(self, node)
        return self.block(node)

    def e_if_expression(self, node: Node) -> Expr:
        found = iter_mut_filters.lower_if_let_find(self, node)  # `= v.iter_mut().find(..)`
        if found is not None:
            return found
        cond_node = node.child_by_field_name("condition")
        alternative = node.child_by_field_name("alternative")
        if cond_node.type == "let_condition":  # `if let Some((q, _)) = m.get_mut(&k)`
            found = map_get_mut.tuple_if_let(self, node, cond_node)
            if found is not None:
                return found
        if cond_node.type == "let_condition" and not self.is_some_name(
            cond_node.child_by_field_name("pattern")
        ):
            return self.if_let_match(node, cond_node, alternative)
        if cond_node.type == "let_condition":
            pattern = cond_node.child_by_field_name("pattern")
            value = self.expr(cond_node.child_by_field_name("value"))
            inner = self.some_pattern(pattern)
            binding = None
            if inner is not None:
                binding = Binding(self.text(inner), False, self.scope, self.scope.nslots, True)
                self.scope.nslots += 1
            through_mut = if_let_mut.place(self, cond_node, value, binding)  # `= &mut opt`
            if through_mut is not None:
                value = through_mut[0]
            written = hashmap.get_mut_place(self, cond_node, value, binding)  # `= m.get_mut(&k)`
            then = self.block(
                node.child_by_field_name("consequence"), [binding] if binding is not None else []
            )
            if through_mut is not None:  # `opt = Some(b)` after the body
                then = if_let_mut.written_back(self, node, through_mut[1], binding, then)
            elif written is not None:  # `m[k] = v` after the body
                then = hashmap.written_back(self, node, written, binding, then)
            els = self.else_clause(alternative)
            return IfLet(self.pos(node), binding, value, then, els)
        cond = self.expr(cond_node)
        then = self.block(node.child_by_field_name("consequence"))
        made = If(self.pos(node), cond, then, self.else_clause(alternative))
        if alternative is None:  # (missing_else.py: rustc's E0308 or E0317)
            setattr(made, missing_else.UNIT_EXPECTED, missing_else.expects_unit(node))
        return made

    def else_clause(self, node: Node | None) -> Expr | None:
        if node is None:
            return None
        inner = self.kids(node)[0]
        return self.expr(inner)

    def label(self, node: Node) -> str | None:
        label = next((c for c in node.named_children if c.type == "label"), None)
        return self.text(label) if label is not None else None

    def e_loop_expression(self, node: Node) -> Expr:
        loop = Loop(self.pos(node), self.label(node))
        self.scope.loops.append(loop)
        loop.body = self.block(node.child_by_field_name("body"))
        self.scope.loops.pop()
        return loop

    def e_while_expression(self, node: Node) -> Expr:
        cond_node = node.child_by_field_name("condition")
        if cond_node.type == "let_condition":
            return self.while_let(node, cond_node)
        loop = While(self.pos(node), self.label(node))
        loop.cond = self.expr(cond_node)
        self.scope.loops.append(loop)
        loop.body = self.block(node.child_by_field_name("body"))
        self.scope.loops.pop()
        return loop

    # -- `while let P = e { b }`: as rustc reads it, `loop { match e { P => b, _ => break } }` ---

    def while_let(self, node: Node, cond: Node) -> Expr:
        pos = self.pos(node)
        loop = Loop(pos, self.label(node))
        self.scope.loops.append(loop)
        value = self.expr(cond.child_by_field_name("value"))
        saved = self.open_scope()
        pat = self.arm_pattern(cond.child_by_field_name("pattern"), value)  # (lower_pats)
        body = self.block(node.child_by_field_name("body"))
        self.close_scope(saved)
        loop.breaks = True
        stop = Block(pos, [], Break(pos, loop, None), self.in_scope)
        arms = [Arm(pat, None, body), Arm(Pat(pos, "wild"), None, stop)]
        loop.body = Block(pos, [], Match(pos, value, arms, if_let=True), self.in_scope)
        self.scope.loops.pop()
        return loop

    def e_for_expression(self, node: Node) -> Expr:
        std_more.refuse_drain_loop(self, node)  # `for x in v.drain(..) { v.push(x) }`
        by_index = iter_mut.lower_for(self, node)  # `for x in v.iter_mut()` (iter_mut.py)
        if by_index is not None:
            return by_index
        loop = For(self.pos(node), self.label(node))
        loop.iterable = self.expr(node.child_by_field_name("value"))
        pattern = node.child_by_field_name("pattern")
        if pattern.type in _DESTRUCTURING:
            loop = self.for_destructuring(node, loop, pattern)
            references.mark_enumerated(self, loop, pattern)  # `for (i, n) in v.iter().enumerate()`
            return loop
        saved = self.open_scope()
        loop.binding = self.bind_pattern(pattern, False)
        if btreemap.values_mut_loop(self, node, loop):  # `for v in m.values_mut()`: cells
            pass
        elif loop.binding is not None:  # `for x in v.iter_mut()`: `*x = ..` writes through it
            loop.binding.ref_unknown = True  # type: ignore[attr-defined]
        references.mark_for_binding(loop)  # `for n in v.iter()`: each `n` a `&T`
        self.close_scope(saved)
        self.scope.loops.append(loop)
        bindings = [loop.binding] if loop.binding is not None else []
        loop.body = self.block(node.child_by_field_name("body"), bindings)
        self.scope.loops.pop()
        return loop

    def target(self, node: Node, what: str) -> Loop | While | For:
        label = self.label(node)
        loops = self.scope.loops
        if not loops:
            raise self.fail(node, f"`{what}` outside of a loop")
        if label is None:
            labelled_blocks.refuse_target(self, node, loops[-1], label, what)  # E0695
            return loops[-1]
        for loop in reversed(loops):
            if loop.label == label:
                labelled_blocks.refuse_target(self, node, loop, label, what)  # E0696
                return loop
        raise self.fail(node, f"use of undeclared label `{label}`")

    def e_break_expression(self, node: Node) -> Expr:
        target = self.target(node, "break")
        value_nodes = [c for c in self.kids(node) if c.type != "label"]
        value = self.expr(value_nodes[0]) if value_nodes else None
        if value is not None and not isinstance(target, Loop):
            raise self.fail(node, "`break` with a value from a `for` or `while` loop")
        target.breaks = True
        return Break(self.pos(node), target, value)

    def break_parenthesized(self, node: Node, written: Node, arg_nodes: list[Node]) -> Expr:
        """`break (a, b)`, `break 'l (x)`: tree-sitter reads them as a call of `break`."""
        around = node.parent.type if node.parent is not None else ""
        if around not in ("expression_statement", "block", "match_arm", "closure_expression"):
            what = "`break (..)` with more of an expression after it (tree-sitter reads the `(..)` "
            raise self.fail(node, what + "alone; write the whole value in parentheses)")
        target = self.target(written, "break")
        arguments = node.child_by_field_name("arguments")
        pos = self.pos(arguments)
        if self.text(arguments).replace(" ", "").endswith(",)") and len(arg_nodes) == 1:
            raise self.fail(arguments, "a tuple of one value")
        values = [self.expr(a) for a in arg_nodes]
        value = (
            values[0]
            if len(values) == 1
            else TupleLit(pos, values)
            if values
            else Lit(pos, "unit", ())
        )
        if not isinstance(target, Loop):
            raise self.fail(written, "`break` with a value from a `for` or `while` loop")
        target.breaks = True
        return Break(self.pos(written), target, value)

    def e_continue_expression(self, node: Node) -> Expr:
        target = self.target(node, "continue")
        target.continues = True
        return Continue(self.pos(node), target)

    def e_return_expression(self, node: Node) -> Expr:
        kids = self.kids(node)
        value = self.expr(kids[0]) if kids else None
        return Return(self.pos(node), value, self.in_scope)

    def e_array_expression(self, node: Node, is_vec: bool = False) -> Expr:
        length = node.child_by_field_name("length")
        if length is not None:
            elem = self.expr(self.kids(node)[0])
            return ArrayRepeat(self.pos(node), elem, self.expr(length), is_vec)
        return ArrayLit(self.pos(node), [self.expr(e) for e in self.kids(node)], is_vec)

    def e_index_expression(self, node: Node) -> Expr:
        base, index = self.kids(node)
        deref_end = range_derefs.index(self, node, base, index)  # `v[..*i]` (range_derefs.py)
        if deref_end is not None:
            return deref_end
        if slices.is_range(self, index):  # `v[a..b]`, `&s[..n]` (slices.py)
            return slices.lower_range_index(self, node, base, index)
        bracket = next(c for c in node.children if c.type == "[")
        return Index(self.pos(node), self.expr(base), self.expr(index), self.pos(bracket))

    def e_range_expression(self, node: Node) -> Expr:
        ends = self.kids(node)
        op = next((c.type for c in node.children if not c.is_named), "..")
        if len(ends) == 1 and op == ".." and node.children[0].is_named:  # `start..` (RangeFrom)
            return Static(self.pos(node), "ops::RangeFrom", [self.expr(ends[0])])
        to = open_ranges.lower_open(self, node, ends)  # `..end` (open_ranges.py)
        if to is not None:
            return to
        if len(ends) != 2 or op not in ("..", "..="):
            raise self.fail(node, "ranges other than `a..b` and `a..=b`")
        return RangeLit(self.pos(node), self.expr(ends[0]), self.expr(ends[1]), op == "..=")

    def e_closure_expression(self, node: Node) -> Expr:
        is_move = any(c.type == "move" for c in node.children)
        outer = self.scope
        scope = FnScope(outer)
        self.scope = scope
        saved = self.open_scope(new_frame=True)
        params: list[Binding | None] = []
        param_tys: list[Ty | None] = []
        destructured: list[Let] = []
        written = node.child_by_field_name("parameters").children
        written = [c for c in written if c.type == "_" or c.is_named]  # `|_|`: `_` is unnamed
        scan_state = _scan_closure(self, node) or map_entries.and_modify_closure(self, node)
        for param in [c for c in written if c.type not in _COMMENTS]:
            type_node = state_node = None
            pattern, mutable = param, False
            if param.type == "parameter":
                pattern = param.child_by_field_name("pattern")
                mutable = any(c.type == "mutable_specifier" for c in param.children)  # `|mut n: T|`
                type_node = param.child_by_field_name("type")
            if scan_state and not params and type_node is not None:
                # `|st: &mut Option<f32>, &x|`: `scan`'s state, typed as what it points to
                if type_node.type != "reference_type" or not is_mut_reference(type_node):
                    raise self.fail(type_node, "`scan`'s state written other than `&mut T`")
                state_node = type_node.child_by_field_name("type")  # (`Option<f32>`)
                type_node, written_state = None, self.type(state_node)
                param_tys.append(written_state)
            else:
                param_tys.append(self.type(type_node) if type_node is not None else None)
            if pattern.type in _DESTRUCTURING:
                hidden, lets = self.hidden_pattern(pattern)
                destructured.extend(lets)
                params.append(hidden)
                mut_item_closures.mark_pair(self, node, pattern, lets)  # `|(i, l)|` of iter_mut
                continue
            binding = self.bind_pattern(pattern, mutable)
            if binding is not None:
                binding.argument = True  # type: ignore[attr-defined]  # (rustc's E0384 words)
            if binding is not None and type_node is not None:
                binding.owned = self.owned_type(type_node)
                binding.mut_ref = is_mut_reference(type_node)  # `|h: &mut Vec<i32>| h.push(2)`
            elif binding is not None and scan_state and not params:
                # `scan`'s `&mut` state: `*state = ..` assigns the variable, which `scan` reads
                # back when the closure returns (iter_methods._scan)
                binding.mut_ref = binding.mutable = True
                setattr(binding, if_let_mut.WRITTEN_BACK, True)
                setattr(binding, SCAN_STATE, True)
                binding.written = state_node  # type: ignore[attr-defined]  # `*st = Some(&y)`: E0308
            elif binding is not None:  # `|s, x|`: `*s = ..` may write through a `&mut`
                binding.ref_unknown = True  # type: ignore[attr-defined]
                binding.mut_ref = mut_item_closures.takes_mut_items(node)  # `iter_mut().map(|g|`
            params.append(binding)
        ret_node = node.child_by_field_name("return_type")
        ret = self.type(ret_node) if ret_node is not None else None
        body = self.expr(node.child_by_field_name("body"))
        visible = self.in_scope
        if destructured:  # `|(a, b)| body`: `{ let a = hidden.0; let b = hidden.1; body }`
            body = Block(body.pos, list(destructured), body, visible)
        self.close_scope(saved)
        self.scope = outer
        closure = Closure(self.pos(node), params, param_tys, ret, body, scope, is_move, visible)
        head = node.child_by_field_name("parameters")  # `|i|`: where rustc's E0525 points
        closure.head_end = self.columns.position(head.end_byte + self.delta)  # type: ignore[attr-defined]
        return closure

    def e_tuple_expression(self, node: Node) -> Expr:
        return TupleLit(self.pos(node), [self.expr(e) for e in self.kids(node)])


SCAN_STATE = "scan_state"
"""The attribute of `scan`'s state parameter's binding (`|acc, x|`: `acc` a `&mut St`)."""


def _and_modify_closure(lowerer: Any, node: Node) -> bool:
    """Whether `node` is inside the closure given to `and_modify` (its parameter a `&mut V`)."""
    while node is not None and node.type != "closure_expression":
        node = node.parent
    call = node.parent.parent if node is not None and node.parent is not None else None
    if call is None or call.type != "call_expression":
        return False
    function = call.child_by_field_name("function")
    field = function.child_by_field_name("field") if function.type == "field_expression" else None
    return field is not None and lowerer.text(field) == "and_modify"


def _scan_closure(lowerer: Any, node: Node) -> bool:
    """Whether the closure `node` is written as the second argument of a `.scan(init, ..)`."""
    arguments = node.parent
    call = arguments.parent if arguments is not None else None
    if call is None or call.type != "call_expression" or arguments.type != "arguments":
        return False
    function = call.child_by_field_name("function")
    field = function.child_by_field_name("field") if function.type == "field_expression" else None
    given = lowerer.kids(arguments)
    return (
        field is not None
        and lowerer.text(field) == "scan"
        and len(given) == 2
        and given[1].start_byte == node.start_byte
    )
