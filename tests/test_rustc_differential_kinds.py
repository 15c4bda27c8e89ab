"""`tools/rustc_differential.py --kind K` (every site of one kind of mutation, in order) and
`--json` (the result as one JSON object)."""

from __future__ import annotations

import json

import rustc_differential as diff


def test_a_kind_is_every_site_of_it_in_every_program():
    made = diff.sites("drop a clone")
    expected = sum(len(diff._program(name)[1].get("drop a clone", [])) for name in diff.programs())
    assert len(made) == expected > 0
    assert [m.name for m in made[:2]] == ["drop a clone#0", "drop a clone#1"]
    for one in made:
        original = (diff.STD_DIR / one.program).read_text(encoding="utf-8")
        assert one.kind == "drop a clone" and ".clone()" in one.before
        assert one.text.decode() != original
        assert one.text.decode() == original.replace(one.before, one.after, 1) or (
            original.count(one.before) > 1
        )


def test_kinds_are_the_mutations_seeds_draw():
    drawn = {diff.mutant(7, i).kind for i in range(60)}
    assert drawn <= set(diff.kinds())
    assert {"drop a clone", "add a borrow", "use a moved value"} <= set(diff.kinds())


def test_json_counts_and_names_each_disagreement():
    made = diff.sites("drop a clone")[0]
    rejected = diff.Verdict("rejected", codes=["E0382"], detail="use of moved value: `s`")
    ran = diff.Verdict("ran", "4 4\n", "", 0)
    stopped = diff.Verdict("machine", "", "memory allocation of 8 bytes failed\n", -6)
    results = [
        diff.Result(made, rejected, ran, diff.disagreement(rejected, ran)),
        diff.Result(made, ran, ran, None),
        diff.Result(made, stopped, ran, None),
        diff.Result(made, ran, diff.Verdict("skipped"), None),
    ]
    found = json.loads(json.dumps(diff.as_json(results)))
    assert {k: found[k] for k in ("judged", "rustc_rejects", "skipped", "machine_limit")} == {
        "judged": 4,
        "rustc_rejects": 1,
        "skipped": 1,
        "machine_limit": 1,
    }
    assert (found["agreements"], found["disagreements"]) == (1, 1)
    assert found["kinds"] == {"runs what rustc rejects (E0382)": 1}
    assert found["found"][0]["mutant"] == "drop a clone#0"
    assert found["found"][0]["detail"] == "use of moved value: `s`"
    assert found["machine"][0]["kind"] == "machine-limit"


def test_an_unknown_kind_or_mutant_is_one_line_and_status_2(capsys):
    assert diff.main(["--kind", "drop everything"]) == 2
    assert diff.main(["--print", "drop a clone#99999"]) == 2
    assert diff.main(["--print", "seven:1"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("rustc_differential: no ") for line in err)


def test_print_names_a_site_of_a_kind(capsys):
    assert diff.main(["--print", "drop a clone#0"]) == 0
    out, err = capsys.readouterr()
    assert out == diff.sites("drop a clone")[0].text.decode()
    assert err.startswith("mutant drop a clone#0: ")


def test_a_kind_run_judges_its_sites_whatever_the_count(monkeypatch):
    # (the count of a --kind run without --count is every site: the seeds' list of that many
    # indices was made first, 2^30 tuples, and the kernel killed the run)
    judged: list[str] = []

    def judge(made):  # noqa: ANN001, ANN202 - a stand-in for rustc and pbpit
        judged.append(made.name)
        return diff.Result(made, diff.Verdict("skipped"), diff.Verdict("skipped"), None)

    monkeypatch.setattr(diff, "judge", judge)
    monkeypatch.setattr(diff, "_init", lambda rustc: None)
    results = diff.run("rustc", 0, 1 << 40, jobs=1, start=1, kind="drop a clone")
    expected = [m.name for m in diff.sites("drop a clone")[1:]]
    assert judged == expected and len(results) == len(expected)


def test_the_tool_limits_its_own_memory():
    import subprocess
    import sys

    code = (
        "import resource, rustc_differential as d; d.limit_self(); "
        "print(resource.getrlimit(resource.RLIMIT_AS)[0])"
    )
    tools = str(diff.ROOT / "tools")
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tools, check=True
    )
    assert int(found.stdout) == diff.SELF_BYTES
