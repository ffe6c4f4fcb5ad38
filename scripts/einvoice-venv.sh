#!/usr/bin/env bash
# A Python venv with what ../shared/tools/einvoice-check needs (factur-x, saxonche), in
# .build/einvoice-venv: the tests run the validator with its python, read build/calendar.ics
# back with the icalendar package, and check every PDF as PDF/UA-1 (and Factur-X as PDF/A-3b)
# with page-validation (scripts/pdf-conformance.py), and check the journals `invoic export-journal`
# writes with Beancount's own bean-check and bean-query (beancount 3 and beanquery), and drive
# `invoic lsp` as an editor does with pytest-lsp (Tests/lsp), run the fake KSeF server
# (Tests/Fixtures/ksef/fake_ksef.py), which decrypts what invoic sends with cryptography,
# and show FatturaPA files through the
# Agenzia's and AssoSoftware's stylesheets (XSLT 1.0, applied with lxml), which OCA's Odoo module
# odoo-addon-l10n-it-fatturapa ships in data/: installed without its dependencies (Odoo), only
# those files are read (FatturaPAViewTests). Made once; rerun is a no-op.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/einvoice-venv
fatturapa_xsl() { compgen -G "$venv/lib/python3*/site-packages/odoo/addons/l10n_it_fatturapa/data/FoglioStileAssoSoftware.xsl" >/dev/null; }
if "$venv/bin/python" -c "import facturx, saxonche, icalendar, page, beancount, beanquery, pytest_lsp, cryptography" 2>/dev/null && fatturapa_xsl; then exit 0; fi
mkdir -p .build
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check factur-x saxonche icalendar page-validation==0.11.0 "beancount>=3,<4" beanquery "pytest-lsp>=1,<2" cryptography
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps odoo-addon-l10n-it-fatturapa==16.0.1.4.2
"$venv/bin/python" -c "import facturx, saxonche, icalendar, page, beancount, beanquery, pytest_lsp, cryptography"
fatturapa_xsl
echo "einvoice-check: $venv ready"
