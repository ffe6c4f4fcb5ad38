#!/usr/bin/env bash
# A Python venv with what ../shared/tools/einvoice-check needs (factur-x, saxonche), in
# .build/einvoice-venv: the tests run the validator with its python, read build/calendar.ics
# back with the icalendar package, and check every PDF as PDF/UA-1 (and Factur-X as PDF/A-3b)
# with page-validation (scripts/pdf-conformance.py), and check the journals `invoic export-journal`
# writes with Beancount's own bean-check and bean-query (beancount 3 and beanquery), and drive
# `invoic lsp` as an editor does with pytest-lsp (Tests/lsp), and run the fake KSeF server
# (Tests/Fixtures/ksef/fake_ksef.py), which decrypts what invoic sends with cryptography.
# Made once; rerun is a no-op.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/einvoice-venv
if "$venv/bin/python" -c "import facturx, saxonche, icalendar, page, beancount, beanquery, pytest_lsp, cryptography" 2>/dev/null; then exit 0; fi
mkdir -p .build
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check factur-x saxonche icalendar page-validation==0.11.0 "beancount>=3,<4" beanquery "pytest-lsp>=1,<2" cryptography
"$venv/bin/python" -c "import facturx, saxonche, icalendar, page, beancount, beanquery, pytest_lsp, cryptography"
echo "einvoice-check: $venv ready"
