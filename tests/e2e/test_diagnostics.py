"""npc's diagnostics on bad input: exit status 1 (2 for a bad command line), a located
`file.py:LINE:COL: error: message` followed by the source line and a caret line, no
output files, never an internal error."""

import re
import subprocess
import textwrap

import pytest

import npc_harness

HEAD = "import numpy as np\n\n"

# (id, source after HEAD, words the message must contain, (line, token the caret marks)).
# The token's first occurrence on that line is where the column must point; None: only
# the line is checked (a syntax error's column is the parser's choice).
CASES = [
    ("syntax-error", """
        # npc export f(float64[:])
        def f(x):
            return x +
        """, "syntax", (5, None)),
    ("class", """
        class Model:
            pass

        # npc export f(float64[:])
        def f(x):
            return x
        """, "class", (3, "class")),
    ("lambda", """
        # npc export f(float64[:])
        def f(x):
            g = lambda y: y + 1
            return g(x)
        """, "lambda", (5, "lambda")),
    ("np-fft", """
        # npc export f(float64[:])
        def f(x):
            return np.fft.fft(x)
        """, "np.fft", (5, "np.fft")),
    ("np-polyfit", """
        # npc export f(float64[:])
        def f(x):
            return x + np.polyfit(x, x, 1)
        """, "np.polyfit", (5, "np.polyfit")),
    ("var-complex-dtype", """
        # npc export f(float64[:])
        def f(x):
            return x.var(dtype=np.complex128)
        """, "var(): a complex dtype is not supported by npc (NumPy's result would be "
             "complex128)", (5, "np.complex128")),
    ("unpack-too-many", """
        # npc export f(float64[:, 3])
        def f(p):
            dx, dy = p[0]
            return dx + dy
        """, "too many values to unpack (expected 2)", (5, "dx, dy")),
    ("unpack-not-enough", """
        # npc export f(float64[:])
        def f(x):
            a, b, c = x.sum(), x.max()
            return a + b + c
        """, "not enough values to unpack (expected 3, got 2)", (5, "a, b, c")),
    ("unpack-scalar", """
        # npc export f(float64[:])
        def f(x):
            a, b = x.sum()
            return a + b
        """, "cannot unpack this value", (5, "x.sum()")),
    ("missing-signature", """
        def f(x):
            return x + 1
        """, "# npc export f(", (3, "f(x)")),
    ("complex-ordering", """
        # npc export f(complex128[:], complex128[:])
        def f(a, b):
            return a < b
        """, "ufunc 'less' of complex128", (5, "a < b")),
    ("complex-floor", """
        # npc export f(complex64[:])
        def f(z):
            return np.floor(z)
        """, "ufunc 'floor' is not supported for complex64", (5, "np.floor")),
    ("complex-floor-divide", """
        # npc export f(float64[:])
        def f(x):
            return x // 1j
        """, "ufunc 'floor_divide' is not supported for complex128", (5, "x // 1j")),
    ("string-ordering", """
        def h(x, mode="a"):
            return x if mode < "b" else -x

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "npc compares strings with == and != to strings only, not a string to a string",
     (4, "mode < ")),
    ("string-vs-number", """
        def h(x, mode="a"):
            return x if mode == 3 else -x

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "not a string to an array", (4, "mode == ")),
    ("folded-int-out-of-range", """
        # npc export f(int8[:])
        def f(a):
            return a * 2**7
        """, "Python integer 128 out of bounds for int8", (5, "2**7")),
    ("condition-of-run-time-size", """
        # npc export f(float64[:])
        def f(a):
            if a[1:] > 0:
                return 1
            return 0
        """, "needs an array condition to have one element at compile time; this one has "
             "shape (a.shape[0] - 1,)", (5, "a[1:] > 0")),
    ("condition-of-empty-array", """
        # npc export f(float64[:])
        def f(a):
            if a[:0] > 0:
                return 1
            return 0
        """, "The truth value of an empty array is ambiguous", (5, "a[:0] > 0")),
    ("python-int-beyond-int64", """
        # npc export f(float64[:])
        def f(x):
            return x * 2**64
        """, "the value of this Python int expression, 18446744073709551616, does not fit in "
             "int64", (5, "2**64")),
    ("python-int-constant-beyond-int64", """
        K = 3 * 2**62

        # npc export f(float64[:])
        def f(x):
            return x < K
        """, "the value of this Python int expression, 13835058055282163712, does not fit",
        (3, "3 * 2**62")),
    ("python-int-names-beyond-int64", """
        K = 2**62

        # npc export f(float64[:])
        def f(x):
            return x * (K * 4 - 1)
        """, "the Python int 4611686018427387904 * 4 does not fit in int64", (7, "K * 4")),
    ("python-int-shift-beyond-int64", """
        # npc export f(int64[:])
        def f(x):
            return x + (1 << 63)
        """, "the value of this Python int expression, 9223372036854775808, does not fit",
        (5, "1 << 63")),
    ("python-int-divide-by-zero", """
        # npc export f(int64[:])
        def f(x):
            return x + 7 // 0
        """, "ZeroDivisionError", (5, "7 // 0")),
    ("python-float-divide-by-zero", """
        # npc export f(float64[:])
        def f(x):
            return x + 1.0 / 0
        """, "division by zero of Python numbers (Python's ZeroDivisionError)", (5, "1.0 / 0")),
    ("python-int-negative-shift", """
        # npc export f(int64[:])
        def f(x):
            return x + (7 >> -1)
        """, "negative shift count", (5, "7 >> -1")),
    ("typing-in-code", """
        import numpy.typing as npt

        # npc export f(float64[:])
        def f(x: npt.NDArray[np.float64]):
            return x.astype(npt.DTypeLike)
        """, "'npt' (from the module 'numpy.typing') can only be used in type annotations",
     (7, "npt.DTypeLike")),
    ("angle-int8", """
        # npc export f(int8[:])
        def f(x):
            return np.angle(x)
        """, "np.angle of int8 produces float16", (5, "np.angle")),
    ("complex-part-write", """
        # npc export f(complex128[:, :])
        def f(z):
            r = z.T.imag[1:]
            r[0] = 0.0
            return z
        """, "npc cannot write into 'r': it holds the real or imaginary part of 'z'",
     (6, "r[0]")),
    ("complex-part-live", """
        # npc export f(complex128[:])
        def f(z):
            q = z.real
            z[0] = 1.0
            return q
        """, "npc cannot update 'z' while 'q' holds its real or imaginary part", (6, "z[0]")),
    ("complex-max", """
        # npc export f(complex128[:])
        def f(z):
            return np.max(z)
        """, "np.max() of complex128 is not supported", (5, "np.max")),
    ("complex-inplace-into-float", """
        # npc export f(float64[:])
        def f(x):
            x += 1j
            return x
        """, "same_kind", (5, "x += 1j")),
    ("unknown-type", """
        # npc export f(flaot64[:])
        def f(x):
            return x + 1
        """, "flaot64", (3, "flaot64")),
    ("signature-syntax", """
        # npc export f(float64[:)
        def f(x):
            return x
        """, "", (3, None)),
    ("argument-count", """
        # npc export f(float64[:], float64[:])
        def f(x):
            return x + 1
        """, "2 argument types", (3, None)),
    ("export-names-no-function", """
        # npc export g(float64[:])
        def f(x):
            return x
        """, "'g'", (3, "g")),
    ("fixed-shape-mismatch", """
        # npc export f(float64[3], float64[4])
        def f(x, y):
            return x + y
        """, "operands could not be broadcast together with shapes (3,) (4,)", (5, "x + y")),
    ("uint8-plus-300", """
        # npc export f(uint8[:])
        def f(x):
            return x + 300
        """, "Python integer 300 out of bounds for uint8", (5, "300")),
    ("arange-start-out-of-range", """
        # npc export f(int)
        def f(n):
            return np.arange(-5, 5, dtype=np.uint8) + n
        """, "Python integer -5 out of bounds for uint8", (5, "-5")),
    ("arange-second-out-of-range", """
        # npc export f(int)
        def f(n):
            return np.arange(0, -3, -1, dtype=np.uint8) + n
        """, "Python integer -1 out of bounds for uint8", (5, "np.arange")),
    ("second-overload-only", """
        # npc export f(float64[:])
        # npc export f(uint8[:])
        def f(x):
            return x + 300
        """, "Python integer 300 out of bounds for uint8", (6, "300")),
    ("axis-out-of-bounds", """
        # npc export f(float64[:,:])
        def f(x):
            return x.sum(axis=2)
        """, "axis 2 is out of bounds for array of dimension 2", (5, "2)")),
    ("repeated-axis", """
        # npc export f(float64[:,:])
        def f(x):
            return x.sum(axis=(0, 0))
        """, "axis", (5, None)),
    ("argmin-axis-tuple", """
        # npc export f(float64[:,:])
        def f(x):
            return np.argmin(x, axis=(0, 1))
        """, "axis", (5, None)),
    ("undefined-name", """
        # npc export f(float64[:])
        def f(x):
            return x + y
        """, "name 'y' is not defined", (5, "y")),
    ("too-many-indices", """
        # npc export f(float64[:])
        def f(x):
            return x[0, 0]
        """, "too many indices for array: array is 1-dimensional, but 2 were indexed",
     (5, "x[0, 0]")),
    ("index-out-of-bounds", """
        # npc export f(float64[3])
        def f(x):
            return x[5]
        """, "index 5 is out of bounds for axis 0 with size 3", (5, "x[5]")),
    ("slice-step-zero", """
        # npc export f(float64[:])
        def f(x):
            return x[::0]
        """, "slice step cannot be zero", (5, "0]")),
    ("is-comparison", """
        # npc export f(float64[:])
        def f(x):
            return x is None
        """, "'is' and 'in' comparisons are not supported", (5, "x is None")),
    ("multi-line-expression", """
        # npc export f(float64[:])
        def f(x):
            return (x +
                    np.polyfit(x, x, 1))
        """, "np.polyfit", (6, "np.polyfit")),
    ("tab-indented", "# npc export f(float64[:])\ndef f(x):\n\treturn x + np.polyfit(x, x, 1)\n",
     "np.polyfit", (5, "np.polyfit")),
]

