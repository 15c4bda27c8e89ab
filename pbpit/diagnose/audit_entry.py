"""One tensor the audit looked at (`AuditEntry`): its verdict, the rule whose hazard it is, the
loop and the backwards involved, and how `--json` spells it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from pbpit.engine.graph import Requirement
from pbpit.trace import CrateLines, NodeRecord

KIND_JSON = {
    Requirement.GRAD: "leaf_requires_grad",
    Requirement.GRAD_IN_BACKWARD: "tracked_intermediate",
    Requirement.NONE: "untracked",
}
"""How an entry's requirement is spelled in `--json` (`kind`)."""


@dataclass
class AuditEntry:
    """One tensor the audit looked at, and its verdict."""

    node_id: int
    label: str | None
    line: int | None
    tracked: bool
    requirement: Requirement
    """Burn's requirement of the node: in `--json`, `kind` (`KIND_JSON`)."""
    verdict: str
    """`ok` or `hazard`."""
    pattern: str | None
    """For a hazard: `loop-external-tracked`, `shared-intermediate` or `double-backward`."""
    reason: str
    """One line saying why, in the user's words."""
    loop_line: int | None = None
    """The loop it is used in (loop-external entries)."""
    backwards: tuple[int, ...] = ()
    """The 1-based numbers of the backwards involved (shared, double and carried entries)."""
    carried: bool = False
    """Made in an earlier pass of the loop that uses it: state carried from pass to pass."""
    fix: str | None = None
    """For a hazard, the fix in a line (`pbpit explain` writes out the corrected code)."""
    same_statement: tuple[int, ...] = ()
    """The other nodes of the statement that made it, hazards of the same kind reported with
    it (`x.matmul(w1).tanh()`: the matmul, reported with the tanh the loop reads; a push in an
    inner loop: the tensors its other executions made)."""
    crate: CrateLines | None = field(default=None, repr=False, compare=False)
    """A crate's module files, when the lines are those of its root with them spliced in."""
    otherwise: AuditEntry | None = field(default=None, repr=False, compare=False)
    """For a tensor made before a loop whose passes backpropagate parts of it (`_Parts`, read
    as `shared-intermediate`): the `loop-external-tracked` reading of the same hazard, which
    lint's finding of it decides (`_as_lint_reads`)."""

    @property
    def where(self) -> str:
        """`line 12`, or `src/training.rs:12` for a line of a crate's module file."""
        if self.line is None:
            return "line ?"
        return cited(self, self.line)

    @classmethod
    def about(cls, node: NodeRecord, verdict: str, reason: str, **more: Any) -> AuditEntry:
        """An entry on `node`, with what the trace says of it filled in."""
        return cls(
            node_id=node.id,
            label=node.label,
            line=node.line,
            tracked=node.tracked,
            requirement=node.requirement,
            crate=node.crate,
            verdict=verdict,
            pattern=more.pop("pattern", None),
            reason=reason,
            **more,
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for key, value in asdict(self).items():
            if key == "requirement":  # in its place among the fields
                key, value = "kind", KIND_JSON[value]
            if key not in ("crate", "otherwise"):
                data[key] = value
        data["backwards"] = list(self.backwards)
        data["same_statement"] = list(self.same_statement)
        if self.crate is not None:  # each line in its file, the file beside it
            self.crate.place(data)
            if self.loop_line is not None:
                path, data["loop_line"] = self.crate.locate(self.loop_line)
                data["loop_file"] = self.crate.display.get(path, path)
        return data


def cited(record: NodeRecord | AuditEntry, line: int) -> str:
    """`line 12`, or `src/training.rs:12` for a line of a crate's module file."""
    return f"line {line}" if record.crate is None else record.crate.cite(line)
