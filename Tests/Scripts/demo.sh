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

# The demo's own words follow kauth's language rule (KAUTH_LANG, else the first of LC_ALL,
# LC_MESSAGES, LANG that is set): `say ENGLISH KOREAN`.
language="${KAUTH_LANG:-${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}}"
case "$language" in ko*) korean=1 ;; *) korean="" ;; esac
say() { if [ -n "$korean" ]; then printf '%s\n' "$2"; else printf '%s\n' "$1"; fi; }

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
# In Korean, the sandbox answers with Kakao's Korean consent-item names, as Kakao does.
[ -n "$korean" ] && curl --silent --output /dev/null --data korean_names=true "$KAUTH_KAKAO_AUTH_URL/_sandbox/config"
say "Sandbox provider: $KAUTH_KAKAO_AUTH_URL (keystore in $KAUTH_HOME)" \
  "샌드박스 제공자: $KAUTH_KAKAO_AUTH_URL (키 저장소: $KAUTH_HOME)"
say "The \"browser\" is a script that opens the page kauth hands it and follows it, and the sandbox's auto-consent redirect, back to kauth." \
  "\"브라우저\"는 kauth가 건네는 페이지를 열고, 샌드박스의 자동 동의 리다이렉트를 따라 kauth로 돌아오는 스크립트입니다."

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
code=$?
say "(exit $code — consent required: kauth says which scope and how to get it)" \
  "(exit $code — 동의 필요: kauth가 어떤 동의항목이 필요하고 어떻게 받는지 알려 줍니다)"
set -e
step "$kauth" scopes request shipping_address account_email
step "$kauth" shipping --page-size 5
step "$kauth" logout
set +e
step "$kauth" status
code=$?
say "(exit $code — not logged in)" "(exit $code — 로그인되어 있지 않음)"

# How to do the same by hand: the sandbox in one shell, kauth in another, in the same folder.
bin_dir="$(cd "$(dirname "$kauth_path")" && pwd)"
if [ -n "$korean" ]; then
  cat <<TRY

직접 해 보려면, 셸 하나에서 (어느 폴더에서든):
  export PATH="$bin_dir:\$PATH"
  eval "\$(kauth sandbox --detach)"      # 백그라운드에서 시작하고, 이 셸이 샌드박스를 가리키게 합니다
  export KAUTH_HOME=\$(mktemp -d)        # 쓰고 버릴 키 저장소
  kauth login && kauth me               # 브라우저가 곧바로 돌아옵니다
  eval "\$(kauth sandbox --stop)"        # 샌드박스를 멈추고 내보낸 변수를 지웁니다
TRY
else
  cat <<TRY

Try it yourself, in one shell (any folder):
  export PATH="$bin_dir:\$PATH"
  eval "\$(kauth sandbox --detach)"      # in the background, once it listens; this shell points at it
  export KAUTH_HOME=\$(mktemp -d)        # a throw-away keystore
  kauth login && kauth me               # your browser comes straight back
  eval "\$(kauth sandbox --stop)"        # stops it and unsets its exports
TRY
fi
