#!/usr/bin/env bash
# `make screenshots`: renders every browser page kauth can show (English and Korean, light and
# dark) with headless Chromium into PNGs, then audits each in Chromium for contrast, the
# accessibility tree and <html lang> (page-audit.py). The pages are written by the test
# `writesEveryPageForScreenshots`, which runs only when KAUTH_PAGES_DIR names a folder, so the
# shipped kauth has no command for it. Needs tests built (`swift build --build-tests`).
#
# Usage: screenshots.sh [FOLDER]   (default: a new temporary folder; nothing goes in the repo)
set -euo pipefail

cd "$(dirname "$0")/../.."
swift="${SWIFT:-swift}"
out="${1:-$(mktemp -d "${TMPDIR:-/tmp}/kauth-pages.XXXXXX")}"
mkdir -p "$out/pages" "$out/png"
out="$(cd "$out" && pwd)"

# Debian's chromium, and a CJK font so the Korean pages show Hangul instead of boxes.
missing=()
chromium="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$chromium" ] || missing+=(chromium)
fc-list :lang=ko 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "screenshots: installing ${missing[*]}" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${missing[@]}" >/dev/null
    chromium="$(command -v chromium || command -v chromium-browser)"
  else
    echo "screenshots: missing ${missing[*]}; install them (Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
    exit 1
  fi
fi
# Chromium's sandbox refuses to run as root; elsewhere keep it.
sandbox=()
[ "$(id -u)" = 0 ] && sandbox=(--no-sandbox)

KAUTH_PAGES_DIR="$out/pages" "$swift" test --skip-build ${SWIFT_FLAGS:-} --filter 'BrowserPagesTests/writesEveryPageForScreenshots' >"$out/write-pages.log" 2>&1 \
  || { cat "$out/write-pages.log" >&2; exit 1; }
pages=("$out"/pages/*.html)
[ -e "${pages[0]}" ] || { echo "screenshots: no pages were written (see $out/write-pages.log)" >&2; exit 1; }

shoot() { # page scheme width height suffix
  local page="$1" scheme="$2" name
  name="$(basename "$page" .html)"
  local flags=(--headless --disable-gpu --hide-scrollbars "${sandbox[@]}" --window-size="$3,$4")
  [ "$scheme" = dark ] && flags+=(--force-dark-mode)
  "$chromium" "${flags[@]}" --screenshot="$out/png/$name.$scheme$5.png" "file://$page" >>"$out/chromium.log" 2>&1
  [ -s "$out/png/$name.$scheme$5.png" ] || { echo "screenshots: chromium made no picture of $name ($scheme); see $out/chromium.log" >&2; exit 1; }
}
for page in "${pages[@]}"; do
  for scheme in light dark; do
    shoot "$page" "$scheme" 720 600 ""
  done
done
# A phone-sized look at the page with the most text.
for page in "$out"/pages/login-failed-hostile.*.html; do
  for scheme in light dark; do
    shoot "$page" "$scheme" 390 780 ".narrow"
  done
done
echo "screenshots: $(ls "$out/png" | wc -l) pictures in $out/png"

if command -v python3 >/dev/null; then
  python3 Tests/Scripts/page-audit.py "$chromium" "${sandbox[@]}" "${pages[@]}"
else
  echo "screenshots: python3 not found, so the in-browser audit was skipped (the unit tests still check contrast)" >&2
fi
