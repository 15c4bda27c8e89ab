"""Lowering patterns: those of `let` (destructuring into bindings), of `for`, of `if let` and
`while let`, and of `match` arms (`nodes.Pat`)."""

from __future__ import annotations

from typing import Any

from pbpit.rust.interp import (
    map_get_mut,
    match_mut_refs,
    or_patterns,
    ref_patterns,
    shapes,
    slice_patterns,
    slice_split_mut,
    std_cmp,
    std_reverse,
    tuple_arity,
    tuple_item_refs,
    tuple_results,
)
from pbpit.rust.interp.grammar import rejects
from pbpit.rust.interp.lower_tables import (
    _COMMENTS,
    Node,
)
from pbpit.rust.interp.nodes import (
    Arm,
    Binding,
    Block,
    Expr,
    Field,
    For,
    Index,
    Let,
    Lit,
    Local,
    Match,
    Pat,
    StructItem,
    TupleLit,
    Unary,
    Unsupported,
)
from pbpit.rust.interp.types import (
    NAMED,
    Ty,
)


class PatternLowering:
    """Patterns (a part of `Lowerer`)."""

    def some_pattern(self, pattern: Node) -> Node | None:
        """The name in `Some(name)` (None for `Some(_)`)."""
        if pattern.type == "tuple_struct_pattern":
            type_node = pattern.child_by_field_name("type")
            # `_` is an anonymous node to tree-sitter: not among the named children.
            inner = [c for c in pattern.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
            if self.text(type_node) == "Some" and len(inner) == 1:
                if inner[0].type == "identifier":
                    return inner[0]
                named = ref_patterns.ref_mut_name(inner[0])  # `Some(ref mut b)` (if_let_mut)
                if named is not None and not self.let_pattern:
                    return named
                if self.text(inner[0]) == "_":
                    return None
        raise self.fail(pattern, f"the pattern `{self.text(pattern)}` (only `Some(name)`)")

    # -- patterns in `for` and closure parameters: `for (i, x) in ..`, `|(a, b)|`, `|&x|` --------

    def hidden_pattern(self, pattern: Node) -> tuple[Binding, list[Let]]:
        """A hidden binding for the value `pattern` takes apart, and one `let` per name in it
        (the names brought into scope)."""
        hidden = Binding(f"({self.text(pattern)})", False, self.scope, self.scope.nslots, True)
        self.scope.nslots += 1
        lets: list[Let] = []
        saved, self.hidden_refs = self.hidden_refs, True  # `ref a` reads the hidden value
        try:
            self.pattern_lets(
                pattern, Local(self.pos(pattern), hidden, self.scope), lets, self.pos(pattern)[0]
            )
        finally:
            self.hidden_refs = saved
        return hidden, lets

    def for_destructuring(self, node: Node, loop: For, pattern: Node) -> For:
        saved = self.open_scope()
        loop.binding, lets = self.hidden_pattern(pattern)
        for let in lets:  # `for (x, y) in a.iter_mut().zip(..)`: `*x = ..` may write through
            if let.binding is not None:
                let.binding.ref_unknown = True  # type: ignore[attr-defined]
        tuple_item_refs.mark(self, loop, pattern, lets)  # `for (x, t) in &data`: `&A`, `&B`
        self.scope.loops.append(loop)
        loop.body = self.block(node.child_by_field_name("body"))
        self.scope.loops.pop()
        self.close_scope(saved)
        loop.body.stmts[:0] = lets
        return loop

    def destructure(self, node: Node, pattern: Node, declared: Ty | None, init: Expr) -> list[Let]:
        """`let (a, mut b) = e;`, `let Out { a, b: c, .. } = e;`, `let P(x, _) = e;`: the value
        in a hidden binding, then one `let` per name, of its field."""
        line = self.pos(node)[0]
        if pattern.type == "slice_pattern" and slice_patterns.has_rest(self, pattern):
            return slice_patterns.let_with_rest(self, node, pattern, declared, init)  # `[a, .., z]`
        aliased = ref_patterns.destructure(self, node, pattern, init)  # `let (ref mut a, ..)`
        if aliased is not None:
            return aliased
        shapes.array_pattern(init, pattern)  # `let [a, b] = shape.dims();`: `D` is 2
        hidden = Binding(f"({self.text(pattern)})", False, self.scope, self.scope.nslots, True)
        self.scope.nslots += 1
        setattr(hidden, tuple_results.DESTRUCTURED, init)  # (`owned`: `g` of `-> (f64, Vec<f64>)`)
        if node.child_by_field_name("type") is not None:  # `let (i, l): (i32, f32) = r;`
            hidden.written = node.child_by_field_name("type")  # type: ignore[attr-defined]
        lets = [Let(line, hidden, declared, init, self.in_scope)]
        self.pattern_lets(pattern, Local(self.pos(pattern), hidden, self.scope), lets, line)
        slice_split_mut.mark_halves(lets, init)  # `let (a, b) = v.split_at_mut(m);`
        return lets

    def pattern_lets(self, pattern: Node, value: Expr, lets: list[Let], line: int) -> None:
        """The `let`s of an irrefutable pattern (`let`, `for`, a closure's parameter): the
        pattern lowered as a `match` arm's is (`pattern`), then each name it binds given its
        part of `value`, in the order the names are written."""
        saved = self.let_pattern
        self.let_pattern = True
        try:
            pat = self.pattern(pattern)
        finally:
            self.let_pattern = saved
        tuple_arity.mark(value, pat)  # `let (a, b) = triple;`: E0308 once typed
        parts: list[tuple[Binding, Expr]] = []
        self.bound_parts(pattern, pat, value, parts)
        links = {}
        link = self.in_scope
        while link is not None:
            links.setdefault(link.slot, link)
            link = link.before
        for binding, part in sorted(parts, key=lambda p: p[0].slot):
            lets.append(Let(line, binding, None, part, links.get(binding.slot, self.in_scope)))

    def bound_parts(
        self, node: Node, pat: Pat, value: Expr, parts: list[tuple[Binding, Expr]]
    ) -> None:
        """Each binding of `pat` with the part of `value` it names; rustc's E0005 for a pattern
        that may not match (a literal, an enum's variant, `Some`, `None`)."""
        kind = pat.kind
        if kind == "wild":
            return
        if kind == "bind" and not pat.subs:
            assert pat.binding is not None
            parts.append((pat.binding, value))
            return
        if kind == "tuple":
            for i, sub in enumerate(pat.subs):
                self.bound_parts(node, sub, Field(value.pos, value, str(i)), parts)
            return
        if kind == "reverse":  # `let Reverse(x) = r;`: `r.0`
            self.bound_parts(node, pat.subs[0], Field(value.pos, value, "0"), parts)
            return
        if kind == "array":
            for i, sub in enumerate(pat.subs):
                index = Lit(sub.pos, "int", i, NAMED["usize"])
                element = Index(sub.pos, value, index, sub.pos, destructured=True)
                self.bound_parts(node, sub, element, parts)
            return
        if kind == "variant" and pat.item is not None and pat.item.enum is None:
            for (name, _), sub in zip(pat.item.fields, pat.subs, strict=True):
                self.bound_parts(node, sub, Field(value.pos, value, name), parts)
            return
        enum = pat.item.enum if kind == "variant" and pat.item is not None else None
        if kind in ("some", "none", "lit", "range") or (enum and len(enum.variants) > 1):
            raise self.fail(node, rejects("refutable pattern in local binding", "E0005"))
        raise self.fail(node, f"the pattern `{self.text(node)}`")

    def array_pattern(self, node: Node) -> Pat:
        """`let [a, b, c] = t.dims();`: each element of the array by its index (Burn's
        `let [n, d] = x.dims()`); the array's length is the pattern's, as rustc requires of an
        array (E0527)."""
        elems = [c for c in node.children if c.type not in ("[", "]", ",", *_COMMENTS)]
        if any(c.type == "remaining_field_pattern" for c in elems):
            raise self.fail(node, "`..` in an array pattern (name every element)")
        return Pat(self.pos(node), "array", subs=[self.pattern(c) for c in elems])

    def slice_pattern(self, node: Node) -> Pat:
        """`[first, .., last]`, `[head, rest @ ..]`, `[]` of a `match` (slice_patterns.py)."""
        elems = [c for c in node.children if c.type not in ("[", "]", ",", *_COMMENTS)]

        def is_rest(c: Node) -> bool:
            last = self.kids(c)[-1] if c.type == "captured_pattern" else c
            return last.type == "remaining_field_pattern"

        rests = [i for i, c in enumerate(elems) if is_rest(c)]
        if len(rests) > 1:
            raise self.fail(node, "`..` twice in a slice pattern")
        subs: list[Pat] = []
        rest_binding = None
        for i, c in enumerate(elems):
            if i in rests:
                if c.type == "captured_pattern":  # `rest @ ..`
                    rest_binding = self.declare(self.text(self.kids(c)[0]), False)
                continue
            subs.append(self.pattern(c))
        pat = Pat(self.pos(node), "slice", binding=rest_binding, subs=subs)
        pat.rest = bool(rests)  # type: ignore[attr-defined]
        pat.prefix = rests[0] if rests else len(subs)  # type: ignore[attr-defined]
        return pat

    # -- `match`, `if let` with any pattern ------------------------------------------------------

    def sliced_place(self, value: Node, patterns: list[Node]) -> bool:
        """Whether `value` is `v[a..b]` matched by a slice pattern (`match v[1..3] { [a, b] =>
        .. }`): the place itself, not an unsized value; its names take the elements by value
        (each must be `Copy`: rustc's E0508 otherwise, refused with `deref_binds`)."""
        index = None
        if value.type == "index_expression":
            kids = self.kids(value)
            index = kids[-1] if kids else None
        return (
            index is not None
            and index.type == "range_expression"
            and any(p is not None and p.type == "slice_pattern" for p in patterns)
        )

    def copied_out(self, pat: Pat, node: Node) -> None:
        """The names `pat` binds take values out of a place: each must be `Copy`."""
        found: list = []
        _bindings(pat, found)
        if any(q.kind == "slice" and q.binding is not None for q in [pat, *pat.subs]):
            # `rest @ ..` of the place: an unsized `[T]` by value (rustc's E0277)
            raise self.fail(node, "`name @ ..` of `v[a..b]` itself (write `&v[a..b]`)")
        deref = self.__dict__.setdefault("deref_binds", [])
        deref.extend((binding, self.pos(node), self.text(node)) for binding in found)

    def e_match_expression(self, node: Node) -> Expr:
        arms = [a for a in self.kids(node.child_by_field_name("body")) if a.type == "match_arm"]
        patterns = [a.child_by_field_name("pattern").children[0] for a in arms]
        sliced = self.sliced_place(node.child_by_field_name("value"), patterns)
        value = self.expr(node.child_by_field_name("value"))
        if sliced:
            value.unsized = False  # type: ignore[attr-defined]  # (slices.check_method)
        arms = []
        for arm in self.kids(node.child_by_field_name("body")):
            if arm.type != "match_arm":
                raise self.fail(arm, f"`{self.text(arm)}` in a `match`")
            pattern = arm.child_by_field_name("pattern")
            saved = self.open_scope()
            parts = [c for c in pattern.children if c.type not in ("if", *_COMMENTS)]
            guard_node = pattern.child_by_field_name("condition")
            ref_mut = ref_patterns.some_ref_mut_arm(self, parts[0])  # `Some(ref mut b) =>`
            written_back = None
            got = map_get_mut.some_name(self, node, parts[0]) if guard_node is None else None
            if ref_mut is not None and guard_node is None:
                pat, written_back = ref_patterns.ref_mut_arm(self, node, arm, ref_mut, value)
            elif got is not None:  # `Some(v) =>` of `match m.get_mut(&k)`: `m[k] = v` after
                pat, written_back = map_get_mut.some_arm(self, node, arm, got, value)
            else:
                pat = self.arm_pattern(parts[0], value)
                match_mut_refs.mark(value, _found(pat))  # `match self { V { s } => s.push(1) }`
            if sliced:
                self.copied_out(pat, parts[0])
            if guard_node is not None and guard_node.type == "let_condition":
                raise self.fail(guard_node, "`if let` guards")
            guard = self.expr(guard_node) if guard_node is not None else None
            body = self.expr(arm.child_by_field_name("value"))
            if written_back is not None:
                body = written_back(body)
            self.close_scope(saved)
            arms.append(Arm(pat, guard, body))
        return Match(self.pos(node), value, arms)

    def let_else(self, node: Node) -> list[Let]:
        """`let P = e else { diverge };`: `match e { P => (a, b), _ => { diverge } }` whose
        value the names `P` binds are then bound to, in the rest of the block (`a` alone, not a
        tuple, for one name; the match as a statement for none). rustc asks the `else` block to
        diverge: one that does not is its E0308, as the match's arms disagree."""
        pattern = node.child_by_field_name("pattern")
        sliced = self.sliced_place(node.child_by_field_name("value"), [pattern])  # `v[..]`
        type_node = node.child_by_field_name("type")
        declared = self.type(type_node) if type_node is not None else None
        value = self.expr(node.child_by_field_name("value"))
        if sliced:
            value.unsized = False  # type: ignore[attr-defined]  # (slices.check_method)
        pos, line = self.pos(node), self.pos(node)[0]
        typed: list[Let] = []
        if declared is not None:  # `let Some(x): Option<u8> = e else ..`: `e` given its type
            held = Binding(f"({self.text(type_node)})", False, self.scope, self.scope.nslots, True)
            self.scope.nslots += 1
            typed.append(Let(line, held, declared, value, self.in_scope))
            value = Local(pos, held, self.scope)
        saved = self.open_scope()
        pat = self.arm_pattern(pattern, value)
        if sliced:
            self.copied_out(pat, pattern)
        alternative = node.child_by_field_name("alternative")
        return self.match_lets(node, typed, value, pat, saved, alternative)

    def match_lets(
        self, node: Node, typed: list, value: Expr, pat: Pat, saved: object, alternative: Any
    ) -> list[Let]:
        """The `let`s of `match value { pat => (a, b), _ => alternative }` (`pat` lowered in the
        scope `saved` opened), then of each name `pat` binds; no `_` arm without `alternative`
        (`let [a, .., z] = arr;`: slice_patterns.let_with_rest)."""
        pos, line = self.pos(node), self.pos(node)[0]
        found: list[Binding] = []
        _bindings(pat, found)
        names = list(dict.fromkeys(found))  # (the alternatives of `a | b` share their names)
        parts: list[Expr] = [Local(pos, b, self.scope) for b in names]
        visible = self.in_scope
        self.close_scope(saved)
        if len(parts) == 1:
            tail: Expr | None = parts[0]
        else:
            tail = TupleLit(pos, parts) if parts else None
        then = Block(pos, [], tail, visible)
        arms = [Arm(pat, None, then)]
        if alternative is not None:
            arms.append(Arm(Pat(pos, "wild"), None, self.block(alternative)))
        match = Match(pos, value, arms)
        match.if_let = alternative is not None  # (refutable: rustc asks no arm beyond `else`)
        if not names:
            return [*typed, Let(line, None, None, match, self.in_scope)]
        if len(names) == 1:
            outer = self.declare(names[0].name, names[0].mutable)
            return [*typed, Let(line, outer, None, match, self.in_scope)]
        shown = self.text(node.child_by_field_name("pattern"))
        hidden = Binding(f"({shown})", False, self.scope, self.scope.nslots, True)
        self.scope.nslots += 1
        lets = [*typed, Let(line, hidden, None, match, self.in_scope)]
        for k, inner in enumerate(names):
            outer = self.declare(inner.name, inner.mutable)
            part = Field(pos, Local(pos, hidden, self.scope), str(k))
            lets.append(Let(line, outer, None, part, self.in_scope))
        return lets

    def is_some_name(self, pattern: Node) -> bool:
        """`Some(name)` or `Some(_)`: the `if let` pbpit ran before it had `match`."""
        try:
            self.some_pattern(pattern)
        except Unsupported:
            return False
        return True

    def if_let_match(self, node: Node, cond: Node, alternative: Node | None) -> Expr:
        """`if let P = e { a } else { b }` is `match e { P => a, _ => b }`."""
        pattern = cond.child_by_field_name("pattern")
        sliced = self.sliced_place(cond.child_by_field_name("value"), [pattern])
        value = self.expr(cond.child_by_field_name("value"))
        if sliced:
            value.unsized = False  # type: ignore[attr-defined]  # (slices.check_method)
        saved = self.open_scope()
        pat = self.arm_pattern(pattern, value)
        match_mut_refs.mark(value, _found(pat))  # `Some(V::List(xs))` of `env.get_mut("c")`
        if sliced:
            self.copied_out(pat, pattern)
        then = self.block(node.child_by_field_name("consequence"))
        self.close_scope(saved)
        els = self.else_clause(alternative)
        pos = self.pos(node)
        otherwise = els if els is not None else Block(pos, [], None, self.in_scope)
        arms = [Arm(pat, None, then), Arm(Pat(pos, "wild"), None, otherwise)]
        return Match(pos, value, arms, if_let=True)

    let_pattern = False  # lowering an irrefutable pattern: `&x` and `[a, b]` are read too
    ref_ok: frozenset = frozenset()  # the `&p` patterns of an arm known to match a reference
    hidden_refs = False  # a `for` or closure parameter pattern: `ref a` binds a part of it

    def arm_pattern(self, node: Node, value: Expr) -> Pat:
        """The pattern of a `match` arm, `if let` or `while let` on `value`: `&p` read where
        `value` is certainly a reference (`match &x`) or an `Option<&T>` (`Some(&x)` of
        `v.iter().max()`, `v.first()`, `m.get(&k)`); elsewhere refused (references are erased:
        `Some(&x)` of an `Option<i32>` is rustc's E0308)."""
        where = reference_parts(value)
        alternatives = self.kids(node) if node.type == "or_pattern" else [node]

        ok = set()
        for alt in alternatives:
            if where == "top" and alt.type == "reference_pattern":
                ok.add(_key(alt))
            tuple_struct = alt.type == "tuple_struct_pattern"
            type_node = alt.child_by_field_name("type") if tuple_struct else None
            some = type_node is not None and self.text(type_node) == "Some"
            if where in ("some", "some2") and some:
                elems = [c for c in alt.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
                if len(elems) == 1 and elems[0].type == "reference_pattern":
                    ok.add(_key(elems[0]))
                    inner = self.kids(elems[0])[-1]  # `Some(&&x)` of `it.peek()` over `v.iter()`
                    if where == "some2" and inner.type == "reference_pattern":
                        ok.add(_key(inner))
            if type_node is not None and self.text(type_node) == "Some" and _map_entry(value):
                elems = [c for c in alt.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
                if len(elems) == 1 and elems[0].type == "tuple_pattern":  # `Some((&k, &v))`
                    parts = self.kids(elems[0])
                    ok.update(_key(c) for c in parts if c.type == "reference_pattern")
        saved, self.ref_ok = self.ref_ok, frozenset(ok)
        try:
            return self.pattern(node)
        finally:
            self.ref_ok = saved

    def deref_pattern(self, node: Node) -> Pat:
        """`&p` (`&mut p`): `p` of the value behind the reference, each name it binds a copy
        (`copied_bindings`: rustc's E0507 for a value that is not `Copy`, checked once typed)."""
        inner = self.pattern(self.kids(node)[-1])
        found: list = []
        _bindings(inner, found)
        deref = self.__dict__.setdefault("deref_binds", [])
        deref.extend((binding, self.pos(node), self.text(node)) for binding in found)
        return inner

    def pattern(self, node: Node) -> Pat:
        """A pattern, of a `match` arm or (`let_pattern`) of a `let`, `for` or parameter."""
        kind, pos = node.type, self.pos(node)
        text = self.text(node)
        if kind == "_" or text == "_":
            return Pat(pos, "wild")
        if kind == "reference_pattern" and (self.let_pattern or _key(node) in self.ref_ok):
            return self.deref_pattern(node)  # `&x` of a `&T`: the value
        by_ref = not self.let_pattern or self.hidden_refs  # (not `let (ref a, b) = t;`)
        if kind == "ref_pattern" and by_ref and self.kids(node)[-1].type == "identifier":
            inner = self.pattern(self.kids(node)[-1])  # `Some(ref s)`: `s` a `&T`, nothing moved
            if inner.kind == "bind" and inner.binding is not None:
                inner.binding.by_ref = True  # type: ignore[attr-defined]  # (moves.moved_out)
                return inner
        if kind == "reference_pattern":
            what = f"the pattern `{text}` (pbpit cannot tell that the value there is a reference)"
            raise self.fail(node, what)
        if kind == "slice_pattern" and self.let_pattern:
            return self.array_pattern(node)
        if kind == "slice_pattern":
            return self.slice_pattern(node)
        if kind in (
            "integer_literal", "float_literal", "boolean_literal", "string_literal", "char_literal"
        ):
            return Pat(pos, "lit", value=self.expr(node))
        if kind == "negative_literal":
            literal = self.kids(node)[0]
            return Pat(pos, "lit", value=Unary(pos, "-", self.expr(literal)))
        if kind == "range_pattern":
            ends = self.kids(node)
            op = next((c.type for c in node.children if not c.is_named), "..=")
            if len(ends) != 2 or op not in ("..=", ".."):
                raise self.fail(node, "this range pattern (write `a..=b` or `a..b`)")
            lo, hi = (
                self.expr(e)
                if e.type in ("scoped_identifier", "identifier")
                else self.pattern(e).value
                for e in ends
            )
            return Pat(pos, "range", value=lo, hi=hi, inclusive=op == "..=")
        if kind == "or_pattern":  # `(x, 0) | (0, x)` (or_patterns.py)
            return or_patterns.lower(self, node)
        if kind == "captured_pattern":
            name, sub = self.kids(node)
            inner = self.pattern(sub)
            binding = self.declare(self.text(name), False)
            return Pat(pos, "bind", binding=binding, subs=[inner])
        if kind in ("identifier", "mut_pattern"):
            if text == "None" and self.lookup("None") is None:
                return Pat(pos, "none")
            item = self.named_struct(text) if kind == "identifier" else None
            if item is not None and item.kind == "unit":
                return Pat(pos, "variant", item=item)
            if kind == "identifier" and text in self.consts:
                return Pat(pos, "lit", value=self.local(node, text))
            return Pat(pos, "bind", binding=self.bind_pattern(node, False))
        if kind == "scoped_identifier":
            if text in ("Option::None", "std::option::Option::None"):
                return Pat(pos, "none")
            path = node.child_by_field_name("path")
            owner = self.named_struct(self.text(path)) if path is not None else None
            case = self.variant(owner, node.child_by_field_name("name"))
            if case is not None and case.kind == "unit":
                return Pat(pos, "variant", item=case)
            ordering = std_cmp.lower_pattern(self, node)  # `Ordering::Less`
            if ordering is not None:
                return Pat(pos, "lit", value=ordering)
            raise self.fail(node, f"the pattern `{text}`")
        if kind == "tuple_pattern":
            elems = [c for c in node.children if c.type not in ("(", ")", ",", *_COMMENTS)]
            if len(elems) == 1 and not any(c.type == "," for c in node.children):
                return self.pattern(elems[0])  # `(10 | 20)`: parenthesized, not a 1-tuple
            if any(c.type == "remaining_field_pattern" for c in elems):
                raise self.fail(node, "`..` in a tuple pattern (name every element)")
            return Pat(pos, "tuple", subs=[self.pattern(c) for c in elems])
        if kind == "tuple_struct_pattern":
            return self.tuple_struct_pattern(node)
        if kind == "struct_pattern":
            return self.struct_pattern(node)
        raise self.fail(node, f"the pattern `{text}`")

    def tuple_struct_pattern(self, node: Node) -> Pat:
        pos, text = self.pos(node), self.text(node)
        type_node = node.child_by_field_name("type")
        elems = [c for c in node.children[1:] if c.type not in ("(", ")", ",", *_COMMENTS)]
        if self.text(type_node) == "Some" and self.lookup("Some") is None:
            if len(elems) != 1:
                raise self.fail(node, "`Some` takes 1 field")
            return Pat(pos, "some", subs=[self.pattern(elems[0])])
        if self.text(type_node) in ("Ok", "Err") and self.pattern_item(type_node) is None:
            if len(elems) != 1:  # std's `Ok(p)`, `Err(p)` (results.py)
                raise self.fail(node, f"`{self.text(type_node)}` takes 1 field")
            return Pat(pos, self.text(type_node).lower(), subs=[self.pattern(elems[0])])
        item = self.pattern_item(type_node)
        if item is None and (reverse := std_reverse.lower_pattern(self, node, type_node, elems)):
            return reverse  # `Reverse(p)` of `std::cmp` (std_reverse.py)
        if item is None or item.kind != "tuple":
            raise self.fail(node, f"the pattern `{text}`")
        if any(c.type == "remaining_field_pattern" for c in elems):
            raise self.fail(node, "`..` in a tuple struct pattern (name every field)")
        if len(elems) != len(item.fields):
            n, m = len(elems), len(item.fields)
            what = (
                f"this pattern has {n} field{'' if n == 1 else 's'}, but the corresponding "
                f"tuple {'variant' if item.enum else 'struct'} has {m} field{'' if m == 1 else 's'}"
            )
            raise self.fail(node, rejects(what, "E0023"))
        return Pat(pos, "variant", item=item, subs=[self.pattern(c) for c in elems])

    def struct_pattern(self, node: Node) -> Pat:
        pos, text = self.pos(node), self.text(node)
        item = self.pattern_item(node.child_by_field_name("type"))
        if item is None or item.kind != "named":
            raise self.fail(node, f"the pattern `{text}`")
        subs = [Pat(pos, "wild") for _ in item.fields]
        named: set[str] = set()
        fields, rest = self.field_patterns(node)
        for name_node, inner in fields:
            name = self.text(name_node)
            index = item.field_index(name)
            if index is None:
                owner = "variant" if item.enum else "struct"
                what = f"{owner} `{item.name}` does not have a field named `{name}`"
                raise self.fail(name_node, rejects(what, "E0026"))
            named.add(name)
            if inner is None:
                binding = self.declare(name, False)
                subs[index] = Pat(self.pos(name_node), "bind", binding=binding)
            elif inner.type == "field_pattern":  # `ref name`: a `&T` of the field
                binding = self.declare(name, False)
                binding.by_ref = True  # type: ignore[attr-defined]  # (moves.moved_out)
                subs[index] = Pat(self.pos(name_node), "bind", binding=binding)
            else:
                subs[index] = self.pattern(inner)
        self.every_field_mentioned(node, item, named, rest)
        return Pat(pos, "variant", item=item, subs=subs)

    def field_patterns(self, node: Node) -> tuple[list[tuple[Node, Node | None]], bool]:
        """A struct pattern's fields, each its name and its pattern (None for the shorthand
        `name`), and whether it ends in `..`."""
        fields: list[tuple[Node, Node | None]] = []
        rest = False
        for field_pattern in self.kids(node)[1:]:
            if field_pattern.type == "remaining_field_pattern":
                rest = True
                continue
            written = [c.type for c in field_pattern.children]
            shorthand_ref = written == ["ref", "shorthand_field_identifier"]
            if shorthand_ref and (not self.let_pattern or self.hidden_refs):
                name_node = field_pattern.child_by_field_name("name")  # `P { ref name, .. }`
                fields.append((name_node, field_pattern))
                continue
            if any(c.type in ("ref", "mutable_specifier") for c in field_pattern.children):
                what = "`ref`/`mut` in a struct pattern (write `name: mut name`)"
                raise self.fail(field_pattern, what)
            name_node = field_pattern.child_by_field_name("name")
            fields.append((name_node, field_pattern.child_by_field_name("pattern")))
        return fields, rest

    def every_field_mentioned(
        self, node: Node, item: StructItem, named: set[str], rest: bool
    ) -> None:
        """rustc's E0027 for a struct pattern without `..` that leaves a field out."""
        missing = [f"`{n}`" for n, _ in item.fields if n not in named]
        if missing and not rest:
            fields = f"field{'s' if len(missing) > 1 else ''} {', '.join(missing)}"
            raise self.fail(node, rejects(f"pattern does not mention {fields}", "E0027"))

    def pattern_item(self, node: Node) -> StructItem | None:
        """The struct or variant a pattern names: `P`, `Self`, `E::V`, `Self::V`."""
        if node.type in ("type_identifier", "identifier"):
            return self.named_struct(self.text(node))
        if node.type in ("scoped_identifier", "scoped_type_identifier"):
            path = node.child_by_field_name("path")
            owner = self.named_struct(self.text(path)) if path is not None else None
            return self.variant(owner, node.child_by_field_name("name"))
        return None


def _key(node: Node) -> tuple[int, int, str]:
    return (node.start_byte, node.end_byte, node.type)


def _found(pat: Pat) -> list:
    found: list = []
    _bindings(pat, found)
    return found


def _bindings(pat: Pat, found: list) -> None:
    if pat.kind in ("bind", "slice") and pat.binding is not None:  # (`rest @ ..` of a slice's)
        found.append(pat.binding)
    for sub in pat.subs:
        _bindings(sub, found)


_REF_ITEMS = ("iter",)  # the iterators whose items are references
_KEEPS_ITEMS = ("rev", "skip", "take", "step_by", "filter", "skip_while", "take_while", "by_ref")
_KEEPS_ITEMS += ("peekable", "flatten")  # (`v.iter().flatten()` of `Vec<Vec<T>>`: `&T`)
_FIRST_ITEM = (
    "next", "next_back", "last", "nth", "find", "max", "min", "max_by", "min_by",
    "max_by_key", "min_by_key",
)
_ELEMENT = ("first", "last", "get", "front", "back", "peek")
"""A `Vec`'s, a slice's, a map's, a `VecDeque`'s, a `Peekable`'s: `Option<&T>`."""


def reference_parts(value: Expr) -> str | None:
    """Where `value` certainly holds a reference: "top" (it is one: `&x`, a parameter written
    `&T`), "some" (an `Option<&T>`), "some2" (an `Option<&&T>`), None (pbpit cannot tell)."""
    from pbpit.rust.interp import references
    from pbpit.rust.interp.nodes import Method

    if value.borrowed or references.certainly_reference(value):
        return "top"
    if not isinstance(value, Method):
        return None
    if value.name == "peek" and not value.args and reference_items(value.recv):
        return "some2"  # `it.peek()` of `v.iter().peekable()`: an `Option<&&T>`
    if value.name in _ELEMENT and isinstance(value.recv, Local | Field) and not value.recv.borrowed:
        return "some"
    if value.name in _FIRST_ITEM and reference_items(value.recv):
        return "some"
    return None


_MAPS_WRITTEN = ("BTreeMap<", "HashMap<", "std::collections::BTreeMap<")


def _map_entry(value: Expr) -> bool:
    """Whether `value` is certainly an `Option<(&K, &V)>` of a map's entry: `m.last_key_value()`,
    `m.iter().next_back()`, `m.iter().min_by(..)`.. of a variable whose written type is a map
    (`let mut m: BTreeMap<K, V> = ..`), so `Some((&k, &v))` reads both parts."""
    from pbpit.rust.interp.nodes import Method

    if not isinstance(value, Method):
        return False
    table = value.recv
    if value.name not in ("first_key_value", "last_key_value"):
        if value.name not in _FIRST_ITEM:
            return False
        it = value.recv
        while isinstance(it, Method) and it.name in _KEEPS_ITEMS:
            it = it.recv
        if not (isinstance(it, Method) and it.name == "iter" and not it.args):
            return False
        table = it.recv
    written = getattr(table.binding, "written", None) if isinstance(table, Local) else None
    text = written.text.decode() if written is not None else ""
    return text.lstrip("&").removeprefix("mut ").startswith(_MAPS_WRITTEN)


def reference_items(e: Expr) -> bool:
    """Whether `e` is certainly an iterator whose items are references: `v.iter()`, adapted
    by `rev`, `skip`, `filter`.., or a variable given one (`let mut it = v.iter();`)."""
    from pbpit.rust.interp.nodes import Method

    while isinstance(e, Method) and e.name in _KEEPS_ITEMS:
        e = e.recv
    if isinstance(e, Local) and not e.borrowed:
        return getattr(e.binding, "ref_items", False)
    return isinstance(e, Method) and e.name in _REF_ITEMS and not e.args
