#!/usr/bin/env python3
"""Recall of `asset-tool refs` on maintainers' own fixes (BENCHMARKS.md, "refs": recall).

    Benchmarks/refs-recall.py [--per-repo N] [--tool PATH] GITDIR...

GITDIR: a public app repository's git directory with its history (the `fetch` tool's snapshot,
/work/.mirror/OWNER+NAME/repo). Nothing is written into it: each parent commit is exported with `git archive`
into a temporary folder, scanned, and removed. The cases are mined from each repository's history, newest
first, at most N of each kind per repository:

  unused   a commit deletes a set (`X.imageset`, `.colorset`, `.dataset`, `.symbolset`), removes no source
           line naming "X" (a literal, an accessor, an enum case), adds or changes no set "X" in another case,
           and no set "X" in another case: the maintainers removed a set nothing used. A miss where a source at
           the parent still has the literal "X" says which file (read it: a use the set's removal left, or a
           coincidence that hid the set). Found when `refs` at the commit's
           parent reports `unused-asset` for that set's folder.
  missing  a commit adds a set X that a source already asked for at the parent (`named: "X"`, `Image("X"`,
           `Color("X"`, `imageNamed:@"X"`, `image="X"`, `name="X"` of IB's colours), or changes a lookup's
           literal from a name no set had to one a set has: the maintainers fixed a missing name. Found when
           `refs` at the parent reports `missing-asset` at that file and line.

Prints one line per case (found or the cause it was missed by, as far as the output says), then the totals
per kind. The cases themselves are regenerated from the histories on every run; none is stored.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

SET_SUFFIXES = (".imageset", ".colorset", ".dataset", ".symbolset")
SOURCE_SUFFIXES = (".swift", ".m", ".mm", ".storyboard", ".xib")
LOOKUP = (
    r'(?:named:\s*"{n}"|Image\(\s*"{n}"|Color\(\s*"{n}"|imageNamed:\s*@"{n}"|image="{n}"|'
    r'<color [^>]*name="{n}"|colorNamed:\s*@"{n}"|NSDataAsset\(name:\s*"{n}")'
)


def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir", gitdir, *args], capture_output=True, text=True, errors="replace").stdout


def set_name(path):
    folder = next((part for part in path.split("/") if part.endswith(SET_SUFFIXES)), None)
    if folder is None:
        return None, None
    index = path.split("/").index(folder)
    return folder.rsplit(".", 1)[0], "/".join(path.split("/")[: index + 1])


def squash(text):
    return re.sub(r"[^0-9a-z]", "", text.lower())


def mine(gitdir, per_repo):
    """The newest unused and missing cases of one repository."""
    unused, missing = [], []
    log = git(gitdir, "log", "--no-merges", "--format=@%H %P", "--name-status", "--", "*Contents.json")
    commit = parent = None
    changes = {}
    entries = []
    for line in log.splitlines():
        if line.startswith("@"):
            if commit:
                entries.append((commit, parent, changes))
            parts = line[1:].split()
            commit, parent = parts[0], (parts[1] if len(parts) > 1 else None)
            changes = {"D": set(), "A": set(), "M": set()}
        elif line and line[0] in "DAM" and "\t" in line:
            status, path = line.split("\t", 1)
            name, folder = set_name(path)
            if name and path == f"{folder}/Contents.json":
                changes[status].add((name, folder))
    if commit:
        entries.append((commit, parent, changes))
    for commit, parent, changes in entries:
        if not parent or (len(unused) >= per_repo and len(missing) >= per_repo):
            continue
        if changes["D"] and len(unused) < per_repo:
            diff = git(gitdir, "show", "--format=", "-U0", commit, "--", *[f"*{s}" for s in SOURCE_SUFFIXES])
            removed = [squash(l) for l in diff.splitlines() if l.startswith("-") and not l.startswith("---")]
            # A set deleted beside one of the same name in another case was a case fix, not an unused set.
            added_names = {name.lower() for name, _ in changes["A"] | changes["M"]}
            for name, folder in sorted(changes["D"]):
                # A rename or a move keeps the set; a removed line naming it (a literal, an accessor, an enum
                # case: compared without case and punctuation) was a use the same commit took away.
                if name.lower() in added_names or any(squash(name) in l for l in removed):
                    continue
                # A source at the parent that still has the name as a literal may have used it (the set moved, or
                # the use went in an earlier commit): kept, and a miss says so, to be read by hand.
                literal = git(gitdir, "grep", "-l", "-F", f'"{name}"', parent, "--", *[f"*{s}" for s in SOURCE_SUFFIXES])
                unused.append(
                    {"kind": "unused", "commit": commit, "parent": parent, "set": folder, "name": name,
                     "literal": literal.split("\n")[0].split(":", 1)[-1] if literal.strip() else None})
        if changes["A"] and len(missing) < per_repo:
            existing = {set_name(p)[0] for p in git(gitdir, "ls-tree", "-r", "--name-only", parent).splitlines() if p.endswith("Contents.json")}
            for name, folder in sorted(changes["A"]):
                # One- and two-letter names match query keys and the like, not lookups.
                if name in existing or len(name) < 3 or not re.fullmatch(r"[\w.\- ]+", name):
                    continue
                pattern = LOOKUP.format(n=re.escape(name))
                grep = git(gitdir, "grep", "-n", "-P", pattern, parent, "--", *[f"*{s}" for s in SOURCE_SUFFIXES])
                for hit in grep.splitlines()[:3]:
                    # parent:path:line:text
                    _, path, line, text = hit.split(":", 3)
                    # Third-party code, tests, and a system symbol (`catalog="system"`) that the new set replaces.
                    if any(part in f"/{path}" for part in ("/Pods/", "/Carthage/", "Tests/")) or 'catalog="system"' in text:
                        continue
                    missing.append(
                        {"kind": "missing", "commit": commit, "parent": parent, "name": name, "file": path, "line": int(line)})
    return unused[:per_repo], missing[:per_repo]


def export(gitdir, commit, folder):
    """Writes the commit's files into folder. A snapshot may lack its largest blobs (`git archive` then stops
    half way): each file is read on its own, and one that is absent is left out."""
    listing = subprocess.run(["git", "--git-dir", gitdir, "ls-tree", "-r", "-z", commit], capture_output=True).stdout
    entries = []
    for entry in listing.split(b"\0"):
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            entries.append((sha, path))
    batch = subprocess.Popen(["git", "--git-dir", gitdir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for sha, path in entries:
        batch.stdin.write(sha + b"\n")
        batch.stdin.flush()
        header = batch.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            continue
        data = batch.stdout.read(int(header[2]))
        batch.stdout.read(1)
        target = os.path.join(folder.encode(), path)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as file:
            file.write(data)
    batch.stdin.close()
    batch.wait()


def scan(gitdir, parent, tool):
    with tempfile.TemporaryDirectory(prefix="refs-recall-") as folder:
        export(gitdir, parent, folder)
        out = subprocess.run([tool, "refs", folder, "--format", "json"], capture_output=True, text=True, errors="replace").stdout
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return None


def judge(case, report):
    if report is None:
        return "missed: refs gave no report"
    diagnostics = report.get("diagnostics", [])
    if case["kind"] == "unused":
        for d in diagnostics:
            if d["path"].endswith(case["set"]) and d["code"] == "unused-asset":
                return "found"
        if not any(case["set"].startswith(catalog + "/") for catalog in report.get("scan", {}).get("catalogs", [])):
            return "missed: catalog not read"
        if case.get("literal"):
            return "missed: counted as used (a literal at the parent: " + case["literal"] + ")"
        return "missed: counted as used"
    at = [d for d in diagnostics if d["path"].endswith(case["file"]) and d.get("line") == case["line"]]
    if any(d["code"] == "missing-asset" for d in at):
        return "found"
    if at:
        return "missed: reported as " + ",".join(sorted({d["code"] for d in at}))
    named = [d for d in diagnostics if d["code"] == "missing-asset" and f'"{case["name"]}"' in d["message"]]
    if named:
        return "missed: reported at another line"
    return "missed: not reported"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--per-repo", type=int, default=10)
    parser.add_argument("--tool", default=os.path.join(os.path.dirname(__file__), "..", ".build", "release", "asset-tool"))
    parser.add_argument("gitdirs", nargs="+")
    args = parser.parse_args()
    totals = {}
    for gitdir in args.gitdirs:
        repo = os.path.basename(os.path.dirname(gitdir.rstrip("/"))) if gitdir.rstrip("/").endswith("repo") else gitdir
        unused, missing = mine(gitdir, args.per_repo)
        cache = {}
        for case in unused + missing:
            if case["parent"] not in cache:
                cache[case["parent"]] = scan(gitdir, case["parent"], args.tool)
            verdict = judge(case, cache[case["parent"]])
            where = case.get("set") or f'{case["file"]}:{case["line"]}'
            print(f'{repo} {case["kind"]} {case["commit"][:10]} {case["name"]} {where}: {verdict}', flush=True)
            kind = totals.setdefault(case["kind"], {})
            kind[verdict] = kind.get(verdict, 0) + 1
    for kind, verdicts in totals.items():
        count = sum(verdicts.values())
        found = verdicts.get("found", 0)
        grouped = {}
        for k, v in verdicts.items():
            if k != "found":
                key = k.split(" (")[0] + (" (a literal at the parent)" if "literal at the parent" in k else "")
                grouped[key] = grouped.get(key, 0) + v
        causes = ", ".join(f"{v} {k}" for k, v in sorted(grouped.items()))
        print(f"{kind}: {found}/{count} found ({100 * found / max(count, 1):.0f} %); {causes}")


if __name__ == "__main__":
    sys.exit(main())
