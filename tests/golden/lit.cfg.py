# lit configuration for npc's golden tests: each .py file runs npc and pipes the
# emitted code or diagnostics to FileCheck against the CHECK lines in the file itself.
import lit.formats

config.name = "npc-golden"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".py"]
config.excludes = ["lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
# Temporary files (%t) go to the build tree, never next to the sources.
config.test_exec_root = lit_config.params.get("exec_root", "/tmp/npc-golden")

npc = lit_config.params.get("npc")
filecheck = lit_config.params.get("filecheck", "FileCheck")
if not npc:
    lit_config.fatal("pass --param npc=PATH/TO/npc")
config.substitutions.append(("%npc", os.path.abspath(npc)))
config.substitutions.append(("%FileCheck", filecheck))
# LLVM's `not` (inverts an exit code) lives next to FileCheck.
config.substitutions.append(("%not", os.path.join(os.path.dirname(filecheck), "not")))
