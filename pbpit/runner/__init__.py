"""The case runner: find a case, run it as a fresh process would, and record its trace.

- `find`: the named cases, a case file, and its language (decided once, there);
- `python_case`, `rust_case`: loading a case of each language, ready to run;
- `record`: the engine's observer, naming tensors after the case's variables;
- `capture`: what the case printed and how it ended;
- `run`: `run_case`, in a fresh engine.
"""

from pbpit.errors import RustUnsupported, UsageError
from pbpit.runner.find import (
    BUILTIN_CASES,
    CASES_DIR,
    Case,
    builtin_cases,
    resolve_case,
    rust_twin,
)
from pbpit.runner.run import run_case
from pbpit.source import Language
from pbpit.trace import RunResult

__all__ = [
    "BUILTIN_CASES",
    "CASES_DIR",
    "Case",
    "Language",
    "RunResult",
    "RustUnsupported",
    "UsageError",
    "builtin_cases",
    "resolve_case",
    "run_case",
    "rust_twin",
]
