"""A fix whose `.detach()` keeps the first backward's gradients but cuts a leaf off in the
backwards the original never ran (diagnose/later_cuts.py). A seq2seq decoder's state starts
from the encoder's summary and is carried from token to token, one update per token
(advice_later_cuts/seq2seq_hidden.rs, helper A's probe q09): detaching `h` at the end of each
pass runs, and backward #1's gradients are the original's bits, but from the 2nd token of each
pair on the loss reaches the encoder only through the detached `h`: `model.enc.*` get no
gradient there. By hand: 2 pairs of 3 tokens, backwards #1..#6; the encoder is read directly
by tokens 1 (backwards #1 and #4) only. The hand fix (`seq2seq_hidden.summed.rs`: the pair's
token losses summed, one backward) trains otherwise. The detach is still shown as code, saying
what it cuts, but is no longer machine-applicable: `lint --fix` does not write it silently."""

from __future__ import annotations

from pathlib import Path

from pbpit.diagnose.findings import diagnose_run
from pbpit.diagnose.fix_check import applied
from pbpit.diagnose.later_cuts import cut_later, written_lines
from pbpit.diagnostics.cargo import applicability
from pbpit.lint.apply import machine_fix
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

HERE = Path(__file__).parent / "advice_later_cuts"
PROGRAM = HERE / "seq2seq_hidden.rs"
ENC = ("model.enc.weight", "model.enc.bias")
CUT_WORDS = "model.enc.weight, model.enc.bias get no gradient in backwards #2, #3, #5, #6"


def _detached(text: str) -> str:
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if "model = optim.step" in line)
    return "\n".join([*lines[: at + 1], "            h = h.detach();", *lines[at + 1 :]])


def test_the_detached_state_cuts_the_encoder_off_from_the_second_token_on(tmp_path):
    text = PROGRAM.read_text(encoding="utf-8")
    fixed = _detached(text)
    copy = tmp_path / "seq2seq_hidden.rs"
    copy.write_text(fixed, encoding="utf-8")
    result = run_case(resolve_case(str(copy)), trace=True)
    assert result.panic is None and len(result.backwards) == 6
    lines = written_lines(text, fixed)
    assert lines == {47}
    assert cut_later(result, 1, lines) == tuple((name, (2, 3, 5, 6)) for name in ENC)
    # It is the detach: the same run read with no line of the fix cuts nothing.
    assert cut_later(result, 1, frozenset({46})) == ()
    # The hand fix trains otherwise (the encoder learns from every token): the detach is no
    # equivalent of it after the first step.
    twin = run_case(resolve_case(str(HERE / "seq2seq_hidden.summed.rs")))
    assert twin.stdout.splitlines()[1] == "epoch 0 t 2: loss 0.511384"
    assert result.stdout.splitlines()[1] == "epoch 0 t 2: loss 0.540439"


def test_a_carried_state_whose_weights_every_pass_reads_cuts_nothing():
    # `h = h_new.detach();` of an RNN: `w` gets its gradient in every backward anyway.
    from pbpit.diagnose.fix_check import check_edits

    path = Path(__file__).parent / "agreement" / "rnn_hnew.rs"
    result = run_case(resolve_case(str(path)))
    (error,) = diagnose_run(result).errors
    shown = [h for h in error.helps if h.edits]
    assert shown and all(h.checked.ok and h.checked.cut == () for h in shown)
    assert applicability(shown[0]) == "MachineApplicable"
    assert check_edits(path, shown[0].edits).cut == ()


def test_run_and_lint_show_the_detach_with_what_it_cuts_and_fix_does_not_write_it(tmp_path):
    result = run_case(resolve_case(str(PROGRAM)))
    (error,) = diagnose_run(result).errors
    (finding,) = lint_paths([PROGRAM]).findings
    from pbpit.lint.command import _run_checked

    (linted,) = list(_run_checked([finding]))
    for diagnostic in (error, linted):
        assert (diagnostic.rule, diagnostic.name) == ("loop-external-tracked", "h")
        (shown,) = [h for h in diagnostic.helps if h.edits]
        assert [e.replacement.strip() for e in shown.edits] == ["h = h.detach();"]
        assert shown.checked.ok
        assert shown.checked.cut == tuple((name, (2, 3, 5, 6)) for name in ENC)
        assert CUT_WORDS in shown.headline
        assert applicability(shown) == "MaybeIncorrect"
        assert shown.checked.to_json()["cut_later"] == {name: [2, 3, 5, 6] for name in ENC}
    # `lint --fix` does not choose it: it is no machine-applicable fix.
    assert machine_fix(linted) is None
    # What it writes runs as the detached program does.
    (shown,) = [h for h in error.helps if h.edits]
    copy = tmp_path / "seq2seq_hidden.rs"
    copy.write_text(applied(PROGRAM.read_text(encoding="utf-8"), shown.edits), encoding="utf-8")
    assert run_case(resolve_case(str(copy))).panic is None


def test_the_decoder_line_labels_the_call_that_makes_h_there():
    # Line 41, `h = model.dec_cell(prev, h);`: there `h` is made by `dec_cell` (from the
    # decoder's parameters and the previous `h`); `encode` made only its first value (line 37).
    result = run_case(resolve_case(str(PROGRAM)))
    (error,) = diagnose_run(result).errors
    (finding,) = lint_paths([PROGRAM]).findings
    for diagnostic in (error, finding):
        made = [label for label in diagnostic.labels if label.text.startswith("`h` is made here")]
        assert [(label.line, label.text) for label in made] == [
            (41, "`h` is made here, by `Seq2Seq::dec_cell`")
        ]
