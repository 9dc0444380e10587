// Umbrella header of npc's runtime: generated code includes only this (the driver, used
// by `--emit-main` programs, included).
#pragma once

#include "npc/arith.h"
#include "npc/array.h"
#include "npc/config.h"
#include "npc/driver.h"
#include "npc/error.h"
#include "npc/index.h"
#include "npc/npy.h"
#include "npc/npy_format.h"
#include "npc/ufunc.h"
