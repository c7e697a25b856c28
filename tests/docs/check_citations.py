#!/usr/bin/env python3
"""No comment or document cites a repository file that is not there.

Scans the sources (comments and strings alike: a path in a message is a citation too), the docs, the configs
and the scripts for paths that start with one of the repository's top-level folders (modules/, platform/,
docs/, tests/, ...) and end in a source or document suffix, and reports each one that names no file of the
repository (file:line: message, exit 1). A path under a folder that rmsim's runs create (results/, build/) is
not a citation.

  tests/docs/check_citations.py SOURCE_DIR
"""
import pathlib
import re
import sys

TOP = ("modules", "platform", "manager", "workloads", "sim", "docs", "tests", "bench", "scripts", "configs", "cmake",
       ".ci")
SUFFIXES = ("h", "cpp", "md", "py", "sh", "yaml", "in", "csv", "txt")
CITATION = re.compile(r"(?<![\w./-])((?:%s)/[\w./-]*\.(?:%s))(?![\w-])" % ("|".join(re.escape(t) for t in TOP),
                                                                             "|".join(SUFFIXES)))
# Files the build generates, and their templates in the repository.
GENERATED = {"platform/version.h": "cmake/version.h.in"}
SCANNED = ("*.h", "*.cpp", "*.md", "*.py", "*.sh", "*.yaml", "CMakeLists.txt", "*.cmake.in", "Makefile", "run")


def files(root):
    seen = set()
    for pattern in SCANNED:
        for p in root.rglob(pattern):
            rel = p.relative_to(root)
            if rel.parts[0] in ("build", ".git") or rel.parts[0].startswith("build-") or not p.is_file():
                continue
            if p not in seen:
                seen.add(p)
                yield p


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    problems = []
    for path in sorted(files(root)):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        for n, line in enumerate(text.split("\n"), 1):
            for m in CITATION.finditer(line):
                cited = m.group(1).rstrip(".")
                if (root / cited).exists() or (root / GENERATED.get(cited, cited)).exists():
                    continue
                # A path written relative to the citing file's folder (a config naming its platform).
                if (path.parent / cited).exists():
                    continue
                problems.append(f"{path.relative_to(root)}:{n}: cites {cited}, which is not in the repository")
    for p in problems:
        print(p)
    if problems:
        return 1
    print("citations: every cited repository file exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
