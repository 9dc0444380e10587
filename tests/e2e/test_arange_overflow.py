"""kernels/arange_overflow.py: NumPy's OverflowError for np.arange elements that do not fit
an integer dtype, raised only when the run-time length makes them (both targets); constant
lengths are located errors (test_diagnostics.py).

kernels/arange_lengths.py: run-time bounds and steps; NumPy's ZeroDivisionError for a step
of 0 and ValueError for a length that is NaN or beyond 2**63 (exactly 2**63 is empty, as
in NumPy); an infinite step gives one element."""

import pytest

INF, NAN = float("inf"), float("nan")


@pytest.fixture
def kernel(kernels_on_both_targets):
    return kernels_on_both_targets("arange_overflow.py")


@pytest.mark.parametrize("args", [(-10, 0, 0, 0), (-5, 10, 1, -1), (-6, 6, 0, -1)])
def test_no_element_out_of_range(kernel, args):
    kernel.check(*args)


@pytest.mark.parametrize("args,value", [((-4, 0, 0, 0), -5), ((-10, 0, 2, 0), -1),
                                        ((-10, 0, 0, 1), -2)])
def test_element_out_of_range_raises(kernel, args, value):
    kernel.check_raises(*args, match=f"Python integer {value} out of bounds for uint8")


@pytest.mark.parametrize("args", [(0.0, 1.5, 0.5, 5, 2), (0.0, 1.0, -0.5, 5, -1),
                                  (2.5, -1.0, -0.75, -3, 4), (0.0, 5.0, INF, 1, 1),
                                  (0.0, -5.0, INF, 1, 1), (0.0, 1e-320, 1e300, 1, 1),
                                  (0.0, 2.0**63, 1.0, 1, 1), (0.0, -2.0**63, 1.0, 1, 1)])
def test_run_time_lengths(kernels_on_both_targets, args):
    kernels_on_both_targets("arange_lengths.py").check(*args)


@pytest.mark.parametrize("args,match", [
    ((0.0, NAN, 0.5, 5, 2), "arange: cannot compute length"),
    ((0.0, INF, 0.5, 5, 2), "Maximum allowed size exceeded"),
    ((0.0, -INF, 0.5, 5, 2), "Maximum allowed size exceeded"),
    ((0.0, 1e19, 0.5, 5, 2), "Maximum allowed size exceeded"),
    ((0.0, 2.0**64, 1.0, 5, 2), "Maximum allowed size exceeded"),
    ((-1e308, 1e308, 1e308, 3, 1), "Maximum allowed size exceeded"),
    ((0.0, 1.0, 0.0, 5, 2), "float division by zero"),
    ((0.0, 1.0, 0.5, 5, 0), "division by zero"),
])
def test_run_time_length_errors(kernels_on_both_targets, args, match):
    kernels_on_both_targets("arange_lengths.py").check_raises(*args, match=match)
