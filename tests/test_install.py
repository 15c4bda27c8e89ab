"""A plain (non-editable) install carries the cases and runs from any directory."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


# What a fresh clone does not have: a build left here by an earlier install could carry modules
# the tree no longer has into the installed package.
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("source") / "pbpit"
    shutil.copytree(REPO, source, ignore=NOT_SOURCE)
    target = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--target",
            str(target),
            str(source),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path_factory.mktemp("build"),
    )
    assert build.returncode == 0, build.stderr
    return target


def run_installed(site: Path, cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, "PYTHONPATH": str(site), **env}
    return subprocess.run(
        [sys.executable, "-m", "pbpit", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment,
    )


def test_installed_package_carries_the_cases_and_their_rust_twins(installed):
    stems = ["double_backward", "shared_loss", "twice", "twice_fix"]
    cases = installed / "pbpit" / "cases"
    assert sorted(p.name for p in cases.glob("*.py")) == [f"{s}.py" for s in stems]
    assert sorted(p.name for p in cases.glob("*.rs")) == [f"{s}.rs" for s in stems]


def test_installed_pbpit_runs_a_rust_twin_from_any_directory(installed, tmp_path):
    result = run_installed(installed, tmp_path, "run", "twice.rs", "--raw")
    assert result.returncode == 101
    assert result.stdout == "step 0: w.grad = Some([1.6487212, 2.7182817])\n"


def test_installed_pbpit_runs_twice_from_any_directory(installed, tmp_path):
    result = run_installed(installed, tmp_path, "run", "twice", "--raw")
    assert result.returncode == 101
    assert result.stdout == "step 0: w.grad = Some([1.6487212, 2.7182817])\n"
    assert "NodeId(2)" in result.stderr
    assert str(REPO) not in result.stderr


def read_only_view(site: Path, view: Path) -> list[str] | None:
    """A shell prefix that shows `site` read-only at `view`, in a private mount namespace."""
    if shutil.which("unshare") is None:
        return None
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    if probe.returncode != 0:
        return None
    view.mkdir()
    mounts = f'mount --bind {site} {view} && mount -o remount,ro,bind {view} && exec "$@"'
    return ["unshare", "-m", "sh", "-c", mounts, "sh"]


LARGE_CASE = """\
import numpy as np
import pbpit as pb

device = pb.Device.flex().autodiff()
x = pb.Tensor.from_floats(np.full(5000, 0.5, dtype=np.float32), device).require_grad()
loss = x.exp().sum()
loss.backward()
print(pb.rust_display(loss.into_scalar()))
"""


def test_read_only_install_caches_elsewhere_and_prints_no_warning(installed, tmp_path):
    view = tmp_path / "ro-site"
    prefix = read_only_view(installed, view)
    if prefix is None:
        pytest.skip("needs a private mount namespace (unshare -m) to make a read-only install")
    for stale in installed.rglob("*.nb[ic]"):
        stale.unlink()
    case = tmp_path / "large.py"
    case.write_text(LARGE_CASE)  # big enough for the compiled kernels
    cache_home = tmp_path / "cache-home"
    env = {**os.environ, "PYTHONPATH": str(view), "XDG_CACHE_HOME": str(cache_home)}
    env.pop("NUMBA_CACHE_DIR", None)
    result = subprocess.run(
        [*prefix, sys.executable, "-m", "pbpit", "run", str(case), "--raw"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert float(result.stdout) == pytest.approx(5000 * 1.6487212, rel=1e-5)
    assert list((cache_home / "pbpit" / "numba").rglob("*.nbi"))


@pytest.mark.skipif(shutil.which("cargo") is None, reason="needs cargo on PATH")
def test_installed_cargo_subcommand_lints_the_crate_at_the_working_directory(installed, tmp_path):
    # cargo finds `cargo pbpit` as the `cargo-pbpit` script the install puts beside `pbpit`.
    assert (installed / "bin" / "cargo-pbpit").is_file()
    crate = tmp_path / "trainer"
    (crate / "src").mkdir(parents=True)
    (crate / "Cargo.toml").write_text('[package]\nname = "trainer"\nversion = "0.1.0"\n')
    (crate / "src" / "main.rs").write_text((REPO / "cases" / "twice.rs").read_text())
    environment = {
        **os.environ,
        "PYTHONPATH": str(installed),
        "PATH": f"{installed / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    result = subprocess.run(
        ["cargo", "pbpit", "lint", "--message-format", "json"],
        capture_output=True,
        text=True,
        cwd=crate,
        env=environment,
    )
    assert result.returncode == 1, result.stderr
    first, *_, last = result.stdout.splitlines()
    assert '"reason":"compiler-message"' in first and '"file_name":"src/main.rs"' in first
    assert last == '{"reason":"build-finished","success":false}'
