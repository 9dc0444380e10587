# A stencil iterated over time steps: the Python loop stays a serial C++ loop around the
# parallel array loops; the in-place update of the argument needs no copy of the right
# side (it reads the elements it writes, and `lap`, evaluated once per step, before the
# update). The argument becomes a mutable view.
# RUN: %npc transpile %s -o %t && %FileCheck %s < %t/stencil_loops.cpp
import numpy as np

# npc export heat(float64[:], float64, int)
def heat(u, alpha, steps):
    for t in range(steps):
        lap = u[2:] - 2 * u[1:-1] + u[:-2]
        u[1:-1] += alpha * lap
    return u

# CHECK: npc::Array<double, 1> heat(npc::ArrayView<double, 1> u, double alpha, int64_t steps) {
# CHECK: double *u_data = u.data;
# CHECK: npc::Array<double, 1> lap({n});
# CHECK-NOT: npc::Array<double, 1> rhs
# CHECK: // stencil_loops.py:10: for t in range(steps):
# CHECK: const int64_t trips = npc::range_length(0, {{.*}}, 1);
# CHECK-NEXT: for (int64_t t_iter = 0; t_iter < trips; ++t_iter) {
# CHECK: // stencil_loops.py:11: lap = u[2:] - 2 * u[1:-1] + u[:-2]
# CHECK-NEXT: #pragma omp parallel for
# CHECK: lap_data[{{.*}}] =
# CHECK: // stencil_loops.py:12: u[1:-1] += alpha * lap
# CHECK-NEXT: #pragma omp parallel for
# CHECK: u_data[{{.*}}] = u_data[{{.*}}] + alpha * lap_data[{{.*}}];
