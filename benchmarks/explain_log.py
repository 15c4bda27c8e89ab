"""`explain -` on a big training log: the scanner's time and peak memory beside `grep -c NodeId`
on the same file (the target: within 3x grep's time, under 100 MB).

    python benchmarks/explain_log.py [--size-mb 500] [--middle] [--repeat 3] [--dir /tmp]

The log is made in `--dir` (deleted after): lines shaped like a training program's (timestamps,
steps, losses, a warning now and then), then rustc 1.95's real tape panic and backtrace
(tests/data/outputs/cargo_run_short.txt) at the end, and with `--middle` another one halfway.
Every measurement is a fresh child process; its peak RSS is what `os.wait4` reports for it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PANIC = ROOT / "tests" / "data" / "outputs" / "cargo_run_short.txt"
TIME_TARGET = 3.0
MEMORY_TARGET_MB = 100.0

# Its own peak (VmHWM) is exact; the rusage a parent gets also counts the pages the child had
# when it was forked from the parent, before exec.
WORKER = """
import sys
sys.path.insert(0, {root!r})
from pbpit.diagnose.output import scan
with open({path!r}, "rb") as stream:
    found = scan(stream)
hwm = next(l for l in open("/proc/self/status") if l.startswith("VmHWM")).split()[1]
print(f"{{int(hwm) / 1024:.1f}}", [getattr(e, "node_id", None) for e in found])
"""


def training_log(rng: random.Random, lines: int, start: int) -> bytes:
    """`lines` lines of a training run's output, numbered from step `start`."""
    out = []
    for n in range(start, start + lines):
        stamp = f"2026-12-01T14:{n // 60000 % 60:02}:{n // 1000 % 60:02}.{n % 1000:03}Z"
        if n % 997 == 0:
            out.append(f"{stamp} WARN burn_train: learning rate warm-up ends at step {n + 500}\n")
        else:
            loss, norm = rng.random() * 2, rng.random() * 5
            out.append(
                f"{stamp} INFO pb_pit::train: epoch {n // 10000} step {n} loss {loss:.6f} "
                f"grad_norm {norm:.4f} lr 1.0e-3 items/s {rng.randint(900, 1100)}\n"
            )
    return "".join(out).encode()


def make_log(path: Path, size: int, middle: bool) -> None:
    """About `size` bytes of training log with the tape panic at the end (and halfway)."""
    rng = random.Random(12)
    chunk = training_log(rng, 10_000, 0)  # about 1 MB, written again and again
    panic = PANIC.read_bytes()
    with open(path, "wb") as out:
        written, half_done = 0, not middle
        while written < size:
            out.write(chunk)
            written += len(chunk)
            if not half_done and written >= size // 2:
                out.write(panic)
                half_done = True
        out.write(panic)


def measure(command: list[str], stdin: Path | None = None) -> tuple[float, float, str]:
    """Wall time (s), peak RSS (MB) and stdout of one run of `command` in a child process."""
    with open(stdin or os.devnull, "rb") as source:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdin=source, stdout=subprocess.PIPE)
        out = child.stdout.read() if child.stdout else b""
        _, status, usage = os.wait4(child.pid, 0)
        elapsed = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss / 1024, out.decode(errors="replace").strip()


def median_of(repeat: int, command: list[str], stdin: Path | None = None):
    runs = [measure(command, stdin) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), max(r[1] for r in runs), runs[-1][2]


def explain_reads_the_scanner() -> bool:
    """Whether `pbpit explain -` goes through OutputScanner in this tree (the CLI wires it)."""
    for name in ("cli.py", "diagnose/explain.py", "diagnose/crash.py"):
        path = ROOT / "pbpit" / name
        if path.exists() and "diagnose.output" in path.read_text():
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=500.0)
    parser.add_argument("--middle", action="store_true", help="a second panic halfway")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", default=tempfile.gettempdir())
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(dir=args.dir, prefix="pbpit-explain-log-") as tmp:
        log = Path(tmp) / "train.log"
        make_log(log, int(args.size_mb * 1e6), args.middle)
        size = log.stat().st_size
        # Read once so that every row finds it in the page cache.
        subprocess.run(["cat", str(log)], stdout=subprocess.DEVNULL, check=True)
        grep_time, grep_rss, grep_out = median_of(args.repeat, ["grep", "-c", "NodeId", str(log)])
        worker = WORKER.format(root=str(ROOT), path=str(log))
        scan_time, scan_rss, scan_out = median_of(args.repeat, [sys.executable, "-c", worker])
        own_peak, ids = scan_out.split(" ", 1)
        rows = [
            ("grep -c NodeId FILE", grep_time, grep_rss, f"{grep_out} lines"),
            ("OutputScanner (python, 1 MB blocks)", scan_time, scan_rss, f"node ids {ids}"),
        ]
        if explain_reads_the_scanner():
            pbpit = [sys.executable, "-m", "pbpit", "explain", "-"]
            rows.append(("pbpit explain - < FILE", *median_of(args.repeat, pbpit, log)))
            rows[-1] = rows[-1][:3] + (rows[-1][3].splitlines()[0][:40],)
        else:
            print("pbpit explain -: skipped (it does not read through OutputScanner yet)")

    print(f"log: {size / 1e6:.0f} MB, {args.repeat} runs each (median time, max peak RSS)")
    print(f"{'':38} {'time':>8} {'peak RSS':>9} {'vs grep':>8}  output")
    for name, seconds, rss, out in rows:
        print(f"{name:38} {seconds:7.2f}s {rss:7.1f}MB {seconds / grep_time:7.2f}x  {out}")
    ratio = scan_time / grep_time
    print(
        f"scanner: {ratio:.2f}x grep's time (target <= {TIME_TARGET}x), "
        f"{scan_rss:.1f} MB peak RSS by rusage, {own_peak} MB by its own VmHWM "
        f"(target < {MEMORY_TARGET_MB:.0f} MB), {size / 1e6 / scan_time:.0f} MB/s"
    )
    print(
        json.dumps(
            {
                "size_mb": size / 1e6,
                "grep_s": grep_time,
                "scan_s": scan_time,
                "scan_rss_mb": scan_rss,
                "ratio": ratio,
            }
        )
    )
    return 0 if ratio <= TIME_TARGET and scan_rss < MEMORY_TARGET_MB else 1


if __name__ == "__main__":
    sys.exit(main())
