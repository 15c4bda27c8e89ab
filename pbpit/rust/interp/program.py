"""An interpreter for the subset of Rust that Burn snippets use, running on pbpit's engine.

`load(path)` reads, parses and checks the whole file (`docs/RUST_SUBSET.md` lists the subset);
`Program.run` runs its `fn main()`. A program prints exactly what the Rust program prints:
numbers typed as rustc types them, f32 arithmetic rounded per operation, Burn's node ids.

    program = load("twice.rs")
    program.run(sys.stdout, sys.stderr)  # Panic at NodeId(2), as Burn

The work is done in stages, one module each: `lower` (tree-sitter's tree to the interpreter's
`nodes`, refusing what is outside the subset), `check` (types, with Rust's inference for
literals), `known_panics` (the operations rustc refuses as always panicking), `compile` and
`library` (closures over frames, on the engine; `runtime` the values they share). `numbers` is
Rust's arithmetic, `format` its `format!`, `pbpit.rust.columns` rustc's columns (characters in
diagnostics, display columns in panic locations).
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterator
from typing import TextIO

from pbpit.collector import paused
from pbpit.engine.server import Panic
from pbpit.rust.interp import results, vec_index_conflicts
from pbpit.rust.interp.check import check_each
from pbpit.rust.interp.compile import Compiler
from pbpit.rust.interp.grammar import check_grammar
from pbpit.rust.interp.known_panics import refuse_known_panics
from pbpit.rust.interp.loop_borrows import refuse_mutation_while_iterating
from pbpit.rust.interp.lower import escape_refusal, lower
from pbpit.rust.interp.mod_files import ModFiles, read_crate
from pbpit.rust.interp.moves import check_moves
from pbpit.rust.interp.nodes import Refusals, Unsupported
from pbpit.rust.interp.runtime import Hooks, Runtime
from pbpit.rust.syntax import (
    RustFile,
    RustReadError,
    RustSyntaxError,
    parse_bytes,
)

__all__ = ["Hooks", "Program", "Refusals", "RustReadError", "Unsupported", "load", "load_text"]

# Each nesting level of the program (a method chain, a block) costs a few Python frames, at load
# and at run time: room for deep programs and recursive functions.
RECURSION_LIMIT = 50_000
# Running: room for `MAX_RUST_CALLS` nested Rust calls of a dozen Python frames each, on a thread
# whose C stack holds them even where each Python frame recurses in C (about 560 bytes each).
RUN_RECURSION_LIMIT = 2_500_000
RUN_STACK_BYTES = 2 << 30


@contextlib.contextmanager
def _deep_recursion() -> Iterator[None]:
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


class Program:
    """A checked Rust file, ready to run (as many times as wanted)."""

    def __init__(self, path: str, compiler: Compiler, runtime: Runtime) -> None:
        self.path = path
        self._compiler = compiler
        self._runtime = runtime
        self.crate_files: ModFiles | None = None
        """The crate's `mod name;` files, when it has them."""
        self.lines: list[int] = runtime.lines
        """While running: per active Rust function frame, outermost first, the line of the
        statement it is executing."""

    def run(self, stdout: TextIO, stderr: TextIO, hooks: Hooks | None = None) -> int:
        """Run `fn main()`: the exit status (1 when `main` returns an `Err`, printed on
        `stderr` as std prints it; else 0). Burn's panics and the program's own (`unwrap` on
        `None`, a failed `assert!`, integer overflow...) raise `pbpit.engine.server.Panic`;
        `Unsupported` for what only running reveals (the engine cannot broadcast those
        shapes...)."""
        rt = self._runtime
        rt.stdout, rt.stderr, rt.hooks = stdout, stderr, hooks
        del rt.lines[:]
        self._compiler.reset()
        main = self._compiler.fn_cells["main"][0]
        returned: list = []
        try:
            _on_deep_stack(lambda: returned.append(main([])))
            return results.main_status(returned[0], stderr, self._compiler.crate.fns["main"].ret)
        except Panic as err:
            if self.crate_files is not None:  # a panic in a module file names that file
                err.location = self.crate_files.where(err.location)
            raise
        except Unsupported as err:
            if self.crate_files is not None:
                self.crate_files.place(err)
            raise
        finally:
            rt.hooks = None


