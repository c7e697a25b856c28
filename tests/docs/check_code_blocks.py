#!/usr/bin/env python3
"""Every code block in docs/ that looks compilable is one the tests compile.

A fenced block in C++ or CMake (```cpp, ```c++, ```cmake, or any block with an #include line) must stand right
under one of these markers:
  <!-- file: PATH -->     the block is the whole of PATH (a file the tests build, e.g. tests/plugins/*.cpp)
  <!-- excerpt: PATH -->  the block's lines appear in PATH, consecutively and exactly
  <!-- fragment -->       a piece that is not meant to compile on its own (an API shape, a declaration)
PATH is relative to the repository and must be a source that the build compiles: under tests/ or one of the
library folders. Prints file:line: message for each problem; exit 1 if any.

  tests/docs/check_code_blocks.py SOURCE_DIR
"""
import pathlib
import re
import sys

COMPILED = ("cpp", "c++", "cmake")
COMPILED_ROOTS = ("tests/", "platform/", "workloads/", "modules/", "manager/", "sim/", "bench/")
MARKER = re.compile(r"^<!--\s*(file|excerpt):\s*(\S+)\s*-->\s*$|^<!--\s*fragment\s*-->\s*$")


def blocks(text):
    """(line of the opening fence, language, lines of the body, the line above the fence)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^(\s*)```(\S*)\s*$", lines[i])
        if not m:
            i += 1
            continue
        indent, lang = m.group(1), m.group(2).lower()
        start = i
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        above = lines[start - 1] if start > 0 else ""
        yield start + 1, lang, body, above
        i += 1


def contains_run(haystack, needle):
    n = len(needle)
    return any(haystack[k:k + n] == needle for k in range(len(haystack) - n + 1))


def check(root):
    problems = []
    for md in sorted((root / "docs").glob("*.md")):
        rel = md.relative_to(root)
        for line, lang, body, above in blocks(md.read_text()):
            compilable = lang in COMPILED or any(l.lstrip().startswith("#include") for l in body)
            marker = MARKER.match(above.strip())
            if not compilable:
                continue
            if not marker:
                problems.append(f"{rel}:{line}: a {lang or 'code'} block that is neither taken from a compiled "
                                f"file (<!-- file: PATH --> or <!-- excerpt: PATH -->) nor marked <!-- fragment -->")
                continue
            kind, path = marker.group(1), marker.group(2)
            if kind is None:
                continue  # a fragment
            source = root / path
            if not path.startswith(COMPILED_ROOTS) or not source.is_file():
                problems.append(f"{rel}:{line}: {path} is not a source file of the repository that the build compiles")
                continue
            text = source.read_text().split("\n")
            if text and text[-1] == "":
                text = text[:-1]
            if kind == "file" and body != text:
                problems.append(f"{rel}:{line}: the block differs from {path} (it must be the whole file)")
            if kind == "excerpt" and not contains_run(text, body):
                problems.append(f"{rel}:{line}: the block's lines are not in {path} as written there")
    return problems


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    problems = check(root)
    for p in problems:
        print(p)
    if problems:
        return 1
    print("docs: every compilable code block is taken from a compiled file or marked as a fragment")
    return 0


if __name__ == "__main__":
    sys.exit(main())
