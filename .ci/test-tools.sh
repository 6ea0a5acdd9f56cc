#!/usr/bin/env bash
# Debian tools some tests use: headless Chromium (the contact sheet as a browser shows it), poppler (pdftotext) and qpdf (an
# independent PDF check). Installed when missing and we are root with apt-get; otherwise those tests are skipped
# and say why. Called by `make test` and by CI (.ci/run).
set -uo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v msgfmt >/dev/null 2>&1 || need+=(gettext)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ -f /usr/share/color/icc/ghostscript/default_cmyk.icc ] || need+=(libgs-common)  # CMYK profile: dojo export print
command -v gs >/dev/null 2>&1 || need+=(ghostscript)  # a CMYK separation the print-shop tests read (tests/export)
[ "$(id -u)" != 0 ] || command -v setpriv >/dev/null 2>&1 || need+=(util-linux)  # as root: a command run without root's read-all capabilities (tests/board/test_inputs.py)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}") >/dev/null 2>&1 \
    && exit 0
fi
echo "warning: could not install ${need[*]}; the tests that need them will be skipped" >&2
exit 0