# Array creation, dtype= arguments and Python's builtins on scalars (NumPy's and Python's
# messages where they raise at run time on constant arguments).
CASES += [
    ("zeros-negative", """
        # npc export f(float64[:])
        def f(x):
            return np.zeros(-1) + x[0]
        """, "negative dimensions are not allowed", (5, "-1")),
    ("zeros-float-shape", """
        # npc export f(float64[:])
        def f(x):
            return np.zeros((2, 2.5))
        """, "'shape' must be an integer", (5, "2.5")),
    ("zeros-bad-dtype", """
        # npc export f(float64[:])
        def f(x):
            return np.zeros(3, dtype='float128')
        """, "dtype must be", (5, "'float128'")),
    ("linspace-negative-num", """
        # npc export f(float64[:])
        def f(x):
            return np.linspace(0, 1, -3)
        """, "Number of samples, -3, must be non-negative.", (5, "-3")),
    ("arange-step-zero", """
        # npc export f(float64[:])
        def f(x):
            return np.arange(0, 5, 0)
        """, "division by zero", (5, "0)")),
    ("array-ragged", """
        # npc export f(float64[:])
        def f(x):
            return np.array([[1, 2], [3]])
        """, "inhomogeneous shape", (5, "[[1")),
    ("array-int-out-of-range", """
        # npc export f(float64[:])
        def f(x):
            return np.array([1, 300], dtype=np.int8)
        """, "Python integer 300 out of bounds for int8", (5, "300")),
    ("eye-float-k", """
        # npc export f(float64[:])
        def f(x):
            return np.eye(3, k=1.5)
        """, "k must be an integer", (5, "1.5")),
    ("builtin-min-of-array", """
        # npc export f(float64[:])
        def f(x):
            return min(x)
        """, "use np.min()", (5, "min(x)")),
    ("negative-shift-count-constant", """
        # npc export f(float64[:], int)
        def f(x, k):
            return x * (k >> -1)
        """, "negative shift count", (5, "k >> -1")),
    ("builtin-max-of-one-number", """
        # npc export f(float64[:], int)
        def f(x, n):
            return x * max(n)
        """, "max() of one number iterates over it", (5, "max(n)")),
    ("int-of-nan", """
        # npc export f(float64[:])
        def f(x):
            return x * int(float('nan'))
        """, "cannot convert float NaN to integer", (5, "int(")),
    ("float-of-bad-string", """
        # npc export f(float64[:])
        def f(x):
            return x * float('abc')
        """, "could not convert string to float: 'abc'", (5, "'abc'")),
    ("size-from-array-element", """
        # npc export f(float64[:])
        def f(x):
            return np.arange(0.5, x[0], 0.25)
        """, "run-time size from int arguments", (5, "x[0]")),
    ("math-of-array", """
        import math

        # npc export f(float64[:])
        def f(x):
            return math.sqrt(x)
        """, "math.sqrt() of an array", (7, "x)")),
    ("inplace-same-kind", """
        # npc export f(int64[:])
        def f(k):
            k += 1.5
            return k
        """, "Cannot cast ufunc 'add' output from dtype('float64') to dtype('int64')", (5, "k +=")),
    ("for-over-tuple", """
        # npc export f(float64[:])
        def f(x):
            for v in (1.0, 2.0):
                x = x + v
            return x
        """, "npc loops over arrays only", (5, "(1.0, 2.0)")),
    ("helper-update-inside-statement", """
        def shift(a):
            a -= 10.0
            return 1.0

        # npc export f(float64[:])
        def f(x):
            x[x > 2] += shift(x)
            return x
        """, "this call updates 'x' in place, and the statement also reads 'x' outside the "
             "call", (9, "shift")),
    ("helper-update-view-read", """
        def shift(a):
            a -= 10.0
            return 1.0

        # npc export f(float64[:])
        def f(x):
            v = x[1:]
            y = v * 2.0 + shift(x)
            return y
        """, "reads 'v', which reads 'x', outside the call", (10, "shift")),
    ("helper-updates-twice", """
        def bump(a):
            a += 1.0
            return a.sum()

        def scale(a):
            a *= 2.0
            return a[0]

        # npc export f(float64[:])
        def f(x):
            y = bump(x) + scale(x)
            return y
        """, "the second call in the statement that updates an array in place", (13, "scale")),
    ("range-of-float", """
        # npc export f(float64[:], float)
        def f(x, t):
            for i in range(1, t):
                pass
            return x
        """, "'float' object cannot be interpreted as an integer", (5, "t)")),
    ("range-of-numpy-bool", """
        # npc export f(float64[:])
        def f(x):
            for i in range(x[0] > 0):
                pass
            return x
        """, "'numpy.bool' object cannot be interpreted as an integer", (5, "x[0]")),
    ("break-outside-loop", """
        # npc export f(float64[:])
        def f(x):
            break
        """, "'break' outside loop", (5, "break")),
    ("array-condition", """
        # npc export f(float64[:])
        def f(x):
            if x > 0:
                return x
            return -x
        """, "truth value of an array", (5, "x > 0")),
    ("loop-local-array", """
        # npc export f(float64[:], int)
        def f(x, n):
            for i in range(n):
                y = x * i
            return y
        """, "assigned only inside the loop", (7, "y")),
    ("rank-changes-in-loop", """
        # npc export f(float64[:, :], int)
        def f(x, n):
            y = x
            for i in range(n):
                y = y.sum(axis=0)
            return y
        """, "'y' is assigned values of shape (x.shape[0], x.shape[1]) and (x.shape[1],); npc "
        "needs a variable assigned in a loop or branch to keep its number of dimensions",
     (6, "for")),
    ("rank-changes-between-returns", """
        def h(x, c):
            if c:
                return x
            return x[0]

        # npc export f(float64[:, :], bool)
        def f(x, c):
            return h(x, c)
        """, "'h' returns shape (x.shape[1],) here but (x.shape[0], x.shape[1]) elsewhere; npc "
        "inlines it and needs every 'return' to return values of the same number of dimensions",
     (6, "return")),
    ("recursion", """
        def g(x):
            return g(x)

        # npc export f(float64[:])
        def f(x):
            return g(x)
        """, "recursion", (4, "g(x)")),
    ("duplicate-signature", """
        # npc export f(float64[:])
        # npc export f(float64[:])
        def f(x):
            return x
        """, "repeats an earlier one", (4, "#")),
    ("argument-rebound-on-one-path", """
        # npc export f(float64[:], bool)
        def f(x, c):
            if c:
                x = np.zeros_like(x)
            x += 1.0
            return x
        """, "the caller's array (or a view of it) on one path", (7, "x +=")),
    ("argument-rebound-helper-name", """
        def h(a):
            w = a * 2
            a[0] = 7.0
            return w

        # npc export f(float64[:], int)
        def f(w, n):
            for i in range(n):
                w = h(w)
            return w
        """, "the caller's array (or a view of it) on one path", (5, "a[0]")),
    ("update-of-conditional-array", """
        # npc export f(float64[:], bool)
        def f(w, c):
            v = w if c else w * 2
            v[0] = 7.0
            return v
        """, "the value of 'a if cond else b'", (6, "v[0]")),
    ("update-of-helper-result-that-may-be-argument", """
        def pick(a, flag):
            if flag > 0:
                return a[1:]
            return a[1:] * 2.0

        # npc export f(float64[:], int64)
        def f(a, flag):
            c = pick(a, flag)
            c[0] = 99.0
            return a, c
        """, "an array 'pick' returns, which in Python is, on some paths", (11, "c[0]")),
    ("update-of-argument-a-helper-result-may-be", """
        def pick(a, c):
            if c:
                return a
            return a * 2

        # npc export f(float64[:], bool)
        def f(x, c):
            r = pick(x, c)
            x[0] = 100.0
            return r
        """, "that 'r' (the result of 'pick') is in Python on some paths", (11, "x[0]")),
    ("update-of-array-a-conditional-may-be", """
        # npc export f(float64[:], bool)
        def f(w, c):
            v = w if c else w * 2
            w[0] = 7.0
            return v
        """, "that 'v' (the value of 'a if cond else b') is in Python", (6, "w[0]")),
    ("update-of-argument-a-loop-copy-may-be", """
        # npc export f(float64[:], int)
        def f(x, n):
            z = x
            for _ in range(n):
                z = z * 2
            x[0] = 100.0
            return z
        """, "that 'z' (a copy npc made where a loop or branch that assigns 'z' begins)",
     (8, "x[0]")),
    ("update-of-new-array-a-loop-copy-may-be", """
        # npc export f(int, int)
        def f(m, n):
            a = np.zeros(m)
            y = a
            for i in range(n):
                a = a[1:]
            y[0] = 100.0
            return a
        """, "that 'a' (a copy npc made where a loop or branch that assigns 'a' begins)",
     (9, "y[0]")),
    ("update-of-loop-copy-another-name-may-share", """
        # npc export f(int, int)
        def f(m, n):
            a = np.zeros(m)
            y = a
            for i in range(n):
                a = a[::-1]
            a[0] = 100.0
            return y
        """, "this update goes to a copy npc made where a loop or branch that assigns 'a' "
             "begins; 'y' may still be the array it copies in Python", (9, "a[0]")),
    ("update-of-argument-a-helper-result-in-a-loop-may-be", """
        def pick(a, b):
            if a.shape[0] > b.shape[0]:
                return a[1:]
            return b[1:]

        # npc export f(float64[:], float64[:], int)
        def f(x, y, n):
            for i in range(n):
                x = pick(x, y)
            y[-1] = 50.0
            return x
        """, "this updates an array that 'x' (a copy npc made where a loop or branch that "
             "assigns 'x' begins) is in Python on some paths", (12, "y[-1]")),
    ("argument-rebound-to-conditional", """
        # npc export f(float64[:], bool)
        def f(w, c):
            w = w if c else w * 2
            for i in range(2):
                w[0] = 7.0
                w = w * 0.5
            return w
        """, "the caller's array (or a view of it) on one path", (7, "w[0]")),
    ("print", """
        # npc export f(float64[:])
        def f(x):
            print(x)
            return x
        """, "print() is not supported", (5, "print")),
    ("returns-none-on-one-path", """
        # npc export f(float64[:])
        def f(x):
            if x[0] > 0:
                return x
        """, "returns a value on some paths", (4, "f(x)")),
    ("hypot-float16", """
        # npc export f(int8[:], uint8[:])
        def f(b, u):
            return np.hypot(b, u)
        """, "np.hypot of int8 and uint8 produces float16", (5, "np.hypot")),
    ("arange-too-long", """
        # npc export f(float64[:])
        def f(x):
            return np.arange(0.0, 1.0, 1e-300) + x[0]
        """, "Maximum allowed size exceeded", (5, "np.arange")),
    ("arange-infinite", """
        # npc export f(float64[:])
        def f(x):
            return np.arange(0, np.inf, 1) + x[0]
        """, "Maximum allowed size exceeded", (5, "np.arange")),
    ("list-append", """
        # npc export f(float64[:])
        def f(x):
            out = []
            out.append(x[0])
            return x
        """, "npc does not support list or tuple methods ('append')", (6, "append")),
    ("ufunc-method", """
        # npc export f(float64[:])
        def f(x):
            return np.add.reduceat(x, [0, 2])
        """, "np.add.reduceat() is not supported by npc yet", (5, "np.add.reduceat")),
    ("dtype-ordering", """
        # npc export f(float32[:])
        def f(x):
            return x.dtype < np.float64
        """, "npc compares dtypes and types with == and != only", (5, "x.dtype")),
    ("raise-fstring-float", """
        # npc export f(float64[:])
        def f(x):
            if x[0] > 1:
                raise ValueError(f"x[0] is {x[0]}")
            return x
        """, "npc formats ints, bools, strings and tuples of them", (6, "x[0]}")),
    ("swap-with-live-view", """
        # npc export f(int)
        def f(n):
            p = np.zeros(3)
            q = np.ones(3)
            s = 0.0
            for i in range(n):
                w = p[1:]
                p, q = q, p
                s += w.sum()
            return s
        """, "'w' is (a view of) an array this assignment gives another name", (10, "p, q")),
    ("update-of-loop-copy-another-name-is", """
        # npc export f(int)
        def f(n):
            p = np.zeros(3)
            q = np.ones(3)
            w = p[:]
            for i in range(n):
                p, q = q, p
                p[0] += i + 1
            return p + w
        """, "'w' is (a view of) an array this assignment gives another name, as in a swap",
     (9, "p, q")),
    ("raise-fstring-tuple-of-numpy-ints", """
        # npc export f(int64[:])
        def f(a):
            if a[0] > 1:
                raise ValueError(f"pair {(a[0], a[1])}")
            return a
        """, "npc formats tuples of Python ints and bools", (6, "(a[0], a[1])")),
    ("raise-fstring-self-documenting", """
        # npc export f(int)
        def f(n):
            if n > 1:
                raise ValueError(f"{n=}")
            return n
        """, "without conversions (!r), '=' or format specifications", (6, "{n=}")),
    ("keyword-as-name", """
        # npc export f(float64[:])
        def f(x):
            if x[0] > 0: x[1] = 1.0; else: x[2] = 2.0
            return x
        """, "invalid syntax", (5, "else")),
    ("enumerate-float-start", """
        # npc export f(float64[:])
        def f(x):
            s = 0.0
            for i, v in enumerate(x, 1.5):
                s += i * v
            return s
        """, "enumerate()'s start must be an int", (6, "1.5")),
    ("raise-from-int", """
        # npc export f(float64[:], int)
        def f(x, k):
            if k > 0:
                raise ValueError("x") from k
            return x
        """, "npc takes 'from None' or a built-in exception as the cause", (6, "k")),
    ("write-through-transposed-loop-target", """
        # npc export f(float64[:, :])
        def f(m):
            for c in m.T:
                c[0] = -1.0
            return m
        """, "npc cannot write into 'c'", (6, "c[0]")),
    ("zip-strict", """
        # npc export f(float64[:], float64[:])
        def f(x, y):
            s = 0.0
            for a, b in zip(x, y, strict=True):
                s += a * b
            return s
        """, "npc supports zip() without keywords", (6, "strict")),
    ("iterate-number", """
        # npc export f(float64[:])
        def f(x):
            for v in 3:
                x = x + v
            return x
        """, "this is not iterable", (5, "3")),
    ("diff-prepend", """
        # npc export f(float64[:])
        def f(x):
            return np.diff(x, prepend=0.0)
        """, "np.diff(): prepend and append are not supported by npc yet", (5, "0.0")),
    ("diff-negative-order", """
        # npc export f(float64[:])
        def f(x):
            return np.diff(x, n=-1)
        """, "order must be non-negative but got -1", (5, "-1")),
    ("roll-tuple-shift", """
        # npc export f(float64[:, :])
        def f(x):
            return np.roll(x, (1, 2), axis=(0, 1))
        """, "np.roll(): npc needs an int shift", (5, "(1, 2)")),
    ("round-computed-decimals", """
        # npc export f(float64[:], int)
        def f(x, d):
            return np.round(x, d)
        """, "np.round(): npc needs decimals as an int literal", (5, "d)")),
    ("clip-method-no-bound", """
        # npc export f(float64[:])
        def f(x):
            return x.clip()
        """, "One of max or min must be given", (5, "x.clip()")),
    ("deg2rad-int8", """
        # npc export f(int8[:])
        def f(x):
            return np.deg2rad(x)
        """, "np.deg2rad of int8 produces float16", (5, "np.deg2rad(x)")),
    ("clip-one-bound", """
        # npc export f(float64[:])
        def f(x):
            return np.clip(x, 1.0)
        """, "clip() missing 1 required positional argument: 'a_max'", (5, "np.clip")),
    ("clip-min-above-range", """
        # npc export f(uint8[:])
        def f(u):
            return np.clip(u, 400, 500)
        """, "Python integer 400 out of bounds for uint8", (5, "400")),
    ("clip-max-below-range", """
        # npc export f(uint8[:])
        def f(u):
            return np.clip(u, None, -1)
        """, "Python integer -1 out of bounds for uint8", (5, "-1")),
    ("positive-of-bool", """
        # npc export f(bool[:])
        def f(b):
            return +b
        """, "ufunc 'positive' did not contain a loop", (5, "+b")),
    ("numpy-int-constant-stored", """
        # npc export f(int8[:])
        def f(s):
            s[0] = np.int16(300)
            return s
        """, "Python integer 300 out of bounds for int8", (5, "300")),
    ("numpy-float-constant-store", """
        # npc export f(int8[:])
        def f(s):
            s[1:] = np.float32(-129.5)
            return s
        """, "Python integer -129 out of bounds for int8", (5, "-129.5")),
    ("numpy-float-nan-store", """
        # npc export f(int64[:])
        def f(s):
            s[0] = np.float64(np.nan)
            return s
        """, "cannot convert float NaN to integer", (5, "np.nan")),
    ("python-number-method", """
        # npc export f(float64[:], float)
        def f(x, s):
            return s.mean() + x
        """, "'float' object has no attribute 'mean'", (5, "mean")),
    ("python-int-numerator", """
        # npc export f(float64[:], int)
        def f(x, n):
            return x * n.numerator
        """, "int.numerator of a Python number is not supported by npc", (5, "numerator")),
    ("python-int-attribute", """
        # npc export f(float64[:], int)
        def f(x, n):
            return x * n.shape[0]
        """, "'int' object has no attribute 'shape'", (5, "shape")),
    ("complex-call", """
        # npc export f(float)
        def f(x):
            return complex(x, 1.0)
        """, "builtin 'complex' is not supported by npc; write x + y * 1j", (5, "complex")),
    ("axis-list", """
        # npc export f(float64[:, :])
        def f(x):
            return x.sum(axis=[0, 1])
        """, "'list' object cannot be interpreted as an integer", (5, "[0, 1]")),
    ("endless-loop-with-break", """
        # npc export f(float64[:])
        def f(x):
            while True:
                if x[0] > 0:
                    return x
                if x[1] > 0:
                    break
        """, "returns a value on some paths", (4, "f(x)")),
    ("while-loop-may-end", """
        # npc export f(float64[:])
        def f(x):
            while x[1] > 0:
                return x
        """, "returns a value on some paths", (4, "f(x)")),
    ("store-python-int-out-of-range", """
        # npc export f(uint8[:])
        def f(a):
            a[0] = 300
            return a
        """, "Python integer 300 out of bounds for uint8", (5, "300")),
    ("named-python-int-out-of-range", """
        K = 300

        # npc export f(int8[:])
        def f(a):
            a[0] = K
            return a + K
        """, "Python integer 300 out of bounds for int8", (7, "a[0] = K")),
    ("store-python-float-out-of-range", """
        # npc export f(uint8[:])
        def f(a):
            a[1:] = -1.5
            return a
        """, "Python integer -1 out of bounds for uint8", (5, "-1.5")),
    ("mask-store-python-float-out-of-range", """
        # npc export f(int8[:])
        def f(a):
            a[a > 0] = 128.5
            return a
        """, "Python integer 128 out of bounds for int8", (5, "128.5")),
    ("store-python-nan-into-int", """
        # npc export f(int32[:])
        def f(a):
            a[0] = float("nan")
            return a
        """, "cannot convert float NaN to integer", (5, "float")),
    ("scalar-type-python-infinity", """
        # npc export f(float64[:])
        def f(x):
            return x + np.int16(-np.inf)
        """, "cannot convert float infinity to integer", (5, "-np.inf")),
    ("scalar-type-python-float-beyond-int64", """
        # npc export f(float64[:])
        def f(x):
            return x + np.int64(9.3e18)
        """, "Python int too large to convert to C long", (5, "9.3e18")),
    ("array-of-python-floats-out-of-range", """
        # npc export f(float64[:])
        def f(x):
            return x + np.array([1.0, 300.0], dtype=np.uint8)
        """, "Python integer 300 out of bounds for uint8", (5, "300.0")),
    ("export-same-cpp-types", """
        # npc export f(int)
        # npc export f(int64)
        def f(n):
            return n
        """, "gives the same C++ parameter types as the earlier 'f(int)'", (4, "#")),
    ("export-fixed-extent-same-cpp-types", """
        # npc export f(float64[:])
        # npc export f(float64[3])
        def f(x):
            return x
        """, "the same C++ parameter types as the earlier 'f(float64[:])'", (4, "#")),
    ("export-renamed-collision", """
        # npc export new(float64[:])
        def new(x):
            return x


        # npc export new_py(float64[:])
        def new_py(x):
            return x
        """, "'new' and 'new_py' would both be the C++ function 'new_py'", (8, "new_py")),
    ("function-defined-twice", """
        # npc export f(float64[:])
        def f(x):
            return x


        def f(x):
            return x + 1
        """, "'f' is defined a second time here", (8, "f(x)")),
    ("loop-counter-was-array", """
        # npc export f(float64[:], int)
        def f(x, n):
            s = x.sum()
            for x in range(n):
                s += x
            return s, x
        """, "'x' holds an array before this loop and an int in it", (6, "x in")),
    ("array-literal-too-long", """
        # npc export f(float64[:])
        def f(x):
            return x + np.array([""" + ", ".join(["1.5"] * 1025) + """])
        """, "np.array(): this list has 1025 items; npc builds literals of up to 1024", (5, "[")),
    ("builtin-sum", """
        # npc export f(float64[:])
        def f(x):
            return sum(x)
        """, "Python's builtin 'sum' is not supported by npc; use np.sum", (5, "sum")),
    ("math-hypot-three", """
        import math

        # npc export f(float)
        def f(x):
            return math.hypot(x, 4.0, 12.0)
        """, "npc supports math.hypot of two numbers (3 given)", (7, "math.hypot")),
    ("branch-view-of-local-written", """
        # npc export f(float64[:], bool)
        def f(x, flag):
            c = x * 2
            if flag:
                e = c[1:]
            else:
                e = c[:-1]
            e += 1
            return c
        """, "'e' and 'c' are the same array in Python", (10, "e +=")),
    ("loop-variable-assigned-a-local-then-updated-through-it", """
        # npc export f(float64[:])
        def f(x):
            for i in range(3):
                t = x * 2
                x = t
                t[0] = 100.0
            return x
        """, "'x' and 't' are the same array in Python after 'x = t'", (8, "t[0]")),
    ("loop-variable-updated-while-a-local-holds-it", """
        # npc export f(float64[:])
        def f(x):
            s = 0.0
            for i in range(3):
                t = x * 2
                x = t
                x[0] = 100.0
                s += t.sum()
            return s
        """, "'x' and 't' are the same array in Python after 'x = t'", (9, "x[0]")),
    ("loop-variable-assigned-a-view-of-a-local", """
        # npc export f(float64[:])
        def f(x):
            for i in range(3):
                t = x * 2
                x = t[1:]
                t[1] = 100.0
            return x
        """, "'x' and 't' are the same array in Python", (8, "t[1]")),
    ("loop-variable-updated-before-the-alias-in-the-body", """
        # npc export f(float64[:])
        def f(x):
            y = x.copy()
            t = y * 1.0
            s = 0.0
            for i in range(3):
                y[0] = 100.0
                s += t.sum()
                t = y * 2
                y = t
            return s
        """, "'y' and 't' are the same array in Python after 'y = t'", (9, "y[0]")),
    ("loop-variable-updated-while-a-view-of-a-local-is-read", """
        # npc export f(float64[:])
        def f(x):
            y = x.copy()
            s = 0.0
            for i in range(3):
                t = y * 2
                u = t[1:]
                y = t
                y[2] = 100.0
                s += u.sum()
            return s
        """, "'y' and 't' are the same array in Python after 'y = t'", (11, "y[2]")),
    ("alias-in-the-first-branch-then-update", """
        # npc export f(float64[:], bool)
        def f(x, c):
            a = x * 1.0
            if c:
                y = a
            else:
                y = a * 2.0
            a[0] = 42.0
            return y
        """, "'y' and 'a' are the same array in Python after 'y = a'", (10, "a[0]")),
    ("alias-in-a-branch-updated-by-a-helper", """
        def bump(a):
            a[a > 0.5] = -1.0

        # npc export f(float64[:], int)
        def f(x, k):
            a = x * 1.0
            if k == 0:
                y = a
            elif k == 1:
                y = a[::-1] * 1.0
            else:
                y = np.ones(3)
            bump(a)
            return y
        """, "'y' and 'a' are the same array in Python after 'y = a'", (15, "bump")),
    ("conditional-expression-of-a-local-then-update", """
        # npc export f(float64[:], bool)
        def f(x, c):
            a = x * 1.0
            y = a if c else a * 2.0
            a[0] = 42.0
            return y
        """, "this updates an array that 'y' (the value of 'a if cond else b')", (7, "a[0]")),
    ("helper-returning-a-local-on-some-paths-then-update", """
        def pick(a, b, c):
            if c:
                return a
            return b

        # npc export f(float64[:], float64[:], bool)
        def f(x, z, c):
            a = x * 1.0
            b = z * 1.0
            y = pick(a, b, c)
            a[0] = 42.0
            return y
        """, "this updates an array that 'y' (the result of 'pick')", (13, "a[0]")),
    ("swap-of-an-array-another-name-holds", """
        # npc export f(float64[:], int)
        def f(x, n):
            a = x.copy()
            b = x * 0.0
            keep = a
            for i in range(n):
                b[:] = a + 1.0
                a, b = b, a
            return keep, a, b
        """, "'keep' is (a view of) an array this assignment gives another name, as in a swap",
     (10, "a, b")),
    ("and-of-numbers-as-a-value", """
        # npc export f(int64, int64)
        def f(a, b):
            return a and b
        """, "npc supports 'and' on numbers in an 'if' or 'while' condition only", (5, "a and")),
    ("or-of-arrays", """
        # npc export f(float64[:], float64[:])
        def f(x, y):
            if x or y:
                return 1.0
            return 0.0
        """, "npc supports 'or' on scalars only; use np.logical_or for arrays", (5, "x or")),
    ("ufunc-out-argument", """
        # npc export f(float64[:])
        def f(x):
            np.maximum(x, 0, out=x)
            return x
        """, "npc does not support the argument 'out' of np.maximum(); assign the result instead",
     (5, "out=")),
    ("helper-returns-two-counts", """
        def h(x):
            if x[0] > 0:
                return x, x
            return x

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "'h' returns 1 value here but 2 elsewhere", (6, "return")),
    ("helper-returns-none-on-one-path", """
        def h(x):
            for i in range(x.shape[0]):
                if x[i] > 0:
                    return i

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "returns a value on some paths", (3, "h(x)")),
    ("helper-missing-argument", """
        def h(x, y, k=2.0):
            return x * y * k

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "h() missing 1 required positional argument: 'y'", (8, "h(x)")),
    ("helper-unexpected-keyword", """
        def h(x, k=2.0):
            return x * k

        # npc export f(float64[:])
        def f(x):
            return h(x, kk=3.0)
        """, "h() got an unexpected keyword argument 'kk'", (8, "kk=")),
    ("helper-too-many-arguments", """
        def h(x, k=2.0):
            return x * k

        # npc export f(float64[:])
        def f(x):
            return h(x, 1.0, 2.0)
        """, "h() takes from 1 to 2 positional arguments but 3 were given", (8, "h(x")),
    ("helper-multiple-values", """
        def h(x, k=2.0):
            return x * k

        # npc export f(float64[:])
        def f(x):
            return h(x, 1.0, k=2.0)
        """, "h() got multiple values for argument 'k'", (8, "k=")),
    ("default-not-constant", """
        def h(x, k=np.ones(3)):
            return x * k

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "only constant default values", (3, "np.ones")),
    ("default-array-constant", """
        W = np.ones(3)

        def h(x, w=W):
            return x * w

        # npc export f(float64[:])
        def f(x):
            return h(x)
        """, "only constant default values", (5, "W")),
    ("default-missing-after-default", """
        # npc export f(float64[:])
        def f(x, k=1.0, n):
            return x * k
        """, "parameter without a default follows parameter with a default", (4, "n)")),
    ("export-signature-too-short", """
        # npc export f(float64[:])
        def f(x, n, k=1.0):
            return x * k
        """, "has 1 argument type but the function takes 2 to 3 arguments", (3, "#")),
    ("mask-not-leading-store", """
        # npc export f(float64[:,:], bool[:])
        def f(x, m):
            x[:, m] = 0.0
            return x
        """, "npc cannot assign through a boolean mask that follows other indices yet",
     (5, "x[")),
    ("mask-not-leading-update", """
        # npc export f(float64[:,:], bool[:])
        def f(x, m):
            x[..., m] += 1.0
            return x
        """, "npc cannot assign through a boolean mask that follows other indices yet",
     (5, "x[")),
    ("two-masks", """
        # npc export f(float64[:,:], bool[:])
        def f(x, m):
            return x[m, m]
        """, "one boolean mask", (5, "m, m")),
    ("mask-shape-mismatch", """
        # npc export f(float64[5], bool[4])
        def f(x, m):
            return x[m]
        """, "boolean index did not match indexed array along axis 0; size of axis is 5 but "
             "size of corresponding boolean axis is 4", (5, "m]")),
    ("index-arrays-mismatch", """
        # npc export f(float64[:,:], int64[3], int64[2])
        def f(x, i, j):
            return x[i, j]
        """, "shape mismatch: indexing arrays could not be broadcast together with shapes "
             "(3,) (2,)", (5, "x[i, j]")),
    ("float-index-array", """
        # npc export f(float64[:], float64[:])
        def f(x, g):
            return x[g]
        """, "integer arrays and boolean arrays are supported as indices", (5, "g]")),
    ("assign-into-gathered-copy", """
        # npc export f(float64[:], int64[:])
        def f(x, i):
            x[i][0] = 1.0
            return x
        """, "npc can only assign into parameters, local arrays and views", (5, "x[i][0]")),
]

