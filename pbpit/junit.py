"""`pbpit check --junit FILE`: the results of a check as JUnit XML, for CI test reports."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from pbpit.check import CheckReport, lines_text
from pbpit.errors import UsageError

# Characters XML 1.0 cannot carry at all, not even escaped; a case may print them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def junit_xml(report: CheckReport) -> ET.ElementTree:
    """JUnit XML: one testsuite "pbpit check", one testcase (classname "pbpit.check") per case,
    with a `<failure>` whose message is the reason and whose text is the diff."""
    root = ET.Element("testsuites")
    suite = ET.SubElement(
        root,
        "testsuite",
        name="pbpit check",
        tests=str(len(report.cases)),
        failures=str(report.failed),
        errors="0",
        skipped="0",
        time=f"{report.seconds:.3f}",
    )
    for result in report.cases:
        case = ET.SubElement(
            suite,
            "testcase",
            classname="pbpit.check",
            name=_xml_text(result.name),
            file=_xml_text(str(result.path)),
            time=f"{result.seconds:.3f}",
        )
        if not result.ok:
            failure = ET.SubElement(case, "failure", message=_xml_text(result.reason or ""))
            failure.text = _xml_text(lines_text(result.details) or (result.reason or ""))
    ET.indent(root)
    return ET.ElementTree(root)


def check_junit_target(junit: str) -> None:
    """Raise UsageError if the JUnit file `junit` cannot be written: checked before any case
    runs, so that a typo costs no run."""
    if not junit.strip():
        raise UsageError("--junit needs a file name (got an empty one)")
    path = Path(junit)
    parent = path.parent
    if not parent.is_dir():
        raise UsageError(f"cannot write JUnit file {junit}: directory {parent} does not exist")
    if path.is_dir():
        raise UsageError(f"cannot write JUnit file {junit}: it is a directory")


def write_junit(report: CheckReport, junit: str) -> None:
    """Write `report` as JUnit XML to the file `junit` (UsageError if it cannot be written)."""
    try:
        with Path(junit).open("wb") as file:
            junit_xml(report).write(file, encoding="utf-8", xml_declaration=True)
            file.write(b"\n")
    except OSError as err:
        raise UsageError(f"cannot write JUnit file {junit}: {err.strerror or err}") from None
