// Stands in for CUDA's header when code is built by nvcc-emu (see npc_cuda_emu.h).
#pragma once
#include "npc_cuda_emu.h"
