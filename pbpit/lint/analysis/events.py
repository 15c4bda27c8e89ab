"""The events rules meet (`_Events`): a backward consumes the definitions it needs; one that needs
a consumed definition is a `Meeting` (`pbpit.lint.rule`), a call of a method a rule asked to
see a `Call`; the rule that owns it writes the finding."""

from __future__ import annotations

from dataclasses import replace

from pbpit.diagnostics.model import Diagnostic, Tape
from pbpit.engine.graph import Requirement
from pbpit.lint.analysis import methods
from pbpit.lint.analysis.call_scan import _RUNS_BACKWARD
from pbpit.lint.analysis.common import _FIELD, _ONE_TENSOR
from pbpit.lint.analysis.index import _Callee
from pbpit.lint.analysis.state import _content
from pbpit.lint.rule import Call, Meeting, Rule
from pbpit.lint.rules import RULES
from pbpit.lint.said_once import said_already
from pbpit.lint.values import Backward, Context, Definition, Read, Value
from pbpit.rust.syntax import Node


class _Events:
    """How `_Function` makes the backwards, meetings and calls the rules judge."""

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
            given = [
                made
                for made in value.sources
                if (made in self.markers or made in self.taken) and made in self.state.consumed
            ]
            again = not self.context and bool(given)
            # A loop's next pass backpropagating again what an earlier pass consumed of what the
            # caller gives (a loss made from it before the loop): a second backward of it.
            next_pass = (
                bool(self.context)
                and value.origin not in self.markers
                and all(self._one_tensor(made) for made in given)
                and self.backwards.count(group) == 1
            )
            if next_pass:
                # What of it the next pass takes again, outside a branch one pass takes: a
                # parameter read only in `if step == 0 { feat.clone() }` is not. Asked only
                # here, where it decides: the walk back through the loss's reads is the dearest
                # question of a backward.
                memo = _OnceBranches(self.once_reads)
                repeated = {
                    self.markers.get(made) or self.markers[self.taken[made][0]]
                    for made in given
                    if self._next_pass(self.state.consumed[made], made, value, memo)
                }
                again_group = {k: same for k, same in group.items() if k[0] in repeated}
                next_pass = bool(again_group) and not any(
                    self.backwards[i] == again_group for i in self.next_passes
                )
                if next_pass:
                    group = again_group
            if group and (group not in self.backwards or again or next_pass):
                if next_pass:
                    self.next_passes.add(len(self.backwards))
                self.backwards.append(group)
        hits = [d for d in value.sources if d in self.state.consumed]
        if not hits:
            for definition in value.sources:
                self.state.consumed[definition] = event
            return
        # The consumed definitions the walk meets first; a rejected backward consumes nothing.
        # Latest made first: one that derives from another is then most often found in a
        # definition already met (a chain's last), and only those are asked of all.
        latest = sorted(
            hits, key=lambda d: (self.born.get(d, len(self.born) + 1), d.made), reverse=True
        )
        frontier: list[Definition] = []
        for d in latest:
            if any(d in e.sources for e in frontier):
                continue
            if not any(d is not e and d in e.sources for e in hits):
                frontier.append(d)
        met = self.met.setdefault(event.span, set())
        # In the order of the file, then of the passes that made them: of one statement's
        # tensors (a method refreshing a field before the loop and in it), the one made before
        # the loop is met first, as a run meets it. Never in the order of a set of them, which
        # follows where they sit in memory.
        for definition in sorted(frontier, key=_meeting_order):
            if any(d in met for d in definition.sources):
                continue  # the backward met it, or what it derives from: that panic is first
            earlier = self.state.consumed[definition]
            if self._meet(definition, earlier, event, value):
                met.add(definition)

    def _one_tensor(self, marker: Definition) -> bool:
        """Whether what the caller gives for `marker` is one tensor (a parameter or a `self`
        field declared `Tensor`), not a collection whose elements a loop walks, one a pass."""
        kind, key = self.markers.get(marker, ("", ""))
        if kind == "param":
            return key in self.tensor_params
        if kind == "field" and self.callee is not None:
            declared = self.program.structs.get(self.callee.owner or "", {}).get(str(key), "")
            return _ONE_TENSOR.match(declared.strip()) is not None
        if kind == "lent":
            # A field of a `&mut` parameter (`norm.mean`): one tensor unless its struct, where
            # known, declares it otherwise (a generic `S` declares nothing: read as one).
            index, name = str(key).split(".", 1)
            root = next((n for n, i in self.mut_params.items() if str(i) == index), None)
            slot = self.lookup(root) if root is not None else None
            owner = self.types.get(slot) if slot is not None else None
            declared = self.program.structs.get(owner or "", {}).get(name)
            return declared is None or _ONE_TENSOR.match(declared.strip()) is not None
        return False

    def _next_pass(
        self, earlier: Backward, made: Definition, loss: Value, memo: _OnceBranches
    ) -> bool:
        """Whether a backward here of `loss` runs in a later pass of a loop around both than
        `earlier`, outside a branch that runs in one pass only, and takes `made` outside one
        too (`if step == 0 { feat.clone() }` of a parameter `feat`)."""
        loop_key = _loop_between(earlier.context, self.context)
        if loop_key is None:
            return False
        if any(b[0] == loop_key and b in self.once for b in earlier.once):
            return False
        return not (
            self._read_once_only(made, earlier.loss, loop_key, memo)
            & self._read_once_only(made, loss, loop_key, memo)
        )

    def _read_once_only(
        self, definition: Definition, loss: Value, loop_key: int, memo: _OnceBranches
    ) -> frozenset[tuple[int, int]]:
        """The branches of loop `loop_key` that run in one pass at most through which `loss`
        takes `definition`: on every way from the loss back to a read that took it first, a
        read made in one of them (`if step == 0 { feat.clone() }`, or `if step == 0 { f }`
        of `let f = feat.clone();`); empty when a way has none."""
        if not memo.noted(definition, loop_key):
            # No read of it in such a branch: none on any way. Most often so, and answered
            # without the walk, which asks every read of a chain of `let`s of those it was
            # made of (each of them asked of the ones before: cubic in the chain's length).
            return frozenset()
        known = memo.known.setdefault((definition, loop_key), {})
        return self._once_within(definition, loss.reads, loop_key, known)

    def _once_within(
        self,
        definition: Definition,
        reads: frozenset[Read],
        loop_key: int,
        known: dict[int, frozenset[tuple[int, int]]],
    ) -> frozenset[tuple[int, int]]:
        """`_read_once_only` of a value made of `reads`: the reads that give it `definition`
        directly (not through another of them), each in such a branch or made of reads that
        are; `known`: each read's answer, by `id`."""
        carrying = [r for r in reads if definition in r.value.sources]
        through: set[int] = set()
        for r in carrying:
            through.update(id(e) for e in r.value.reads if definition in e.value.sources)
        common: frozenset[tuple[int, int]] | None = None
        for r in carrying:
            if id(r) in through:
                continue  # it gives `definition` through another read of these
            branches = known.get(id(r))
            if branches is None:
                noted = self.once_reads.get(id(r))
                if noted is not None and noted[0] is r:
                    branches = frozenset(b for b in noted[1] if b[0] == loop_key)
                if not branches:
                    # What the read was made of: none of it read in a branch, a first read.
                    first = not any(definition in e.value.sources for e in r.value.reads)
                    branches = (
                        frozenset()
                        if first
                        else self._once_within(definition, r.value.reads, loop_key, known)
                    )
                known[id(r)] = branches
            common = branches if common is None else common & branches
            if not common:
                return frozenset()
        return common or frozenset()

    def _meet(
        self, definition: Definition, earlier: Backward, later: Backward, loss: Value
    ) -> bool:
        """The backward `later` needs `definition`, which `earlier` consumed: a meeting, for the
        rules to tell, unless both sit in one branch that runs in one pass only. Whether a rule
        found it."""
        if self.summarising or self.calls_only:
            return False  # a summary finds nothing: its function is read for findings on its own
        loop_key = _loop_between(earlier.context, later.context)
        if any(branch[0] == loop_key and branch in later.once for branch in earlier.once):
            return False  # one branch, run in one pass only: not twice
        memo = _OnceBranches(self.once_reads)
        if loop_key is not None and (
            self._read_once_only(definition, earlier.loss, loop_key, memo)
            & self._read_once_only(definition, later.loss, loop_key, memo)
        ):
            return False  # both took it in one branch that runs in one pass only (`if step == 0`)
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
        if loop_key is not None and self._pieces(definition, loss, loop_key, later.context):
            # Each pass backpropagates a loss of another part of one tensor (micro-batches cut
            # from one forward, a `Vec` of losses made from it): losses that share it, as in
            # one pass, not the tensor whole in every pass; the loop's view kept for the rules.
            meeting.cut = self._in_loop(replace(meeting), loop_key, definition, later)
            loop_key = None
        if loop_key is not None:
            self._in_loop(meeting, loop_key, definition, later)
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
                return True
        return False

    def _in_loop(
        self, meeting: Meeting, loop_key: int, definition: Definition, later: Backward
    ) -> Meeting:
        """`meeting` as one of the loop `loop_key`'s passes."""
        meeting.loop = self.loops[loop_key]
        meeting.loop_span = self.loop_spans[loop_key]
        meeting.in_pass = (loop_key, dict(later.context)[loop_key])
        meeting.carried = any(key == loop_key for key, _ in definition.context)
        meeting.entry = self._entry_names(loop_key)
        return meeting

    def _pieces(self, definition: Definition, loss: Value, loop_key: int, context: Context) -> bool:
        """Whether the pass of loop `loop_key` in `context` takes `definition`, made before
        the loop in this pass of the loops around, by a part of it only: an element the loop
        walks of a collection of its parts or of losses made from it, or a part cut from it
        (`out.clone().narrow(0, start, n)`), not the tensor itself."""
        keys = [key for key, _ in context]
        # A loop that ended before this one (`for` that pushed it) is no loop around it.
        made_in = tuple((key, n) for key, n in definition.context if key in keys)
        if loop_key not in keys or made_in != context[: keys.index(loop_key)]:
            return False  # made in the loop (carried), or not in this pass of a loop around
        in_pass = (loop_key, dict(context)[loop_key])
        read = loss.first_read(definition, self.loop_spans[loop_key], in_pass)
        if read is None:
            return False
        if read.value.origin is None and _content(read.value):
            # A struct the loop walks (`for mb in batches.iter()` of `Vec<Batch>`): a field of
            # it that is this pass's element, made from the tensor; not that element itself (a
            # slice of a leaf kept in `Minibatch { old }`, reused by a loop around: as an
            # element of a `Vec` of tensors, below).
            return definition not in self.whole_elements and any(
                part.origin in self.pass_made
                and part.origin is not definition
                and definition in part.sources
                for _, part in read.value.parts or ()
            )
        if read.value.origin is not definition:
            # An element the loop walks, not the tensor itself put into the collection.
            return read.value.origin in self.pass_made and definition not in self.whole_elements
        node = read.node  # a node of the file (no macro's)
        while node is not None:  # `x.clone().narrow(..)`: the method after the clones
            field_ = node.parent
            call = field_.parent if field_ is not None else None
            if field_ is None or field_.type != "field_expression" or call is None:
                return False
            if call.type != "call_expression":
                return False
            name_node = field_.child_by_field_id(_FIELD.field) or field_
            name = self.data[name_node.start_byte : name_node.end_byte].decode("utf-8", "replace")
            if name in methods.PIECE_METHODS:
                return True
            if name != "clone":
                return False
            node = call
        return False

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

    def _read_given_leaves(self, callee: _Callee, arguments: list[Value]) -> None:
        """A function of this file called with leaves that require grad for some parameters
        (`adapt(&w, ..)`, `w` a model's weight) and calling `require_grad` or running a
        backward is read again, those parameters leaves. Calling `require_grad`: `(w.clone()
        .detach() - g).require_grad()` in it is then `require_grad()` on a tracked
        intermediate, which Burn refuses (`detach()` of a leaf that requires grad is such a
        leaf, SPEC 1.7); only calls rules asked to see are judged there. Running a backward:
        its meetings are judged too, as of a leaf it made itself (`h = w.clone() * s` given to
        a method that keeps it in a field of a `&mut dyn` parameter, read again in its loop's
        next pass). Its own reading, with its parameters data, sees neither. Once for each
        function and set of leaves."""
        if self.summarising or self.fixes is None or callee.source is not self.source:
            return
        leaves = frozenset(
            i
            for i, given in enumerate(arguments)
            if given.requirement == Requirement.GRAD and (i or not callee.has_self)
        )
        if not leaves:
            return
        body = self.data[callee.start : callee.end]
        backpropagates = _RUNS_BACKWARD.search(body) is not None
        if not backpropagates and b"require_grad" not in body:
            return
        if (callee, leaves) in self.program.leaf_readings:
            return
        self.program.leaf_readings.add((callee, leaves))
        reader = type(self)(self.source, self.found, self.fixes, self.program, callee)
        reader.leaf_params = leaves
        reader.calls_only = not backpropagates
        reader.reasons = self.reasons
        try:
            reader.run(callee.node)
        finally:
            reader.release()

    def _found(self, finding: Diagnostic) -> None:
        # A later pass finds again what an earlier one found: the first is kept.
        if any(said_already(finding, found) for found in self.found.values()):
            return  # each tensor of one carried pair (`h`, `c` of `state`): one finding
        self.found.setdefault((finding.rule, finding.primary.line, finding.primary.column), finding)


