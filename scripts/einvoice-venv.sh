#!/usr/bin/env bash
# A Python venv with what ../shared/tools/einvoice-check needs (factur-x, saxonche), in
# .build/einvoice-venv: the tests run the validator with its python, and read build/calendar.ics
# back with the icalendar package. Made once; rerun is a no-op.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/einvoice-venv
if "$venv/bin/python" -c "import facturx, saxonche, icalendar" 2>/dev/null; then exit 0; fi
mkdir -p .build
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check factur-x saxonche icalendar
"$venv/bin/python" -c "import facturx, saxonche, icalendar"
echo "einvoice-check: $venv ready"
