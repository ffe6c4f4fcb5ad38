#!/usr/bin/env python3
"""Writes a `git fast-import` stream of a book's history: COMMITS commits over DOCUMENTS invoices.

Commit k starts invoices 2k+1 and 2k+2 as drafts, sends the two started one commit earlier, and
records a payment on the two sent five commits earlier, so most invoices have three versions:
draft, sent, paid. The first commit also writes invoic.yaml and the clients. Authors and dates
are fixed, so the same arguments give the same repository, hash for hash.

    python3 generate.py [COMMITS] [DOCUMENTS] [flat|yearly] | git -C BOOK fast-import --quiet

`flat` (the default, and the worst case for git) keeps every invoice in invoices/; `yearly`
files them in invoices/<year>/, as most books do.
"""
import datetime
import sys

commits = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
documents = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
yearly = len(sys.argv) > 3 and sys.argv[3] == "yearly"
per_commit = max(1, -(-documents // commits))
clients = 40
start = datetime.date(2020, 1, 1)
out = sys.stdout.buffer

SETTINGS = """business:
  name: Bench Studio
  address: { street: 1 Bench Street, city: Testville, country: GB }
defaults:
  currency: EUR
  locale: en_GB
  tax: 20%
  terms: 30
numbering:
  invoice: "INV-{seq:5}"
"""


def issued(n):
    return start + datetime.timedelta(days=(n - 1) // 4)


def invoice(n, sent=False, paid=False):
    day = issued(n)
    text = f"client: c{n % clients:03d}\nissued: {day}\n"
    if sent:
        text += f"sent: {day}\n"
    text += (
        "items:\n"
        f"  - description: Design work, job {n}\n"
        "    quantity: 12.5\n"
        "    unit: h\n"
        "    price: 95.00\n"
        "  - description: Hosting\n"
        "    price: 20.00\n"
        "  - description: Travel\n"
        "    quantity: 2\n"
        "    price: 45.50\n"
    )
    if paid:
        text += f"payments:\n  - date: {day + datetime.timedelta(days=10)}\n    amount: 500.00\n    method: bank_transfer\n"
    return text + "notes: Thank you for your business.\n"


def file(path, text):
    data = text.encode()
    out.write(f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n")


def path(n):
    return f"invoices/{issued(n).year}/INV-{n:05d}.yaml" if yearly else f"invoices/INV-{n:05d}.yaml"


def numbers(k):
    """The invoices started by commit k."""
    first = k * per_commit + 1
    return range(first, min(first + per_commit, documents + 1))


for k in range(commits):
    started = numbers(k)
    day = issued(started[0]) if len(started) else issued(documents)
    stamp = int(datetime.datetime(day.year, day.month, day.day, 12, tzinfo=datetime.timezone.utc).timestamp()) + k
    message = f"Invoices {started[0]}-{started[-1]}".encode() if len(started) else f"Commit {k}".encode()
    out.write(b"commit refs/heads/main\n")
    out.write(f"author Bench Author <bench@example.com> {stamp} +0000\n".encode())
    out.write(f"committer Bench Author <bench@example.com> {stamp} +0000\n".encode())
    out.write(f"data {len(message)}\n".encode() + message + b"\n")
    if k == 0:
        file("invoic.yaml", SETTINGS)
        for c in range(clients):
            file(f"clients/c{c:03d}.yaml", f"name: Client {c}\n")
    for n in started:
        file(path(n), invoice(n))
    if k >= 1:
        for n in numbers(k - 1):
            file(path(n), invoice(n, sent=True))
    if k >= 5:
        for n in numbers(k - 5):
            file(path(n), invoice(n, sent=True, paid=True))
    out.write(b"\n")
