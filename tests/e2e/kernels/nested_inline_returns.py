"""A helper with an early return that calls other helpers (inlined inside the first
one's inlining), which crashed npc; and writes through a view of a local array not yet in
memory, made in a loop, in a helper called in a loop."""
import numpy as np


def identity(b):
    return b


def decrement(b, k):
    b[k] -= 1


def first_or_count(a, n):
    if n > 2:
        return 1
    for i in range(n):
        decrement(a, i)
    identity(a)
    return 0


def bump_tail(a, i):
    v = a[i:]
    v += 1


# npc export nested_inline_returns(float64[:], int)
def nested_inline_returns(x, n):
    r = first_or_count(x, n)
    c = np.zeros(5)
    for i in range(n):
        bump_tail(c, i)
    d = np.ones(5)
    for i in range(n):
        w = d[i:]
        w += 1
    return r, x, c, d
