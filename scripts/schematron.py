#!/usr/bin/env python3
"""Run an ISO Schematron (queryBinding xslt2/xslt3) over XML files with saxonche.

    schematron.py RULES.sch FILE.xml...

Prints one line per failed assert or fired report, `file: flag id at location: text`, and exits 1
when any has flag fatal or error (or no flag), 0 otherwise. Used by the tests to run the official
French BR-FR schematrons (../shared/standards/fr-ctc) on invoic's exports from a fresh clone: they
need an XSLT 2 processor for their xsl:functions, and SchXslt, the usual compiler, is not on PyPI.

How: the schema is compiled to one XSLT 3 stylesheet, the skeleton every Schematron implementation
uses (ISO/IEC 19757-3 section 6): one mode per pattern; in a pattern each node is matched by the
first rule whose context matches it (templates of decreasing priority), and the traversal goes on
into its children; lets become variables (the schema's and the patterns' globally, a rule's in its
template); top-level xsl: elements (functions, keys) are copied as they are. Phases,
abstract patterns and rules, includes and diagnostics are not supported: the French schematrons
use none (the script refuses a schema that does).
"""
import sys

from lxml import etree

SCH = "http://purl.oclc.org/dsdl/schematron"
XSL = "http://www.w3.org/1999/XSL/Transform"
OUT = "urn:invoic:schematron"


def x(tag, parent=None, **attributes):
    element = etree.Element(f"{{{XSL}}}{tag}") if parent is None else etree.SubElement(parent, f"{{{XSL}}}{tag}")
    for key, value in attributes.items():
        element.set(key.rstrip("_"), value)
    return element


def variable(parent, let):
    if let.get("value") is not None:
        x("variable", parent, name=let.get("name"), select=let.get("value"))
    else:
        # A let with content holds a node tree.
        v = x("variable", parent, name=let.get("name"))
        for child in let:
            v.append(child)


def message(parent, node):
    """The assert's text, its value-of and name elements evaluated."""
    if node.text:
        x("text", parent).text = node.text
    for child in node:
        if child.tag == f"{{{SCH}}}value-of":
            x("value-of", parent, select=child.get("select"))
        elif child.tag == f"{{{SCH}}}name":
            x("value-of", parent, select=f"name({child.get('path', '.')})")
        else:
            message(parent, child)
        if child.tail:
            x("text", parent).text = child.tail


def compile_schema(schema):
    for unsupported in ("include", "extends", "diagnostics"):
        if schema.find(f".//{{{SCH}}}{unsupported}") is not None:
            raise SystemExit(f"schematron.py: the schema uses sch:{unsupported}, which this runner does not support")
    if schema.find(f".//{{{SCH}}}*[@abstract='true']") is not None:
        raise SystemExit("schematron.py: the schema has abstract patterns or rules, which this runner does not support")
    namespaces = {ns.get("prefix"): ns.get("uri") for ns in schema.findall(f"{{{SCH}}}ns")}
    namespaces.update({"xsl": XSL, "xs": "http://www.w3.org/2001/XMLSchema", "out": OUT})
    sheet = etree.Element(f"{{{XSL}}}stylesheet", nsmap=namespaces)
    sheet.set("version", "3.0")
    sheet.set("exclude-result-prefixes", " ".join(p for p in namespaces if p not in ("xsl", "out")))
    x("output", sheet, method="xml", indent="no")
    for child in schema:
        if not isinstance(child.tag, str):
            continue
        if child.tag.startswith(f"{{{XSL}}}"):
            sheet.append(child)
        elif child.tag == f"{{{SCH}}}let":
            variable(sheet, child)
    patterns = schema.findall(f"{{{SCH}}}pattern")
    # A pattern's lets are evaluated with the document as context and its rule contexts use them
    # (match patterns can only see global variables), so they become global, as in SchXslt; the
    # same name in two patterns must then mean the same thing.
    global_lets = {}
    for pattern in patterns:
        for let in pattern.findall(f"{{{SCH}}}let"):
            name, value = let.get("name"), let.get("value")
            if name in global_lets:
                if global_lets[name] != value:
                    raise SystemExit(f"schematron.py: two patterns define ${name} differently")
                continue
            global_lets[name] = value
            variable(sheet, let)
    root = x("template", sheet, match="/")
    report = etree.SubElement(root, f"{{{OUT}}}report")
    for number, pattern in enumerate(patterns):
        mode = f"p{number}"
        x("apply-templates", report, select="/", mode=mode)
        rules = pattern.findall(f"{{{SCH}}}rule")
        for index, rule in enumerate(rules):
            # Earlier rules win: a node matched by two rules of one pattern fires only the first.
            template = x("template", sheet, match=rule.get("context"), mode=mode, priority=str(len(rules) - index + 1000))
            for let in rule.findall(f"{{{SCH}}}let"):
                variable(template, let)
            for check in rule:
                if check.tag not in (f"{{{SCH}}}assert", f"{{{SCH}}}report"):
                    continue
                test = check.get("test")
                fires = f"not({test})" if check.tag == f"{{{SCH}}}assert" else test
                condition = x("if", template, test=fires)
                finding = etree.SubElement(condition, f"{{{OUT}}}finding")
                finding.set("id", check.get("id", ""))
                finding.set("flag", check.get("flag", check.get("role", "error")))
                finding.set("location", "{path()}")
                message(finding, check)
            x("apply-templates", template, select="@*|node()", mode=mode)
        # Nodes no rule matches: go on into their children.
        default = x("template", sheet, match="@*|node()", mode=mode, priority="-10")
        x("apply-templates", default, select="@*|node()", mode=mode)
    return etree.tostring(sheet, encoding="unicode")


def main(arguments):
    if len(arguments) < 2:
        sys.stderr.write(__doc__)
        return 2
    from saxonche import PySaxonProcessor
    schema = etree.parse(arguments[0]).getroot()
    stylesheet = compile_schema(schema)
    failed = False
    with PySaxonProcessor(license=False) as processor:
        xslt = processor.new_xslt30_processor()
        executable = xslt.compile_stylesheet(stylesheet_text=stylesheet)
        for path in arguments[1:]:
            document = processor.parse_xml(xml_file_name=path)
            executable.set_global_context_item(xdm_item=document)
            result = etree.fromstring(executable.apply_templates_returning_string(xdm_value=document).encode())
            for finding in result.iter(f"{{{OUT}}}finding"):
                flag = finding.get("flag")
                text = " ".join("".join(finding.itertext()).split())
                print(f"{path}: {flag} {finding.get('id')} at {finding.get('location')}: {text}")
                if flag in ("fatal", "error"):
                    failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
