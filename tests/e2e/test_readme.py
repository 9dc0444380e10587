"""README.md's "Supported Python and NumPy" table cannot drift from the compiler: every
NumPy function in npc's function tables (frontend/*.cpp) is named in the table, and every
name in the table is used by at least one end-to-end kernel that runs against NumPy."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


NAME = r"(?:np\.linalg\.|np\.|a\.)\w+"


def supported_names():
    """Names in the table rows and the paragraph above it (not in prose examples)."""
    text = (ROOT / "README.md").read_text()
    start = text.index("## Supported Python and NumPy")
    end = text.index("\n## ", start + 1)
    lines = [l for l in text[start:end].splitlines()
             if l.startswith("|") or "Inside exported functions" in l or l.startswith("module-level")]
    return set(re.findall(NAME, "\n".join(lines)))


def compiler_functions():
    names = set()
    for source in (ROOT / "frontend").glob("*.cpp"):
        for module, name in re.findall(r'\{"(numpy|numpy\.linalg|ndarray)\.(\w+)"', source.read_text()):
            names.add(("np." if module == "numpy" else "np.linalg." if module == "numpy.linalg"
                       else "a.") + name)
    return names


def kernel_sources():
    files = list((ROOT / "tests" / "e2e" / "kernels").glob("*.py")) + list((ROOT / "samples").glob("*.py"))
    return "\n".join(f.read_text() for f in files)


def test_table_lists_every_supported_function():
    missing = sorted(compiler_functions() - supported_names())
    assert not missing, f"supported by npc but not in README's table: {missing}"


def test_every_listed_function_is_tested_end_to_end():
    sources = kernel_sources()
    untested = sorted(n for n in supported_names()
                      if not re.search(r"\b" + re.escape(n.split(".", 1)[1]) + r"\b", sources))
    assert not untested, f"listed in README but used by no end-to-end kernel: {untested}"
