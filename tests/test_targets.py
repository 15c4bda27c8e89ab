"""The target profile: the machine Burn's kernels compute for. The host as macerator and rayon
would see it, `--target` on `run` and `check`, the Python API, and the named cases printing the
seed's numbers under every profile."""

from __future__ import annotations

import json
from itertools import product

import numpy as np
import pytest
from pbpit_process import imported_by, pbpit_main

import pbpit as pb
from pbpit.check import check_case
from pbpit.engine import f32, target
from pbpit.engine.target import CPUS, Target, host_cpu, host_threads, parse, using
from pbpit.runner import builtin_cases

# /proc/cpuinfo flags lines (as Linux names the features: `pni` is SSE3, `abm` has LZCNT).
SSE42 = "fpu sse sse2 fxsr pni ssse3 sse4_1 sse4_2 popcnt"
AVX2 = SSE42 + " avx avx2 bmi1 bmi2 fma abm f16c"
AVX512 = AVX2 + " avx512f avx512bw avx512cd avx512dq avx512vl"


@pytest.mark.parametrize(
    ("flags", "family"),
    [
        (AVX512, "avx512"),
        (AVX512.replace(" avx512vl", ""), "avx2"),  # x86-64-v4 needs all five
        (AVX2, "avx2"),
        (AVX2.replace(" fma", ""), "sse"),  # macerator's V3 asks for FMA too
        (SSE42, "sse"),
        ("fpu sse sse2", "scalar"),
    ],
)
def test_host_cpu_is_macerators_choice_from_the_cpu_flags(flags, family):
    assert host_cpu(f"processor\t: 0\nflags\t\t: {flags}\n", "x86_64") == family


def test_host_cpu_on_arm_is_neon():
    assert host_cpu("", "aarch64") == "neon"


def test_host_threads_are_rayons_default():
    assert host_threads({"RAYON_NUM_THREADS": "3"}) == 3
    assert host_threads({"RAYON_NUM_THREADS": "0"}) >= 1  # 0 means "the default" to rayon


def test_default_target_is_the_host_in_a_debug_build():
    assert target.current() == Target(host_cpu(), host_threads(), "debug")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cpu=avx2,threads=2,build=release", Target("avx2", 2, "release")),
        ("build=release", Target("sse", 5, "release")),
        (" threads = 1 , cpu = neon ", Target("neon", 1, "debug")),
    ],
)
def test_parse_fills_what_is_left_out_from_the_base(text, expected):
    assert parse(text, Target("sse", 5, "debug")) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cpu=avx3", "unknown CPU family `avx3`"),
        ("threads=0", "at least 1"),
        ("threads=two", "whole number"),
        ("build=fast", "unknown build `fast`"),
        ("release", "is not cpu=FAMILY"),
        ("gpu=1", "is not cpu=FAMILY"),
    ],
)
def test_bad_target_values_are_one_usage_line(text, message):
    for command in (["run", "twice", "--raw"], ["check"]):
        result = pbpit_main(*command, "--target", text)
        assert result.returncode == 2, result.stderr
        assert result.stderr.startswith("pbpit: error: --target: ")
        assert message in result.stderr
        assert result.stderr.count("\n") == 1
        assert result.stdout == ""


def test_using_and_with_target_restore_the_one_before():
    before = target.current()
    with using(Target("scalar", 1, "release")):
        with pb.Target("neon", 3):
            assert target.current() == Target("neon", 3, "debug")
        assert target.current() == Target("scalar", 1, "release")
    assert target.current() == before


def test_the_target_changes_what_the_kernels_compute():
    values = np.array([2.0**24] + [1.0] * 255, dtype=np.float32)
    with pb.Target("avx2", 1):
        assert f32.sum_all(values) == 16777468
    with pb.Target("scalar", 1):
        assert f32.sum_all(values) == 16777456


# -- the named cases print the seed's numbers under every profile ----------------------------------

PROFILES = [
    Target(cpu, threads, build)
    for cpu, threads, build in product(CPUS, (1, 2), ("debug", "release"))
]


@pytest.mark.parametrize("profile", PROFILES, ids=str)
def test_named_cases_print_their_goldens_under_every_profile(profile):
    with using(profile):
        for case in builtin_cases(rust=True):
            result = check_case(case)
            assert result.ok, (str(profile), case.name, result.details())


@pytest.mark.parametrize("text", ["cpu=scalar,threads=1,build=release", "cpu=neon,threads=2"])
def test_check_and_run_take_a_target(text):
    checked = pbpit_main("check", "--target", text)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    ran = pbpit_main("run", "twice", "--raw", "--target", text)
    assert ran.returncode == 101
    assert ran.stdout == "step 0: w.grad = Some([1.6487212, 2.7182817])\n"


def test_run_computes_under_the_target(tmp_path):
    case = tmp_path / "sums.py"
    case.write_text(
        "import pbpit as pb\n"
        "dev = pb.Device.default().autodiff()\n"
        "x = pb.Tensor.from_floats([2.0**24] + [1.0] * 255, dev)\n"
        "print(x.sum().into_scalar())\n"
        "print(pb.Tensor.from_floats([-0.0], dev).relu().into_scalar())\n"
    )
    printed = {}
    for text in ("cpu=avx512,build=debug", "cpu=sse,build=release"):
        result = pbpit_main("run", str(case), "--raw", "--target", text)
        assert result.returncode == 0, result.stderr
        printed[text] = result.stdout.split()
    assert printed["cpu=avx512,build=debug"] == ["16777470.0", "-0.0"]
    assert printed["cpu=sse,build=release"] == ["16777464.0", "0.0"]


@pytest.mark.parametrize("args", [["run", "--help"], ["check", "--help"]])
def test_help_with_target_does_not_import_numpy(args):
    printed, imported = imported_by(args, ["numpy", "numba"])
    assert "--target" in printed
    assert imported == [False, False]


@pytest.mark.parametrize("command", [["run", "twice"], ["check", "cases/twice.py"]])
def test_json_names_the_target_it_computed_for(command):
    result = pbpit_main(*command, "--json", "--target", "cpu=sse,threads=3,build=release")
    data = json.loads(result.stdout)
    assert data["target"] == {
        "cpu": "sse",
        "threads": 3,
        "build": "release",
        "lanes": 4,
        "spelled": "cpu=sse,threads=3,build=release",
    }
