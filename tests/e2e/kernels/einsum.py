import numpy as np


# npc export einsum(float64[:,:], float64[:,:], float64[:], int8[:,:], bool[:], float32[:,:,:], float64[:,:])
def einsum(a, b, v, k, p, t, sq):
    e1 = np.einsum("ij,jk->ik", a, b)  # a matrix product
    e2 = np.einsum("ij,jk", a, b)  # implicit output: the letters once, sorted
    e3 = np.einsum("ij->ji", a)  # a transpose
    e4 = np.einsum("ij->", a)  # everything summed
    e5 = np.einsum("ij,j->i", a, v)
    e6 = np.einsum("i,i", v, v)  # a scalar
    e7 = np.einsum("ij,ij->i", a, a)  # rowwise dot
    e8 = np.einsum("ii->i", sq)  # the diagonal
    e9 = np.einsum("ii", sq)  # the trace
    e10 = np.einsum("ij->j", k)  # int8 stays int8 (wraps)
    e11 = np.einsum("i,i->", p, p)  # bools: or of ands
    e12 = np.einsum("bij,jk->bik", t, b)  # float32 with float64: float64
    e13 = np.einsum("i,j->ij", v, v)  # an outer product
    e14 = np.einsum("ij, jk -> ki", a, b, optimize=True)  # spaces; optimize accepted
    e15 = np.einsum("Ba,aA", a, b)  # capitals sort before small letters
    e16 = np.einsum("ijk->kji", t)
    e17 = np.einsum("i,i,i->", v, v, v)  # three operands
    return e1, e2, e3, e4, e5, e6, e7, e8, e9, e10, e11, e12, e13, e14, e15, e16, e17