# np.tile, np.repeat, np.diag, np.diagonal, np.average and the ufuncs npc composes: the
# arguments npc needs at compile time, and NumPy's errors it can tell then.
CASES += [
    ("tile-runtime-reps", """
        # npc export f(float64[:], int64)
        def f(x, reps):
            return np.tile(x, reps)
        """, "np.tile(): npc needs reps as int literals", (5, "reps)")),
    ("repeat-count-array", """
        # npc export f(float64[:], int64[:])
        def f(x, counts):
            return np.repeat(x, counts)
        """, "not an array of counts", (5, "counts)")),
    ("repeat-negative", """
        # npc export f(float64[:])
        def f(x):
            return np.repeat(x, -2)
        """, "negative dimensions are not allowed", (5, "-2")),
    ("average-returned", """
        # npc export f(float64[:])
        def f(x):
            return np.average(x, returned=True)
        """, "returned=True is not supported by npc yet", (5, "True")),
    ("average-weights-without-axis", """
        # npc export f(float64[:, :], float64[:])
        def f(m, wt):
            return np.average(m, weights=wt)
        """, "Axis must be specified when shapes of a and weights differ.", (5, "wt)")),
    ("average-weights-length", """
        # npc export f(float64[:, 3], float64[4])
        def f(m, wt):
            return np.average(m, axis=1, weights=wt)
        """, "Shape of weights must be consistent with shape of a along specified axis.",
     (5, "wt)")),
    ("diag-3d", """
        # npc export f(float64[:, :, :])
        def f(t):
            return np.diag(t)
        """, "Input must be 1- or 2-d.", (5, "np.diag")),
    ("diagonal-one-axis", """
        # npc export f(float64[:, :])
        def f(m):
            return np.diagonal(m, 0, 1, -1)
        """, "axis1 and axis2 cannot be the same", (5, "np.diagonal")),
    ("diagonal-1d", """
        # npc export f(float64[:])
        def f(v):
            return v.diagonal()
        """, "diag requires an array of at least two dimensions", (5, "v.diagonal")),
    ("cbrt-complex", """
        # npc export f(complex128[:])
        def f(z):
            return np.cbrt(z)
        """, "ufunc 'cbrt' is not supported for complex128 operands", (5, "np.cbrt")),
    ("logaddexp-int8", """
        # npc export f(int8[:])
        def f(x):
            return np.logaddexp(x, x)
        """, "np.logaddexp of int8 and int8 produces float16", (5, "np.logaddexp")),
    ("reciprocal-complex", """
        # npc export f(complex128[:])
        def f(z):
            return np.reciprocal(z)
        """, "np.reciprocal of complex numbers is not supported by npc yet", (5, "np.reciprocal")),
    ("frexp-complex", """
        # npc export f(complex128[:])
        def f(z):
            return np.frexp(z)
        """, "ufunc 'frexp' not supported for the input types", (5, "np.frexp")),
    ("frexp-int8", """
        # npc export f(int8[:])
        def f(x):
            return np.frexp(x)
        """, "np.frexp of int8 produces float16", (5, "np.frexp")),
    ("ldexp-bool", """
        # npc export f(bool[:])
        def f(b):
            return np.ldexp(b, 2)
        """, "np.ldexp of bool produces float16", (5, "np.ldexp")),
    ("ldexp-float-exponent", """
        # npc export f(float64[:])
        def f(x):
            return np.ldexp(x, x)
        """, "ufunc 'ldexp' not supported for the input types", (5, "np.ldexp")),
    ("ldexp-uint64-exponent", """
        # npc export f(float64[:], uint64[:])
        def f(x, e):
            return np.ldexp(x, e)
        """, "ufunc 'ldexp' not supported for the input types", (5, "np.ldexp")),
    ("ldexp-python-int-float16", """
        # npc export f(int32[:])
        def f(e):
            return np.ldexp(2, e)
        """, "np.ldexp of a Python int and int32 produces float16", (5, "np.ldexp")),
    ("ldexp-exponent-beyond-int32", """
        # npc export f(float32[:])
        def f(x):
            return np.ldexp(x, 2**40)
        """, "Python integer 1099511627776 out of bounds for int32", (5, "2**40")),
    ("ptp-bool", """
        # npc export f(bool[:])
        def f(b):
            return np.ptp(b)
        """, "numpy boolean subtract", (5, "np.ptp")),
    ("sort-complex", """
        # npc export f(complex128[:])
        def f(z):
            return np.sort(z)
        """, "np.sort() of complex numbers is not supported by npc yet", (5, "np.sort")),
    ("sort-in-place-as-value", """
        # npc export f(float64[:])
        def f(x):
            return x.sort()
        """, "ndarray.sort() updates the array in place and returns None; npc compiles it as a statement of its own", (5, "x.sort")),
    ("sort-0d", """
        # npc export f(float64)
        def f(s):
            return np.sort(s)
        """, "axis -1 is out of bounds for array of dimension 0", (5, "np.sort")),
    ("median-axes", """
        # npc export f(float64[:, :])
        def f(m):
            return np.median(m, axis=(0, 1))
        """, "axis must be an int literal or None", (5, "(0, 1)")),
    ("argsort-order", """
        # npc export f(float64[:])
        def f(x):
            return np.argsort(x, order="a")
        """, "order applies to structured arrays", (5, '"a"')),
    ("sort-kind", """
        # npc export f(float64[:])
        def f(x):
            return np.sort(x, kind="bubble")
        """, "sort kind must be one of 'quick', 'heap', or 'stable' (got 'bubble')",
     (5, '"bubble"')),
    ("sort-kind-and-stable", """
        # npc export f(float64[:])
        def f(x):
            return np.argsort(x, kind="stable", stable=True)
        """, "`kind` and `stable` parameters can't be provided at the same time", (5, "True")),
    ("percentile-out-of-range", """
        # npc export f(float64[:])
        def f(x):
            return np.percentile(x, 101)
        """, "Percentiles must be in the range [0, 100]", (5, "101")),
    ("quantile-method", """
        # npc export f(float64[:])
        def f(x):
            return np.quantile(x, 0.5, method="nearest")
        """, "npc supports method='linear' (the default) only", (5, '"nearest"')),
    ("array-api-positional-only", """
        # npc export f(float64[:])
        def f(x):
            return np.linalg.vector_norm(x=x)
        """, "got some positional-only arguments passed as keyword arguments: 'x'", (5, "x=x")),
    ("array-api-keyword-only", """
        # npc export f(float64[:, :])
        def f(x):
            return np.linalg.tensordot(x, x, 1)
        """, "np.linalg.tensordot() takes 2 positional arguments but 3 were given",
     (5, "np.linalg")),
    ("linalg-cross-length", """
        # npc export f(float64[:, 2])
        def f(x):
            return np.linalg.cross(x, x)
        """, "must be (arrays of) 3-dimensional vectors, but they are 2 and 2", (5, "np.linalg")),
    ("matrix-norm-singular-values", """
        # npc export f(float64[:, :])
        def f(x):
            return np.linalg.matrix_norm(x, ord=2)
        """, "np.linalg.matrix_norm(): matrix norms that need singular values", (5, "2)")),
    ("vecdot-lengths", """
        # npc export f(float64[3])
        def f(x):
            return np.vecdot(x, np.ones(4))
        """, "vecdot: Input operand 1 has a mismatch in its core dimension 0", (5, "np.vecdot")),
    ("cumulative-sum-axis", """
        # npc export f(float64[:, :])
        def f(x):
            return np.cumulative_sum(x)
        """, "``axis`` argument is required", (5, "np.cumulative_sum")),
    ("unstack-extent", """
        # npc export f(float64[:, :])
        def f(x):
            a, b = np.unstack(x)
            return a
        """, "np.unstack(): npc needs the extent of the axis known at compile time", (5, "np.")),
    ("select-condition-dtype", """
        # npc export f(float64[:])
        def f(x):
            return np.select([x], [x])
        """, "invalid entry 0 in condlist: should be boolean ndarray", (5, "x]")),
    ("polyval-runtime-length", """
        # npc export f(float64[:], float64[:])
        def f(p, x):
            return np.polyval(p, x)
        """, "np.polyval(): npc needs the number of coefficients known at compile time",
     (5, "p,")),
    ("nan-to-num-in-place", """
        # npc export f(float64[:])
        def f(x):
            return np.nan_to_num(x, copy=False)
        """, "np.nan_to_num(copy=False) replaces the values in x itself", (5, "False")),
    ("split-runtime-sections", """
        # npc export f(float64[:], int64)
        def f(x, n):
            return np.split(x, n)[0]
        """, "np.split(): npc needs the number of sections as an int literal", (5, "n)")),
    ("rot90-axes", """
        # npc export f(float64[:, :])
        def f(x):
            return np.rot90(x, 1, (0, 1, 2))
        """, "len(axes) must be 2.", (5, "(0, 1, 2)")),
    ("nanvar-int-dtype", """
        # npc export f(float64[:])
        def f(x):
            return np.nanvar(x, dtype=np.int64)
        """, "If a is inexact, then dtype must be inexact", (5, "np.int64")),
    ("ediff1d-same-kind", """
        # npc export f(uint8[:])
        def f(x):
            return np.ediff1d(x, to_begin=-1)
        """, "dtype of `to_begin` must be compatible with input `ary` under the `same_kind` rule",
     (5, "-1")),
    ("triu-indices-from-rank", """
        # npc export f(float64[:])
        def f(x):
            return np.triu_indices_from(x)
        """, "input array must be 2-d", (5, "np.")),
    ("gradient-spacings", """
        # npc export f(float64[:, :])
        def f(x):
            return np.gradient(x, 1.0, 2.0, 3.0)[0]
        """, "invalid number of arguments", (5, "np.gradient")),
    ("gcd-floats", """
        # npc export f(float64[:])
        def f(x):
            return np.gcd(x, 2)
        """, "ufunc 'gcd' not supported for the input types", (5, "np.gcd")),
    ("copyto-same-kind", """
        # npc export f(int64[:], float64[:])
        def f(a, x):
            np.copyto(a, x)
            return a
        """, "Cannot cast array data from dtype('float64') to dtype('int64') according to the "
             "rule 'same_kind'", (5, "x)")),
    ("copyto-as-value", """
        # npc export f(float64[:])
        def f(x):
            y = np.copyto(x, 1.0)
            return x
        """, "np.copyto() updates the array in place and returns None", (5, "np.copyto")),
    ("fill-diagonal-1d", """
        # npc export f(float64[:])
        def f(x):
            np.fill_diagonal(x, 1.0)
            return x
        """, "array must be at least 2-d", (5, "np.fill_diagonal")),
    ("trim-zeros-trim", """
        # npc export f(float64[:])
        def f(x):
            return np.trim_zeros(x, "fx")
        """, "unexpected character(s) in `trim`: 'fx'", (5, '"fx"')),
    ("unravel-float-indices", """
        # npc export f(float64[:])
        def f(x):
            return np.unravel_index(x, (2, 3))[0]
        """, "only int indices permitted", (5, "x,")),
    ("quantile-complex-q", """
        # npc export f(float64[:], complex128[:])
        def f(x, qs):
            return np.quantile(x, qs)
        """, "np.quantile(): q must be real numbers", (5, "qs)")),
    ("quantile-bool", """
        # npc export f(bool[:])
        def f(b):
            return np.quantile(b, 0.5)
        """, "numpy boolean subtract", (5, "np.quantile")),
]

