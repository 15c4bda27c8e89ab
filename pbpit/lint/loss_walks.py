"""Walks of a collection of losses that `_Walks` reads by the syntax of the loop's header: the
value of each entry of a map (`for (name, loss) in losses.iter()`, `&losses`, `into_iter()` of
a `BTreeMap` or `HashMap`), and an element taken out by the condition of a `while let`
(`while let Some(loss) = losses.pop()`, `pop_front()`, `pop_back()`). Each pass takes a tensor
of its own, as `for loss in losses.iter()` of a `Vec` takes it."""

from __future__ import annotations

from collections.abc import Callable

from pbpit.rust.syntax import Node

_WALKS = frozenset({"iter", "into_iter", "iter_mut"})
"""Methods that walk a map's entries as `(key, value)` pairs."""

_NUMBERING = frozenset({"enumerate"})
"""An adaptor whose pattern is `(count, element)`."""

_POPS = frozenset({"pop", "pop_front", "pop_back"})
"""Methods that take one element out of a `Vec` or `VecDeque`."""


def map_value_name(
    pattern: Node | None, value: Node | None, text: Callable[[Node], str], called: bool = False
) -> Node | None:
    """`loss` of `for (name, loss) in losses.iter()` (`&losses`, `losses`, `into_iter()`,
    `iter_mut()`, `(i, (name, loss))` of its `enumerate()`), a walk of a collection whose
    elements are no tuples (asked by the caller): a map's entries, the value second; None for
    any other header. `called`: `value` is what a call of the program returns, walked at once
    (`called_collection`: `for (name, loss) in model.task_losses(x, y)`), whose pairs are
    walked as those of a `let` holding it."""
    if pattern is None or value is None or pattern.type != "tuple_pattern":
        return None
    if pattern.named_child_count != 2:
        return None
    while value.type == "reference_expression" and value.named_child_count:
        value = value.named_children[-1]
    numbered = None
    if value.type == "call_expression":
        numbered = _method_receiver(value, _NUMBERING, text)
    if numbered is not None:  # `(i, (name, loss))` of `losses.iter().enumerate()`
        return map_value_name(pattern.named_children[1], numbered, text)
    if pattern.named_children[1].type != "identifier":
        return None
    if called:
        return pattern.named_children[1]
    if value.type == "call_expression":
        receiver = _method_receiver(value, _WALKS, text)
        if receiver is None:
            return None
        value = receiver
    if value.type not in ("identifier", "field_expression"):
        return None
    return pattern.named_children[1]


def popped_name(
    condition: Node | None, text: Callable[[Node], str]
) -> tuple[Node, Node] | None:
    """`(loss, losses)` of a `while` condition `let Some(loss) = losses.pop()` (`pop_front`,
    `pop_back`), `losses` a name; None for any other condition."""
    if condition is None or condition.type != "let_condition":
        return None
    pattern = condition.child_by_field_name("pattern")
    value = condition.child_by_field_name("value")
    if pattern is None or value is None or pattern.type != "tuple_struct_pattern":
        return None
    kind = pattern.child_by_field_name("type")
    inner = [c for c in pattern.named_children if c != kind]
    if kind is None or text(kind) != "Some" or len(inner) != 1 or inner[0].type != "identifier":
        return None
    if value.type != "call_expression":
        return None
    receiver = _method_receiver(value, _POPS, text)
    if receiver is None or receiver.type != "identifier":
        return None
    arguments = value.child_by_field_name("arguments")
    if arguments is None or arguments.named_child_count:
        return None
    return inner[0], receiver


def _method_receiver(
    call: Node, names: frozenset[str], text: Callable[[Node], str]
) -> Node | None:
    """The receiver of `call` when it is `receiver.name()` for a name of `names`."""
    function = call.child_by_field_name("function")
    if function is None or function.type != "field_expression":
        return None
    field_ = function.child_by_field_name("field")
    if field_ is None or text(field_) not in names:
        return None
    return function.child_by_field_name("value")


def called_collection(
    value: Node | None, known: Callable[[str], bool], text: Callable[[Node], str]
) -> bool:
    """Whether a `for` loop walks what a call of the program's returns (`for loss in
    head_losses(&m, x)`, `for loss in model.losses(x)`): a function called by its name or
    path, or a method no row of lint's table knows (`known`) given arguments, not
    `losses.iter()` nor `bank.stored()`."""
    while value is not None and value.type in ("reference_expression", "parenthesized_expression"):
        value = value.named_children[-1] if value.named_child_count else None
    if value is None or value.type != "call_expression":
        return False
    function = value.child_by_field_name("function")
    if function is None:
        return False
    walked = _method_receiver(value, _WALKS, text)
    if walked is not None:  # `model.losses(x).into_iter()`, `.iter()`: the call's collection
        return called_collection(walked, known, text)
    if function.type in ("identifier", "scoped_identifier"):
        return True
    field_ = function.child_by_field_name("field") if function.type == "field_expression" else None
    if field_ is None or known(text(field_)):
        return False
    # A method given nothing of the pass (`bank.stored()`) reads what its receiver keeps: the
    # receiver's fields carry it, as a field read does, not a fresh collection of the pass's.
    arguments = value.child_by_field_name("arguments")
    return arguments is not None and arguments.named_child_count > 0
