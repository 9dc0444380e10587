"""math.erf, math.erfc, math.asinh, math.acosh, math.atanh on Python floats: Python's math
module is the oracle (the normal CDF written with erf, as scripts do)."""
import math


# npc export math_special(float64, int64)
def math_special(s, n):
    cdf = 0.5 * (1.0 + math.erf(s / math.sqrt(2.0)))
    return (cdf, math.erf(s), math.erfc(s), math.erfc(n), math.asinh(s),
            math.acosh(abs(s) + 1), math.atanh(s / (abs(s) + 1)), math.asinh(n))
