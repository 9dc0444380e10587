// The runtime headers (runtime/npc/*.h) embedded in the npc binary at build time.
#pragma once

#include <string>
#include <vector>

namespace npc::cmd {

struct EmbeddedFile {
    const char *path; ///< relative to the output directory, e.g. "npc/array.h"
    const char *text;
};

/// Every runtime header, sorted by path.
const std::vector<EmbeddedFile> &runtimeHeaders();

} // namespace npc::cmd
