# The K-Means step must become ONE parallel loop over points, with the broadcast, the
# norm's sum and sqrt, and the argmin fused into it: no temporary arrays.
# RUN: %npc transpile %s -o %t && %FileCheck %s < %t/kmeans_cpp.cpp
import numpy as np

# npc export kmeans(float64[:,:], float64[:,:])
def kmeans(X, means):
    return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)

# CHECK: npc::Array<int64_t, 1> kmeans(npc::ArrayView<const double, 2> X, npc::ArrayView<const double, 2> means) {
# CHECK: if (means.shape[0] == 0)
# CHECK-NEXT: throw npc::ValueError("attempt to get argmin of an empty sequence");
# CHECK: npc::Array<int64_t, 1> result({X.shape[0]});
# CHECK-NOT: npc::Array
# CHECK: // kmeans_cpp.py:8: return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)
# CHECK-NEXT: #pragma omp parallel for
# CHECK-NEXT: for (int64_t i = 0; i < X.shape[0]; ++i) {
# CHECK-NEXT: int64_t argmin = 0;
# CHECK: for (int64_t j = 0; j < means.shape[0]; ++j) {
# CHECK-NEXT: double sum = 0.0;
# CHECK-NEXT: for (int64_t k = 0; k < n; ++k) {
# CHECK-NEXT: const double diff = X_data[i * X_s0 + k * X_s1] - means_data[j * means_s0 + k * means_s1];
# CHECK-NEXT: sum += diff * diff;
# CHECK: const double norm = std::sqrt(sum);
# CHECK: argmin = better ? j : argmin;
# CHECK: result_data[i] = argmin;
# CHECK-NOT: #pragma omp
# CHECK: return result;
