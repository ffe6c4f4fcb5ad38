#!/usr/bin/env python3
"""The figures a FatturaPA shows through the official stylesheets, for FatturaPAViewTests.

    stylesheet_figures.py STYLESHEET_FOLDER FILE.xml

Applies the Agenzia delle Entrate's stylesheet (Foglio_di_stile_fatturaordinaria_v1.2.2.xsl) and
AssoSoftware's (FoglioStileAssoSoftware.xsl), XSLT 1.0, with lxml (libxslt), and reads back from
each page, per invoice of the file: the lines' totals, the VAT summary (rate, taxable amount, tax),
the payment amounts and the document total when the page shows one. Amounts in cents. Prints JSON:
{"agenzia": [invoice...], "assosoftware": [invoice...]}.
"""
import json, sys
from decimal import Decimal
from lxml import etree


def cents(text, italian):
    text = (text or "").strip()
    if not text:
        return None
    if italian:  # 1.234,56
        text = text.replace(".", "").replace(",", ".")
    return int((Decimal(text) * 100).to_integral_value())


def invoice():
    return {"lines": [], "groups": [], "payments": [], "total": None}


def agenzia(page):
    """Label/value items: `<li>Label: <span>value</span></li>`, one block per invoice."""
    invoices, group = [], None
    for item in page.iter("li"):
        label = " ".join((item.text or "").split())
        span = item.find("span")
        value = span.text if span is not None else None
        if label == "Tipologia documento:":
            invoices.append(invoice())
        if not invoices:
            continue
        current = invoices[-1]
        if label == "Valore totale:":
            current["lines"].append(cents(value, False))
        elif label == "Aliquota IVA (%):":
            group = [value.strip(), None, None]
            current["groups"].append(group)
        elif label == "Totale imponibile/importo:" and group is not None:
            group[1] = cents(value, False)
        elif label == "Totale imposta:" and group is not None:
            group[2] = cents(value, False)
        elif label == "Importo:":
            current["payments"].append(cents(value, False))
        elif label == "Importo totale documento:":
            current["total"] = cents(value, False)
    return invoices


def text(element):
    return " ".join("".join(element.itertext()).split())


def assosoftware(page):
    """Tables: the lines (last column Prezzo totale), the VAT summary, the payments."""
    invoices = []
    for table in page.iter("table"):
        heads = [text(th) for th in table.iter("th")]
        body = table.find("tbody")
        if body is None:
            continue
        if "Prezzo totale" in heads:
            invoices.append(invoice())
            for row in body.findall("tr"):
                cells = row.findall("td")
                amount = cents(text(cells[-1]), True) if cells else None
                if amount is not None:
                    invoices[-1]["lines"].append(amount)
        elif invoices and "Totale imponibile" in heads:
            rows = body.findall("tr")
            for index, row in enumerate(rows):
                cells = row.findall("td")
                if len(cells) == 6 and cells[0].get("colspan") == "3":
                    invoices[-1]["groups"].append([text(cells[1]).replace(",", "."), cents(text(cells[4]), True), cents(text(cells[5]), True)])
                elif len(cells) == 4 and index > 0 and "Totale documento" in text(rows[index - 1]):
                    invoices[-1]["total"] = cents(text(cells[3]), True)
        elif invoices and "Modalità pagamento" in heads:
            for row in body.findall("tr"):
                cells = row.findall("td")
                if cells and cells[-1].get("class") == "import":
                    amount = cents(text(cells[-1]), True)
                    if amount is not None:
                        invoices[-1]["payments"].append(amount)
    return invoices


folder, path = sys.argv[1], sys.argv[2]
document = etree.parse(path, etree.XMLParser(resolve_entities=False, no_network=True))
result = {}
for key, name, read in [("agenzia", "Foglio_di_stile_fatturaordinaria_v1.2.2.xsl", agenzia),
                        ("assosoftware", "FoglioStileAssoSoftware.xsl", assosoftware)]:
    page = etree.XSLT(etree.parse(folder + "/" + name))(document)
    result[key] = read(page.getroot())
print(json.dumps(result))