# np.finfo and np.iinfo: NumPy's ValueErrors for the other kind of dtype, and what npc
# cannot represent.
CASES += [
    ("finfo-of-int", """
        # npc export f(int32[:])
        def f(k):
            return np.finfo(k.dtype).eps
        """, "np.finfo(): data type int32 is not inexact", (5, "dtype)")),
    ("iinfo-of-float", """
        # npc export f(float64[:])
        def f(x):
            return x + np.iinfo(np.float32).max
        """, "np.iinfo(): invalid integer data type float32", (5, "np.float32")),
    ("finfo-of-array", """
        # npc export f(float64[:])
        def f(x):
            return x * np.finfo(x).eps
        """, "np.finfo() expects a dtype such as np.float32", (5, "x)")),
    ("iinfo-uint64-max", """
        # npc export f(uint64[:])
        def f(u):
            return u == np.iinfo(u.dtype).max
        """, "np.iinfo(uint64).max is 18446744073709551615, beyond int64", (5, "max")),
    ("finfo-unknown-attribute", """
        # npc export f(float64[:])
        def f(x):
            return x + np.finfo(x.dtype).maxval
        """, "'finfo' object has no attribute 'maxval'", (5, "maxval")),
    ("dtype-attribute", """
        # npc export f(float64[:])
        def f(x):
            return x.dtype.itemsize
        """, "the dtype attribute 'itemsize' is not supported by npc yet", (5, "itemsize")),
]

