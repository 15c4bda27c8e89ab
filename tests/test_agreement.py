"""One diagnosis: over every Rust program of the test corpora that panics at a consumed step in
pbpit (cases/, tests/programs, tests/burn022, tests/lint, tests/crates/as_cases, and
tests/agreement, written after the code) and every rule's `bad` example, `run`, `audit`,
`explain` and `lint` name the same rule, the same binding and the same fixes.

- the rule and the binding: the run's error, the audit's warning of the node the run panicked
  at, explain's note on that node and lint's finding;
- the fixes written as code: the run's error, the audit's warning and lint's finding make the
  same programs (each edited text compared), and every one of them runs (the run's and the
  audit's are checked by running them, and a fix that fails loses its code there, so lint's
  being the same says lint prints none that fails); explain's fixes written as code are fixes
  lint names (`fix_of`), made with lint's edits where lint writes them, and each ran.

The oracle is the programs' own panics (each recorded by hand in its header or next to it):
the commands are compared with each other, not with what one of them computed. Each program is
linted once (the audit and explain reuse that lint) and each fix run once.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from pbpit.diagnose import findings, fix_check
from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.fix_check import applied
from pbpit.errors import UsageError
from pbpit.lint.command import checked
from pbpit.lint.rules import RULES, rule_named
from pbpit.lint.tree import lint_paths
from pbpit.runner import Case, run_case
from pbpit.runner.rust_case import RustRefusals

TESTS = Path(__file__).parent
ROOT = TESTS.parent
CORPORA = [
    ROOT / "cases",
    TESTS / "programs",
    TESTS / "burn022",
    TESTS / "lint",
    TESTS / "crates" / "as_cases",
    TESTS / "agreement",
]

LINT_DOES_NOT_SEE: dict[str, tuple[str, str]] = {}
"""Programs whose panic lint does not foresee (the run says it in the rule's words): strict,
so that lint's learning one removes it from here."""


def _programs() -> list[Path]:
    found = []
    for corpus in CORPORA:
        found += sorted(p for p in corpus.rglob("*.rs") if not p.name.endswith(".fixed.rs"))
    return found


@pytest.fixture(scope="module")
def examples(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("examples")
    written = {}
    for rule in RULES:
        path = folder / f"{rule.name.replace('-', '_')}.rs"
        path.write_text(rule.bad, encoding="utf-8")
        written[rule.name] = path
    return written


@functools.cache
def _linted(path: str) -> tuple:
    """What `pbpit lint` prints: its findings, each help written as code checked (run where
    pbpit runs the program, else made and read again)."""
    return tuple(checked(lint_paths([path])).findings)


@pytest.fixture
def once(monkeypatch):
    """Lint once per program and make each fix once, whichever command asks."""
    monkeypatch.setattr(findings, "_lint_findings", lambda result: list(_linted(result.path)))

    def check_edits(program, edits, file=None, timeout=30.0, baseline=None, pinned=False):
        key = tuple((e.line, e.column, e.end_line, e.end_column, e.replacement) for e in edits)
        file = str(file if file is not None else program)
        return _cached(str(program), key, file, baseline, pinned)

    monkeypatch.setattr(fix_check, "check_edits", check_edits)


_CHECKS: dict[tuple, fix_check.FixCheck] = {}


def _cached(program: str, key: tuple, file: str, baseline, pinned: bool) -> fix_check.FixCheck:
    """One check per fix and original run it is compared with: the verdict depends on the
    baseline (a fix that leaves a stepped parameter no gradient starves only against one;
    without one it merely runs) and on the random stream (`pinned`)."""
    from pbpit.diagnostics.model import Edit

    cache = (program, key, file, _fingerprint(baseline), pinned)
    if cache not in _CHECKS:
        edits = [Edit(*k) for k in key]
        _CHECKS[cache] = _REAL_CHECK(Path(program), edits, Path(file), 30.0, baseline, pinned)
    return _CHECKS[cache]


def _fingerprint(baseline) -> tuple | None:
    """`baseline` (`fix_check.Baselines`, one `Baseline`, or None) as a key: each leaf's key,
    name and gradient's bits, backward by backward."""
    if baseline is None:
        return None
    ones = (baseline,) if isinstance(baseline, dict) else baseline
    return tuple(
        tuple(
            (k, shown, None if g is None else (g.shape, str(g.dtype), g.tobytes()))
            for k, (shown, g) in sorted(one.items())
        )
        for one in ones
    )


_REAL_CHECK = fix_check.check_edits


def _code(diagnostic, text: str) -> set[str]:
    """The programs the diagnostic's fixes written as code make."""
    return {applied(text, h.edits) for h in diagnostic.helps if h.edits}


def _diagnoses(path: Path):
    """What run, audit, explain and lint say of `path`, or None when it does not panic at a
    consumed step (or pbpit does not run it)."""
    try:
        result = run_case(Case.file(path))
    except (RustRefusals, UsageError):
        return None
    if result.panic is None or result.panic.node_id is None:
        return None
    node_id = result.panic.node_id
    (error, *_) = [d for d in findings.diagnose_run(result).errors if d.level == "error"]
    report = findings.audit_report(result)
    hazards = report.warned  # in the order of the warnings: the one the run panicked at first
    warning = next(
        (
            w
            for e, w in zip(hazards, report.warnings, strict=True)
            if node_id in (e.node_id, *e.same_statement)
        ),
        None,
    )
    note = findings.explanation_diagnostic(result, explain_in_case(result, node_id))
    return error, warning, note, list(_linted(result.path))


def _first_named(message: str) -> str | None:
    """The first name a message gives in backticks (`NodeId(2) `feats` in ..` gives `feats`)."""
    found = re.search(r"`([^`]+)`", message)
    return found[1] if found else None


def _agree(path: Path) -> None:
    found = _diagnoses(path)
    status = path.with_suffix(".status")
    if status.is_file() and status.read_text().strip() == "101":
        # Real Burn panicked on it (its recorded exit status): pbpit must run it to the panic.
        assert found is not None, f"{path}: real Burn panics, pbpit does not diagnose it"
    if found is None:
        return
    error, warning, note, linted = found
    text = path.read_text(encoding="utf-8")
    rule, name = error.rule, error.name
    assert rule_named(rule) is not None, f"{path}: the run's error names no rule"
    assert (note.rule, note.name) == (rule, name), f"{path}: explain says {note.rule} {note.name}"
    # What each command prints names that binding first (`teacher.weight`, not the method's
    # `self.weight` where the tensor was made), where the rule's message names a binding (not
    # `require_grad()`'s, which names the call).
    said = _first_named(error.message)
    assert said == name or f"`{name}`" not in error.message, f"{path}: {error.message}"
    if name:
        assert _first_named(note.message) == name, f"{path}: explain says {note.message}"
    if warning is not None:
        assert (warning.rule, warning.name) == (rule, name), f"{path}: the audit differs"
        assert _first_named(warning.message) == said, f"{path}: the audit: {warning.message}"
        assert _code(warning, text) == _code(error, text), f"{path}: the audit's fixes differ"
    else:
        # The audit reads hazards of the tape; a `require_grad()` that panics is not one.
        assert rule == "require-grad-non-leaf", f"{path}: the audit has no warning"
    same = [f for f in linted if (f.rule, f.name) == (rule, name)]
    if path.name in LINT_DOES_NOT_SEE:
        assert LINT_DOES_NOT_SEE[path.name] == (rule, name) and not same, path
        return
    assert same, (
        f"{path}: lint has no {rule} finding on `{name}`: {[(f.rule, f.name) for f in linted]}"
    )
    lint = same[0]
    assert _first_named(lint.message) == said, f"{path}: lint says {lint.message}"
    # Every fix lint prints as code runs: the run's error made each and kept only those.
    assert _code(lint, text) == _code(error, text), f"{path}: lint's fixes and the run's differ"
    # explain's fixes written as code are fixes lint names, with lint's edits where lint
    # writes them as code (where lint says one in words only, explain's corrected lines,
    # checked by running them).
    fix_of = rule_named(rule).fix_of
    named, written = set(), {}
    for help_ in lint.helps:
        kind = fix_of(help_.message)
        if kind is not None:
            named.add(kind.name)
            if help_.edits:
                written[kind.name] = applied(text, help_.edits)
    for help_ in note.helps:
        if not help_.edits:
            continue
        assert help_.checked is not None and help_.checked.ok, f"{path}: {help_.message}"
        made = applied(text, help_.edits)
        kind = help_.message.split(":", 1)[0].removesuffix(" (applies here)")
        if made in _code(lint, text):
            continue
        assert kind in named, f"{path}: explain writes a fix lint does not name: {kind}"
        assert kind not in written, f"{path}: explain's {kind} is not lint's"


@pytest.mark.parametrize("path", _programs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_run_audit_explain_and_lint_agree(path, once):
    _agree(path)


@pytest.mark.parametrize("rule", [rule.name for rule in RULES])
def test_each_rules_bad_example_is_diagnosed_alike_by_every_command(rule, examples, once):
    path = examples[rule]
    assert _diagnoses(path) is not None, f"{rule}'s bad example does not panic in pbpit"
    _agree(path)


CLEAN = sorted(p for p in (TESTS / "agreement").glob("*.rs") if "Runs clean" in p.read_text())
"""Programs of tests/agreement whose header says they run clean (derived by hand there)."""


@pytest.mark.parametrize("path", CLEAN, ids=lambda p: p.name)
def test_a_clean_run_gets_no_warning(path, once):
    result = run_case(Case.file(path))
    assert result.panic is None and result.error is None, f"{path} does not run clean"
    diagnosis = findings.diagnose_run(result)
    assert diagnosis.errors == [], [d.message for d in diagnosis.errors]
    hazards = [e for e in diagnosis.audit.entries if e.verdict == "hazard"]
    assert hazards == [], [(e.node_id, e.reason) for e in hazards]


def _header_fix(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("// Code fix: "):
            return line.removeprefix("// Code fix: ").strip()
    return None


WRITTEN = sorted(p for p in (TESTS / "agreement").glob("*.rs") if _header_fix(p))
"""Programs of tests/agreement whose header names the fix that works (derived by hand there):
the run must write it as code, and the edited program must run."""


@pytest.mark.parametrize("path", WRITTEN, ids=lambda p: p.name)
def test_the_fix_that_works_is_written_as_code(path, once):
    result = run_case(Case.file(path))
    (error, *_) = [d for d in findings.diagnose_run(result).errors if d.level == "error"]
    fix_of = rule_named(error.rule).fix_of
    kinds = [(fix_of(h.message), h) for h in error.helps]
    written = [h for kind, h in kinds if kind is not None and kind.name == _header_fix(path)]
    assert written and written[0].edits, [h.message for h in error.helps]
    assert written[0].checked is not None and written[0].checked.ok, written[0].checked


PANICKING = sorted(
    p for p in (TESTS / "agreement").glob("*.rs") if "Runs clean" not in p.read_text()
)


@pytest.mark.parametrize("path", PANICKING, ids=lambda p: p.name)
def test_the_panic_names_the_tensor_by_what_holds_it(path):
    """A tensor kept in a struct's field, a `Vec` or an `Option` is named by its path there
    (`self.h`, `preds[0]`), not left unnamed."""
    result = run_case(Case.file(path))
    assert result.panic is not None and result.panic.node_id is not None, path
    assert result.panic.label is not None, f"{path}: NodeId({result.panic.node_id}) unnamed"


def _header_not_fix(path: Path) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("// Not a fix: "):
            return line.removeprefix("// Not a fix: ").strip()
    return None


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (TESTS / "agreement").glob("*.rs") if _header_not_fix(p)),
    ids=lambda p: p.name,
)
def test_the_run_does_not_say_a_fix_that_still_panics_applies(path, once):
    """The header names a fix that, made, still panics (derived by hand there): the run does
    not lead with it as the fix that applies here."""
    result = run_case(Case.file(path))
    (error, *_) = [d for d in findings.diagnose_run(result).errors if d.level == "error"]
    said = [h.message for h in error.helps if h.message.startswith(f"{_header_not_fix(path)}:")]
    assert said == [], said


@pytest.mark.parametrize("path", sorted((TESTS / "agreement").glob("*.rs")), ids=lambda p: p.name)
def test_the_run_says_each_finding_once(path, once):
    """A statement that ran in several passes makes one finding: the run's diagnostics say it
    once, and none names a bare node id where a binding holds the tensor."""
    result = run_case(Case.file(path))
    diagnosis = findings.diagnose_run(result)
    said = [(d.rule, d.name, d.message) for d in [*diagnosis.errors, *diagnosis.audit.warnings]]
    assert len(said) == len(set(said)), said
    assert not any("`NodeId(" in message for _, _, message in said), said


def test_each_header_table_of_the_agreement_programs_is_read():
    """The tests above are parametrized by headers of tests/agreement: a header spelled another
    way would leave a table empty and its test skipped, never failing."""
    not_fix = [p for p in (TESTS / "agreement").glob("*.rs") if _header_not_fix(p)]
    assert CLEAN and WRITTEN and PANICKING and not_fix, (CLEAN, WRITTEN, PANICKING, not_fix)


PIPED = [
    *(
        TESTS / "agreement" / name
        for name in (
            "normalizer_method_field.rs",
            "params_nested_vec.rs",
            "losses_vec.rs",
            "lstm_two_fields.rs",
            "saved_log_probs_kept.rs",
        )
    ),
    *sorted(
        p.with_suffix(".rs")
        for p in (TESTS / "burn022").glob("*.stderr")
        if "graph tape has already been consumed" in p.read_text(encoding="utf-8")
    ),
]
"""Programs whose output is piped into `explain -` from a crate of their own: real Burn's
(tests/burn022, its recorded stdout and stderr) or, for programs not run on real Burn,
`pbpit run`'s (its panic as Rust prints it)."""


@pytest.mark.parametrize("path", PIPED, ids=lambda p: str(p.relative_to(TESTS)))
def test_explain_of_the_programs_output_names_the_runs_rule_and_binding(path, once, tmp_path):
    """The program's panic (no backtrace) read by `explain -` in the program's crate: the
    finding it gives first is the run's rule and binding, said alike."""
    import io

    from pbpit.program_output import explain_stream
    from pbpit.rust.panic import panic_block

    result = run_case(Case.file(path))
    assert result.panic is not None, path
    (error, *_) = [d for d in findings.diagnose_run(result).errors if d.level == "error"]
    crate = tmp_path / "crate"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text('[package]\nname = "piped"\nversion = "0.1.0"\n')
    (crate / "src" / "main.rs").write_text(path.read_text(encoding="utf-8"))
    real = path.with_suffix(".stderr")
    if real.is_file():
        log = path.with_suffix(".stdout").read_text(encoding="utf-8") + real.read_text("utf-8")
    else:
        log = result.stdout + panic_block(result.panic.message, result.panic.location, 1)
    explained = explain_stream(io.BytesIO(log.encode()), str(crate))
    (diagnosis,) = explained.diagnoses
    first = (diagnosis.exact or diagnosis.likely)[0]
    assert (first.rule, first.name) == (error.rule, error.name), (first.rule, first.name)
    assert _first_named(first.message) == _first_named(error.message), first.message
