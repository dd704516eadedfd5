#!/usr/bin/env python3
"""Lists the longest Swift functions (func, init, deinit, subscript, computed var bodies).

    scripts/longest-functions.py [--top N] [--min LINES] [DIR ...]   (default: Sources, top 20)

A function's length is the number of lines from its declaration to its closing brace.
Braces are counted outside comments, string literals (interpolations included) and
character literals, so a "{" in a message does not end a body. Prints
`lines<TAB>file:line<TAB>Type.name`, longest first.
"""
import argparse
import os
import re
import sys

DECLARATION = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|package|static|class|final|"
    r"override|mutating|nonmutating|convenience|required|nonisolated|dynamic|lazy|indirect)(?:\([^)]*\))?\s+)*"
    r"(func\s+([^\s(<]+)|init[?!]?\s*[(<]|deinit\b|subscript\s*[(<]|var\s+(\w+)\s*:[^={]*\{)")
TYPE = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|open|package|final|indirect)\s+)*"
    r"(?:struct|class|enum|actor|extension|protocol)\s+([\w.]+)")


def code_only(text):
    """The text with comments and string contents blanked out (newlines kept)."""
    out = []
    i, n = 0, len(text)
    # Stack of contexts: "code" (with its paren depth for an interpolation), or a string.
    stack = [("code", 0)]
    while i < n:
        kind = stack[-1][0]
        c = text[i]
        if kind == "code":
            if text.startswith("//", i):
                j = text.find("\n", i)
                j = n if j < 0 else j
                out.append(" " * (j - i))
                i = j
                continue
            if text.startswith("/*", i):
                depth, j = 1, i + 2
                while j < n and depth:
                    if text.startswith("/*", j):
                        depth, j = depth + 1, j + 2
                    elif text.startswith("*/", j):
                        depth, j = depth - 1, j + 2
                    else:
                        j += 1
                out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
                i = j
                continue
            m = re.match(r'(#*)("""|")', text[i:])
            if m and (m.group(1) == "" or text[i] == "#"):
                hashes, quote = m.group(1), m.group(2)
                stack.append(("string", quote, hashes))
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
                continue
            if c == "(" and len(stack) > 1:
                stack[-1] = ("code", stack[-1][1] + 1)
            elif c == ")" and len(stack) > 1:
                if stack[-1][1] == 0:
                    stack.pop()
                    out.append(" ")
                    i += 1
                    continue
                stack[-1] = ("code", stack[-1][1] - 1)
            out.append(c)
            i += 1
            continue
        _, quote, hashes = stack[-1]
        closer = quote + hashes
        if text.startswith(closer, i):
            stack.pop()
            out.append(" " * len(closer))
            i += len(closer)
            continue
        escape = "\\" + hashes
        if text.startswith(escape + "(", i):
            stack.append(("code", 0))
            out.append(" " * (len(escape) + 1))
            i += len(escape) + 1
            continue
        if text.startswith(escape, i) and i + len(escape) < n:
            out.append(" " * (len(escape) + 1) if text[i + len(escape)] != "\n" else " " * len(escape) + "\n")
            i += len(escape) + 1
            continue
        out.append("\n" if c == "\n" else " ")
        i += 1
    return "".join(out)


def functions(path):
    with open(path, encoding="utf-8") as handle:
        raw = handle.read()
    lines = code_only(raw).split("\n")
    types = []  # (name, depth at which its body opened)
    depth = 0
    open_functions = []  # (name, start line, depth before its body)
    pending = None  # a declaration whose body has not opened yet
    pending_type = None
    for number, line in enumerate(lines, 1):
        if pending is None:
            m = DECLARATION.match(line)
            if m:
                name = m.group(2) or m.group(3) or m.group(1).split("(")[0].split("<")[0].strip()
                pending = [name, number, 0]
        if pending_type is None:
            t = TYPE.match(line)
            if t:
                pending_type = t.group(1)
        for c in line:
            if c == "{":
                if pending is not None:
                    owner = ".".join(name for name, _ in types)
                    label = f"{owner}.{pending[0]}" if owner else pending[0]
                    open_functions.append((label, pending[1], depth))
                    pending = None
                elif pending_type is not None:
                    types.append((pending_type, depth))
                    pending_type = None
                depth += 1
            elif c == "}":
                depth -= 1
                if open_functions and open_functions[-1][2] == depth:
                    label, start, _ = open_functions.pop()
                    yield number - start + 1, start, label
                if types and types[-1][1] == depth:
                    types.pop()
            elif pending is not None and c in "([":
                pending[2] += 1
            elif pending is not None and c in ")]":
                pending[2] -= 1
        # A protocol requirement has no body: its signature ends without one.
        if pending is not None and pending[2] == 0 and not line.rstrip().endswith(("{", ",", "(", "->", "throws")):
            following = next((l.strip() for l in lines[number:] if l.strip()), "")
            if not following.startswith(("{", "->", "throws", "rethrows", "async", "where")):
                pending = None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--min", type=int, default=0, help="only functions at least this long")
    parser.add_argument("dirs", nargs="*", default=["Sources"])
    args = parser.parse_args()
    found = []
    for root in args.dirs:
        for directory, _, files in os.walk(root):
            for file in files:
                if file.endswith(".swift"):
                    path = os.path.join(directory, file)
                    for length, line, label in functions(path):
                        found.append((length, f"{path}:{line}", label))
    found.sort(key=lambda item: (-item[0], item[1]))
    for length, where, label in found[: args.top]:
        if length >= args.min:
            print(f"{length}\t{where}\t{label}")


if __name__ == "__main__":
    sys.exit(main())
