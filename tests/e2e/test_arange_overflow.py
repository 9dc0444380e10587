"""kernels/arange_overflow.py: NumPy's OverflowError for np.arange elements that do not fit
an integer dtype, raised only when the run-time length makes them (both targets); constant
lengths are located errors (test_diagnostics.py)."""

import pytest


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