def _on_deep_stack(run: Callable[[], object]) -> None:
    """`run()` on a thread with a C stack deep enough for `RUN_RECURSION_LIMIT` Python frames
    (the main thread's 8 MiB would overflow, killing the process, long before), its exception
    raised here."""
    failure: list[BaseException] = []

    def target() -> None:
        try:
            run()
        except BaseException as err:  # noqa: BLE001 - handed to the calling thread as it is
            failure.append(err)

    previous_stack = threading.stack_size(RUN_STACK_BYTES)
    previous_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous_limit, RUN_RECURSION_LIMIT))
    try:
        thread = threading.Thread(target=target, name="main", daemon=True)
        thread.start()
        thread.join()
    finally:
        threading.stack_size(previous_stack)
        sys.setrecursionlimit(previous_limit)
    if failure:
        raise failure[0].with_traceback(failure[0].__traceback__)


def _program(source: RustFile, crate_files: ModFiles | None = None) -> Program:
    """The checked program of `source`; `crate_files` when it is a crate root with its
    `mod name;` files spliced in (positions in what is refused or panics are put back in the
    user's files)."""
    if crate_files is None or not crate_files.spans:
        return _checked(source, [])
    try:
        program = _checked(source, crate_files.missing, crate_files.order)
    except Unsupported as err:
        for one in getattr(err, "refusals", [err]):
            crate_files.place(one)
        if err not in getattr(err, "refusals", [err]):
            crate_files.place(err)
        raise
    except RustSyntaxError as err:
        raise RustSyntaxError(crate_files.where(str(err))) from None
    program.crate_files = crate_files
    return program


def _checked(
    source: RustFile,
    missing: list[Unsupported],
    order: Callable[[str, int, int], tuple[int, ...]] | None = None,
) -> Program:
    error = source.first_error()
    if error is not None:
        node, what = error
        refused = escape_refusal(source, node)
        if refused is not None:
            raise refused
        raise RustSyntaxError(f"{source.where(node)}: {what}")
    # Loading makes millions of long-lived objects and no garbage cycles: pause the collector.
    with _deep_recursion(), paused():
        check_grammar(source)
        crate, refused, tainted = lower(source)
        refused += missing + check_each(crate, tainted)
        if refused:
            raise _every_refusal(source, refused, order)
        try:
            vec_index_conflicts.as_vec_borrows(crate)  # E0506 at `v[i] = ..` of a `Vec`: E0502
            check_moves(crate)
            refuse_mutation_while_iterating(crate)  # `for x in v.iter() { v.push(..) }`
            refuse_known_panics(crate)
        except Unsupported as err:
            raise _every_refusal(source, getattr(err, "refusals", [err]), order) from None
        runtime = Runtime(source.path)
        compiler = Compiler(crate, runtime)
        compiler.compile()
    return Program(source.path, compiler, runtime)


# Where a refusal's span may end: not past the statement that holds it.
_STATEMENTS = ("expression_statement", "let_declaration", "block", "source_file")


def _every_refusal(
    source: RustFile,
    refused: list[Unsupported],
    order: Callable[[str, int, int], tuple[int, ...]] | None = None,
) -> Refusals:
    """The refusals in source order (in a crate, rustc's: a missing module file first, then a
    module's errors where it is declared, `order`), once each, each with the end of its span
    (the checker knows where an expression starts: it ends where the outermost node starting
    there ends)."""
    seen: dict[tuple[bool, tuple[int, ...], str], Unsupported] = {}
    for err in refused:
        path, line, column = err.place
        at = (line, column) if order is None else order(path, line, column)
        # rustc finds a missing module file as it reads the crate, before it checks a type
        seen.setdefault((err.code != "E0583", at, err.what), err)
    ordered = [seen[key] for key in sorted(seen)]
    for err in ordered:
        if err.end is None:
            err.end = _span_end(source, *err.place[1:])
    return Refusals(ordered)


def _span_end(source: RustFile, line: int, column: int) -> tuple[int, int] | None:
    lines = source.lines
    if not 1 <= line <= len(lines):
        return None
    start = source.columns.line_start(line - 1) + len(lines[line - 1][: column - 1].encode())
    node = source.root.descendant_for_byte_range(start, start)
    if node is None or node.start_byte != start:
        return None
    while (
        node.parent is not None
        and node.parent.start_byte == start
        and node.parent.type not in _STATEMENTS
    ):
        node = node.parent
    return source.position(node.end_byte)


def load(path: str) -> Program:
    """Read, parse and check the whole file. `RustReadError` if it cannot be read or parsed
    (`file:line:col: <what>` for a syntax error), `Unsupported` for Rust outside the subset."""
    return _program(*_crate_root(path))


def _crate_root(path: str) -> tuple[RustFile, ModFiles]:
    crate_files = read_crate(path)
    return crate_files.source, crate_files


def load_text(text: str, path: str = "main.rs") -> Program:
    """`load` for source held in memory; `path` names it in messages and panic locations."""
    return _program(parse_bytes(text.encode("utf-8"), path))
