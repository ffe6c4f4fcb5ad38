#!/usr/bin/env bash
# axe-core, the accessibility engine the tests run in headless Chromium over the HTML report
# (scripts/a11y-audit.py). npm is not needed: PyPI's axe-playwright-python ships axe.min.js, so
# the wheel is fetched (pinned; the file's SHA-256 checked) and the one file taken out into .build/axe.
set -euo pipefail
cd "$(dirname "$0")/.."
target=.build/axe/axe.min.js
version=0.1.8          # axe-playwright-python 0.1.8 = axe-core 4.12.1
if [ -s "$target" ] && head -c 40 "$target" | grep -q "axe v4.12.1"; then exit 0; fi
mkdir -p .build/axe
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x .build/einvoice-venv/bin/pip ] || scripts/einvoice-venv.sh
.build/einvoice-venv/bin/pip download --quiet --disable-pip-version-check --no-deps --dest "$work" "axe-playwright-python==$version"
python3 - "$work" "$target" <<'PY'
import glob, sys, zipfile
wheel = glob.glob(sys.argv[1] + "/axe_playwright_python-*.whl")[0]
with zipfile.ZipFile(wheel) as z:
    data = z.read("axe_playwright_python/axe.min.js")
import hashlib
digest = hashlib.sha256(data).hexdigest()
assert digest == "84494fec757e4710dc751c8d7a636e457f4532f08f85c86dc9070133fbff53bc", digest
open(sys.argv[2], "wb").write(data)
PY
echo "axe-core: $target ready"