def _meeting_order(definition: Definition) -> tuple:
    """Where `_consume` meets consumed definitions first: by place, name and the passes of
    the loops around that made them (fewer, earlier ones first)."""
    return (definition.span, definition.name, definition.context, definition.made)


class _OnceBranches:
    """`_read_once_only`'s answers within one backward, while what the function read in a
    branch that runs in one pass only stays as it is: each read's branches, by definition and
    loop (`known`), and the reads noted in a branch of each loop."""

    __slots__ = ("once_reads", "known", "in_loop")

    def __init__(self, once_reads: dict[int, tuple[Read, frozenset[tuple[int, int]]]]) -> None:
        self.once_reads = once_reads
        self.known: dict[tuple[Definition, int], dict[int, frozenset[tuple[int, int]]]] = {}
        self.in_loop: dict[int, list[Read]] = {}

    def noted(self, definition: Definition, loop_key: int) -> bool:
        """Whether a read of `definition` (or of a tensor made from it) was made in a branch
        of loop `loop_key` that runs in one pass only: the only reads whose branches the walk
        of `_once_within` can find."""
        reads = self.in_loop.get(loop_key)
        if reads is None:
            reads = [
                read
                for read, branches in self.once_reads.values()
                if any(b[0] == loop_key for b in branches)
            ]
            self.in_loop[loop_key] = reads
        return any(definition in read.value.sources for read in reads)


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
