#!/usr/bin/env python3
"""Write an official EN 16931 UBL example invoice or credit note as an invoic book document.

Used to make the proof books under Tests/Fixtures/official/: each document states every figure of
the official example (line nets, BT-106..BT-115), so `invoic check` proves invoic computes the same
to the cent, and expected.json lists them for the test that compares computed figures.

    scripts/official-example-to-book.py EXAMPLE.xml BOOK NUMBER [--corrects INVOICE]

The official files are read, never copied: the book says what the example says, in YAML.
"""
import json, os, sys, xml.etree.ElementTree as ET

NS = {'cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      'cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'}
CATEGORY_WORDS = {'Z': 'zero', 'E': 'exempt', 'AE': 'reverse-charge', 'K': 'intra-eu', 'G': 'export', 'O': 'outside-scope'}


def text(element, path):
    found = element.find(path, NS) if element is not None else None
    return None if found is None or found.text is None else found.text.strip()


def number(value):
    """A decimal as YAML text: trailing zeros kept as written, a leading + dropped."""
    return value.lstrip('+') if value is not None else None


def tax(category_element):
    category = text(category_element, 'cbc:ID')
    percent = text(category_element, 'cbc:Percent')
    if category == 'S':
        return f"{float(percent):g}%" if '.' not in percent.rstrip('0').rstrip('.') else f"{percent.rstrip('0').rstrip('.')}%"
    return CATEGORY_WORDS[category]


def quoted(value):
    return json.dumps(value, ensure_ascii=False)


def adjustments(element, path, sign_key):
    result = {'discounts': [], 'charges': []}
    for adjustment in element.findall(path, NS):
        charge = text(adjustment, 'cbc:ChargeIndicator') in ('true', '1')
        entry = {'reason': text(adjustment, 'cbc:AllowanceChargeReason'), 'code': text(adjustment, 'cbc:AllowanceChargeReasonCode'),
                 'percent': text(adjustment, 'cbc:MultiplierFactorNumeric'), 'base': number(text(adjustment, 'cbc:BaseAmount')),
                 'amount': number(text(adjustment, 'cbc:Amount')), 'tax': adjustment.find('cac:TaxCategory', NS)}
        result['charges' if charge else 'discounts'].append(entry)
    return result


def adjustment_yaml(entry, with_tax):
    parts = []
    if entry['reason']: parts.append(f"reason: {quoted(entry['reason'])}")
    if entry['code']: parts.append(f"code: {quoted(entry['code'])}")
    if entry['percent']:
        parts.append(f"percent: {entry['percent'].rstrip('0').rstrip('.') if '.' in entry['percent'] else entry['percent']}%")
        if entry['base']: parts.append(f"base: {entry['base']}")
    parts.append(f"amount: {entry['amount']}")
    if with_tax and entry['tax'] is not None: parts.append(f"tax: {tax(entry['tax'])}")
    return '{ ' + ', '.join(parts) + ' }'


def party_yaml(party, name, indent):
    """A party's name, address, VAT number and legal registration as the example states them."""
    out = [f"name: {quoted(name)}"]
    address = party.find('cac:PostalAddress', NS)
    if address is not None:
        fields = [('street', text(address, 'cbc:StreetName')), ('city', text(address, 'cbc:CityName')),
                  ('postal_code', text(address, 'cbc:PostalZone')), ('country', text(address, 'cac:Country/cbc:IdentificationCode'))]
        out.append("address: { " + ", ".join(f"{k}: {quoted(v)}" for k, v in fields if v) + " }")
    for scheme in party.findall('cac:PartyTaxScheme', NS):
        if text(scheme, 'cac:TaxScheme/cbc:ID') == 'VAT' and text(scheme, 'cbc:CompanyID'):
            out.append(f"tax_id: {quoted(text(scheme, 'cbc:CompanyID'))}")
    legal = party.find('cac:PartyLegalEntity/cbc:CompanyID', NS)
    if legal is not None and legal.text:
        scheme = legal.get('schemeID')
        out.append(f"legal_id: {quoted((scheme + ':' if scheme else '') + legal.text.strip())}")
    return ''.join(indent + line + '\n' for line in out)


def main():
    source, book, document_number = sys.argv[1:4]
    corrects = sys.argv[sys.argv.index('--corrects') + 1] if '--corrects' in sys.argv else None
    root = ET.parse(source).getroot()
    is_credit_note = root.tag.endswith('CreditNote')
    currency = text(root, 'cbc:DocumentCurrencyCode')
    buyer = root.find('cac:AccountingCustomerParty/cac:Party', NS)
    buyer_name = text(buyer, 'cac:PartyLegalEntity/cbc:RegistrationName') or text(buyer, 'cac:PartyName/cbc:Name') or 'Buyer'

    os.makedirs(os.path.join(book, 'clients'), exist_ok=True)
    if not os.path.exists(os.path.join(book, 'invoic.yaml')):
        seller = root.find('cac:AccountingSupplierParty/cac:Party', NS)
        seller_name = text(seller, 'cac:PartyLegalEntity/cbc:RegistrationName') or text(seller, 'cac:PartyName/cbc:Name') or 'Seller'
        with open(os.path.join(book, 'invoic.yaml'), 'w') as f:
            f.write(f"# The seller of the official example {os.path.basename(source)}.\n")
            f.write("business:\n" + party_yaml(seller, seller_name, '  ') + f"defaults: {{ currency: {currency}, terms: 30 }}\n")
    with open(os.path.join(book, 'clients', 'buyer.yaml'), 'w') as f:
        f.write(party_yaml(buyer, buyer_name, ''))

    lines = []
    out = [f"# {os.path.basename(source)}: every figure as the official example states it.",
           "client: buyer", f"issued: {text(root, 'cbc:IssueDate')}", f"sent: {text(root, 'cbc:IssueDate')}", f"currency: {currency}"]
    if is_credit_note:
        out += [f"corrects: {corrects}", f"reason: {quoted(text(root, 'cbc:Note') or 'Credit')}"]
    exemption = None
    for subtotal in root.findall('cac:TaxTotal/cac:TaxSubtotal', NS):
        reason = text(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReason')
        code = text(subtotal, 'cac:TaxCategory/cbc:TaxExemptionReasonCode')
        if reason or code:
            exemption = (code, reason)
    if exemption:
        parts = ([f"code: {exemption[0]}"] if exemption[0] else []) + ([f"text: {quoted(exemption[1])}"] if exemption[1] else [])
        out.append("exemption: { " + ", ".join(parts) + " }")
    out.append("items:")
    for line in root.findall('cac:InvoiceLine', NS) + root.findall('cac:CreditNoteLine', NS):
        quantity = line.find('cbc:InvoicedQuantity', NS)
        if quantity is None: quantity = line.find('cbc:CreditedQuantity', NS)
        price = line.find('cac:Price', NS)
        out.append(f"  - description: {quoted(text(line, 'cac:Item/cbc:Name'))}")
        out.append(f"    quantity: {number(quantity.text.strip())}")
        out.append(f"    unit_code: {quantity.get('unitCode')}")
        out.append(f"    price: {text(price, 'cbc:PriceAmount')}")
        base = text(price, 'cbc:BaseQuantity')
        if base and float(base) != 1: out.append(f"    per: {base}")
        gross = text(price, 'cac:AllowanceCharge/cbc:BaseAmount')
        if gross: out.append(f"    list_price: {gross}")
        out.append(f"    tax: {tax(line.find('cac:Item/cac:ClassifiedTaxCategory', NS))}")
        found = adjustments(line, 'cac:AllowanceCharge', None)
        for key in ('discounts', 'charges'):
            if found[key]:
                out.append(f"    {key}:")
                out += [f"      - {adjustment_yaml(entry, False)}" for entry in found[key]]
        net = number(text(line, 'cbc:LineExtensionAmount'))
        out.append(f"    amount: {net}")
        lines.append(net)
    found = adjustments(root, 'cac:AllowanceCharge', None)
    for key, name in (('discounts', 'allowances'), ('charges', 'charges')):
        if found[key]:
            out.append(f"{name}:")
            out += [f"  - {adjustment_yaml(entry, True)}" for entry in found[key]]
    totals = root.find('cac:LegalMonetaryTotal', NS)
    def total(name): return number(text(totals, 'cbc:' + name))
    prepaid, rounding = total('PrepaidAmount'), total('PayableRoundingAmount')
    if prepaid and float(prepaid) != 0: out.append(f"prepaid: {prepaid}")
    if rounding and float(rounding) != 0: out.append(f"rounding_amount: {rounding}")
    tax_total = next(text(t, 'cbc:TaxAmount') for t in root.findall('cac:TaxTotal', NS)
                     if t.find('cbc:TaxAmount', NS).get('currencyID') == currency)
    stated = [('subtotal', total('LineExtensionAmount')), ('allowance_total', total('AllowanceTotalAmount')),
              ('charge_total', total('ChargeTotalAmount')), ('tax_amount', number(tax_total)),
              ('total', total('TaxInclusiveAmount')), ('due_amount', total('PayableAmount'))]
    out += [f"{key}: {value}" for key, value in stated if value is not None]

    folder = 'credit-notes' if is_credit_note else 'invoices'
    os.makedirs(os.path.join(book, folder), exist_ok=True)
    with open(os.path.join(book, folder, document_number + '.yaml'), 'w') as f:
        f.write('\n'.join(out) + '\n')

    expected_path = os.path.join(book, 'expected.json')
    expected = json.load(open(expected_path)) if os.path.exists(expected_path) else {}
    groups = [{'category': text(s, 'cac:TaxCategory/cbc:ID'), 'taxable': number(text(s, 'cbc:TaxableAmount')),
               'tax': number(text(s, 'cbc:TaxAmount'))} for s in root.findall('cac:TaxTotal/cac:TaxSubtotal', NS)]
    expected[document_number] = {
        'source': os.path.basename(source), 'lines': lines,
        'BT-106': total('LineExtensionAmount'), 'BT-107': total('AllowanceTotalAmount') or '0',
        'BT-108': total('ChargeTotalAmount') or '0', 'BT-109': total('TaxExclusiveAmount'), 'BT-110': number(tax_total),
        'BT-112': total('TaxInclusiveAmount'), 'BT-113': prepaid or '0', 'BT-114': rounding or '0', 'BT-115': total('PayableAmount'),
        'groups': groups,
    }
    with open(expected_path, 'w') as f:
        json.dump(expected, f, indent=2, ensure_ascii=False, sort_keys=True)
        f.write('\n')


if __name__ == '__main__':
    main()
