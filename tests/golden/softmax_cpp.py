# Row-wise softmax. `e` is read by two loop nests (the row sums' and the division's) and
# calls exp, so it gets a buffer: each exp is computed once. Loops whose inner loops run
# along a row (elementwise, or a maximum) keep the rows on the threads and run the inner
# loop in SIMD lanes along the row; rows shorter than 16 run 8 rows in lockstep instead.
# The row sums stay in order along each row (8 rows in lockstep).
# RUN: %npc transpile %s -o %t && %FileCheck %s < %t/softmax_cpp.cpp
import numpy as np

# npc export softmax(float64[:,:])
def softmax(x):
    e = np.exp(x - np.max(x, axis=1, keepdims=True))
    return e / np.sum(e, axis=1, keepdims=True)

# CHECK: npc::Array<double, 2> e({x.shape[0], x.shape[1]});
# CHECK: // softmax_cpp.py:11: e = np.exp(x - np.max(x, axis=1, keepdims=True))
# The maximum: lane-wise partial maxima along the row, combined in lane order.
# CHECK-NEXT: if (x.shape[1] >= 16) {
# CHECK-NEXT: #pragma omp parallel for
# CHECK-NEXT: for (int64_t i = 0; i < x.shape[0]; ++i) {
# CHECK-NEXT: double max2 = -npc::infinity<double>();
# CHECK-NEXT: double max2_lanes[8];
# CHECK: max2_lanes[lane] = max2;
# CHECK: for (int64_t k_block = 0; k_block < x.shape[1] / 8; ++k_block) {
# CHECK-NEXT: #pragma omp simd
# CHECK-NEXT: for (int64_t lane = 0; lane < 8; ++lane) {
# CHECK-NEXT: const int64_t k = k_block * 8 + lane;
# CHECK-NEXT: max2_lanes[lane] = npc::maximum<double>(max2_lanes[lane], x_data[i * x_s0 + k * x_s1]);
# CHECK: for (int64_t lane = 0; lane < 8; ++lane) {
# CHECK-NEXT: max2 = npc::maximum<double>(max2, max2_lanes[lane]);
# CHECK: for (int64_t k_rest = 0; k_rest < x.shape[1] - x.shape[1] / 8 * 8; ++k_rest) {
# CHECK: max_data[i] = max2;
# Short rows: 8 rows in lockstep, as before.
# CHECK: else {
# CHECK: for (int64_t i_block = 0; i_block < x.shape[0] / 8; ++i_block) {
# exp once per element, into e's buffer, along the row.
# CHECK: if (x.shape[1] >= 16) {
# CHECK-NEXT: #pragma omp parallel for
# CHECK-NEXT: for (int64_t i = 0; i < x.shape[0]; ++i) {
# CHECK-NEXT: #pragma omp simd
# CHECK-NEXT: for (int64_t j = 0; j < x.shape[1]; ++j) {
# CHECK-NEXT: const double e2 = std::exp(x_data[i * x_s0 + j * x_s1] - max_data[i]);
# CHECK-NEXT: e_data[i * e_s0 + j] = e2;
# CHECK: // softmax_cpp.py:12: return e / np.sum(e, axis=1, keepdims=True)
# CHECK-NOT: std::exp
# CHECK: sum2[lane4] += e_data[(i_block3 * 8 + lane4) * e_s0 + k];
# CHECK: if (x.shape[1] >= 16) {
# CHECK-NEXT: #pragma omp parallel for
# CHECK-NEXT: for (int64_t i = 0; i < x.shape[0]; ++i) {
# CHECK-NEXT: #pragma omp simd
# CHECK-NEXT: for (int64_t j = 0; j < x.shape[1]; ++j) {
# CHECK-NEXT: result_data[i * e_s0 + j] = e_data[i * e_s0 + j] / sum_data[i];
# CHECK-NOT: std::exp
# CHECK: return result;
