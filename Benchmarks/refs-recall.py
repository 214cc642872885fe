#!/usr/bin/env python3
"""Recall of `asset-tool refs` on maintainers' own fixes (BENCHMARKS.md, "refs": recall).

    Benchmarks/refs-recall.py [--per-repo N] [--tool PATH] GITDIR...

GITDIR: a public app repository's git directory with its history (the `fetch` tool's snapshot,
/work/.mirror/OWNER+NAME/repo). Nothing is written into it: each parent commit is exported with `git archive`
into a temporary folder, scanned, and removed. The cases are mined from each repository's history, newest
first, at most N of each kind per repository:

  unused   a commit deletes a set (`X.imageset`, `.colorset`, `.dataset`, `.symbolset`) and removes no source
           line naming "X": the maintainers removed a set nothing used. Found when `refs` at the commit's
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
            changes = {"D": set(), "A": set()}
        elif line and line[0] in "DA" and "\t" in line:
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
            added_names = {name for name, _ in changes["A"]}
            for name, folder in sorted(changes["D"]):
                # A rename or a move keeps the set; a removed line naming it (a literal, an accessor, an enum
                # case: compared without case and punctuation) was a use the same commit took away.
                if name in added_names or any(squash(name) in l for l in removed):
                    continue
                unused.append({"kind": "unused", "commit": commit, "parent": parent, "set": folder, "name": name})
        if changes["A"] and len(missing) < per_repo:
            existing = {set_name(p)[0] for p in git(gitdir, "ls-tree", "-r", "--name-only", parent).splitlines() if p.endswith("Contents.json")}
            for name, folder in sorted(changes["A"]):
                if name in existing or not re.fullmatch(r"[\w.\- ]+", name):
                    continue
                pattern = LOOKUP.format(n=re.escape(name))
                grep = git(gitdir, "grep", "-n", "-P", pattern, parent, "--", *[f"*{s}" for s in SOURCE_SUFFIXES])
                for hit in grep.splitlines()[:3]:
                    # parent:path:line:text
                    _, path, line, _ = hit.split(":", 3)
                    if "/Pods/" in f"/{path}" or "/Carthage/" in f"/{path}":
                        continue
                    missing.append(
                        {"kind": "missing", "commit": commit, "parent": parent, "name": name, "file": path, "line": int(line)})
    return unused[:per_repo], missing[:per_repo]


def scan(gitdir, parent, tool):
    with tempfile.TemporaryDirectory(prefix="refs-recall-") as folder:
        archive = subprocess.Popen(["git", "--git-dir", gitdir, "archive", parent], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", folder], stdin=archive.stdout, check=False)
        archive.wait()
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
        causes = ", ".join(f"{v} {k}" for k, v in sorted(verdicts.items()) if k != "found")
        print(f"{kind}: {found}/{count} found ({100 * found / max(count, 1):.0f} %); {causes}")


if __name__ == "__main__":
    sys.exit(main())
