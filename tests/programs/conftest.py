"""The programs of this directory are measured by tools/programs_score.py, not collected."""

collect_ignore_glob = ["*"]
