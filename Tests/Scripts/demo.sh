#!/usr/bin/env bash
# `make demo`: starts `kauth sandbox`, then logs in through it and shows what kauth does, in a
# throw-away KAUTH_HOME. No Kakao account or network is needed.
set -euo pipefail

kauth_path="${1:?usage: demo.sh PATH_TO_KAUTH}"
# Run it as `kauth`, as a user would after `make install`.
export PATH="$(cd "$(dirname "$kauth_path")" && pwd):$PATH"
kauth=kauth
scripts="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
sandbox_pid=""
cleanup() {
  [ -n "$sandbox_pid" ] && kill "$sandbox_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; else bold="" plain=""; fi
step() { printf '\n%s$ %s%s\n' "$bold" "$*" "$plain"; "$@"; }

"$kauth" sandbox --port 0 --quiet >"$work/sandbox.env" 2>"$work/sandbox.log" &
sandbox_pid=$!
for _ in $(seq 1 100); do
  grep -q KAUTH_CLIENT_ID "$work/sandbox.env" 2>/dev/null && break
  sleep 0.05
done
grep -q KAUTH_CLIENT_ID "$work/sandbox.env" || { cat "$work/sandbox.log" >&2; echo "demo: the sandbox did not start" >&2; exit 1; }

# shellcheck disable=SC1091
source "$work/sandbox.env"
export KAUTH_HOME="$work/home"
# The sandbox consents automatically; this "browser" opens the page kauth hands it and follows it to kauth.
export BROWSER="$scripts/follow-browser.sh"
echo "Sandbox provider: $KAUTH_KAKAO_AUTH_URL (keystore in $KAUTH_HOME)"
echo "The \"browser\" is a script that opens the page kauth hands it and follows it, and the sandbox's auto-consent redirect, back to kauth."

step "$kauth" login --scopes account_email,profile_nickname
step "$kauth" status
step "$kauth" token
step "$kauth" token info
step "$kauth" me
step "$kauth" me --field kakao_account.email
step "$kauth" token refresh
step "$kauth" scopes
step "$kauth" scopes revoke account_email
step "$kauth" me --field kakao_account.email_needs_agreement
set +e
step "$kauth" shipping
echo "(exit $? — consent required: kauth says which scope and how to get it)"
set -e
step "$kauth" scopes request shipping_address account_email
step "$kauth" shipping --page-size 5
step "$kauth" logout
set +e
step "$kauth" status
echo "(exit $? — not logged in)"

# How to do the same by hand: the sandbox in one shell, kauth in another, in the same folder.
bin_dir="$(cd "$(dirname "$kauth_path")" && pwd)"
cat <<TRY

Try it yourself, in one shell (any folder):
  export PATH="$bin_dir:\$PATH"
  eval "\$(kauth sandbox --detach)"      # in the background, once it listens; this shell points at it
  export KAUTH_HOME=\$(mktemp -d)        # a throw-away keystore
  kauth login && kauth me               # your browser comes straight back
  eval "\$(kauth sandbox --stop)"        # stops it and unsets its exports
TRY
