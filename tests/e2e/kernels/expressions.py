"""Operator precedence and signs as the C++ emitter prints them: subtraction of
negatives, parenthesised right operands, ** (right-associative, binds tighter than unary
minus, unary minus applied twice: once emitted as the C++ `--`), on float64 and int64."""
import numpy as np


# npc export expressions(float64[:], float64[:], int64[:], int64[:])
def expressions(x, y, a, b):
    return (x - -y, -x - -y, x - (-1), x - -1.0, -(x - y), x / (y * 2), x - (y - 1),
            (x - y) - 1, -x ** 2, (-x) ** 2, x ** -y, x / y / 2, x / (y / 2),
            x - y - (x - y), 2 - -x, x * -y, x // -y, x % -y, -x % y, -(x + y) * 2,
            x ** y ** 2, (x ** y) ** 2,
            a - -b, -a - -b, a - (b - 1), -(a // b), a // (b * 1), -a % b, a // -b, a * -b,
            -(a % b), a - b - (a - b), 2 ** (b * b), (a + b) // (a - b + 100),
            -(-x), -(-(-x)), -(-a), -(-(-a)) - -a)
