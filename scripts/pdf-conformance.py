#!/usr/bin/env python3
"""Validates PDFs as PDF/UA-1 (and, with --pdfa3b, as PDF/A-3b too) with `page`, a validator
that passes the veraPDF and Isartor test corpora (PyPI: page-validation; scripts/einvoice-venv.sh
installs it). Prints one line per file and every failed rule; exits 1 when any file fails.

    .build/einvoice-venv/bin/python scripts/pdf-conformance.py build/*.pdf
    .build/einvoice-venv/bin/python scripts/pdf-conformance.py --pdfa3b build/F-2026-0001.pdf
"""
import sys

import page


def main(arguments):
    profiles = ["ua1"]
    if arguments and arguments[0] == "--pdfa3b":
        profiles.append("3b")
        arguments = arguments[1:]
    if not arguments:
        print(__doc__, file=sys.stderr)
        return 2
    failed = 0
    for path in arguments:
        for profile in profiles:
            report = page.validate_pdf(path, profile=profile)
            name = {"ua1": "PDF/UA-1", "3b": "PDF/A-3b"}[profile]
            if report.is_compliant:
                print(f"{path}: {name}: conformant")
                continue
            failed += 1
            print(f"{path}: {name}: NOT conformant")
            seen = set()
            for failure in report.failures:
                if (failure.rule_id, failure.message) in seen:
                    continue
                seen.add((failure.rule_id, failure.message))
                where = f" (object {failure.object_id.object_number})" if failure.object_id else ""
                print(f"  {failure.rule_id}: {failure.message}{where}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