# Tuples: Python's TypeError for concatenating another kind; run-time slices.
CASES += [
    ("tuple-plus-int", """
        # npc export f(float64[:,:])
        def f(x):
            return np.zeros(x.shape + 2)
        """, 'can only concatenate tuple (not "int") to tuple', (5, "2)")),
    ("tuple-plus-list", """
        # npc export f(float64[:,:])
        def f(x):
            return np.zeros(x.shape + [2])
        """, 'can only concatenate tuple (not "list") to tuple', (5, "[2]")),
    ("tuple-plus-array", """
        # npc export f(float64[:,:])
        def f(x):
            return x.shape + x[0, 0]
        """, "npc does not add a tuple to an array", (5, "x[0, 0]")),
    ("tuple-runtime-slice", """
        # npc export f(float64[:,:], int64)
        def f(x, k):
            return np.zeros(x.shape[k:])
        """, "a tuple can only be sliced with integer literals", (5, "k:")),
    ("tuple-slice-step-zero", """
        # npc export f(float64[:,:])
        def f(x):
            return np.zeros(x.shape[::0])
        """, "slice step cannot be zero", (5, "0]")),
]

CASES += [
    ("tuple-ordering", """
        # npc export f(float64[:,:])
        def f(x):
            return x.shape < (3, 4)
        """, "npc compares tuples with == and != only", (5, "x.shape < (3, 4)")),
    ("tuple-equals-number", """
        # npc export f(float64[:,:])
        def f(x):
            return x.shape == 3
        """, "npc compares a tuple with == and != to tuples only, not to a number or an array",
     (5, "x.shape == 3")),
    ("tuple-augmented", """
        # npc export f(float64[:,:])
        def f(x):
            t = x.shape
            t += (1,)
            return np.zeros(t)
        """, "npc does not update tuples or lists in place; write 't = t + ...'", (6, "t +=")),
    ("tuple-repeat", """
        # npc export f(float64[:,:])
        def f(x):
            return np.zeros((1,) * 3)
        """, "npc does not repeat tuples or lists", (5, "(1,) * 3")),
]

# Tuples and strings are compile-time values: a branch or a loop that changes one was
# silently ignored (the value from before the `if` or loop was used).
CASES += [
    ("tuple-changed-in-branch", """
        # npc export f(float64[:], bool)
        def f(x, flag):
            t = (1, 2)
            if flag:
                t = (5, 6)
            return x * t[0]
        """, "'t' is a tuple that a branch of the `if` above changes", (8, "t[0]")),
    ("string-changed-in-branch", """
        # npc export f(float64[:], bool)
        def f(x, flag):
            mode = "a"
            if flag:
                mode = "b"
            if mode == "b":
                return x * 2
            return x
        """, "'mode' is a string that a branch of the `if` above changes", (8, "mode ==")),
    ("string-changed-in-loop", """
        # npc export f(float64[:], int64)
        def f(x, n):
            y = x.copy()
            mode = "a"
            for i in range(n):
                if mode == "b":
                    y = y * 2
                mode = "b"
            return y
        """, "'mode' is a string that the loop changes", (10, 'mode = "b"')),
    ("tuple-changed-in-loop", """
        # npc export f(float64[:], int64)
        def f(x, n):
            t = (1, 2)
            k = 0
            while k < n:
                x = x * t[0]
                t = (3, 4)
                k += 1
            return x
        """, "'t' is a tuple that the loop changes", (9, "t = (3, 4)")),
]

# np.pad: the modes and widths npc takes, NumPy's errors known at compile time.
CASES += [
    ("pad-mode-reflect", """
        # npc export f(float64[:])
        def f(x):
            return np.pad(x, 2, mode="reflect")
        """, "np.pad(): mode 'reflect' is not supported by npc yet", (5, '"reflect"')),
    ("pad-float-width", """
        # npc export f(float64[:])
        def f(x):
            return np.pad(x, 1.5)
        """, "`pad_width` must be of integral type.", (5, "1.5")),
    ("pad-negative-width", """
        # npc export f(float64[:])
        def f(x):
            return np.pad(x, (1, -1))
        """, "index can't contain negative values", (5, "-1")),
    ("pad-three-widths", """
        # npc export f(float64[:,:])
        def f(x):
            return np.pad(x, (1, 2, 3))
        """, "'pad_width' must be a number, a pair (before, after), or one pair per axis",
     (5, "(1, 2, 3)")),
    ("pad-edge-constant-values", """
        # npc export f(float64[:])
        def f(x):
            return np.pad(x, 1, mode="edge", constant_values=0)
        """, "unsupported keyword arguments for mode 'edge': {'constant_values'}", (5, "0)")),
    ("pad-edge-empty-axis", """
        # npc export f(float64[3, 0])
        def f(x):
            return np.pad(x, 1, mode="edge")
        """, "can't extend empty axis 1 using modes other than 'constant' or 'empty'",
     (5, "np.pad")),
]

# np.pad: found by a review helper (accepted or wrapped where NumPy raises).
CASES += [
    ("pad-constant-overflow", """
        # npc export f(int8[:])
        def f(x):
            return np.pad(x, 1, constant_values=300)
        """, "Python integer 300 out of bounds for int8", (5, "300")),
    ("pad-per-axis-overflow", """
        # npc export f(uint8[:,:])
        def f(x):
            return np.pad(x, 1, constant_values=((1, 2), (3, -1)))
        """, "Python integer -1 out of bounds for uint8", (5, "-1)")),
    ("pad-unsigned-width", """
        # npc export f(float64[:], uint8)
        def f(x, r):
            return np.pad(x, r)
        """, "`pad_width` must be of integral type.", (5, "r)")),
    ("pad-array-width", """
        # npc export f(float64[:], int64[:])
        def f(x, w):
            return np.pad(x, w)
        """, "np.pad(): npc takes 'pad_width' as numbers or tuples of them, not as an array",
     (5, "w)")),
    ("pad-positional-values", """
        # npc export f(float64[:])
        def f(x):
            return np.pad(x, 1, "constant", 5)
        """, "pad() takes from 2 to 3 positional arguments but 4 were given", (5, "np.pad")),
    ("pad-unknown-mode", """
        # npc export f(float64[:])
        def f(x):
            return np.pad(x, 1, mode="edgy")
        """, "mode 'edgy' is not supported", (5, '"edgy"')),
    ("negate-int64-min", """
        # npc export f(int64)
        def f(n):
            return -np.iinfo(np.int64).min + n
        """, "the Python int 9223372036854775808 does not fit in int64", (5, "-np.iinfo")),
    ("abs-int64-min", """
        # npc export f(int64)
        def f(n):
            m = -9223372036854775807 - 1
            return abs(m) + n
        """, "the Python int 9223372036854775808 does not fit in int64", (6, "abs(m)")),
]

