"""Run one twin as its Rust program would end: stdout, then Burn's panic block and 101, or 0."""

import runpy
import sys

import burn32

path = sys.argv[1]
try:
    scope = runpy.run_path(path, run_name="__main__")
except burn32.ConsumedPanic as panic:
    sys.stdout.flush()
    sys.stderr.write(burn32.panic_block(panic.node))
    sys.stderr.write(f"@@node {panic.node}\n")
    sys.exit(101)
