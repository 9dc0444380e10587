// Device-side checks of npc's CUDA runtime (runtime/npc/cuda.h) on values no end-to-end
// case reaches on a test machine: npc::cuda::unravel_next beyond 2^31, the 64-bit path that
// only loop nests of more than 2^31 elements take. Each case is unravelled on the device and
// compared with the host's int64 division. Prints one line per failure and a summary; exit
// status 1 on any failure. Built by tests/e2e/test_cuda_runtime.py (CPU emulation) and by
// tests/gpu/run.sh (a real GPU).
#include "npc/cuda.h"

#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

__global__ void unravel_cases(const int64_t *rest, const int64_t *extent, int64_t *index,
                              int64_t *quotient, int64_t n) {
    for (int64_t i = npc::cuda::thread_index(); i < n; i += npc::cuda::thread_count()) {
        int64_t r = rest[i];
        index[i] = npc::cuda::unravel_next(r, extent[i]);
        quotient[i] = r;
    }
}

void check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        std::fprintf(stderr, "runtime_test: %s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

} // namespace

int main() {
    const int64_t big = int64_t{1} << 31;
    // Values on both sides of 2^31 for rest and extent, and the largest ones.
    const std::vector<int64_t> rests = {0,           1,           big - 1,     big,
                                        big + 1,     3 * big + 7, int64_t{1} << 40,
                                        (int64_t{1} << 62) + 12345, INT64_MAX};
    const std::vector<int64_t> extents = {1, 2, 3, 1000, big - 1, big, big + 1, int64_t{1} << 33,
                                          INT64_MAX};
    std::vector<int64_t> rest, extent;
    for (int64_t r : rests)
        for (int64_t e : extents) {
            rest.push_back(r);
            extent.push_back(e);
        }
    const auto n = static_cast<int64_t>(rest.size());
    const size_t bytes = rest.size() * sizeof(int64_t);
    int64_t *d[4];
    for (int64_t *&p : d)
        check(cudaMalloc(reinterpret_cast<void **>(&p), bytes), "cudaMalloc");
    check(cudaMemcpy(d[0], rest.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    check(cudaMemcpy(d[1], extent.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    unravel_cases<<<2, 32>>>(d[0], d[1], d[2], d[3], n);
    check(cudaGetLastError(), "launch");
    std::vector<int64_t> index(rest.size()), quotient(rest.size());
    check(cudaMemcpy(index.data(), d[2], bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    check(cudaMemcpy(quotient.data(), d[3], bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    for (int64_t *p : d)
        check(cudaFree(p), "cudaFree");
    int failures = 0;
    for (size_t i = 0; i < rest.size(); ++i)
        if (index[i] != rest[i] % extent[i] || quotient[i] != rest[i] / extent[i]) {
            std::printf("unravel_next(%lld, %lld): index %lld, rest %lld; want %lld, %lld\n",
                        static_cast<long long>(rest[i]), static_cast<long long>(extent[i]),
                        static_cast<long long>(index[i]), static_cast<long long>(quotient[i]),
                        static_cast<long long>(rest[i] % extent[i]),
                        static_cast<long long>(rest[i] / extent[i]));
            ++failures;
        }
    std::printf("runtime_test: unravel_next: %lld cases, %d failures\n", static_cast<long long>(n),
                failures);
    return failures == 0 ? 0 : 1;
}
