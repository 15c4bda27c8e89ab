"""A replay buffer of `(obs, log_prob, advantage)` tuples whose log-prob is a chain around the
forward (`log_softmax(actor.forward(obs.clone()), 1).slice(..).reshape([1])`), read back by
index (`replay[k].1.clone()`) or cloned whole into a tuple pattern (`let (_, chosen, a) =
replay[k].clone();`). Detached where it is pushed (pbpit's words before), the loss would be a
constant and the actor would learn nothing. The fix: the log-prob computed again from the
observation the tuple keeps, where the buffer is read, with the current actor: the clean twins
(`NAME.clean.rs`, written by hand) print what the fixed program prints. Where the forward reads a
name each pass binds anew (a temperature), the edit would compute another value: words only,
saying why."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import RUNS, UNCHANGED, applied, baseline, check_edits
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_replay"
FORWARD = "log_softmax(actor.forward({}), 1).slice([0..1, 1..2]).reshape([1])"


@pytest.mark.parametrize(
    ("name", "lines"),
    [
        (
            "replay_chain.rs",
            [f"        let chosen = {FORWARD.format('replay[k].0.clone()')};\n"],
        ),
        (
            "replay_chain_tuple.rs",
            [
                "        let (chosen_input, _, advantage) = replay[k].clone();\n",
                f"        let chosen = {FORWARD.format('chosen_input')};\n",
            ],
        ),
    ],
)
def test_a_log_prob_read_back_by_index_is_computed_again_from_the_kept_observation(
    name, lines, tmp_path
):
    text = (HERE / name).read_text(encoding="utf-8")
    (finding,) = lint_paths([HERE / name]).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", "replay")
    (fix,) = finding.helps  # never "detach where it is pushed": the loss would train nothing
    assert fix.message.startswith("compute `logp` again from the `obs` that `replay` keeps")
    fixed = applied(text, fix.edits)
    for line in lines:
        assert line in fixed, line
    result = run_case(resolve_case(str(HERE / name)))
    assert result.panic is not None
    check = check_edits(HERE / name, fix.edits, baseline=baseline(result))
    assert check.verdict == RUNS, check.detail
    # Backwards #1 and #2 read the element their own pass pushed: the same graph, the same bits.
    assert set(dict(check.gradients).values()) == {UNCHANGED}
    # It trains as the hand-written fix does (the third step's loss is the updated actor's).
    copy = tmp_path / name
    copy.write_text(fixed, encoding="utf-8")
    ran = run_case(resolve_case(str(copy)))
    twin = run_case(resolve_case(str(HERE / name.replace(".rs", ".clean.rs"))))
    assert ran.panic is None and twin.panic is None
    assert ran.stdout == twin.stdout
    assert "step 2: element 0 loss 0.5917138" in twin.stdout.splitlines()
    # The run's error is lint's finding, with the same edit, checked.
    (error,) = diagnose_run(result).errors
    assert (error.rule, error.name) == ("loop-external-tracked", "replay")
    (shown,) = [h for h in error.helps if h.edits]
    assert shown.edits == fix.edits and shown.checked is not None and shown.checked.ok


def test_a_forward_reading_a_name_of_its_pass_is_told_in_words_with_why():
    # `temperature` is bound anew by each pass: the forward written where the buffer is read
    # would use the reading pass's temperature, not the one the log-prob was made with.
    name = "replay_chain_temperature.rs"
    (finding,) = lint_paths([HERE / name]).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", "replay")
    (fix,) = finding.helps
    assert fix.edits == []
    assert fix.message.startswith("keep in `replay` the input `logp` is computed from")
    assert "not written as code here: the forward also reads `temperature`" in fix.message
    assert "detach" not in fix.message.split("(")[0]


@pytest.mark.parametrize("name", ["replay_chain.clean.rs", "replay_chain_tuple.clean.rs"])
def test_the_clean_twins_lint_clean(name):
    assert lint_paths([HERE / name]).findings == []


def test_a_struct_that_keeps_the_state_has_its_chained_log_prob_computed_again(tmp_path):
    # `Step { state, chosen, gain }` of `chosen = log_softmax(actor.forward(state.clone()), 1)
    # .slice(..).reshape([1])`: read as `earlier.chosen`, written as that chain of
    # `earlier.state.clone()` (was: "detach `chosen` where it is put", which pbpit ran: the loss
    # was then on no tape).
    name = "replay_struct_chain.rs"
    text = (HERE / name).read_text(encoding="utf-8")
    (finding,) = lint_paths([HERE / name]).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", "memory")
    (fix,) = finding.helps
    fixed = applied(text, fix.edits)
    assert (
        "let loss = log_softmax(actor.forward(earlier.state.clone()), 1).slice([0..1, 1..2])"
        ".reshape([1]).mul_scalar(-earlier.gain).sum();" in fixed
    )
    copy = tmp_path / name
    copy.write_text(fixed, encoding="utf-8")
    ran = run_case(resolve_case(str(copy)))
    twin = run_case(resolve_case(str(HERE / "replay_struct_chain.clean.rs")))
    assert ran.panic is None and ran.stdout == twin.stdout
    assert "t 2: loss -0.145529" in twin.stdout.splitlines()
