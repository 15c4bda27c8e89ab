"""The kernels' disk cache: a damaged cache is recompiled, an unwritable one is replaced by a
private per-user one, and a directory someone else could write is never read."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pbpit
from pbpit.engine.kernel_cache import choose_cache_dir, is_private

# Large enough for the numba `exp` kernel (f32.SMALL is 2048 elements); sum of e**1 over 5000.
LARGE_CASE = """\
import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.ones([5000], device).require_grad()
y = x.exp().sum()
print(pb.rust_debug(y.into_scalar()))
"""
# 5000 * 2.7182817f32, summed in Flex's AVX2 order (the case runs for an avx2 target): 64 lanes
# of 78 ones each, then the tail.
EXPECTED = "13591.404\n"


def run_large_case(tmp_path: Path, env: dict[str, str], package: Path | None = None):
    case = tmp_path / "mid.py"
    case.write_text(LARGE_CASE)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_", "XDG_"))}
    base["PYTHONDONTWRITEBYTECODE"] = "1"
    if package is not None:
        base["PYTHONPATH"] = str(package)
    return subprocess.run(
        [sys.executable, "-m", "pbpit", "run", str(case), "--target", "cpu=avx2"],
        capture_output=True,
        text=True,
        env={**base, **env},
        cwd=tmp_path,
    )


def cache_files(directory: Path) -> list[Path]:
    return sorted(p for p in directory.rglob("*") if p.suffix in (".nbi", ".nbc"))


def package_without_in_tree_cache(tmp_path: Path) -> Path:
    """A copy of pbpit whose `engine/__pycache__` is a file: as for a read-only install, numba
    cannot cache beside the source (tests run as root, who may write anywhere else)."""
    root = tmp_path / "site"
    shutil.copytree(
        Path(pbpit.__file__).parent, root / "pbpit", ignore=shutil.ignore_patterns("__pycache__")
    )
    (root / "pbpit" / "engine" / "__pycache__").write_text("not a directory\n")
    return root


def a_path_that_cannot_be_made(tmp_path: Path) -> Path:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    return blocker / "cache"


@pytest.fixture(scope="module")
def compiled_cache(tmp_path_factory) -> Path:
    """A cache the large case filled, compiling its kernels (seconds of CPU): made once for the
    tests that damage a copy of it."""
    where = tmp_path_factory.mktemp("compiled")
    cache = where / "cache"
    assert run_large_case(where, {"NUMBA_CACHE_DIR": str(cache)}).stdout == EXPECTED
    return cache


def a_copy_of(compiled: Path, tmp_path: Path) -> Path:
    cache = tmp_path / "cache"
    shutil.copytree(compiled, cache)
    return cache


def test_garbled_cache_files_are_discarded_and_recompiled(tmp_path, compiled_cache):
    cache = a_copy_of(compiled_cache, tmp_path)
    env = {"NUMBA_CACHE_DIR": str(cache)}
    files = cache_files(cache)
    assert {p.suffix for p in files} == {".nbi", ".nbc"}
    for path in files:
        if path.suffix == ".nbi":
            path.write_bytes(b"")  # truncated to nothing
        else:
            data = bytearray(path.read_bytes())
            data[len(data) // 2 : len(data) // 2 + 64] = b"\xff" * 64
            path.write_bytes(bytes(data))
    again = run_large_case(tmp_path, env)
    assert (again.returncode, again.stdout, again.stderr) == (0, EXPECTED, "")
    # The entries were written afresh: the next run loads them instead of compiling.
    stamps = {p: p.stat().st_mtime_ns for p in cache_files(cache)}
    assert run_large_case(tmp_path, env).stdout == EXPECTED
    assert {p: p.stat().st_mtime_ns for p in cache_files(cache)} == stamps


def test_truncated_data_file_is_discarded(tmp_path, compiled_cache):
    cache = a_copy_of(compiled_cache, tmp_path)
    env = {"NUMBA_CACHE_DIR": str(cache)}
    for path in cache_files(cache):
        if path.suffix == ".nbc":
            path.write_bytes(path.read_bytes()[:100])
    again = run_large_case(tmp_path, env)
    assert (again.returncode, again.stdout, again.stderr) == (0, EXPECTED, "")


def test_unwritable_numba_cache_dir_falls_back_to_a_private_one(tmp_path):
    package = package_without_in_tree_cache(tmp_path)
    nowhere = a_path_that_cannot_be_made(tmp_path)
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {
        "NUMBA_CACHE_DIR": str(nowhere),
        "XDG_CACHE_HOME": str(nowhere),
        "HOME": str(nowhere),
        "TMPDIR": str(temp),
    }
    done = run_large_case(tmp_path, env, package)
    assert (done.returncode, done.stdout, done.stderr) == (0, EXPECTED, "")
    private = temp / f"pbpit-numba-{os.getuid()}"
    assert is_private(private)
    assert cache_files(private)


def test_fallback_cache_is_per_user_and_private(tmp_path):
    package = package_without_in_tree_cache(tmp_path)
    done = run_large_case(tmp_path, {"XDG_CACHE_HOME": str(tmp_path / "xdg")}, package)
    assert (done.returncode, done.stdout) == (0, EXPECTED)
    private = tmp_path / "xdg" / "pbpit" / "numba"
    assert (private.stat().st_mode & 0o777) == 0o700
    assert private.stat().st_uid == os.getuid()
    assert cache_files(private)


@pytest.mark.parametrize(
    "unsafe",
    [
        "world-writable",
        # the same test of the mode as world-writable's (is_private: S_IWGRP | S_IWOTH), checked
        # in this process below; the whole run (a kernel compiled, seconds) in `pytest -m slow`
        pytest.param("group-writable", marks=pytest.mark.slow),
        "someone else's",
    ],
)
def test_a_fallback_cache_others_can_write_is_never_read(tmp_path, unsafe):
    package = package_without_in_tree_cache(tmp_path)
    temp = tmp_path / "tmp"
    planted = temp / f"pbpit-numba-{os.getuid()}"
    planted.mkdir(parents=True)
    if unsafe == "world-writable":
        planted.chmod(0o777)
    elif unsafe == "group-writable":
        planted.chmod(0o770)
    else:
        os.chown(planted, 65534, 65534)
        planted.chmod(0o755)
    nowhere = a_path_that_cannot_be_made(tmp_path)
    env = {"XDG_CACHE_HOME": str(nowhere), "HOME": str(nowhere), "TMPDIR": str(temp)}
    done = run_large_case(tmp_path, env, package)
    assert (done.returncode, done.stdout, done.stderr) == (0, EXPECTED, "")
    assert list(planted.iterdir()) == []


@pytest.mark.parametrize("mode", [0o777, 0o770, 0o720, 0o702])
def test_a_directory_others_can_write_is_not_private(tmp_path, mode):
    planted = tmp_path / "planted"
    planted.mkdir()
    planted.chmod(0o700)
    assert is_private(planted)
    planted.chmod(mode)
    assert not is_private(planted)


def test_numba_cache_dir_is_used_when_writable(tmp_path):
    chosen = tmp_path / "mine"
    assert choose_cache_dir({"NUMBA_CACHE_DIR": str(chosen)}, tmp_path / "pkg") == (chosen, True)


def test_a_symlink_is_not_a_private_directory(tmp_path):
    target = tmp_path / "target"
    target.mkdir(mode=0o700)
    (tmp_path / "link").symlink_to(target)
    assert is_private(target)
    assert not is_private(tmp_path / "link")
