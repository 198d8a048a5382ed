#!/usr/bin/env bash
# The "browser" `make interop` gives kauth (BROWSER): it plays the user at Glewlwyd, whose login
# page is JavaScript, through Glewlwyd's REST API with a cookie jar, as that page would:
#   1. POST /api/auth/ with the user's password (the session cookie goes into the jar);
#   2. GET the URL it was given (the authorization URL, or the device verification URL with the
#      user code): without `g_continue` Glewlwyd always answers with a redirect to its login page,
#      which names the client, the scopes and the URL to come back to (callback_url);
#   3. PUT /api/auth/grant/{client_id} with exactly those scopes (the consent click);
#   4. GET callback_url with `g_continue` (what the page's Continue button does) and, when that
#      redirects to a loopback listener, follow it once so that kauth receives the code.
# kauth gives the browser the path of a page that forwards to the URL (the last argument); like a
# browser, this opens it and goes where it forwards (Tests/Scripts/page-url.sh). Settings come from the environment that interop.sh exports:
# INTEROP_BASE (http://127.0.0.1:PORT), INTEROP_USER, INTEROP_PASSWORD, INTEROP_JAR (cookie jar),
# INTEROP_BROWSER_LOG (where each hop is written, codes redacted).
set -euo pipefail

url="$("$(dirname "$0")/../Scripts/page-url.sh" "${!#}")"
: "${INTEROP_BASE:?}" "${INTEROP_USER:?}" "${INTEROP_PASSWORD:?}" "${INTEROP_JAR:?}"
log="${INTEROP_BROWSER_LOG:-/dev/null}"

note() { printf 'browser: %s\n' "$(printf '%s' "$*" | sed -E 's/([?&#](code|device_code)=)[^&]*/\1<redacted>/g')" >>"$log"; }
fail() { note "FAILED: $*"; echo "browser: $*" >&2; exit 1; }

curl_() { curl --silent --show-error --max-time 15 --cookie "$INTEROP_JAR" --cookie-jar "$INTEROP_JAR" "$@"; }

# The Location of a redirect (empty when the answer is not one), status in $status.
status=""
location_of() {
  local out
  out="$(curl_ --output /dev/null --write-out '%{http_code} %{redirect_url}' "$1")" || return 1
  status="${out%% *}"
  location="${out#* }"
}

# The value of query parameter $1 in URL $2, percent- and plus-decoded.
query_param() {
  local value
  value="$(printf '%s' "$2" | sed -nE "s/^[^?]*\\?(.*&)?$1=([^&#]*).*/\\2/p")"
  value="${value//+/ }"
  printf '%b' "${value//%/\\x}"
}

note "asked to open $url"
auth_status="$(curl_ --output /dev/null --write-out '%{http_code}' -H 'Content-Type: application/json' \
  --data "$(jq -n --arg u "$INTEROP_USER" --arg p "$INTEROP_PASSWORD" '{username:$u,password:$p}')" \
  "$INTEROP_BASE/api/auth/")"
[ "$auth_status" = 200 ] || fail "POST /api/auth/ (password) answered HTTP $auth_status"

location_of "$url" || fail "GET $url failed"
note "GET → $status $location"
# kauth gives the browser a single-use start link on its own listener, which sends it on to the
# provider's authorization URL: follow that hop as a browser would.
case "$location" in
  "$INTEROP_BASE"/*/auth\?*)
    location_of "$location" || fail "GET of the authorization URL failed"
    note "GET → $status $location" ;;
esac
case "$location" in
  "$INTEROP_BASE"/login.html\?*) ;;
  *) fail "expected a redirect to Glewlwyd's login page, got HTTP $status ${location:-(no Location)}" ;;
esac
# The login page is also where Glewlwyd reports a bad device code (prompt=deviceCodeError) or an
# authorization error it does not send to the client.
prompt="$(query_param prompt "$location")"
case "$prompt" in "" | device) ;; *) fail "Glewlwyd's login page was asked to show prompt=$prompt" ;; esac

client_id="$(query_param client_id "$location")"
scope="$(query_param scope "$location")"
callback="$(query_param callback_url "$location")"
if [ -z "$client_id" ] || [ -z "$callback" ]; then fail "the login redirect names no client_id or callback_url"; fi

grant_status="$(curl_ --output /dev/null --write-out '%{http_code}' -X PUT -H 'Content-Type: application/json' \
  --data "$(jq -n --arg s "$scope" '{scope:$s}')" "$INTEROP_BASE/api/auth/grant/$client_id")"
[ "$grant_status" = 200 ] || fail "PUT /api/auth/grant/$client_id answered HTTP $grant_status"
note "granted '$scope' to $client_id"

case "$callback" in *\?*) callback="$callback&g_continue" ;; *) callback="$callback?g_continue" ;; esac
location_of "$callback" || fail "GET callback_url failed"
note "continue → $status $location"
case "$location" in
  "$INTEROP_BASE"/*)
    # Device verification ends on the login page with prompt=deviceComplete.
    [ "$(query_param prompt "$location")" = deviceComplete ] || fail "after consent Glewlwyd answered HTTP $status $location"
    note "device code approved" ;;
  http://127.0.0.1:*/* | http://localhost:*/* | http://\[::1\]:*/*)
    out="$(curl --silent --show-error --max-time 15 --output /dev/null --write-out '%{http_code}' "$location")" \
      || fail "could not reach the redirect target"
    note "redirect target answered HTTP $out" ;;
  *) fail "after consent Glewlwyd answered HTTP $status ${location:-(no Location)}" ;;
esac
