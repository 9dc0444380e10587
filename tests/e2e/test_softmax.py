"""kernels/softmax.py: exp of the row-shifted input over its row sum; float32 stays float32."""

import numpy as np
import pytest

KERNEL = "softmax.py"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(4, 6), (1, 1), (3, 1), (0, 5), (64, 33)])
def test_shapes(kernel, dtype, shape):
    rng = np.random.default_rng(shape[0])
    out, = kernel.check(rng.normal(scale=5, size=shape).astype(dtype))
    assert out.dtype == dtype


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_large_and_infinite_logits(kernel, dtype):
    x = np.array([[1000.0, 1000.0, -1000.0],
                  [-np.inf, 0.0, 1.0],
                  [-np.inf, -np.inf, -np.inf],  # -inf - -inf: a NaN row
                  [np.nan, 1.0, 2.0]], dtype=dtype)  # fmt: skip
    kernel.check(x)


def test_empty_rows_raise(kernel):
    kernel.check_raises(np.ones((2, 0)), match="zero-size array to reduction operation maximum")
