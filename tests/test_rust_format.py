"""pbpit.rust.format must reproduce rustc's f32 formatting byte for byte."""

import math
from pathlib import Path

import numpy as np
import pytest

from pbpit.rust.format import (
    Some,
    f32_debug,
    f32_display,
    f32_display_precision,
    rust_debug,
    rust_display,
)

GOLDEN = Path(__file__).parent / "data" / "rust_f32_format.tsv"
GOLDEN_PRECISIONS = (0, 1, 3, 8)


def _golden_rows() -> list[tuple[np.float32, list[str]]]:
    rows = []
    for line in GOLDEN.read_text().splitlines():
        bits, *columns = line.split("\t")
        rows.append((np.uint32(int(bits, 16)).view(np.float32), columns))
    return rows


ROWS = _golden_rows()


def _mismatches(column: int, formatter) -> list[tuple[str, str, str]]:
    return [
        (f"{int(x.view(np.uint32)):08x}", columns[column], formatter(x))
        for x, columns in ROWS
        if formatter(x) != columns[column]
    ]


KNOWN = [
    (1.0, "1.0", "1"),
    (-0.0, "-0.0", "-0"),
    (0.0001, "0.0001", "0.0001"),
    (0.00001, "1e-5", "0.00001"),
    (3e-8, "3e-8", "0.00000003"),
    (1e16, "1e16", "10000000000000000"),
    (1.5e16, "1.5e16", "15000000000000000"),
    (123456789.0, "123456790.0", "123456790"),
    (math.nan, "NaN", "NaN"),
    (math.inf, "inf", "inf"),
    (-math.inf, "-inf", "-inf"),
]


def test_golden_data_covers_every_power_of_two_and_its_neighbours():
    bits = {int(x.view(np.uint32)) for x, _ in ROWS}
    powers = [1 << (e + 149) if e < -126 else (e + 127) << 23 for e in range(-149, 128)]
    assert all({p - 1, p, p + 1} <= bits for p in powers[1:])
    assert len(ROWS) > 2000


def test_debug_matches_rustc_golden_data():
    assert _mismatches(0, f32_debug) == []


def test_display_matches_rustc_golden_data():
    assert _mismatches(1, f32_display) == []


@pytest.mark.parametrize("precision", GOLDEN_PRECISIONS)
def test_display_precision_matches_rustc_golden_data(precision):
    column = 2 + GOLDEN_PRECISIONS.index(precision)
    assert _mismatches(column, lambda x: f32_display_precision(x, precision)) == []


@pytest.mark.parametrize(("value", "debug", "display"), KNOWN)
def test_debug_of_known_values(value, debug, display):
    assert f32_debug(value) == debug


@pytest.mark.parametrize(("value", "debug", "display"), KNOWN)
def test_display_of_known_values(value, debug, display):
    assert f32_display(value) == display


def test_input_is_rounded_to_f32_before_formatting():
    assert f32_debug(1 / 3) == "0.33333334"
    assert f32_display(0.1) == "0.1"


@pytest.mark.filterwarnings("error")
def test_values_beyond_f32_range_become_infinite_silently_like_rust_casts():
    assert f32_debug(1e39) == "inf"
    assert f32_display(-1e300) == "-inf"
    assert f32_debug(1e-50) == "0.0"


def test_debug_switches_to_exponent_form_at_the_f32_roundings_of_1e_minus4_and_1e16():
    below_1e16 = np.nextafter(np.float32(1e16), np.float32(0))
    below_1e_minus4 = np.nextafter(np.float32(1e-4), np.float32(0))
    assert f32_debug(below_1e16) == "9999999000000000.0"
    assert f32_debug(below_1e_minus4) == "9.999999e-5"


def test_shortest_digits_use_the_narrower_interval_below_a_power_of_two():
    assert f32_debug(2.0**25) == "33554432.0"


def test_subnormals_format_with_shortest_digits():
    assert f32_debug(np.uint32(1).view(np.float32)) == "1e-45"
    assert f32_debug(np.uint32(0x007FFFFF).view(np.float32)) == "1.1754942e-38"


@pytest.mark.parametrize(
    ("value", "precision", "expected"),
    [
        (0.125, 2, "0.12"),
        (0.375, 2, "0.38"),
        (2.5, 0, "2"),
        (0.5, 0, "0"),
        (1.5, 0, "2"),
        (0.1, 20, "0.10000000149011611938"),
    ],
)
def test_display_precision_rounds_the_exact_value_half_to_even(value, precision, expected):
    assert f32_display_precision(value, precision) == expected


def test_display_precision_keeps_the_sign_when_rounding_to_zero():
    assert f32_display_precision(-0.01, 1) == "-0.0"


def test_display_precision_rejects_negative_precision():
    with pytest.raises(ValueError):
        f32_display_precision(1.0, -1)


def test_debug_of_a_list_formats_each_element():
    assert rust_debug([1.6487212, 2.7182817]) == "[1.6487212, 2.7182817]"


def test_debug_of_some_wraps_the_inner_debug():
    assert rust_debug(Some([1.0, 2.0])) == "Some([1.0, 2.0])"


def test_debug_of_none_is_none():
    assert rust_debug(None) == "None"


def test_debug_of_nested_lists_recurses():
    nested = [[1.0, -0.0], [], [Some(3e-8), None]]
    assert rust_debug(nested) == "[[1.0, -0.0], [], [Some(3e-8), None]]"


def test_display_of_a_list_uses_display_for_elements():
    assert rust_display([1.0, 1e16, "a b"]) == "[1, 10000000000000000, a b]"


def test_debug_of_bools_and_ints_matches_rust():
    assert rust_debug([True, False, 3, -7]) == "[true, false, 3, -7]"


def test_debug_of_a_str_is_quoted_and_escaped():
    assert rust_debug('a"b\\c\n\t\r\x01') == '"a\\"b\\\\c\\n\\t\\r\\u{1}"'


def test_debug_of_numpy_values_treats_them_like_python_ones():
    assert rust_debug(np.array([np.float32(0.1), 2.5], dtype=np.float32)) == "[0.1, 2.5]"
    assert rust_debug(np.int64(4)) == "4"


def test_unsupported_types_are_rejected():
    with pytest.raises(TypeError):
        rust_debug({1: 2})


def test_some_compares_and_prints_by_value():
    assert Some([1.0]) == Some([1.0])
    assert Some(1.0) != Some(2.0)
    assert repr(Some(1.0)) == "Some(1.0)"