# np.bincount: NumPy's errors for the dtypes and ranks it cannot take.
CASES += [
    ("bincount-float", """
        # npc export f(float64[:])
        def f(x):
            return np.bincount(x)
        """, "Cannot cast array data from dtype('float64') to dtype('int64') according to the "
             "rule 'safe'", (5, "x)")),
    ("bincount-2d", """
        # npc export f(int64[:,:])
        def f(x):
            return np.bincount(x)
        """, "object too deep for desired array", (5, "x)")),
    ("bincount-scalar", """
        # npc export f(int64)
        def f(n):
            return np.bincount(n)
        """, "object of too small depth for desired array", (5, "n)")),
    ("bincount-complex-weights", """
        # npc export f(int64[:], complex128[:])
        def f(x, w):
            return np.bincount(x, w)
        """, "Cannot cast array data from dtype('complex128') to dtype('float64')", (5, "w)")),
    ("bincount-float-minlength", """
        # npc export f(int64[:])
        def f(x):
            return np.bincount(x, minlength=2.0)
        """, "'minlength' must be an integer", (5, "2.0")),
    ("bincount-weights-length", """
        # npc export f(int64[3], float64[4])
        def f(x, w):
            return np.bincount(x, weights=w)
        """, "The weights and list don't have the same length.", (5, "w)")),
]

# np.cov and np.corrcoef: what npc takes.
CASES += [
    ("cov-3d", """
        # npc export f(float64[:,:,:])
        def f(x):
            return np.cov(x)
        """, "m has more than 2 dimensions", (5, "x)")),
    ("cov-fweights", """
        # npc export f(float64[:,:], int64[:])
        def f(x, w):
            return np.cov(x, fweights=w)
        """, "npc does not support the argument 'fweights' of np.cov()", (5, "w)")),
    ("cov-runtime-rowvar", """
        # npc export f(float64[:,:], bool)
        def f(x, r):
            return np.cov(x, rowvar=r)
        """, "np.cov(): rowvar must be True or False", (5, "r)")),
    ("cov-int-dtype", """
        # npc export f(float64[:,:])
        def f(x):
            return np.cov(x, dtype=np.int64)
        """, "np.cov(): npc computes in a float or complex dtype", (5, "np.int64")),
    ("corrcoef-complex", """
        # npc export f(complex128[:,:])
        def f(z):
            return np.corrcoef(z)
        """, "np.corrcoef() of complex values is not supported by npc yet", (5, "np.corrcoef")),
]

# ufunc methods: the ones npc has, NumPy's errors.
CASES += [
    ("accumulate-axis-none", """
        # npc export f(float64[:,:])
        def f(x):
            return np.maximum.accumulate(x, axis=None)
        """, "accumulate does not allow multiple axes", (5, "None")),
    ("accumulate-complex", """
        # npc export f(complex128[:])
        def f(z):
            return np.maximum.accumulate(z)
        """, "np.maximum.accumulate() of complex numbers is not supported by npc",
     (5, "np.maximum.accumulate")),
    ("ufunc-method-unsupported", """
        # npc export f(float64[:])
        def f(x):
            return np.subtract.accumulate(x)
        """, "np.subtract.accumulate() is not supported by npc yet", (5, "np.subtract")),
    ("ufunc-at-unsupported", """
        # npc export f(float64[:], int64[:])
        def f(x, i):
            np.real.at(x, i)
            return x
        """, "np.real.at() is not supported by npc yet", (5, "np.real.at")),
]

# np.searchsorted and np.interp: NumPy's errors for what they cannot take, and what npc
# does not support yet.
CASES += [
    ("searchsorted-side", """
        # npc export f(float64[:], float64[:])
        def f(a, v):
            return np.searchsorted(a, v, side="middle")
        """, "search side must be 'left' or 'right' (got 'middle')", (5, '"middle"')),
    ("searchsorted-2d", """
        # npc export f(float64[:,:], float64[:])
        def f(a, v):
            return np.searchsorted(a, v)
        """, "object too deep for desired array", (5, "a,")),
    ("searchsorted-sorter", """
        # npc export f(float64[:], float64[:])
        def f(a, v):
            return np.searchsorted(a, v, sorter=np.argsort(a))
        """, "np.searchsorted(): sorter= is not supported by npc yet", (5, "np.argsort")),
    ("searchsorted-complex", """
        # npc export f(complex128[:], float64[:])
        def f(a, v):
            return np.searchsorted(a, v)
        """, "np.searchsorted() of complex values is not supported by npc yet",
     (5, "np.searchsorted")),
    ("interp-period", """
        # npc export f(float64[:], float64[:], float64[:])
        def f(x, xp, fp):
            return np.interp(x, xp, fp, period=360)
        """, "np.interp(): period= is not supported by npc yet", (5, "360")),
    ("interp-empty", """
        # npc export f(float64[:])
        def f(x):
            return np.interp(x, [], [])
        """, "array of sample points is empty", (5, "[],")),
    ("interp-lengths", """
        # npc export f(float64[:])
        def f(x):
            return np.interp(x, [1.0, 2.0], [3.0])
        """, "fp and xp are not of the same length.", (5, "[3.0]")),
    ("interp-xp-2d", """
        # npc export f(float64[:], float64[:,:], float64[:])
        def f(x, xp, fp):
            return np.interp(x, xp, fp)
        """, "object too deep for desired array", (5, "xp,")),
    ("interp-complex-x", """
        # npc export f(complex128[:], float64[:], float64[:])
        def f(x, xp, fp):
            return np.interp(x, xp, fp)
        """, "Cannot cast array data from dtype('complex128') to dtype('float64') according "
             "to the rule 'safe'", (5, "x,")),
    ("interp-complex-fp", """
        # npc export f(float64[:], float64[:], complex128[:])
        def f(x, xp, fp):
            return np.interp(x, xp, fp)
        """, "np.interp() of complex fp is not supported by npc yet", (5, "fp)")),
    ("searchsorted-side-none", """
        # npc export f(float64[:], float64[:])
        def f(a, v):
            return np.searchsorted(a, v, side=None)
        """, "search side must be str, not NoneType", (5, "None")),
    ("histogram-weights", """
        # npc export f(float64[:], float64[:])
        def f(x, w):
            return np.histogram(x, weights=w)
        """, "np.histogram(): weights= is not supported by npc yet", (5, "w)")),
    ("histogram-bins-name", """
        # npc export f(float64[:])
        def f(x):
            return np.histogram(x, bins="auto")
        """, "np.histogram(): bins='auto' is not supported by npc yet", (5, '"auto"')),
    ("histogram-bins-zero", """
        # npc export f(float64[:])
        def f(x):
            return np.histogram(x, bins=0)
        """, "`bins` must be positive, when an integer", (5, "0)")),
    ("histogram-bins-float", """
        # npc export f(float64[:])
        def f(x):
            return np.histogram(x, bins=2.5)
        """, "`bins` must be an integer, a string, or an array", (5, "2.5")),
    ("histogram-bins-2d", """
        # npc export f(float64[:], float64[:,:])
        def f(x, e):
            return np.histogram(x, bins=e)
        """, "`bins` must be 1d, when an array", (5, "e)")),
    ("histogram-range", """
        # npc export f(float64[:])
        def f(x):
            return np.histogram(x, range=(0.0, 1.0, 2.0))
        """, "np.histogram(): range must be a pair (min, max)", (5, "(0.0")),
    ("histogram-complex", """
        # npc export f(complex128[:])
        def f(z):
            return np.histogram(z)
        """, "np.histogram() of complex values is not supported by npc", (5, "z)")),
    ("digitize-complex", """
        # npc export f(complex128[:], float64[:])
        def f(x, bins):
            return np.digitize(x, bins)
        """, "x may not be complex", (5, "x,")),
    ("digitize-2d-bins", """
        # npc export f(float64[:], float64[:,:])
        def f(x, bins):
            return np.digitize(x, bins)
        """, "object too deep for desired array", (5, "bins)")),
    ("digitize-right-runtime", """
        # npc export f(float64[:], float64[:], bool)
        def f(x, bins, r):
            return np.digitize(x, bins, right=r)
        """, "np.digitize(): right must be True or False (a literal)", (5, "r)")),
    ("interp-left-array", """
        # npc export f(float64[:], float64[:], float64[:])
        def f(x, xp, fp):
            return np.interp(x, xp, fp, left=xp)
        """, "np.interp(): 'left' must be a number (NumPy converts it with float())",
     (5, "xp)")),
]

CASES += [
    ("tensordot-mismatch", """
        # npc export f(float64[:,3], float64[4,:])
        def f(a, b):
            return np.tensordot(a, b, 1)
        """, "shape-mismatch for sum", (5, "np.tensordot")),
    ("tensordot-axis-range", """
        # npc export f(float64[:,:], float64[:,:])
        def f(a, b):
            return np.tensordot(a, b, axes=([5], [0]))
        """, "tuple index out of range", (5, "5]")),
    ("tensordot-count-range", """
        # npc export f(float64[:,:], float64[:,:])
        def f(a, b):
            return np.tensordot(a, b, 3)
        """, "tuple index out of range", (5, "3)")),
    ("tensordot-runtime-axes", """
        # npc export f(float64[:,:], float64[:,:], int64)
        def f(a, b, k):
            return np.tensordot(a, b, k)
        """, "np.tensordot(): npc needs axes as an int literal", (5, "k)")),
    ("tensordot-repeated-axis", """
        # npc export f(float64[3,3], float64[3,3])
        def f(a, b):
            return np.tensordot(a, b, axes=([0, 0], [0, 1]))
        """, "repeated axis in transpose", (5, "([0")),
    ("inner-mismatch", """
        # npc export f(float64[2,3], float64[5,4])
        def f(a, b):
            return np.inner(a, b)
        """, "shapes (2,3) and (4,5) not aligned: 3 (dim 1) != 4 (dim 0)", (5, "np.inner")),
    ("vdot-sizes", """
        # npc export f(float64[3], float64[2,2])
        def f(a, b):
            return np.vdot(a, b)
        """, "cannot reshape array of size 4 into shape (3,)", (5, "np.vdot")),
    ("cross-length", """
        # npc export f(float64[:,4], float64[3])
        def f(a, b):
            return np.cross(a, b)
        """, "incompatible dimensions for cross product", (5, "np.cross")),
    ("cross-runtime-length", """
        # npc export f(float64[:,:], float64[3])
        def f(a, b):
            return np.cross(a, b)
        """, "np.cross(): npc needs the vectors' length (2 or 3) known at compile time", (5, "a,")),
    ("cross-scalar", """
        # npc export f(float64, float64[3])
        def f(a, b):
            return np.cross(a, b)
        """, "At least one array has zero dimension", (5, "np.cross")),
    ("cross-axis", """
        # npc export f(float64[:,3], float64[3])
        def f(a, b):
            return np.cross(a, b, axisa=2)
        """, "axisa: axis 2 is out of bounds for array of dimension 2", (5, "2)")),
    ("tensordot-one-axes", """
        # npc export f(float64[:,:], float64[:,:])
        def f(a, b):
            return np.tensordot(a, b, axes=(0,))
        """, "not enough values to unpack (expected 2, got 1)", (5, "(0,)")),
    ("meshgrid-indexing", """
        # npc export f(float64[:], float64[:])
        def f(x, y):
            return np.meshgrid(x, y, indexing="yx")
        """, "Valid values for `indexing` are 'xy' and 'ij'.", (5, '"yx"')),
    ("meshgrid-runtime-sparse", """
        # npc export f(float64[:], bool)
        def f(x, s):
            return np.meshgrid(x, sparse=s)
        """, "np.meshgrid(): sparse must be True or False", (5, "s)")),
    ("trapezoid-scalar", """
        # npc export f(float64)
        def f(y):
            return np.trapezoid(y)
        """, "too many indices for array: array is 0-dimensional, but 1 were indexed", (5, "y)")),
    ("trapezoid-axis", """
        # npc export f(float64[:])
        def f(y):
            return np.trapezoid(y, axis=1)
        """, "list assignment index out of range", (5, "1)")),
    ("trapezoid-axis-none", """
        # npc export f(float64[:])
        def f(y):
            return np.trapezoid(y, axis=None)
        """, "list indices must be integers or slices, not NoneType", (5, "None")),
    ("atleast-keyword", """
        # npc export f(float64[:])
        def f(y):
            return np.atleast_2d(y, copy=True)
        """, "atleast_2d() got an unexpected keyword argument 'copy'", (5, "copy")),
]

