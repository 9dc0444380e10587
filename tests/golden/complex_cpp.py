# Complex numbers are std::complex in the C++: products and quotients go through NumPy's
# formulas (npc::complex_multiply, npc::complex_divide), a complex64 sum accumulates in
# complex128 and runs as an OpenMP reduction (the `+` reduction over std::complex is
# declared in npc/complex.h), and the header includes <complex> for the signature.
# RUN: %npc transpile %s -o %t && %FileCheck %s < %t/complex_cpp.cpp && %FileCheck --check-prefix=HEADER %s < %t/complex_cpp.h
import numpy as np

# npc export csum(complex64[:], complex64[:])
def csum(a, b):
    return np.sum(a * b / 2j), np.abs(a).astype(np.complex64) + 1j

# HEADER: #include <complex>
# HEADER: std::tuple<std::complex<float>, npc::Array<std::complex<float>, 1>> csum(npc::ArrayView<const std::complex<float>, 1> a, npc::ArrayView<const std::complex<float>, 1> b);
# CHECK: std::complex<double> sum = std::complex<double>(0.0, 0.0);
# CHECK-NEXT: #pragma omp parallel for schedule(static) if(n >= NPC_PARALLEL_MIN_WORK) reduction(+:sum)
# CHECK: sum += static_cast<std::complex<double>>(npc::complex_divide(npc::complex_multiply(a_data[i * a_s0], b_data[i * b_s0]), std::complex<float>(0.0f, 2.0f)));
# CHECK: const std::complex<float> sum2 = static_cast<std::complex<float>>(sum);
# CHECK: = static_cast<std::complex<float>>(npc::absolute(a_data[{{.*}}])) + std::complex<float>(0.0f, 1.0f);
