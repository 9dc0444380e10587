"""Complex arithmetic: + - * / ** (integer and complex exponents), unary minus, Python
scalars and `1j` literals (weak under NEP 50), == and !=."""
import numpy as np


# npc export complex_arith(complex128[:], complex128[:])
# npc export complex_arith(complex64[:], complex64[:])
def complex_arith(a, b):
    return (a + b, a - b, a * b, a / b, a ** 2, a ** 3, a ** -2, a ** b, -a,
            a * 2.5, a + 1j, 2j * a - 1, a / 2, a == b, a != b)
