#!/usr/bin/env bash
# Every test of the lab: type-check, lint, unit and property tests, build, then
# end-to-end tests in headless Debian Chromium. Installs Chromium when it is
# missing and this machine can (root + apt-get); otherwise stops with one line.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the end-to-end tests…"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH) and try again." >&2
    exit 1
  fi
fi

# Each phase says how long it took (and the whole run at the end), so a slow suite shows where.
phase_start=$SECONDS
phase() { echo "   ($(( SECONDS - phase_start )) s)"; phase_start=$SECONDS; }
trap 'echo "== npm test: $(( SECONDS / 60 )) min $(( SECONDS % 60 )) s in all"' EXIT

# Type-check and lint side by side: each is one thread for about 25 s on a 2-core machine.
# Each one's output is printed whole once both are done, so the two never interleave.
echo "== type-check and lint"
checks=$(mktemp -d)
npx tsc --noEmit > "$checks/tsc" 2>&1 & tsc_pid=$!
npx eslint . > "$checks/eslint" 2>&1 & eslint_pid=$!
failed=0
wait "$tsc_pid" || { echo "type-check failed" >&2; failed=1; }
wait "$eslint_pid" || { echo "lint failed" >&2; failed=1; }
cat "$checks/tsc" "$checks/eslint"; rm -rf "$checks"
[ "$failed" -eq 0 ] || exit 1
phase
echo "== unit and property tests"; npx vitest run; phase
echo "== build"; npx vite build --logLevel warn; phase
# Specs tagged @screenshots only save pictures for a person to look at (`npm run screenshots`);
# what they show is checked by the behaviour specs, so the suite leaves them out.
echo "== end-to-end (Playwright Test, headless Chromium)"; npx playwright test --grep-invert @screenshots; phase
