"""`lint --fix` chooses as a user would (issue 24, Deliver 5): where the recompute can only be
said in words, it falls back to detaching once (`apply.fallback_fix`), but never for a value
made by a module an optimizer steps. Prototypes of a few-shot episode
(advice_fallback/protonet_episode.rs, helper A's p09) are made by several statements from
`embed`, which the optimizer steps after every query: detached, `embed` still learns from the
queries but no longer through the prototypes, so the first backward's gradients of
`embed.fc.*` change (by hand: the loss reads `protos`, made from `embed.fc`), and the program
trains otherwise than the hand fix (`protonet_episode.recomputed.rs`, the prototypes made in
the query loop: its 2nd loss 0.460565, the detached program's 0.492440). Such a detach is still
shown as code (it runs), but `lint --fix` leaves the file; `--fix=detach` writes it when asked.
A frozen backbone's features (`frozen_backbone.rs`, A's p08: `backbone` never stepped) are
detached by `--fix` as before, as the hand-written twin."""

from __future__ import annotations

import shutil
from pathlib import Path

from pbpit.lint.apply import fallback_fix, machine_fix
from pbpit.lint.command import checked
from pbpit.lint.tree import lint_paths
from pbpit.runner import Case, run_case
from tests.pbpit_process import pbpit_main

HERE = Path(__file__).parent / "advice_fallback"
PROTO = HERE / "protonet_episode.rs"
DETACHED = "        let protos = Tensor::cat(vec![proto_a, proto_b], 0).detach();"


def test_the_prototypes_detach_is_shown_but_changes_what_the_optimizer_steps():
    (finding,) = checked(lint_paths([PROTO])).findings
    assert (finding.rule, finding.name) == ("loop-external-tracked", "protos")
    (shown,) = [h for h in finding.helps if h.edits]
    assert shown.message.startswith("if `protos` needs no gradient, detach it once")
    assert shown.checked is not None and shown.checked.ok
    assert shown.checked.retrains == ("embed.fc.weight", "embed.fc.bias")
    assert fallback_fix(finding) is None and machine_fix(finding) is None
    assert machine_fix(finding, "detach") is shown


def test_lint_fix_leaves_the_prototypes_and_fix_detach_writes_them(tmp_path):
    copy = tmp_path / PROTO.name
    shutil.copyfile(PROTO, copy)
    pbpit_main("lint", "--fix", str(copy))
    assert copy.read_text(encoding="utf-8") == PROTO.read_text(encoding="utf-8")
    pbpit_main("lint", "--fix=detach", str(copy))
    assert DETACHED in copy.read_text(encoding="utf-8").splitlines()
    # What it writes trains otherwise than the hand fix after the first step.
    detached = run_case(Case.file(copy)).stdout.splitlines()
    twin = run_case(Case.file(HERE / "protonet_episode.recomputed.rs")).stdout.splitlines()
    assert detached[0] == twin[0] == "episode 0 query 0: loss 0.473927"
    assert twin[1] == "episode 0 query 1: loss 0.460565"
    assert detached[1] == "episode 0 query 1: loss 0.492440"


def test_a_frozen_backbones_features_are_still_detached_by_fix(tmp_path):
    copy = tmp_path / "frozen_backbone.rs"
    shutil.copyfile(HERE / "frozen_backbone.rs", copy)
    (finding,) = checked(lint_paths([copy])).findings
    # The detach first; recomputing in the loop (written as code too) is not `--fix`'s.
    (shown, *others) = [h for h in finding.helps if h.edits]
    assert shown.message.startswith("if `feats` needs no gradient, detach it once")
    assert shown.checked.ok and shown.checked.retrains == ()
    assert all(h.applicability != "MachineApplicable" for h in others)
    pbpit_main("lint", "--fix", str(copy))
    fixed = (HERE / "frozen_backbone.fixed.rs").read_text(encoding="utf-8")
    assert copy.read_text(encoding="utf-8") == fixed
