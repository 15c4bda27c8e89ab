"""`std::any::type_name::<T>()` names a struct of the program by its crate's path: the file's
stem for `rustc main.rs` (goldens `tests/rust/std/type_name.rs`), the package's name for cargo's
`src/main.rs` (`cargo run` of the crate below printed `my_app::Point`, rustc 1.95)."""

from __future__ import annotations

from pbpit_process import pbpit_cli


def test_a_cargo_crates_struct_is_named_by_its_package(tmp_path):
    (tmp_path / "Cargo.toml").write_text(
        '[package]\nname = "my-app"\nversion = "0.1.0"\nedition = "2021"\n'
    )
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.rs").write_text(
        'struct Point;\nfn main() {\n    println!("{}", std::any::type_name::<Point>());\n}\n'
    )
    out = pbpit_cli("run", "src/main.rs", cwd=tmp_path)
    assert (out.returncode, out.stdout) == (0, "my_app::Point\n"), out.stderr
