"""What the tree's types can hold (`_TypeQuestions`, a base of `Program`): a field's declared type,
no tensor (`Vec<usize>`, a struct or enum of numbers and text), no parameter (a struct of plain
tensors, numbers and configs); a type whose methods make leaves of its tensors."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from pbpit.lint.analysis.common import _FIELD, _text, _type_name
from pbpit.lint.analysis.methods import _CONTAINERS, _PARAMETER_FREE

if TYPE_CHECKING:
    from pbpit.lint.analysis.index import _Callee

_REQUIRE_GRAD = re.compile(rb"\.\s*require_grad\s*\(\s*\)")

_PLAIN_TYPES = frozenset(
    (
        "bool char str String usize u8 u16 u32 u64 u128 isize i8 i16 i32 i64 i128 f32 f64 "
        "Vec VecDeque Option Result Box Rc Arc HashMap HashSet BTreeMap BTreeSet PathBuf Path "
        "Duration Instant Ordering Error dyn mut const pub crate"
    ).split()
)
"""The words of a type that hold no tensor of their own: numbers, text, std's containers."""
_PATH_PREFIX = re.compile(r"\b\w+\s*::\s*")
_LIFETIME = re.compile(r"'\w+")


class _TypeQuestions:
    """What `Program` answers of the types of the tree (its `structs`, `enums`, `of_owner`)."""

    def field_type(self, owner: str | None, field_name: str) -> str | None:
        fields = self.structs.get(owner or "")
        if fields is None or field_name not in fields:
            return None
        return _type_name(fields[field_name])

    def holds_no_tensor(self, text: str, owner: str | None = None) -> bool:
        """Whether a type (a function's return type, `Vec<usize>`, `Result<Bundle>`) can hold
        no tensor: numbers, strings, std's containers of them, and the tree's structs and enums
        made only of those. A type this cannot see into (another crate's, a generic) may."""
        known = self._no_tensor.get((text, owner))
        if known is None:
            known = self._no_tensor[text, owner] = self._plain(text, owner, frozenset())
        return known

    def returns_no_tensor(self, callee: _Callee) -> bool:
        """Whether a function's declared return type can hold no tensor (`-> Vec<usize>`)."""
        returned = callee.node.child_by_field_id(_FIELD.return_type)
        if returned is None:
            return False  # `()`, or nothing it returns is read
        return self.holds_no_tensor(_text(callee.source.data, returned), callee.owner)

    def plain_elements(self, callee: _Callee) -> tuple[bool, ...] | None:
        """For a function declared to return a tuple (`-> (Tensor<B, 2>, Vec<usize>)`, also in
        a `Result`, an `Option` or a `Box`: `-> Result<(Tensor3, Option<Vec<usize>>)>`),
        whether each element's type can hold no tensor; None for any other return type."""
        kind = callee.node.child_by_field_id(_FIELD.return_type)
        data = callee.source.data
        while kind is not None and kind.type == "generic_type":
            name = kind.child_by_field_id(_FIELD.type)
            written = _text(data, name) if name is not None else ""
            if not (written.endswith("Result") or written in ("Option", "Box")):
                return None
            arguments = kind.child_by_field_id(_FIELD.type_arguments)
            kind = (
                arguments.named_children[0] if arguments and arguments.named_child_count else None
            )
        if kind is None or kind.type != "tuple_type":
            return None
        return tuple(
            self.holds_no_tensor(_text(data, element), callee.owner)
            for element in kind.named_children
        )

    def _plain(self, text: str, owner: str | None, seen: frozenset[str]) -> bool:
        text = _PATH_PREFIX.sub("", _LIFETIME.sub("", text))
        for word in re.findall(r"[A-Za-z_]\w*", text):
            if word in _PLAIN_TYPES:
                continue
            if word == "Self" and owner is not None:
                word = owner
            if word in seen:
                continue
            fields = self.structs.get(word)
            if fields is not None:
                parts = list(fields.values())
            elif word in self.enums:
                parts = self.enums[word]
            else:
                return False
            if not all(self._plain(part, word, seen | {word}) for part in parts):
                return False
        return True

    def parameter_free(self, owner: str, seen: frozenset[str] = frozenset()) -> bool:
        """Whether a struct of the program holds no parameter: no `Param`, no module field
        (only tensors, numbers, configs and parameter-free structs)."""
        if not seen:
            known = self._parameter_free.get(owner)
            if known is None:
                known = self._parameter_free[owner] = self._holds_no_parameter(owner, seen)
            return known
        return self._holds_no_parameter(owner, seen)

    def _holds_no_parameter(self, owner: str, seen: frozenset[str]) -> bool:
        fields = self.structs.get(owner)
        if fields is None or owner in seen or self._makes_leaves(owner):
            return False
        for text in fields.values():
            if "Param" in text:
                return False
            for word in re.findall(r"\b[A-Z]\w*", text):
                if len(word) <= 2 or word in _CONTAINERS or word.endswith("Config"):
                    continue
                if _PARAMETER_FREE.match(word):
                    continue
                if word in self.structs and self.parameter_free(word, seen | {owner}):
                    continue
                return False
        return True

    def _makes_leaves(self, owner: str) -> bool:
        """Whether a method of `owner` builds one (`Self { .. }`) from a tensor it makes a leaf
        (`require_grad()`): a module of plain tensors, which are its parameters."""
        made = self._leaf_makers.get(owner)
        if made is None:
            builds = re.compile(rb"\b(?:Self|" + re.escape(owner.encode()) + rb")\s*\{")
            made = any(
                b"require_grad" in text
                and _REQUIRE_GRAD.search(text) is not None
                and builds.search(text) is not None
                for callee in self.of_owner.get(owner, ())
                for text in [callee.source.data[callee.start : callee.end]]
            )
            self._leaf_makers[owner] = made
        return made
