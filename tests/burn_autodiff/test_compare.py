"""Burn's own tests of its comparison (burn-std `src/data/compare.rs`, `mod tests`), run on the
helper the ported autodiff tests use, so the helper is checked against Burn and not itself."""

from __future__ import annotations

import pytest

from burn_autodiff.tolerance import Tolerance, assert_approx_eq, assert_eq


def test_should_assert_appox_eq_limit():
    assert_approx_eq([[3.0, 5.0, 6.0]], [[3.03, 5.0, 6.0]], Tolerance.absolute_only(3e-2))


def test_should_assert_approx_eq_above_limit():
    with pytest.raises(AssertionError, match="Position 0"):
        assert_approx_eq([[3.0, 5.0, 6.0]], [[3.031, 5.0, 6.0]], Tolerance.absolute_only(1e-2))


def test_should_assert_approx_eq_check_shape():
    with pytest.raises(AssertionError, match="Shape is different"):
        assert_approx_eq([[3.0, 5.0, 6.0, 7.0]], [[3.0, 5.0, 6.0]], Tolerance.absolute_only(1e-2))


# Beyond Burn's three: the rules its code has that those tests do not reach.


def test_balanced_tolerance_is_half_a_percent_relative_and_1e_5_absolute():
    assert_approx_eq([200.0], [200.99], Tolerance.default())  # 0.99 < 0.005 * 200.99
    with pytest.raises(AssertionError):
        assert_approx_eq([200.0], [201.01], Tolerance.default())
    assert_approx_eq([0.0], [9e-6], Tolerance.default())
    with pytest.raises(AssertionError):
        assert_approx_eq([0.0], [2e-5], Tolerance.default())


def test_nan_and_infinities_match_only_their_like():
    nan, inf = float("nan"), float("inf")
    assert_approx_eq([nan, inf, -inf], [nan, inf, -inf], Tolerance.default())
    with pytest.raises(AssertionError):
        assert_approx_eq([inf], [-inf], Tolerance.default())
    with pytest.raises(AssertionError):
        assert_approx_eq([nan], [0.0], Tolerance.default())


def test_exact_comparison_is_f32_equality():
    assert_eq([0.14285715], [1.0 / 7.0])  # the f64 literal rounds to the same f32
    assert_eq([-0.0], [0.0])
    with pytest.raises(AssertionError, match="Tensors are not eq"):
        assert_eq([1.0], [1.0000001])
    with pytest.raises(AssertionError):
        assert_eq([float("nan")], [float("nan")])


def test_half_precision_setters_leave_f32_tolerances_alone():
    tolerance = Tolerance.default().set_half_precision_relative(1e-3)
    assert tolerance == Tolerance.default()
    assert Tolerance.default().set_single_precision_relative(0.5).relative == pytest.approx(0.5)
