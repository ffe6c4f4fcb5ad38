#!/usr/bin/env python3
"""Exports every invoice and credit note of the example books as XRechnung (UBL and CII) and
Peppol BIS, for checking by hand with ../shared/tools/xrechnung-peppol-check (the KoSIT and
Peppol schematron, which the test suite does not run: their rules are not ours to ship).

    scripts/einvoice-examples.py OUT [BOOK...]        # default: every book in examples/
    ../shared/tools/xrechnung-peppol-check OUT/*.xml

The example books are made for print, not for a German public buyer: a copy of each gets what
XRechnung and Peppol ask of every party (electronic addresses, a buyer reference, a seller contact,
city and postal code) where it lacks them; the documents themselves are exported as written.
Uses the binary in .build/debug (or $INVOIC)."""
import os, shutil, subprocess, sys, tempfile
import yaml

# YAML 1.1's yes/no/on/off booleans would turn Norway's `country: NO` into false; invoic reads
# every scalar by its key's type, so the copies keep them as the text they are.
for first in "yYnNoO":
    yaml.SafeLoader.yaml_implicit_resolvers[first] = [
        (tag, regexp) for tag, regexp in yaml.SafeLoader.yaml_implicit_resolvers.get(first, []) if tag != "tag:yaml.org,2002:bool"]

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
invoic = os.environ.get("INVOIC", os.path.join(root, ".build/debug/invoic"))
out = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)
books = sys.argv[2:] or sorted(os.path.join(root, "examples", b) for b in os.listdir(os.path.join(root, "examples")))
os.makedirs(out, exist_ok=True)


def complete(party, scheme_id):
    address = party.get("address")
    if not isinstance(address, dict):
        party["address"] = address = {"street": address} if address else {}
    address.setdefault("city", "Berlin")
    address.setdefault("postal_code", "10115")
    address.setdefault("country", "DE")
    party.setdefault("electronic_address", scheme_id)
    return party


def gln(number):
    """A GS1 GLN (Peppol scheme 0088) of 12 digits and its check digit."""
    digits = f"{number:012d}"
    total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    return "0088:" + digits + str((10 - total % 10) % 10)


failed = 0
for book in books:
    name = os.path.basename(book.rstrip("/"))
    scratch = tempfile.mkdtemp(prefix=f"invoic-xr-{name}-")
    copy = os.path.join(scratch, name)
    shutil.copytree(book, copy, ignore=shutil.ignore_patterns("build"))
    settings_path = os.path.join(copy, "invoic.yaml")
    settings = yaml.safe_load(open(settings_path, encoding="utf-8"))
    business = complete(settings["business"], gln(400000100000))
    business.setdefault("contact", {"name": business["name"], "phone": business.get("phone", "+49 30 1234567"),
                                    "email": business.get("email", "billing@example.com")})
    business.setdefault("phone", "+49 30 1234567")
    business.setdefault("email", "billing@example.com")
    business.setdefault("tax_id", "DE136695976")
    business.setdefault("legal_id", gln(400000100000))
    settings.pop("einvoice", None)
    yaml.safe_dump(settings, open(settings_path, "w", encoding="utf-8"), allow_unicode=True, sort_keys=False)
    clients = os.path.join(copy, "clients")
    for index, file in enumerate(sorted(os.listdir(clients))):
        path = os.path.join(clients, file)
        client = yaml.safe_load(open(path, encoding="utf-8"))
        complete(client, gln(400000200000 + index))
        client.setdefault("buyer_reference", f"04011000-12345-{index:02d}")
        client.pop("einvoice", None)
        yaml.safe_dump(client, open(path, "w", encoding="utf-8"), allow_unicode=True, sort_keys=False)
    numbers = []
    for folder in ("invoices", "credit-notes"):
        for directory, _, files in os.walk(os.path.join(copy, folder)):
            for file in files:
                if file.endswith(".yaml"):
                    text = yaml.safe_load(open(os.path.join(directory, file), encoding="utf-8"))
                    numbers.append(str(text.get("number", file[:-5])))
    for format in ("xrechnung", "xrechnung-cii", "peppol"):
        run = subprocess.run([invoic, "export", "-C", copy, "--format", format, "-o", os.path.join(out, f"{name}-{format}")] + numbers,
                             capture_output=True, text=True)
        if run.returncode != 0:
            failed += 1
            sys.stderr.write(f"{name} {format}: not all written\n{run.stderr}\n")
    shutil.rmtree(scratch)
print(f"wrote {sum(len(files) for _, _, files in os.walk(out))} files to {out}")
sys.exit(1 if failed else 0)
