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

A mined case is "not a case" when the parent's tree shows the set was in use or the name was provided there
(each such case is printed with its reason, and the totals give both the raw figure and the one over true cases):

  unused   a build setting at the parent names the set (`ASSETCATALOG_COMPILER_GLOBAL_ACCENT_COLOR_NAME = X`, and
           the other `ASSETCATALOG_COMPILER_*_NAME`s) and the fix drops it with the set or no other set at the parent
           has that name; a lookup of "X" (the LOOKUP forms below) is in the same file
           at the parent and at the fix (the set was used, the lookup outlived it); Xcode's generated symbol of the
           set (`Color.haPrimary`; a colour set's "Color" and an image set's "Image" suffix dropped, `Color.track`
           of `trackColor`) is read at the parent and at the fix, in any file, and no Swift file at the parent
           declares a static member or case of that name (so it was the set's symbol); a set of the same fully
           qualified name stays at the fix in the same catalog (a duplicate removed: the lookup finds the one
           kept); the set is a member of a `.complicationset` whose Contents.json at the parent names it (ClockKit's
           placeholders); or it is listed in READ_BY_HAND, with what was read at the parent.
  missing  a loose image of that name (`X.png`, `X@2x.png`, `X.pdf`, … outside any catalog) is at the parent: the
           name was found then; or it is listed in MISSING_READ_BY_HAND (the set added is not in reach of the
           lookup's target), with what was read at the parent.

Prints one line per case (found, the cause it was missed by as far as the output says, or why it is not a case),
then the totals per kind. The cases themselves are regenerated from the histories on every run; none is stored.
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


# Cases whose parent was read by hand: (commit prefix, set name) -> what the parent's tree shows.
READ_BY_HAND = {
    ("24cccfad1d", f"AppIconAlternate{n}-image"): (
        "used at the parent: IconSelectorView.swift's `\"AppIconAlternate\\(rawValue)-image\"` inside `enum Icon: Int`,"
        f" whose case alt{n} (raw value {n}) the icon selector lists; the enum and the lookup outlive the fix")
    for n in range(10, 15)
}
READ_BY_HAND.update({
    (prefix, "settings-notifications"): (
        "used at the parent: PodcastSettingsViewController+Table.swift's `cell.setImage(imageName: \"settings-notifications\")`,"
        " whose SwitchCell.setImage(imageName:) does `UIImage(named: imageName)`; the call outlives the fix (which left"
        " the name missing; `settings_notifications` is another set)")
    for prefix in ("63184e7de9", "316a2a1d57")
})
READ_BY_HAND.update({
    ("2be28743f0", name): (
        f"a duplicate: the fix keeps `Pocket Casts Watch App/Assets.xcassets/{name}.imageset`, and the pbxproj's Resources"
        " phase BDD301621EFB9356004A9972 copies both that catalog and `Extension Assets.xcassets` into one target (Apple's"
        f" format: a name is unique across a target's catalogs); the lookup of \"{name}\" ({where}) outlives the fix")
    for name, where in (("episodedetails", "NowPlayingOptions.swift's `NowPlayingOption(iconName:)`"),
                        ("episodepause", "EpisodeView.swift's `Image(… ? \"episodepause\" : \"episodeplay\", bundle:)`"),
                        ("episodeplay", "EpisodeView.swift's `Image(… ? \"episodepause\" : \"episodeplay\", bundle:)`"))
})
READ_BY_HAND[("ffa7ab4bac", "haPrimary")] = (
    "used at the parent: `Color.haPrimary` (AssistView.swift and others, all in target App) is Xcode's symbol of the set;"
    " the `static let haPrimary` at the parent is WatchWidgets/Color+Hex.swift, a synchronized folder of target"
    " Extensions-WatchWidgets only; the reads outlive the fix, answered by HADesignSystem's code-defined colour")
READ_BY_HAND.update({
    ("e6ab497614", name): (
        f"used at the parent: `enum SymbolName: String` (KeePassium/util/UIImage+extensions.swift) has the raw value"
        f" \"{name}\", and `UIImage.symbol(_:)` there does `UIImage(named: symbolName.rawValue) ?? UIImage(systemName:"
        f" symbolName.rawValue)` with no `#available` around it: the named lookup runs first on every iOS version and"
        f" finds the set; the fix (deployment target iOS 17) drops the set so the system symbol answers instead")
    for name in ("asterisk", "clock.badge.checkmark", "person.2.badge.gearshape", "questionmark.bubble", "character.magnify")
})
READ_BY_HAND.update({
    ("e6ab497614", name): (
        f"used at the parent: DatabaseIconSet+assets.swift's `sfSymbolName` returns \"{name}\" (an SF Symbol of iOS 16),"
        f" and `getIcon(_:)` does `UIImage(systemName: iconID.sfSymbolName) ?? UIImage(named: iconID.sfSymbolName)`:"
        f" with the deployment target at iOS 15.4 (the pbxproj at the parent), the named fallback runs on iOS 15 and"
        f" finds the set; the fix raises the target to iOS 17, where the system symbol always answers")
    for name in ("clipboard", "flag.checkered", "list.clipboard")
})
# Missing cases whose parent was read by hand: (commit prefix, name, file) -> why the fix did not provide that lookup.
MISSING_READ_BY_HAND = {
    ("b44a35cc23", "feedIcon", "Mac/AppAssets.swift"): (
        "the set was added to iOS/Resources/Assets.xcassets (targets NetNewsWire-iOS and its share extension); the"
        " lookup's file is compiled only by target NetNewsWire (macOS), whose catalog Mac/Resources/Assets.xcassets"
        " has `FeedIcon`: the fix is iOS's, not this lookup's"),
}
SETTING = r"ASSETCATALOG_COMPILER_[A-Z_]*_NAME\s*=\s*\"?{n}\"?\s*;?\s*$"
SYMBOL_TYPES = r"(?:Color|UIColor|NSColor|Image|UIImage|NSImage|ColorResource|ImageResource)"
# SwiftUI's and UIKit's own members (`Color.accentColor`, `Color.primary`): never a set's generated symbol.
SYSTEM_MEMBERS = {"accentColor", "primary", "secondary", "clear", "black", "white", "gray", "red", "green", "blue",
                  "orange", "yellow", "pink", "purple", "teal", "indigo", "mint", "cyan", "brown"}
LOOSE_SUFFIXES = (".png", "@2x.png", "@3x.png", ".pdf", ".jpg", "~ipad.png", "@2x~ipad.png")


def xcode_symbol(name):
    """Xcode's generated symbol of a set name, as far as this script needs it: `ha-color-border` -> `haColorBorder`."""
    words = [w for w in re.split(r"[^0-9A-Za-z]+", name) if w]
    if not words or words[0][0].isdigit():
        return None
    return words[0][0].lower() + words[0][1:] + "".join(w[0].upper() + w[1:] for w in words[1:])


def grep_files(gitdir, commit, pattern, *paths, fixed=False):
    flag = "-F" if fixed else "-P"
    out = git(gitdir, "grep", "-l", flag, pattern, commit, "--", *paths)
    return {line.split(":", 1)[-1] for line in out.splitlines() if line.strip() and not any(
        part in "/" + line.split(":", 1)[-1] for part in ("/Pods/", "/Carthage/", "Tests/"))}


def not_unused(gitdir, commit, parent, name, folder):
    """Why a deleted set was in use at its parent, or None: only what the parent's tree shows."""
    for (prefix, read_name), reason in READ_BY_HAND.items():
        if commit.startswith(prefix) and read_name == name:
            return "read by hand: " + reason
    # (Only when the fix also drops the setting, or no other set of that name is at the parent: a setting of
    # another target, whose catalog keeps a set of that name, would not show that this set was in use.)
    setting = SETTING.format(n=re.escape(name))
    if grep_files(gitdir, parent, setting, "*.pbxproj", "*.xcconfig"):
        if not grep_files(gitdir, commit, setting, "*.pbxproj", "*.xcconfig"):
            return "a build setting at the parent names it, and the fix drops the setting with the set"
        same = [p for p in git(gitdir, "ls-tree", "-r", "--name-only", parent).splitlines()
                if p.endswith("/Contents.json") and set_name(p)[0] == name]
        if len(same) == 1:
            return "a build setting at the parent names it, and no other set at the parent has its name"
    sources = [f"*{s}" for s in SOURCE_SUFFIXES]
    lookup = LOOKUP.format(n=re.escape(name))
    surviving = grep_files(gitdir, parent, lookup, *sources) & grep_files(gitdir, commit, lookup, *sources)
    if surviving:
        return f"a lookup of it at the parent outlives the fix ({sorted(surviving)[0]})"
    symbol = xcode_symbol(name)
    # Xcode drops a colour set's "Color" suffix and an image set's "Image" suffix: `trackColor` is `Color.track`.
    symbols = [symbol] if symbol else []
    for ext, suffix in ((".colorset", "Color"), (".imageset", "Image")):
        if symbol and folder.endswith(ext) and symbol.endswith(suffix) and len(symbol) > len(suffix):
            symbols.append(symbol[: -len(suffix)])
    for symbol in symbols:
        if symbol in SYSTEM_MEMBERS:
            continue
        read = rf"\b{SYMBOL_TYPES}\.{re.escape(symbol)}\b"
        # (Read in any file at each: a commit that moves the reading file, as home-assistant's into its
        # HADesignSystem package, keeps the read.)
        before, after = grep_files(gitdir, parent, read, "*.swift"), grep_files(gitdir, commit, read, "*.swift")
        # (`Color.x` reads a static member or a case: a local `let x` declares neither.)
        declared = grep_files(gitdir, parent, rf"\b(?:(?:static|class)\s+(?:var|let|func)|case)\s+{re.escape(symbol)}\b", "*.swift")
        if before and after and not declared:
            return (f"Xcode's symbol .{symbol} read at the parent ({sorted(before)[0]}) is still read at the fix"
                    f" ({sorted(after)[0]})")
    # A duplicate: a set of the same fully qualified name stays at the fix in the same catalog (Apple's format makes
    # two an error; the lookup finds the one kept).
    catalog = folder.split(".xcassets/", 1)[0] + ".xcassets/"
    if ".xcassets/" in folder:
        kept = [p for p in git(gitdir, "ls-tree", "-r", "--name-only", commit, "--", catalog).splitlines()
                if p.endswith("/Contents.json") and set_name(p)[0] == name and set_name(p)[1] != folder]
        if kept and all(no_namespace(gitdir, parent, catalog, p) for p in kept + [folder + "/Contents.json"]):
            return f"a duplicate: the fix keeps {set_name(kept[0])[1]}, of the same name in the same catalog"
    container = folder.rsplit("/", 1)[0]
    if container.endswith(".complicationset"):
        listing = git(gitdir, "show", f"{parent}:{container}/Contents.json")
        if f'"{folder.rsplit("/", 1)[1]}"' in listing:
            return "a member its .complicationset's Contents.json names at the parent (ClockKit's placeholders)"
    return None


def no_namespace(gitdir, commit, catalog, contents):
    """Whether no group between the catalog and a set provides a namespace (so the set's name is its full name)."""
    parts = contents[len(catalog):].split("/")[:-2]
    for depth in range(1, len(parts) + 1):
        group = catalog + "/".join(parts[:depth]) + "/Contents.json"
        if re.search(r'"provides-namespace"\s*:\s*true', git(gitdir, "show", f"{commit}:{group}")):
            return False
    return True


def not_missing(gitdir, commit, parent, name, path):
    """Why a name was not missing at its parent, or None: a loose image of that name outside any catalog, or what
    was read by hand (MISSING_READ_BY_HAND)."""
    for (prefix, read_name, read_path), reason in MISSING_READ_BY_HAND.items():
        if commit.startswith(prefix) and read_name == name and read_path == path:
            return "read by hand: " + reason
    files = git(gitdir, "ls-tree", "-r", "--name-only", parent).splitlines()
    for path in files:
        base = path.rsplit("/", 1)[-1]
        if ".xcassets/" not in path and any(base == name + suffix for suffix in LOOSE_SUFFIXES):
            return f"a loose image at the parent provides it ({path})"
    return None


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
                     "literal": literal.split("\n")[0].split(":", 1)[-1] if literal.strip() else None,
                     "not_a_case": not_unused(gitdir, commit, parent, name, folder)})
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
                        {"kind": "missing", "commit": commit, "parent": parent, "name": name, "file": path, "line": int(line),
                         "not_a_case": not_missing(gitdir, commit, parent, name, path)})
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
    true_totals = {}
    for gitdir in args.gitdirs:
        repo = os.path.basename(os.path.dirname(gitdir.rstrip("/"))) if gitdir.rstrip("/").endswith("repo") else gitdir
        unused, missing = mine(gitdir, args.per_repo)
        cache = {}
        for case in unused + missing:
            if case["parent"] not in cache:
                cache[case["parent"]] = scan(gitdir, case["parent"], args.tool)
            verdict = judge(case, cache[case["parent"]])
            where = case.get("set") or f'{case["file"]}:{case["line"]}'
            reason = f' [not a case: {case["not_a_case"]}]' if case.get("not_a_case") else ""
            print(f'{repo} {case["kind"]} {case["commit"][:10]} {case["name"]} {where}: {verdict}{reason}', flush=True)
            kind = totals.setdefault(case["kind"], {})
            kind[verdict] = kind.get(verdict, 0) + 1
            if not case.get("not_a_case"):
                true = true_totals.setdefault(case["kind"], {})
                true[verdict] = true.get(verdict, 0) + 1
    for kind, verdicts in true_totals.items():
        count = sum(verdicts.values())
        found = verdicts.get("found", 0)
        print(f"{kind}, true cases only: {found}/{count} found ({100 * found / max(count, 1):.0f} %); "
              f"{sum(totals[kind].values()) - count} not a case (listed above)")
    for kind, verdicts in totals.items():
        count = sum(verdicts.values())
        found = verdicts.get("found", 0)
        grouped = {}
        for k, v in verdicts.items():
            if k != "found":
                key = k.split(" (")[0] + (" (a literal at the parent)" if "literal at the parent" in k else "")
                grouped[key] = grouped.get(key, 0) + v
        causes = ", ".join(f"{v} {k}" for k, v in sorted(grouped.items()))
        print(f"{kind}, raw: {found}/{count} found ({100 * found / max(count, 1):.0f} %); {causes}")


if __name__ == "__main__":
    sys.exit(main())
