"""`python -m pbpit` is the `pbpit` command."""

from pbpit.cli import main

main()
