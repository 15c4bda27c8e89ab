"""Write docs/RULES.md, the page of `pbpit lint`'s rules, from the registry (pbpit/lint/rules/).

    .venv/bin/python tools/rules_page.py          # write it
    .venv/bin/python tools/rules_page.py --check  # exit 1 if the page is not what it would write

tests/test_lint.py fails when the checked-in page differs, so run this after editing a rule.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pbpit.lint.explain import rules_page

PAGE = Path(__file__).resolve().parent.parent / "docs" / "RULES.md"


def main(argv: list[str]) -> int:
    page = rules_page()
    if "--check" in argv:
        current = PAGE.read_text(encoding="utf-8") if PAGE.exists() else ""
        if current != page:
            print(f"{PAGE} is stale: run tools/rules_page.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(page, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
