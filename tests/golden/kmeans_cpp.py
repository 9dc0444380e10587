# The K-Means step must become ONE parallel loop over points, with the broadcast, the
# norm's sum and sqrt, and the argmin fused into it: no temporary arrays. The vectorize
# pass runs 8 points in lockstep (lane arrays, `omp simd` loops) plus a scalar remainder.
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
# CHECK: // kmeans_cpp.py:9: return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)
# CHECK-NEXT: #pragma omp parallel for
# CHECK-NEXT: for (int64_t i_block = 0; i_block < X.shape[0] / 8; ++i_block) {
# CHECK-NEXT: int64_t argmin[8];
# CHECK: for (int64_t j = 0; j < means.shape[0]; ++j) {
# CHECK-NEXT: double sum[8];
# CHECK: for (int64_t k = 0; k < n; ++k) {
# CHECK-NEXT: double diff[8];
# CHECK-NEXT: #pragma omp simd
# CHECK-NEXT: for (int64_t lane = 0; lane < 8; ++lane) {
# CHECK-NEXT: diff[lane] = X_data[(i_block * 8 + lane) * X_s0 + k * X_s1] - means_data[j * means_s0 + k * means_s1];
# CHECK-NEXT: sum[lane] += diff[lane] * diff[lane];
# CHECK: norm[lane] = std::sqrt(sum[lane]);
# CHECK: argmin[lane] = better[lane] ? j : argmin[lane];
# CHECK: result_data[i_block * 8 + lane] = argmin[lane];
# The remainder: fewer than 8 points, one at a time, same operations in the same order.
# CHECK: for (int64_t i_rest = 0; i_rest < X.shape[0] - X.shape[0] / 8 * 8; ++i_rest) {
# CHECK-NEXT: const int64_t i = X.shape[0] / 8 * 8 + i_rest;
# CHECK: const double diff = X_data[i * X_s0 + k * X_s1] - means_data[j * means_s0 + k * means_s1];
# CHECK: result_data[i] = argmin;
# CHECK-NOT: #pragma omp parallel
# CHECK: return result;
