// Umbrella header of npc's runtime: generated code includes only this (the driver, used
// by `--emit-main` programs, included).
#ifndef NPC_RUNTIME_RUNTIME_H
#define NPC_RUNTIME_RUNTIME_H

#include "npc/arith.h"
#include "npc/array.h"
#include "npc/config.h"
#include "npc/driver.h"
#include "npc/error.h"
#include "npc/index.h"
#include "npc/npy.h"
#include "npc/npy_format.h"
#include "npc/ufunc.h"

#endif // NPC_RUNTIME_RUNTIME_H
