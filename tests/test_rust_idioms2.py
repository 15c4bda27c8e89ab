"""More trainer-style Rust run as written: `model.valid()` on a type parameter bounded by
`AutodiffModule<B>`, `Err(..)` in functions returning `Result<T, Box<dyn Error>>` (and `main`
returning one), Burn's `Shape` from `tensor.shape()`.

Each expectation comes from outside pbpit: the std-only programs' outputs, stderr and exit
statuses were recorded from rustc 1.95 (`rustc --edition 2021`, the program run); Burn's parts
from Burn's source (burn-core's `AutodiffModule`, cubecl-zspace's `Shape` at the revision
Burn 0.22 pins) and the outputs of tests/programs, derived outside pbpit.
"""

from __future__ import annotations

from pathlib import Path

from pbpit_process import pbpit_cli
from test_rust_idioms import GENERIC_STEP

PROGRAMS = Path(__file__).resolve().parent / "programs"


def _run(tmp_path: Path, source: str):
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    return pbpit_cli("run", "--raw", "main.rs", cwd=tmp_path)


# -- `valid()` of `M: AutodiffModule<B>` ----------------------------------------------------------

EVAL_HELPER = """\
/// The model as evaluation sees it: burn-core's `AutodiffModule::valid`, for any module.
fn freeze<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) -> usize {
    let frozen = model.valid();
    let _copy = frozen.clone();
    let _again = model.clone();
    1
}

"""


def test_valid_of_a_generic_autodiff_module_runs(tmp_path):
    # burn-core: `trait AutodiffModule<B> { fn valid(&self) -> Self::InnerModule; }`, and
    # `Module: Clone`. The helper changes nothing the loop computes: the run is adamw_valid's.
    source = GENERIC_STEP.replace("fn main() {", EVAL_HELPER + "fn main() {").replace(
        "        let valid = model.valid();\n",
        "        let valid = model.valid();\n        let _frozen = freeze(&model);\n",
    )
    assert "freeze(&model)" in source
    out = _run(tmp_path, source)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, (PROGRAMS / "adamw_valid.stdout").read_text())


def test_valid_of_the_inner_module_and_other_module_methods_are_refused(tmp_path):
    # `InnerModule: Module<B::InnerBackend>` has no `valid`; Burn's `num_params` is outside the
    # subset: neither may be claimed as rustc's E0599 (rustc runs `num_params`).
    for body, method in (
        ("model.valid().valid();", "valid"),
        ("model.num_params();", "num_params"),
    ):
        source = GENERIC_STEP.replace(
            "fn main() {",
            "fn probe<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) {\n"
            f"    {body}\n}}\n\nfn main() {{",
        )
        out = _run(tmp_path, source)
        assert out.returncode == 2, body
        assert f"unsupported Rust: the method `{method}` of the module `M" in out.stderr
        assert "E0599" not in out.stderr
