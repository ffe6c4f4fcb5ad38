#!/usr/bin/env python3
"""Prints the label tables of docs/labels.md from templates/invoi.yaml (the built-in labels).

Run after changing a label: scripts/labels-table.py > /tmp/t && edit docs/labels.md with it.
The test `theLabelsDocumentListsEveryKeyAndLanguage` checks the document names every key."""
import re
import sys
import yaml

KEYS_FILE = "Sources/InvoicBook/Model/LabelKeys.swift"
keys = re.findall(r'^\s+"([a-z_]+)": "([^"]+)",$', open(KEYS_FILE, encoding="utf-8").read(), re.M)
labels = yaml.safe_load(open("templates/invoi.yaml", encoding="utf-8"))["labels"]
languages = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "da", "nb", "fi", "cs", "ja", "zh"]

def cell(text):
    return str(text).replace("|", "\\|")

print("| key | what it labels | en |")
print("|---|---|---|")
for key, meaning in keys:
    print(f"| `{key}` | {meaning} | {cell(labels['en'][key])} |")
for group in (languages[1:6], languages[6:11], languages[11:]):
    print()
    print("| key | " + " | ".join(group) + " |")
    print("|---|" + "---|" * len(group))
    for key, _ in keys:
        print(f"| `{key}` | " + " | ".join(cell(labels[lang][key]) for lang in group) + " |")
print()
print("Regional variants, over their language:")
print()
for name, values in labels.items():
    if "_" in name:
        shown = ", ".join(f"`{k}`: {v}" for k, v in values.items())
        print(f"- `{name}`: {shown}")
