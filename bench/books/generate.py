#!/usr/bin/env python3
"""Writes a realistic invoic book: N documents (90% invoices, 10% estimates), 200 clients,
1-30 lines each, payments in full and in part, void invoices, estimates accepted and declined. Deterministic: the
same arguments give the same files, so timings compare across runs and machines."""
import os
import random
import sys
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")

def total(lines, discount):
    """The book's rules: lines rounded, grouped by rate, discount per group, tax once per rate."""
    groups = {}
    for quantity, price, rate in lines:
        groups[rate] = groups.get(rate, Decimal(0)) + (Decimal(quantity) * Decimal(price)).quantize(CENT, ROUND_HALF_UP)
    result = Decimal(0)
    for rate, net in groups.items():
        off = (net * discount).quantize(CENT, ROUND_HALF_UP)
        result += net - off + ((net - off) * rate).quantize(CENT, ROUND_HALF_UP)
    return result

def main(root, count):
    rng = random.Random(count)
    os.makedirs(f"{root}/clients", exist_ok=True)
    os.makedirs(f"{root}/invoices", exist_ok=True)
    os.makedirs(f"{root}/estimates", exist_ok=True)
    with open(f"{root}/invoic.yaml", "w") as f:
        f.write("business:\n  name: Bench Studio\n  email: hello@bench.example\n"
                "payment:\n  bank: First Bench Bank\n  account: GB29 NWBK 6016 1331 9268 19\n  bic: NWBKGB2L\n"
                "defaults:\n  currency: USD\n  locale: en_US\n  tax: 8.25%\n  terms: 30\n  validity: 30\n"
                "numbering:\n  invoice: \"INV-{seq:5}\"\n  estimate: \"EST-{seq:5}\"\n")
    clients = [f"client-{i:03d}" for i in range(200)]
    for i, client in enumerate(clients):
        currency = ["USD", "USD", "USD", "EUR", "GBP"][i % 5]
        locale = {"USD": "en_US", "EUR": "de_DE", "GBP": "en_GB"}[currency]
        with open(f"{root}/clients/{client}.yaml", "w") as f:
            f.write(f"name: Client {i} Ltd.\nemail: billing{i}@client.example\ncurrency: {currency}\nlocale: {locale}\n"
                    f"address:\n  street: {100 + i} Market Street\n  city: Springfield\n  postal_code: \"{10000 + i}\"\n  country: US\n")
    estimates = count // 10
    invoices = count - estimates
    day0 = 0
    def date(n):
        # 2022-01-01 plus n days, without datetime's locale or time zone
        import datetime
        return (datetime.date(2022, 1, 1) + datetime.timedelta(days=n)).isoformat()
    words = ["Design", "Consulting", "Workshop", "Development", "Review", "Travel", "Printing", "Hosting", "Support", "Audit"]
    def items(f):
        lines = []
        f.write("items:\n")
        for _ in range(rng.randint(1, 30)):
            quantity = rng.choice(["1", "2", "2.5", "8", "0.75", "12"])
            price = f"{rng.randint(5, 900)}.{rng.randint(0, 99):02d}"
            f.write(f"  - description: {rng.choice(words)} {rng.randint(1, 99)}\n    quantity: {quantity}\n    unit: h\n    price: {price}\n")
            rate = Decimal("0.0825")
            if rng.random() < 0.2:
                f.write("    tax: 0%\n")
                rate = Decimal(0)
            lines.append((quantity, price, rate))
        return lines
    for n in range(1, estimates + 1):
        with open(f"{root}/estimates/EST-{n:05d}.yaml", "w") as f:
            issued = day0 + n * 1500 // max(estimates, 1)
            f.write(f"client: {rng.choice(clients)}\nissued: {date(issued)}\nsent: {date(issued + 1)}\n")
            fate = rng.random()
            if fate < 0.5:
                f.write(f"accepted: {date(issued + 3)}\n")
            elif fate < 0.7:
                f.write(f"declined: {date(issued + 3)}\n")
            items(f)
    for n in range(1, invoices + 1):
        issued = day0 + n * 1500 // invoices
        with open(f"{root}/invoices/INV-{n:05d}.yaml", "w") as f:
            f.write(f"client: {rng.choice(clients)}\nissued: {date(issued)}\n")
            sent = rng.random() < 0.9
            if sent:
                f.write(f"sent: {date(issued + 1)}\n")
            discount = Decimal(0)
            if rng.random() < 0.1:
                f.write("discount: 5%\n")
                discount = Decimal("0.05")
            due = total(items(f), discount)
            if rng.random() < 0.02:
                f.write(f"void: {{ date: {date(issued + 2)}, reason: Issued twice }}\n")
            elif sent and rng.random() < 0.8:
                # Most paid in full, some in two parts, some only partly.
                first = (due / 2).quantize(CENT) if rng.random() < 0.3 else due
                f.write(f"payments:\n  - {{ date: {date(issued + 10)}, amount: {first}, method: bank_transfer }}\n")
                if first != due and rng.random() < 0.7:
                    f.write(f"  - {{ date: {date(issued + 40)}, amount: {due - first}, method: card }}\n")
            f.write("notes: Thank you for your business.\n")

if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