CASES += [
    ("einsum-fewer-operands", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("ij,j", a)
        """, "fewer operands provided to einstein sum function than specified in the subscripts string", (5, '"ij,j"')),
    ("einsum-letter", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("i1", a)
        """, "invalid subscript '1' in einstein sum subscripts string, subscripts must be letters", (5, '"i1"')),
    ("einsum-output-never", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("ij->k", a)
        """, "einstein sum subscripts string included output subscript 'k' which never appeared in an input", (5, '"ij->k"')),
    ("einsum-output-twice", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("ij->ii", a)
        """, "einstein sum subscripts string includes output subscript 'i' multiple times", (5, '"ij->ii"')),
    ("einsum-too-many", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("ijk", a)
        """, "einstein sum subscripts string contains too many subscripts for operand 0", (5, "a)")),
    ("einsum-too-few", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("i", a)
        """, "operand has more dimensions than subscripts given in einstein sum", (5, "a)")),
    ("einsum-collapse", """
        # npc export f(float64[2,3])
        def f(a):
            return np.einsum("ii", a)
        """, "dimensions in operand 0 for collapsing index 'i' don't match (2 != 3)", (5, "np.einsum")),
    ("einsum-collapse-view", """
        # npc export f(float64[2,3])
        def f(a):
            return np.einsum("ii->i", a)
        """, "dimensions in single operand for collapsing index 'i' don't match (2 != 3)", (5, "np.einsum")),
    ("take-float-indices", """
        # npc export f(float64[:], float64[:])
        def f(a, i):
            return np.take(a, i)
        """, "Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'same_kind'", (5, "i)")),
    ("correlate-scalar", """
        # npc export f(float64[:], float64)
        def f(a, v):
            return np.correlate(a, v)
        """, "object of too small depth for desired array", (5, "v)")),
    ("einsum-ellipsis", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum("...i->i", a)
        """, "np.einsum(): '...' (broadcast axes) is not supported by npc yet", (5, '"...i')),
    ("einsum-sublist", """
        # npc export f(float64[:,:])
        def f(a):
            return np.einsum(a, [0, 1])
        """, "np.einsum(): npc needs the subscripts as a string literal first", (5, "a,")),
    ("einsum-out", """
        # npc export f(float64[:,:], float64[:])
        def f(a, o):
            return np.einsum("ij->i", a, out=o)
        """, "np.einsum(): out= is not supported by npc yet", (5, "out")),
    ("einsum-mismatch", """
        # npc export f(float64[2,3], float64[4,2])
        def f(a, b):
            return np.einsum("ij,jk", a, b)
        """, "operands could not be broadcast together", (5, "np.einsum")),
]
CASES += [
    ("take-mode", """
        # npc export f(float64[:], int64[:])
        def f(a, i):
            return np.take(a, i, mode="nearest")
        """, "clipmode must be one of 'clip', 'raise', or 'wrap' (got 'nearest')", (5, '"nearest"')),
    ("take-out", """
        # npc export f(float64[:], int64[:], float64[:])
        def f(a, i, o):
            return np.take(a, i, out=o)
        """, "npc does not support the argument 'out' of np.take()", (5, "o)")),
    ("take-along-float", """
        # npc export f(float64[:,:], float64[:,:])
        def f(a, i):
            return np.take_along_axis(a, i, axis=1)
        """, "`indices` must be an integer array", (5, "i,")),
    ("take-along-ranks", """
        # npc export f(float64[:,:], int64[:])
        def f(a, i):
            return np.take_along_axis(a, i, axis=1)
        """, "`indices` and `arr` must have the same number of dimensions", (5, "np.take_along_axis")),
    ("take-along-none", """
        # npc export f(float64[:,:], int64[:,:])
        def f(a, i):
            return np.take_along_axis(a, i, None)
        """, "when axis=None, `indices` must have a single dimension.", (5, "i,")),
]
CASES += [
    ("convolve-mode", """
        # npc export f(float64[:], float64[:])
        def f(a, v):
            return np.convolve(a, v, mode="middle")
        """, "mode must be one of 'valid', 'same', or 'full' (got 'middle')", (5, '"middle"')),
    ("convolve-2d", """
        # npc export f(float64[:,:], float64[:])
        def f(a, v):
            return np.convolve(a, v)
        """, "object too deep for desired array", (5, "a,")),
    ("convolve-empty", """
        # npc export f(float64[0], float64[3])
        def f(a, v):
            return np.convolve(a, v)
        """, "v cannot be empty", (5, "np.convolve")),
    ("correlate-empty", """
        # npc export f(float64[0], float64[3])
        def f(a, v):
            return np.correlate(a, v)
        """, "first array argument cannot be empty", (5, "np.correlate")),
]
CASES += [
    ("unique-inverse-nan-order", """
        # npc export f(float64[:])
        def f(x):
            return np.unique(x, return_inverse=True, equal_nan=False)
        """, "np.unique(): return_inverse with equal_nan=False is not supported by npc for floats", (5, "False")),
    ("unique-axis", """
        # npc export f(float64[:,:])
        def f(x):
            return np.unique(x, axis=0)
        """, "np.unique(): axis= is not supported by npc yet", (5, "0)")),
    ("unique-complex", """
        # npc export f(complex128[:])
        def f(x):
            return np.unique(x)
        """, "np.unique() of complex values is not supported by npc yet", (5, "x)")),
    ("nonzero-scalar", """
        # npc export f(float64)
        def f(x):
            return np.nonzero(x)
        """, "Calling nonzero on 0d arrays is not allowed.", (5, "x)")),
]
CASES += [
    ("take-python-float", """
        # npc export f(float64[:])
        def f(a):
            return np.take(a, 1.5)
        """, "np.take(): npc needs integer indices (NumPy truncates a Python float: write int(...) for that)", (5, "1.5")),
    ("tuple-index-of-numbers", """
        # npc export f(float64[:,:])
        def f(a):
            t = (1, 2)
            return a[t, 0]
        """, "only integers, slices, None, ..., integer arrays and boolean arrays are supported as indices", (6, "t,")),
]

# np.ufunc.at: NumPy's argument errors, and what npc cannot update.
CASES += [
    ("ufunc-at-too-few", """
        # npc export f(float64[:])
        def f(x):
            np.add.at(x)
            return x
        """, "at() takes at least 2 arguments (1 given)", (5, "np.add.at(x)")),
    ("ufunc-at-too-many", """
        # npc export f(float64[:])
        def f(x):
            np.add.at(x, [0], 1, 2)
            return x
        """, "at() takes at most 3 arguments (4 given)", (5, "2)")),
    ("ufunc-at-keyword", """
        # npc export f(float64[:])
        def f(x):
            np.add.at(x, [0], b=1)
            return x
        """, "ufunc.at() takes no keyword arguments", (5, "b=1")),
    ("ufunc-at-no-operand", """
        # npc export f(float64[:])
        def f(x):
            np.multiply.at(x, [0])
            return x
        """, "second operand needed for ufunc", (5, "np.multiply.at")),
    ("ufunc-at-unary-operand", """
        # npc export f(float64[:])
        def f(x):
            np.negative.at(x, [0], 1)
            return x
        """, "second operand provided when ufunc is unary", (5, "1)")),
    ("ufunc-at-as-value", """
        # npc export f(float64[:])
        def f(x):
            y = np.add.at(x, [0], 1)
            return x
        """, "np.add.at() updates its first argument in place and returns None; npc compiles it as a statement of its own", (5, "np.add.at")),
    ("ufunc-at-not-an-array-in-memory", """
        # npc export f(float64[:])
        def f(x):
            np.add.at(x + 1, [0], 1)
            return x
        """, "npc can only update parameters, local arrays and views of them through basic indexing (not transposed, reshaped or broadcast views) with np.add.at()", (5, "x + 1")),
    ("ufunc-at-not-broadcastable", """
        # npc export f(float64[:])
        def f(x):
            np.add.at(x, [0, 1, 2], np.ones((2, 3)))
            return x
        """, "array is not broadcastable to correct shape", (5, "np.ones((2, 3))")),
    ("ufunc-at-empty-indices", """
        # npc export f(float64[:])
        def f(x):
            np.add.at(x, (), 1)
            return x
        """, "npc needs the indices of np.add.at() as an index expression (an integer, an array, or a tuple of them)", (5, "()")),
]

# ndarray.sort and ndarray.fill in place; a Python complex stored into a real array.
CASES += [
    ("sort-axis-none", """
        # npc export f(float64[:])
        def f(x):
            x.sort(axis=None)
            return x
        """, "'NoneType' object cannot be interpreted as an integer", (5, "None")),
    ("sort-of-a-copy", """
        # npc export f(float64[:])
        def f(x):
            x[[0, 1]].sort()
            return x
        """, "npc can only call ndarray.sort() on parameters, local arrays and views of them: this value is a temporary copy, which the call would change and nothing would read", (5, "x[[0, 1]]")),
    ("fill-0d", """
        # npc export f(float64)
        def f(x):
            s = np.float64(x)
            s.fill(3.0)
            return s
        """, "npc does not call ndarray.fill() on a 0-d value", (6, "s.fill")),
    ("sort-transposed-view", """
        # npc export f(float64[:,:])
        def f(m):
            m.T.sort()
            return m
        """, "npc cannot call ndarray.sort() on a transposed, reshaped or broadcast view", (5, "m.T")),
    ("fill-argument-count", """
        # npc export f(float64[:])
        def f(x):
            x.fill()
            return x
        """, "fill() takes exactly 1 argument (0 given)", (5, "x.fill()")),
    ("fill-keyword", """
        # npc export f(float64[:])
        def f(x):
            x.fill(value=1)
            return x
        """, "fill() takes no keyword arguments", (5, "value=1")),
    ("fill-sequence", """
        # npc export f(float64[:])
        def f(x):
            x.fill([1, 2])
            return x
        """, "npc needs a number for ndarray.fill() (NumPy takes no sequence; a one-element array is deprecated there: write a[0])", (5, "[1, 2]")),
    ("fill-as-value", """
        # npc export f(float64[:])
        def f(x):
            y = x.fill(0)
            return y
        """, "ndarray.fill() updates the array in place and returns None; npc compiles it as a statement of its own", (5, "x.fill")),
    ("fill-int8-overflow", """
        # npc export f(int8[:])
        def f(x):
            x.fill(300)
            return x
        """, "Python integer 300 out of bounds for int8", (5, "300")),
    ("fill-float-with-complex", """
        # npc export f(float32[:])
        def f(x):
            x.fill(1j)
            return x
        """, "float() argument must be a string or a real number, not 'complex'", (5, "1j")),
    ("store-complex-into-int", """
        # npc export f(int64[:])
        def f(x):
            x[0] = 2 + 1j
            return x
        """, "int() argument must be a string, a bytes-like object or a real number, not 'complex'", (5, "2 + 1j")),
]

# np.lexsort: NumPy's errors, and the keys npc needs.
CASES += [
    ("lexsort-no-keys", """
        # npc export f(float64[:])
        def f(x):
            return np.lexsort(())
        """, "need sequence of keys with len > 0 in lexsort", (5, "()")),
    ("lexsort-shapes", """
        # npc export f(float64[4])
        def f(x):
            return np.lexsort((x, x[:2]))
        """, "all keys need to be the same shape", (5, "(x, x[:2])")),
    ("lexsort-key-count", """
        # npc export f(float64[:,:])
        def f(m):
            return np.lexsort(m)
        """, "np.lexsort(): npc needs the number of keys (the first extent of the keys array) at compile time: a fixed extent in the signature (float64[2,:]) or a tuple of arrays", (5, "m)")),
    ("lexsort-1d-keys", """
        # npc export f(float64[:])
        def f(x):
            return np.lexsort(x)
        """, "np.lexsort() of 0-d keys (the elements of a 1-D keys array) is not supported by npc: give a tuple of arrays or a 2-D array, one key per row", (5, "x)")),
]

# np.insert and np.delete: NumPy's errors at compile time, and what npc cannot insert.
CASES += [
    ("delete-float-index", """
        # npc export f(float64[:])
        def f(x):
            return np.delete(x, 1.5)
        """, "arrays used as indices must be of integer (or boolean) type", (5, "1.5")),
    ("delete-out-of-bounds", """
        # npc export f(float64[4])
        def f(x):
            return np.delete(x, 4)
        """, "index 4 is out of bounds for axis 0 with size 4", (5, "4)")),
    ("delete-mask-length", """
        # npc export f(float64[4])
        def f(x):
            return np.delete(x, [True, False])
        """, "boolean array argument obj to delete must be one dimensional and match the axis length of 4", (5, "[True, False]")),
    ("insert-out-of-bounds", """
        # npc export f(float64[4])
        def f(x):
            return np.insert(x, -5, 1.0)
        """, "index -5 is out of bounds for axis 0 with size 4", (5, "-5")),
    ("insert-several-indices", """
        # npc export f(float64[:])
        def f(x):
            return np.insert(x, [0, 1], 1.0)
        """, "np.insert() at several indices is not supported by npc yet: insert at one index at a time", (5, "[0, 1]")),
    ("insert-2d-indices", """
        # npc export f(float64[:])
        def f(x):
            return np.insert(x, [[0]], 1.0)
        """, "index array argument obj to insert must be one dimensional or scalar", (5, "[[0]]")),
    ("insert-python-complex", """
        # npc export f(float64[:])
        def f(x):
            return np.insert(x, 0, 1 + 2j)
        """, "float() argument must be a string or a real number, not 'complex'", (5, "1 + 2j")),
    ("array-python-complex-as-int", """
        # npc export f(float64[:])
        def f(x):
            return x + np.array([1j], dtype=np.int8)
        """, "int() argument must be a string, a bytes-like object or a real number, not 'complex'", (5, "1j]")),
    ("insert-values-shape", """
        # npc export f(float64[4])
        def f(x):
            return np.insert(x, 0, np.ones((2, 2)))
        """, "could not broadcast input array from shape (2,2) into shape (2,)", (5, "np.ones((2, 2))")),
]

DIAGNOSTIC = re.compile(r"(?P<file>[^\n:]+\.py):(?P<line>\d+):(?P<col>\d+): error: (?P<msg>.+)")


def write_source(tmp_path, name, body):
    path = tmp_path / f"{name.replace('-', '_')}.py"
    path.write_bytes((HEAD + textwrap.dedent(body).lstrip("\n")).encode())
    return path


def transpile_bad(tmp_path, path, *extra):
    """Runs npc on `path` into a fresh output directory; checks what every failure
    must do (exit 1, no internal error, nothing written) and returns the process."""
    out = tmp_path / "out"
    p = npc_harness.run_npc("transpile", path, "-o", out, *extra, cwd=tmp_path)
    assert p.returncode == 1, f"exit {p.returncode}, expected 1:\n{p.stderr}"
    assert "internal error" not in p.stderr.lower()
    assert not out.exists() or not any(out.iterdir()), f"files written: {list(out.rglob('*'))}"
    assert p.stdout == ""
    return p


def check_located(stderr, path, line, token):
    """stderr starts with `NAME.py:LINE:COL: error: ...`, the source line, and a caret
    line whose caret is under `token` (its first occurrence on the line)."""
    lines = stderr.split("\n")
    m = DIAGNOSTIC.fullmatch(lines[0])
    assert m, f"not a located diagnostic: {lines[0]!r}"
    assert m["file"].endswith(path.name)
    assert int(m["line"]) == line, stderr
    source_line = path.read_bytes().decode().splitlines()[line - 1]
    assert len(lines) >= 3, stderr
    assert lines[1] == source_line, f"source line {lines[1]!r}, expected {source_line!r}"
    caret = lines[2]
    assert re.fullmatch(r"[ \t]*\^~*", caret), f"bad caret line {caret!r}"
    col = int(m["col"])
    assert 1 <= col <= len(source_line.encode()) + 1
    # The caret line copies the source line's tabs, so the caret lines up in any terminal.
    prefix = caret[: caret.index("^")]
    expected_prefix = "".join("\t" if c == "\t" else " " for c in source_line[: len(prefix)])
    assert prefix == expected_prefix, f"caret line {caret!r} does not line up with {source_line!r}"
    if token is not None:
        # Columns count bytes (the same as characters on these ASCII lines).
        at = source_line.index(token)
        assert col - 1 == len(source_line[:at].encode()), (
            f"column {col}, expected the {token!r} at byte column {at + 1}:\n{stderr}")
        assert len(prefix) == at, f"caret not under {token!r}:\n{stderr}"
    return m["msg"]


@pytest.mark.parametrize("name,body,words,where", CASES, ids=[c[0] for c in CASES])
def test_located_error(tmp_path, name, body, words, where):
    path = write_source(tmp_path, name, body)
    p = transpile_bad(tmp_path, path)
    msg = check_located(p.stderr, path, *where)
    assert words in msg, f"message {msg!r} lacks {words!r}"


def test_missing_signature_says_how_to_write_one(tmp_path):
    path = write_source(tmp_path, "nosig", """
        def kernel(x, y):
            return x + y
        """)
    p = transpile_bad(tmp_path, path)
    # The message shows an export line for this very function.
    assert "# npc export kernel(" in p.stderr


def test_error_with_emit_main_writes_nothing(tmp_path):
    path = write_source(tmp_path, "err", CASES[4][1])
    transpile_bad(tmp_path, path, "--emit-main")


def test_existing_output_directory_is_left_alone(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("x")
    path = write_source(tmp_path, "err", CASES[4][1])
    p = npc_harness.run_npc("transpile", path, "-o", out, "--emit-main")
    assert p.returncode == 1
    assert [f.name for f in out.iterdir()] == ["keep.txt"]


def test_directory_as_input(tmp_path):
    (tmp_path / "pkg.py").mkdir()
    p = npc_harness.run_npc("transpile", tmp_path / "pkg.py", "-o", tmp_path / "out")
    assert p.returncode == 1
    assert "is a directory" in p.stderr and "internal" not in p.stderr, p.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("blocked", ["f.cpp", "npc"])
def test_failed_write_leaves_output_directory_alone(tmp_path, blocked):
    # A directory where npc writes the source, or a file where its runtime directory goes:
    # nothing is replaced, nothing is left behind.
    path = write_source(tmp_path, "f", """
        # npc export f(float64[:])
        def f(x):
            return x + 1
        """)
    out = tmp_path / "out"
    out.mkdir()
    (out / "f.h").write_text("old header")
    if blocked == "npc":
        (out / "npc").write_text("a file")
    else:
        (out / blocked).mkdir()
    before = sorted(p.name for p in out.rglob("*"))
    p = npc_harness.run_npc("transpile", path, "-o", out)
    assert p.returncode == 1, p.stderr
    assert p.stderr.startswith("npc: error: ") and "internal" not in p.stderr, p.stderr
    assert (out / "f.h").read_text() == "old header"
    assert sorted(p.name for p in out.rglob("*")) == before


@pytest.mark.parametrize("flag", ["--emit-ir", "--emit-loops"])
def test_error_with_ir_dumps(tmp_path, flag):
    path = write_source(tmp_path, "err", CASES[4][1])
    p = npc_harness.run_npc("transpile", path, flag, cwd=tmp_path)
    assert p.returncode == 1 and "internal error" not in p.stderr
    check_located(p.stderr, path, 5, "np.polyfit")
    assert not any(f.suffix in (".cpp", ".h") for f in tmp_path.iterdir())


@pytest.mark.parametrize("flag", ["--emit-ir", "--emit-loops"])
@pytest.mark.parametrize("other", [["-o", "out"], ["--emit-main"]])
def test_ir_dumps_write_no_files(tmp_path, flag, other):
    # Found on the command line, before the source is read.
    path = write_source(tmp_path, "src", CASES[4][1])
    p = npc_harness.run_npc("transpile", path, flag, *other, cwd=tmp_path)
    assert p.returncode == 2 and "excludes" in p.stderr, p.stderr
    assert sorted(f.name for f in tmp_path.iterdir()) == ["src.py"]


def test_missing_file(tmp_path):
    out = tmp_path / "out"
    p = npc_harness.run_npc("transpile", tmp_path / "nope.py", "-o", out)
    assert p.returncode == 1, p.stderr
    assert "nope.py" in p.stderr and "error" in p.stderr
    assert "internal error" not in p.stderr.lower()
    assert not out.exists()


def test_empty_output_directory_exits_2(tmp_path):
    src = write_source(tmp_path, "ok", CASES[4][1])
    p = npc_harness.run_npc("transpile", src, "-o", "", cwd=tmp_path)
    assert p.returncode == 2, f"exit {p.returncode}:\n{p.stderr}"
    assert "the output directory is empty" in p.stderr


def test_old_mac_line_ends(tmp_path):
    # Python reads lone CRs as line ends: so does npc, and its locations count them.
    good = tmp_path / "cr.py"
    good.write_bytes(b"import numpy as np\r\r\r# npc export f(float64[:])\rdef f(x):\r"
                     b"    return x + 1\r")
    p = npc_harness.run_npc("transpile", good, "-o", tmp_path / "out")
    assert p.returncode == 0, p.stderr
    bad = tmp_path / "bad.py"
    bad.write_bytes(b"import numpy as np\r\r\r# npc export f(float64[:])\rdef f(x):\r"
                    b"    return np.polyfit(x, x, 1)\r")
    p = npc_harness.run_npc("transpile", bad, "-o", tmp_path / "out2")
    assert p.returncode == 1
    check_located(p.stderr, bad, 6, "np.polyfit")


@pytest.mark.parametrize("args", [
    ["transpile", "{src}", "--no-such-option"],
    ["transpile"],
    ["transpile", "{src}", "--target", "metal"],
    ["no-such-command"],
])  # fmt: skip
def test_bad_command_line_exits_2(tmp_path, args):
    src = write_source(tmp_path, "ok", CASES[4][1])
    out = tmp_path / "out"
    p = npc_harness.run_npc(*[a.format(src=src) for a in args], "-o", out, cwd=tmp_path)
    assert p.returncode == 2, f"exit {p.returncode}:\n{p.stderr}"
    assert "internal error" not in p.stderr.lower()
    assert not out.exists()


def test_caret_after_non_ascii(tmp_path):
    path = write_source(tmp_path, "unicode", """
        # npc export f(float64[:])
        def f(x):
            résultat = x + np.polyfit(x, x, 1)
            return résultat
        """)
    p = transpile_bad(tmp_path, path)
    lines = p.stderr.split("\n")
    assert lines[2].index("^") == lines[1].index("np.polyfit"), p.stderr


def test_crlf_source(tmp_path):
    path = tmp_path / "crlf.py"
    path.write_bytes(b"import numpy as np\r\n\r\n# npc export f(float64[:])\r\n"
                     b"def f(x):\r\n    return np.polyfit(x, x, 1)\r\n")
    p = transpile_bad(tmp_path, path)
    check_located(p.stderr, path, 5, "np.polyfit")
    # Text mode above turned "\r\n" into "\n"; the raw bytes must have no "\r" either.
    raw = subprocess.run([str(npc_harness.npc_bin()), "transpile", str(path), "-o",
                          str(tmp_path / "out")], capture_output=True, timeout=60)
    assert b"\r" not in raw.stderr, raw.stderr
