"""The output formats of each command, and the one way a command line chooses among them.

A command's result is rendered in one format. `--format NAME` names one where a command has
several of its kind (graph, lint); a flag stands for one on its own (`--json`, `--raw`). Adding a
format is a name here and its renderer beside the command (`pbpit.cli`). Files written beside
the output (`check --junit FILE`) are not formats: they do not change what is printed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pbpit.errors import ConflictingOptions, UnknownFormat


@dataclass(frozen=True)
class Formats:
    """One command's formats: `default` when nothing chooses one, those `--format` may name, and
    the flags that each stand for one."""

    default: str
    named: tuple[str, ...] = ()
    """What `--format` accepts, in the order its help and its errors list them."""
    flags: Mapping[str, str] = field(default_factory=dict)
    """Option -> the format it chooses, in the order an error names them."""

    @property
    def names(self) -> tuple[str, ...]:
        """Every format of the command, the default first."""
        every = [self.default, *self.named, *self.flags.values()]
        return tuple(dict.fromkeys(every))

    def choose(self, named: str | None = None, **given: bool) -> str:
        """The format chosen by `--format named` and the flags given (`json=True` for
        `--json`). Two that choose different formats are a ConflictingOptions; a name
        `--format` does not know, an UnknownFormat."""
        flags = [flag for flag in self.flags if given.get(flag.removeprefix("--"))]
        if len(flags) > 1:
            raise ConflictingOptions(flags[0], flags[1])
        if named is not None and flags and self.flags[flags[0]] != named:
            raise ConflictingOptions("--format", flags[0])
        if named is not None and named not in self.named:
            raise UnknownFormat(named, self.named)
        if flags:
            return self.flags[flags[0]]
        return self.default if named is None else named


JSON = {"--json": "json"}

# Per command. lint renders its own formats (`pbpit.lint.command`); the names are those it knows.
FORMATS: dict[str, Formats] = {
    "list": Formats("human", flags=JSON),
    "run": Formats("human", flags={"--raw": "raw", **JSON}),
    "audit": Formats("human", flags=JSON),
    "explain": Formats("human", flags=JSON),
    "check": Formats("human", flags=JSON),
    "graph": Formats("text", named=("text", "mermaid", "dot"), flags=JSON),
    "lint": Formats("human", named=("human", "json", "sarif"), flags=JSON),
}
