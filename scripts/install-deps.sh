#!/usr/bin/env bash
# Installs the Debian packages invoic builds and tests with. As root it runs apt-get itself;
# otherwise it prints the exact command to run and fails, so nothing is half-installed.
set -euo pipefail

packages=(
    pkg-config
    libyaml-dev                 # the YAML parser (system library target CLibYAML)
    libcairo2-dev libpango1.0-dev  # text layout for the PDFs (CPangoCairo; cairo writes no PDF)
    libharfbuzz-dev             # hb-subset: the fonts embedded in a PDF, cut to the glyphs it shows
    librsvg2-dev                # SVG logos drawn as vectors (CRSVG)
    fonts-jetbrains-mono        # the default monospace face
    fonts-noto-core fonts-noto-mono fonts-noto-cjk  # scripts and currency signs JetBrains Mono lacks
    fonts-liberation2           # Liberation Sans, the Swiss QR-bill's face
    poppler-utils qpdf          # pdftotext, pdffonts, pdfinfo: used by the tests to read PDFs back
    icc-profiles-free           # the sRGB profile of a PDF/A's output intent
    libqrencode-dev             # payment QR codes (CQRencode)
    libdeflate-dev              # the PDF writer's stream compression (CLibDeflate)
    libexpat1-dev               # camt bank statements, received e-invoices (CExpat; fontconfig loads expat anyway)
    libxml2-dev                 # XML Schema validation of received and national e-invoices (CLibXML2)
    libqpdf-dev zlib1g-dev      # invoic receive: the e-invoice inside a supplier's PDF (CQPDF, CZlib)
    libcurl4-openssl-dev        # invoic mail: SMTP with STARTTLS through libcurl (CSMTP)
    libssl-dev                  # libcrypto: KSeF's RSA-OAEP and AES-256-CBC, KOD II's signature (COpenSSL)
    python3-venv                # the tests validate e-invoices with ../shared/tools/einvoice-check
    python3-zxing-cpp python3-numpy   # the tests read the QR codes back from rendered pages
    chromium                    # the tests audit the HTML report with axe-core in headless Chromium
    curl                        # the tests of invoic serve send requests with a foreign Host
    hledger                     # the tests check the journals `invoic export-journal` writes with hledger itself
    strace                      # a test counts the syncs a build makes
    openssl                     # the tests of invoic verifactu send make a CA, a server certificate and a client .p12
    hyperfine                   # bench/oneshot times `invoic pdf` with it (the benchmarks, not the tests)
    valgrind                    # scripts/link/order.sh lists the functions a PDF runs with callgrind (the release link's order, not the build or the tests)
)

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
    echo "invoic needs these Debian packages: ${missing[*]}" >&2
    echo "install them with:  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

echo "installing: ${missing[*]}"
# Another apt may hold the dpkg lock for a while (unattended upgrades): wait and retry.
for attempt in 1 2 3 4 5 6; do
    if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"; then
        exit 0
    fi
    echo "apt-get failed (attempt $attempt); retrying in 10 s" >&2
    sleep 10
done
exit 1
