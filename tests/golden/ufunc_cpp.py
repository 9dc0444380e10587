# Elementwise ufuncs become calls in the fused loop: np.clip with one side None is
# np.maximum (npc::maximum returns its second operand, the bound, on ties), shifts go through npc::left_shift (no C++ UB for
# counts >= the width), np.where is a conditional, and `&` of two bool arrays is `&&`.
# RUN: %npc transpile %s -o %t && %FileCheck %s < %t/ufunc_cpp.cpp
import numpy as np

# npc export ufuncs(float32[:], int8[:])
def ufuncs(x, k):
    return np.where((0 < x) & (x < 1), np.sin(x), np.clip(x, -1.0, None)), k << 9, np.floor(k)

# CHECK: std::tuple<npc::Array<float, 1>, npc::Array<int8_t, 1>, npc::Array<int8_t, 1>> ufuncs(npc::ArrayView<const float, 1> x, npc::ArrayView<const int8_t, 1> k) {
# CHECK: // ufunc_cpp.py:9: return np.where((0 < x) & (x < 1), np.sin(x), np.clip(x, -1.0, None)), k << 9, np.floor(k)
# CHECK: const float clip = npc::maximum<float>(x_data[i * x_s0], -1.0f);
# CHECK-NEXT: result_data[i] = (0.0f < x_data[i * x_s0] && x_data[i * x_s0] < 1.0f) ? std::sin(x_data[i * x_s0]) : clip;
# CHECK: result2_data[i] = npc::left_shift<int8_t>(k_data[i * k_s0], 9);
# floor of an integer is the identity (NumPy 2 keeps int8).
# CHECK: result3_data[i] = k_data[i * k_s0];
