"""Finding a case: a built-in name, its Rust twin, or a case file, and its language (decided
here, once, and carried on the case and its run's result)."""

from __future__ import annotations

import ast
import difflib
from dataclasses import dataclass
from pathlib import Path

from pbpit.errors import UsageError
from pbpit.source import CASE_SUFFIXES, Language

# The named cases live at the top of the repository (`cases/`) and ship inside the package as
# `pbpit/cases/` (setup.py maps one onto the other).
_PACKAGE = Path(__file__).parent.parent
CASES_DIR = _PACKAGE / "cases" if (_PACKAGE / "cases").is_dir() else _PACKAGE.parent / "cases"

# Name -> file, in the order `pbpit list` shows them; `_` and `-` are interchangeable in names.
BUILTIN_CASES = {
    "twice": "twice.py",
    "twice_fix": "twice_fix.py",
    "shared-loss": "shared_loss.py",
    "double-backward": "double_backward.py",
}


@dataclass(frozen=True)
class Case:
    """A case program: its name as the user knows it, its file, and the language it is in."""

    name: str
    path: Path
    language: Language

    @classmethod
    def file(cls, path: Path, name: str | None = None) -> Case:
        """The case in the file `path` (named by its path unless `name` is given)."""
        return cls(str(path) if name is None else name, path, Language.of(path))

    @property
    def summary(self) -> str:
        """The first line of the case's docstring, or of a Rust case's `//!` comment (read
        without running it)."""
        try:
            text = self.path.read_text(encoding="utf-8-sig")
            if self.language is Language.RUST:
                inner = (line[3:].strip() for line in text.splitlines() if line.startswith("//!"))
                doc = next(inner, "")
            else:
                doc = ast.get_docstring(ast.parse(text)) or ""
        except (OSError, SyntaxError, ValueError):
            return ""
        first = doc.strip().splitlines()[0] if doc.strip() else ""
        name, sep, rest = first.partition(": ")
        return rest if sep and _canonical(name) == _canonical(self.path.stem) else first


def rust_twin(case: Case) -> Case:
    """The Rust twin of a built-in case: `twice.rs` beside `twice.py`, printing the same."""
    return Case(f"{case.name}.rs", case.path.with_suffix(".rs"), Language.RUST)


def builtin_cases(rust: bool = False) -> list[Case]:
    """The built-in cases; with `rust`, each followed by its Rust twin (`twice.rs`)."""
    cases = []
    for name, file in BUILTIN_CASES.items():
        case = Case(name, CASES_DIR / file, Language.PYTHON)
        cases += [case, rust_twin(case)] if rust else [case]
    return cases


def _canonical(name: str) -> str:
    return name.replace("-", "_")


def resolve_case(spec: str) -> Case:
    """A built-in case by name (`shared-loss` or `shared_loss`), or by its file's name (`twice.py`,
    or `twice.rs` for its Rust twin) unless a file of that name is here, or a case file by path
    (`.py` or `.rs`; a file of another name is refused)."""
    path = Path(spec)
    for name, file in BUILTIN_CASES.items():
        if _canonical(spec) == _canonical(name):
            return Case(name, CASES_DIR / file, Language.PYTHON)
    by_file_name = path.suffix in CASE_SUFFIXES and "/" not in spec and not path.exists()
    for name, file in BUILTIN_CASES.items():
        if by_file_name and not path.is_symlink() and _canonical(path.stem) == _canonical(name):
            builtin = Case(name, CASES_DIR / file, Language.PYTHON)
            return rust_twin(builtin) if path.suffix == ".rs" else builtin
    if path.suffix in CASE_SUFFIXES or "/" in spec or path.exists() or path.is_symlink():
        if not path.exists():
            if path.is_symlink():
                raise UsageError(
                    f"cannot read case file {spec}: a symbolic link that loops or points nowhere"
                )
            raise UsageError(f"no such case file: {spec}")
        if not path.is_file() or path.suffix not in CASE_SUFFIXES:
            raise UsageError(f"not a case file: {spec} (expected a .py or .rs file)")
        return Case.file(path)
    near = difflib.get_close_matches(spec, list(BUILTIN_CASES), n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(f'`{n}`' for n in near)}?" if near else ""
    raise UsageError(f"unknown case `{spec}`{hint} (`pbpit list` shows the cases)")
