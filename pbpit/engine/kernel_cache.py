"""Where the compiled kernels are kept between runs, and a disk cache that cannot break a run.

numba's own cache (`cache=True`) fails a compile when its files are truncated or garbled, when
no directory it knows is writable, or when a save fails; and its files are pickles, so it must
never read a directory someone else can write. The cache here keeps numba's file layout but:

- each file carries a SHA-256 of its contents: a file that does not match (truncated, garbled,
  written by another numba) is discarded and the kernel recompiled;
- a load or save that fails for any other reason is a slower start, never an error;
- the directory is `NUMBA_CACHE_DIR` when it can be written, else the package's `__pycache__`
  when that can, else a per-user directory (`$XDG_CACHE_HOME/pbpit/numba`, `~/.cache/pbpit/numba`,
  or `$TMPDIR/pbpit-numba-UID`) made with mode 0700; one owned by another user or writable by
  group or others is refused, and the kernels are then compiled afresh on every run.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from numba.core import caching
from numba.core.serialize import dumps

_DIGEST = hashlib.sha256().digest_size


def _writable(directory: Path, mode: int = 0o777) -> bool:
    """Whether `directory` exists or can be made, and a file can be created in it."""
    try:
        directory.mkdir(mode=mode, parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=directory).close()
    except OSError:
        return False
    return True


def is_private(directory: Path) -> bool:
    """Whether `directory` is a real directory (not a link) owned by this user that nobody else
    can write: only such a directory's pickles are safe to load."""
    try:
        info = directory.lstat()
    except OSError:
        return False
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return False
    return not hasattr(os, "getuid") or info.st_uid == os.getuid()


def private_cache_dirs(environ: Mapping[str, str]) -> list[Path]:
    """The per-user directories to try, in order."""
    candidates = []
    xdg = environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(xdg):
        candidates.append(Path(xdg) / "pbpit" / "numba")
    home = environ.get("HOME", "")
    if os.path.isabs(home):
        candidates.append(Path(home) / ".cache" / "pbpit" / "numba")
    user = os.getuid() if hasattr(os, "getuid") else "user"
    candidates.append(Path(tempfile.gettempdir()) / f"pbpit-numba-{user}")
    return candidates


def choose_cache_dir(environ: Mapping[str, str], package_dir: Path) -> tuple[Path, bool] | None:
    """The directory to cache the kernels of `package_dir` in, and whether it is shared (so each
    source file gets a subdirectory of its own, as numba does); None for no disk cache."""
    chosen = environ.get("NUMBA_CACHE_DIR", "")
    if chosen and _writable(Path(chosen)):
        return Path(chosen), True
    if _writable(package_dir / "__pycache__"):
        return package_dir / "__pycache__", False
    for candidate in private_cache_dirs(environ):
        try:
            candidate.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            candidate.mkdir(mode=0o700, exist_ok=True)
        except OSError:
            continue
        # An existing directory someone else made or can write: its pickles could run their code.
        if not is_private(candidate) or not _writable(candidate):
            return None
        return candidate, True
    return None


_where: tuple[Path, bool] | None = None


class _Locator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
    """numba's files for one kernel, in the directory `choose_cache_dir` picked."""

    def __init__(self, py_func: Callable, py_file: str) -> None:
        assert _where is not None
        directory, shared = _where
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(
            directory / self.get_suitable_cache_subpath(py_file) if shared else directory
        )

    def get_cache_path(self) -> str:
        return self._cache_path

    @classmethod
    def from_function(cls, py_func: Callable, py_file: str) -> _Locator | None:
        return cls(py_func, py_file) if _where is not None else None


class _Impl(caching.CompileResultCacheImpl):
    _locator_classes = [_Locator]


class _CheckedFiles(caching.IndexDataCacheFile):
    """numba's index and data files, each preceded by the SHA-256 of the rest."""

    def _load_index(self) -> dict:
        try:
            version, stamp, overloads = self._read_checked(self._index_path)
        except FileNotFoundError:
            return {}
        if version != self._version or stamp != self._source_stamp:
            return {}
        return overloads

    def _save_index(self, overloads: dict) -> None:
        self._write_checked(self._index_path, (self._version, self._source_stamp, overloads))

    def _load_data(self, name: str):
        return self._read_checked(self._data_path(name))

    def _save_data(self, name: str, data) -> None:
        self._write_checked(self._data_path(name), data)

    def _read_checked(self, path: str):
        with open(path, "rb") as f:
            content = f.read()
        digest, payload = content[:_DIGEST], content[_DIGEST:]
        if hashlib.sha256(payload).digest() != digest:
            raise CorruptCacheFile(path)
        return pickle.loads(payload)

    def _write_checked(self, path: str, obj) -> None:
        payload = dumps(obj)
        with self._open_for_write(path) as f:
            f.write(hashlib.sha256(payload).digest() + payload)


class CorruptCacheFile(Exception):
    """A cache file whose contents do not match their checksum."""


class KernelCache(caching.FunctionCache):
    """numba's per-function cache with checked files, where every failure means "not cached"."""

    _impl_class = _Impl

    def __init__(self, py_func: Callable) -> None:
        super().__init__(py_func)
        self._cache_file = _CheckedFiles(
            cache_path=self._cache_path,
            filename_base=self._impl.filename_base,
            source_stamp=self._impl.locator.get_source_stamp(),
        )

    def load_overload(self, sig, target_context):
        try:
            return super().load_overload(sig, target_context)
        except Exception:
            self._discard()
            return None

    def save_overload(self, sig, data) -> None:
        try:
            super().save_overload(sig, data)
        except Exception:
            # A full disk or a vanished directory: the kernel just stays uncached.
            self._discard()

    def _discard(self) -> None:
        """Forget every entry of this kernel (its data files are overwritten when next saved)."""
        try:
            os.unlink(self._cache_file._index_path)
        except OSError:
            pass


def use_cache_dir(where: tuple[Path, bool] | None) -> None:
    """Cache the kernels compiled from now on in `where` (as `choose_cache_dir` returns it)."""
    global _where
    _where = where


def attach_cache(dispatcher) -> None:
    """Give a kernel compiled without numba's `cache=True` the disk cache, if there is one."""
    if _where is None:
        return
    try:
        dispatcher._cache = KernelCache(dispatcher.py_func)
    except Exception:
        # No usable locator after all: compile on every run, as without a cache.
        return
