# Shape functions cost no copies: a transpose, a concatenation and a reshape fuse into the
# consumer's single loop (the reshape's flat index split by division, the parts chosen by
# a conditional), and the extents NumPy would compare are checked once on entry.
# RUN: %npc transpile %s --emit-loops | %FileCheck %s
import numpy as np

# npc export shapes(float64[:,:], float64[:,:])
def shapes(x, y):
    return np.concatenate((x.T, y * 2)).reshape(-1)

# CHECK: if (y.shape[1] != x.shape[0]) throw ValueError("all the input array dimensions except for the concatenation axis must match exactly, but along dimension 1, the array at index 0 has size {extent} and the array at index 1 has size {extent}")
# CHECK-NEXT: with x.shape[0]
# CHECK-NEXT: with y.shape[1]
# CHECK-NOT: alloc
# CHECK: alloc result float64
# CHECK-NOT: alloc
# CHECK: for i_rest in
# CHECK: result[i] = (((i / x.shape[0]) < offset) ? x[{{.*}}] : (y[{{.*}}] * 2))
