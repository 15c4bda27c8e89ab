"""A memo's read: a map's entry at a loop's counter, kept from a pass of a loop around that
loop; an `Option` filled when empty (`get_or_insert_with`).

`features.entry(i).or_insert_with(|| enc.forward(x))` with `i` the counter of a loop the
epochs walk again: in the first epoch each pass puts its own tensor at a new key; in the
next, the key is there and the map gives back what the first epoch put (the closure is not
called). A backward of that epoch's pass reaches the graph the first epoch's backward at that
key consumed."""

from __future__ import annotations

from pbpit.engine.graph import Requirement
from pbpit.lint.analysis.common import _FIELD
from pbpit.lint.analysis.state import _DATA, _content, _join
from pbpit.lint.values import Context, Definition, Value


def kept_entry(held: Value, loop: int, context: Context) -> Definition | None:
    """What the map `held` holds at the counter of `loop` in this pass (`context`), put by an
    earlier pass of a loop around it at the same counter: the first such tensor, as the map
    keeps it; None when none was put there (a map made anew in each pass of the loop around
    holds none of an earlier one)."""
    if held.requirement != Requirement.GRAD_IN_BACKWARD or held.parts is not None:
        return None
    number = next((n for k, n in context if k == loop), None)
    if number is None:
        return None
    earlier = [
        d
        for d in held.sources
        if (loop, number) in d.context and d.context != context and _outer_earlier(d, context)
    ]
    # What was put, not what it was made from: no other such tensor derives from it.
    put = [d for d in earlier if not any(d in e.sources for e in earlier if e is not d)]
    if not put:
        return None
    return min(put, key=lambda d: d.made)


def _outer_earlier(made: Definition, context: Context) -> bool:
    """Whether `made`'s passes of the loops around (outermost first) came before `context`'s:
    an earlier epoch, not a later one the reading walked before (it walks each loop's passes
    in order)."""
    return made.context[: len(context)] <= context


def given_to_fill(reading, place, call, arguments) -> tuple[Value, Value] | None:
    """(what `place` holds, the value `call`'s one argument gives to fill it: a tracked value
    made where it is given, as a closure's is) of `m.entry(k).or_insert_with(|| v)` and
    `opt.get_or_insert_with(|| v)`; None where the call is not one of that shape."""
    given = call.child_by_field_id(_FIELD.arguments)
    last = given.named_children[-1] if given is not None and given.named_child_count else None
    if place is None or len(arguments) != 1 or last is None:
        return None
    value = arguments[0]
    if value.requirement == Requirement.GRAD_IN_BACKWARD and not _content(value):
        value = reading._bound(place.name, value, last, last, call)  # made where it is given
    return reading.state.values.get(place, _DATA), value


def fill_effect(reading, call, receiver_node, name_node, receiver, arguments):
    """`opt.get_or_insert_with(|| value)` (row FILL): `opt`'s content where it holds a tensor
    (the closure is not called), else `value`, which `opt` then holds. Where whether it holds
    one is not known (a tracked content of a pass before, `Some` or not), either: both joined,
    and what it holds from then on."""
    place = reading._place(receiver_node)
    if place is None and receiver_node is not None and receiver_node.type == "index_expression":
        return _fill_element(reading, call, receiver_node, arguments)
    filled = given_to_fill(reading, place, call, arguments)
    if filled is None:
        return None
    held, value = filled
    if held.requirement == Requirement.NONE:
        reading.state.values[place] = value
        return value
    if value.requirement == Requirement.NONE:
        return held
    either = _join([held, value])
    reading.state.values[place] = either
    if receiver.requirement == Requirement.GRAD_IN_BACKWARD:
        # What an earlier pass put is read through `opt` (its reads name it: the carrier).
        return _join([receiver, value])
    return either


def _fill_element(reading, call, receiver_node, arguments):
    """`slots[j].get_or_insert_with(|| value)` of a `Vec` of `Option`s: the element as the
    program reads it (`slots[j]`, what earlier passes put there) where the collection holds a
    tensor, else `value`, which the collection then holds too, as `slots[j] = Some(value)`
    puts it there."""
    collection = reading._place(receiver_node.named_children[0])
    filled = given_to_fill(reading, collection, call, arguments)
    if collection is None or filled is None:
        return None
    held, value = filled
    element = reading.expr(receiver_node)
    if value.requirement == Requirement.GRAD_IN_BACKWARD:
        reading.state.values[collection] = reading._pushed(collection, held, value)
    if held.requirement != Requirement.GRAD_IN_BACKWARD:
        return value
    return _join([element, value]) if value.requirement != Requirement.NONE else element
