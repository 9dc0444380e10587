# Writes a C++ source embedding runtime/npc/*.h, so `npc transpile` can copy the runtime
# next to its output without knowing where npc was installed.
# Inputs: RUNTIME_DIR, OUTPUT.
file(GLOB headers RELATIVE "${RUNTIME_DIR}" "${RUNTIME_DIR}/npc/*.h")
list(SORT headers)
set(body "// Generated at build time by cmd/EmbedRuntime.cmake from runtime/npc/*.h.\n")
string(APPEND body "#include \"cmd/EmbeddedRuntime.h\"\n\nnamespace npc::cmd {\n\n")
string(APPEND body "const std::vector<EmbeddedFile> &runtimeHeaders() {\n")
string(APPEND body "    static const std::vector<EmbeddedFile> files = {\n")
foreach(h ${headers})
  file(READ "${RUNTIME_DIR}/${h}" text)
  string(APPEND body "        {\"${h}\", R\"npc_runtime(${text})npc_runtime\"},\n")
endforeach()
string(APPEND body "    };\n    return files;\n}\n\n} // namespace npc::cmd\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
