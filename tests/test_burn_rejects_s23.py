"""Training programs (Burn 0.22's `Tensor<2>`/`Device` dialect and the older `Tensor<B, D>`) of
the shapes rustc rejects that pbpit ran (issue 26, session 23's fixer E): a tuple pattern of
two given a function's three (E0308), `Option<Tensor<B, 1>>` given back as `history.last()`'s
`Option<&Tensor<B, 1>>` (E0308), `kept.push(*n)` of an item of `nets.iter()` of a module not
`Copy` (E0507), `best[i] = Some(x)` of an item of `xs.iter()` into `Vec<Option<Tensor<1>>>`
(E0308); and one rustc accepts: `pass_through(&w)` of `fn pass_through<T>(t: T) -> T`.

Each has a twin beside it (`*_twin.rs`): the same shape with a small struct of std's for the
tensor and the module, which rustc builds; its first error code is the verdict expected of the
Burn program (`test_the_twins_are_rustcs_verdicts`, where rustc is on PATH). The accepted one's
output is derived by hand: the gradient of `(w * 2).sum()` is 2 for each element of `w`."""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from pbpit_process import pbpit_run
from record_rustc import Refused, find_rustc

HERE = Path(__file__).parent / "burn_rejects_s23"

REJECTED = {
    "tuple_arity_moments": "E0308",
    "option_ref_latest_old_dialect": "E0308",
    "deref_move_module_snapshot": "E0507",
    "element_some_item_tensor": "E0308",
}

ACCEPTED = {
    "generic_ref_pass_through": "[2.0, 2.0, 2.0, 2.0]\n[0.5, 1.5, 2.0, -1.0]\n",
}


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_pbpit_refuses_with_rustcs_code(name: str) -> None:
    status, out, err = pbpit_run(HERE / f"{name}.rs")
    assert status == 2 and out == "", (status, out, err)
    assert re.findall(r"^error\[(E\d{4})\]", err, re.M)[:1] == [REJECTED[name]], err


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_pbpit_runs_what_rustc_accepts(name: str) -> None:
    status, out, err = pbpit_run(HERE / f"{name}.rs")
    assert (status, out) == (0, ACCEPTED[name]), err


@pytest.mark.slow
def test_the_twins_are_rustcs_verdicts() -> None:
    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    found = {}
    with tempfile.TemporaryDirectory(prefix="burn_twins_") as folder:
        for name in sorted({**REJECTED, **ACCEPTED}):
            binary = Path(folder) / name
            twin = HERE / f"{name}_twin.rs"
            built = subprocess.run(
                [rustc, "--edition", "2021", "-o", str(binary), str(twin)],
                capture_output=True,
                text=True,
                check=False,
            )
            codes = re.findall(r"^error\[(E\d{4})\]", built.stderr, re.M)
            found[name] = codes[0] if codes else "ran" if built.returncode == 0 else "?"
    assert found == {**REJECTED, **{name: "ran" for name in ACCEPTED}}
