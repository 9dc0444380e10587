"""Python names that are C++ keywords, or that look like the names npc's emitter makes
(loop indices, extents, results, `x_s0` / `x_data` for an argument `x`): legal Python,
which the C++ output must rename."""
import numpy as np


# npc export names(float64[:], float64[:])
def names(new, x):
    auto = new + x
    int = new.size
    double = auto / 2
    this = double * 2
    namespace = this - 1
    operator = namespace / 3
    template = operator + new
    typename = template * 0.5
    switch = typename - 2
    default = switch + 1
    union = default * 2
    volatile = union - new
    nullptr = volatile + 1
    std = nullptr * 2
    npc = std - 1
    NAN = npc + 2
    errno = NAN * 3
    NULL = errno - 1
    int64_t = NULL + 1
    sqrt = np.sqrt(np.abs(int64_t))
    main = sqrt.sum()
    i = x + new
    j = i * 2
    n = x.size
    result = j - n
    x_s0 = result + 1
    x_data = x_s0 * 3
    sum = x_data.sum()
    argmin = np.argmin(x)
    return auto, int, double, npc, NAN, sqrt, main, i, j, n, result, x_s0, x_data, sum, argmin
