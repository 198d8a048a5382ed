#!/usr/bin/env bash
# `make interop`: drives the built kauth against Glewlwyd, an OpenID Connect server nobody on this
# project wrote, through login (browser and device), status, token, ID token, userinfo, rotating
# refreshes, logout with revocation, a confidential client, a refresh token revoked at the
# server, and a machine's logins (client credentials with a secret, a secret-signed JWT and a
# private-key-signed JWT; RFC 8707 resources; introspection and revocation authenticated by each). One line per step (PASS/FAIL/SKIP and why), then "N passed, N failed, N skipped";
# exits non-zero when a step failed. Glewlwyd runs on 127.0.0.1 only, on a free port, with a fresh
# SQLite database and a new RSA key in a temporary folder that is removed on every way out.
#
# The expectations are those of a correct OpenID Connect client; a FAIL line is a kauth defect to
# fix (or a Glewlwyd quirk to understand), never something to work around here.
set -uo pipefail

kauth_arg="${1:?usage: interop.sh PATH_TO_KAUTH}"
kauth="$(cd "$(dirname "$kauth_arg")" && pwd)/$(basename "$kauth_arg")"
[ -x "$kauth" ] || { echo "interop: $kauth_arg is not an executable" >&2; exit 2; }
scripts="$(cd "$(dirname "$0")" && pwd)"
interop="$(cd "$scripts/../Interop" && pwd)"
started=$SECONDS

"$interop/install.sh" || exit 1

work="$(mktemp -d)"
glewlwyd_pid=""
kauth_pid=""
cleanup() {
  [ -z "$kauth_pid" ] || kill "$kauth_pid" 2>/dev/null || true
  if [ -n "$glewlwyd_pid" ]; then
    kill "$glewlwyd_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$glewlwyd_pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$glewlwyd_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# kauth sees only what this run sets: no token, client or profile from the caller's environment.
for name in $(compgen -e | grep '^KAUTH_' || true); do unset "$name"; done
export KAUTH_HOME="$work/home" NO_COLOR=1

abort() {
  echo "interop: setup failed: $*" >&2
  [ -f "$work/glewlwyd.log" ] && { echo "--- last lines of the Glewlwyd log" >&2; grep -v 'Add endpoint' "$work/glewlwyd.log" | tail -n 20 >&2; }
  exit 1
}

# A port nothing listens on (bash's /dev/tcp: a refused connection means free).
free_port() {
  local port
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 12000))   # below Linux's ephemeral range (32768-60999)
    [ "$port" = "${1:-}" ] && continue
    if ! timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" 2>/dev/null; then echo "$port"; return 0; fi
  done
  return 1
}

# --- Glewlwyd: database, configuration, start ---------------------------------------------------
init_sql=/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3
[ -f "$init_sql" ] || init_sql=/usr/share/doc/glewlwyd/database/init.sqlite3.sql.gz
[ -f "$init_sql" ] || abort "Glewlwyd's database init script is not installed"
version="$(glewlwyd --version 2>/dev/null | tail -n 1)"

start_glewlwyd() {
  local port="$1"
  rm -f "$work/glewlwyd.db" "$work/glewlwyd.log"
  case "$init_sql" in
    *.gz) gzip -dc "$init_sql" | sqlite3 "$work/glewlwyd.db" ;;
    *) sqlite3 "$work/glewlwyd.db" <"$init_sql" ;;
  esac || abort "could not initialise the SQLite database"
  sed -e "s|@PORT@|$port|g" -e "s|@DIR@|$work|g" "$interop/glewlwyd.conf.in" >"$work/glewlwyd.conf"
  glewlwyd --config-file="$work/glewlwyd.conf" >"$work/glewlwyd.out" 2>&1 &
  glewlwyd_pid=$!
  for _ in $(seq 1 100); do
    kill -0 "$glewlwyd_pid" 2>/dev/null || { glewlwyd_pid=""; return 1; }
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$port/api/profile/")" != 000 ] && return 0
    sleep 0.1
  done
  abort "Glewlwyd did not answer on port $port within 10 s"
}

for attempt in 1 2 3; do
  gport="$(free_port)" || abort "no free port"
  start_glewlwyd "$gport" && break
  [ "$attempt" = 3 ] && { cat "$work/glewlwyd.out" >&2; abort "Glewlwyd did not start"; }
done
grep -q "bind address: 127.0.0.1," "$work/glewlwyd.log" || abort "Glewlwyd is not bound to 127.0.0.1 only"
if command -v ss >/dev/null; then
  listeners="$(ss -ltnH "sport = :$gport" | awk '{print $4}' | tr '\n' ' ')"
  case "$listeners" in
    "127.0.0.1:$gport ") ;;
    *) abort "Glewlwyd listens on '$listeners', expected 127.0.0.1:$gport only" ;;
  esac
fi
base="http://127.0.0.1:$gport"
issuer="$base/api/oidc"

# --- Provisioning through the admin REST API (admin/password comes with the init script) --------
user=alice
password="interop-$RANDOM$RANDOM"
public_client="kauth-public"
confidential_client="kauth-confidential"
client_secret="secret-$RANDOM$RANDOM$RANDOM"
kport="$(free_port "$gport")" || abort "no free port for kauth"
# Glewlwyd compares redirect URIs character for character (port included), so kauth listens on a
# fixed port registered here rather than on an ephemeral one.
redirect_uri="http://127.0.0.1:$kport/callback"

admin_jar="$work/admin.jar"
admin() { # METHOD PATH JSON
  local code
  code="$(curl -s -o "$work/admin.out" -w '%{http_code}' --max-time 10 -b "$admin_jar" -c "$admin_jar" \
    -X "$1" -H 'Content-Type: application/json' --data "$3" "$base/api$2")"
  [ "$code" = 200 ] || abort "$1 /api$2 answered HTTP $code: $(head -c 300 "$work/admin.out")"
}
admin POST /auth/ '{"username":"admin","password":"password"}'
for scope in profile email kauth-machine; do
  admin POST /scope/ "$(jq -n --arg s "$scope" '{name:$s,display_name:$s,description:("OpenID Connect "+$s),password_required:false,password_max_age:0,scheme:{}}')"
done
admin POST /user/ "$(jq -n --arg u "$user" --arg p "$password" \
  '{username:$u,password:$p,name:"Alice Interop",email:"alice@example.test",enabled:true,scope:["g_profile","openid","profile","email"]}')"

openssl genrsa -out "$work/signing.key" 2048 2>/dev/null || abort "openssl genrsa failed"
openssl rsa -in "$work/signing.key" -pubout -out "$work/signing.pub" 2>/dev/null || abort "openssl rsa -pubout failed"
admin POST /mod/plugin/ "$(jq --arg iss "$issuer" --rawfile key "$work/signing.key" --rawfile cert "$work/signing.pub" \
  '.parameters.iss=$iss | .parameters.key=$key | .parameters.cert=$cert' "$interop/oidc-plugin.json")"
rm -f "$work/signing.key"

admin POST /client/ "$(jq -n --arg id "$public_client" --arg r "$redirect_uri" \
  '{client_id:$id,name:"kauth (public)",confidential:false,enabled:true,redirect_uri:[$r],
    authorization_type:["code","refresh_token","device_authorization"],scope:[]}')"
admin POST /client/ "$(jq -n --arg id "$confidential_client" --arg r "$redirect_uri" --arg s "$client_secret" \
  '{client_id:$id,name:"kauth (confidential)",confidential:true,client_secret:$s,
    token_endpoint_auth_method:["client_secret_basic"],enabled:true,redirect_uri:[$r],
    authorization_type:["code","refresh_token"],scope:[]}')"

machine_client="kauth-machine"
machine_key_client="kauth-machine-key"
admin POST /client/ "$(jq -n --arg id "$machine_client" --arg s "$client_secret" \
  '{client_id:$id,name:"kauth (machine)",confidential:true,client_secret:$s,
    token_endpoint_auth_method:["client_secret_basic","client_secret_jwt"],enabled:true,redirect_uri:[],
    authorization_type:["client_credentials"],scope:["kauth-machine"]}')"
openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/machine.key" 2>/dev/null \
  || abort "openssl genpkey failed"
openssl pkey -in "$work/machine.key" -pubout -out "$work/machine.pub" 2>/dev/null || abort "openssl pkey -pubout failed"
admin POST /client/ "$(jq -n --arg id "$machine_key_client" --rawfile k "$work/machine.pub" \
  '{client_id:$id,name:"kauth (machine, key)",confidential:true,pubkey:$k,
    token_endpoint_auth_method:["private_key_jwt"],enabled:true,redirect_uri:[],
    authorization_type:["client_credentials"],scope:["kauth-machine"]}')"

discovery="$(curl -s --max-time 5 "$issuer/.well-known/openid-configuration")"
[ "$(jq -r .issuer <<<"$discovery" 2>/dev/null)" = "$issuer" ] || abort "discovery at $issuer does not name that issuer"
token_endpoint="$(jq -r .token_endpoint <<<"$discovery")"
userinfo_endpoint="$(jq -r .userinfo_endpoint <<<"$discovery")"

echo "Glewlwyd $version at $base (issuer $issuer), kauth redirect $redirect_uri"
echo "  token endpoint auth methods: $(jq -c .token_endpoint_auth_methods_supported <<<"$discovery")," \
  "revocation: $(jq -c .revocation_endpoint_auth_methods_supported <<<"$discovery")," \
  "device endpoint: $(jq -r '.device_authorization_endpoint // "none"' <<<"$discovery")"

# --- The scripted user -------------------------------------------------------------------------
export INTEROP_BASE="$base" INTEROP_USER="$user" INTEROP_PASSWORD="$password"
export INTEROP_JAR="$work/browser.jar" INTEROP_BROWSER_LOG="$work/browser.log"
export BROWSER="$interop/browser.sh"
: >"$INTEROP_BROWSER_LOG"

# --- Steps --------------------------------------------------------------------------------------
passed=0 failed=0 skipped=0
log_mark=0 browser_mark=0
mark() { # before a step: what it prints on failure starts here
  log_mark="$(wc -l <"$work/glewlwyd.log")"
  browser_mark="$(wc -l <"$INTEROP_BROWSER_LOG")"
  : >"$work/err"
}
pass() { printf 'PASS  %s\n' "$1"; passed=$((passed + 1)); }
skip() { printf 'SKIP  %s — %s\n' "$1" "$2"; skipped=$((skipped + 1)); }
# A failure shows what kauth said and what Glewlwyd and the scripted browser did meanwhile.
fail() {
  printf 'FAIL  %s — %s\n' "$1" "$2"
  failed=$((failed + 1))
  if [ -s "$work/err" ]; then tail -n 6 "$work/err" | sed 's/^/      kauth| /'; fi
  tail -n +"$((browser_mark + 1))" "$INTEROP_BROWSER_LOG" | tail -n 6 | sed 's/^/      browser| /'
  tail -n +"$((log_mark + 1))" "$work/glewlwyd.log" | grep -v 'Add endpoint' | tail -n 8 | cut -c1-300 \
    | sed 's/^/      glewlwyd| /'
  : >"$work/err"
}

rc=0
run_kauth() { # ARGS… — exit code in $rc, stdout in $work/out, stderr in $work/err
  timeout --kill-after=5 60 "$kauth" "$@" >"$work/out" 2>"$work/err"
  rc=$?
}
stored() { # PROFILE FIELD — a value from the keystore, for comparisons only (never printed)
  jq -r --arg p "$1" --arg f "$2" '.profiles[$p][$f] // empty' "$KAUTH_HOME/credentials.json" 2>/dev/null
}
b64url_decode() {
  local s
  s="$(printf '%s' "$1" | tr '_-' '/+')"
  case $(( ${#s} % 4 )) in 2) s="$s==" ;; 3) s="$s=" ;; esac
  printf '%s' "$s" | base64 -d 2>/dev/null
}
jwt_payload() { b64url_decode "$(printf '%s' "$1" | cut -d. -f2)"; }
# Asks Glewlwyd's token endpoint for a refresh with TOKEN; prints the HTTP status.
refresh_status() { # TOKEN CLIENT [SECRET]
  local auth=(--data-urlencode "client_id=$2")
  [ -n "${3:-}" ] && auth=(-u "$2:$3")
  curl -s -o /dev/null -w '%{http_code}' --max-time 10 "${auth[@]}" \
    --data-urlencode grant_type=refresh_token --data-urlencode "refresh_token=$1" "$token_endpoint"
}

login_flags=(--provider oidc --issuer "$issuer" --port "$kport" --timeout 30)

# 1. Public client, authorization code + PKCE + nonce through the scripted browser.
step="login, public client (discovery, PKCE S256, state, nonce, ID token)"
mark
run_kauth login "${login_flags[@]}" --client-id "$public_client"
public_ok=""
if [ "$rc" = 0 ] && [ -n "$(stored default access_token)" ]; then pass "$step"; public_ok=1
else fail "$step" "exit $rc, expected 0 and a stored login"; fi

step="authorization request carries code_challenge_method=S256, state and nonce"
auth_url="$(grep -oE "$issuer/auth\\?[^ ]+" "$INTEROP_BROWSER_LOG" | tail -n 1)"
mark
missing_params=""
for param in code_challenge= code_challenge_method=S256 state= nonce=; do
  case "$auth_url" in *[?\&]"$param"*) ;; *) missing_params="$missing_params ${param%=}" ;; esac
done
if [ -z "$auth_url" ]; then fail "$step" "the browser was never asked to open an authorization URL"
elif [ -z "$missing_params" ]; then pass "$step"
else fail "$step" "missing:$missing_params (Glewlwyd requires a nonce whenever the openid scope is asked)"; fi

if [ -z "$public_ok" ]; then
  for s in "status" "token" "token --id-token" "me --oidc" "token refresh (1)" "token refresh (2)" \
           "logout" "logout revoked the refresh token at Glewlwyd"; do skip "$s" "no login (step 1 failed)"; done
else
  step="status"
  mark; run_kauth status --json
  if [ "$rc" = 0 ] && [ "$(jq -r '.logged_in and .has_refresh_token and .has_id_token and .provider == "oidc"' "$work/out" 2>/dev/null)" = true ]; then
    pass "$step"
  else fail "$step" "exit $rc, expected 0 with logged_in, has_refresh_token, has_id_token, provider oidc"; fi

  step="token (accepted by Glewlwyd's userinfo)"
  mark; run_kauth token
  access_token="$(head -n 1 "$work/out")"
  userinfo_code="$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "Authorization: Bearer $access_token" "$userinfo_endpoint")"
  if [ "$rc" = 0 ] && [ -n "$access_token" ] && [ "$userinfo_code" = 200 ]; then pass "$step"
  else fail "$step" "exit $rc, userinfo with the printed token answered HTTP $userinfo_code"; fi

  step="token --id-token (a JWT from this issuer for this client, with the nonce)"
  mark; run_kauth token --id-token
  id_payload="$(jwt_payload "$(head -n 1 "$work/out")")"
  id_sub="$(jq -r '.sub // empty' <<<"$id_payload" 2>/dev/null)"
  if [ "$rc" = 0 ] && [ "$(jq -r --arg i "$issuer" --arg c "$public_client" \
       '.iss == $i and ((.aud | if type == "array" then . else [.] end) | index($c) != null) and (.nonce // "") != ""' \
       <<<"$id_payload" 2>/dev/null)" = true ]; then pass "$step"
  else fail "$step" "exit $rc, expected an ID token with iss $issuer, aud $public_client and a nonce"; fi

  step="me --oidc (userinfo; sub matches the ID token)"
  mark; run_kauth me --oidc --json
  me_sub="$(jq -r '.response.sub // empty' "$work/out" 2>/dev/null)"
  if [ "$rc" = 0 ] && [ -n "$me_sub" ] && [ "$me_sub" = "$id_sub" ]; then pass "$step"
  else fail "$step" "exit $rc, userinfo sub '${me_sub}' vs ID token sub '${id_sub}'"; fi

  # Glewlwyd is set to rotate refresh tokens (one-time use): each refresh must store new ones.
  for n in 1 2; do
    step="token refresh ($n): new access token, rotated refresh token stored"
    before_at="$(stored default access_token)"; before_rt="$(stored default refresh_token)"
    mark; run_kauth token refresh
    after_at="$(stored default access_token)"; after_rt="$(stored default refresh_token)"
    if [ "$rc" = 0 ] && [ -n "$after_at" ] && [ "$after_at" != "$before_at" ] && [ -n "$after_rt" ] && [ "$after_rt" != "$before_rt" ]; then
      pass "$step"
    else
      fail "$step" "exit $rc; access token changed: $([ "$after_at" != "$before_at" ] && echo yes || echo no), refresh token changed: $([ "$after_rt" != "$before_rt" ] && echo yes || echo no)"
    fi
  done

  step="logout"
  last_rt="$(stored default refresh_token)"
  mark; run_kauth logout
  logout_mark=$log_mark
  if [ "$rc" = 0 ] && [ -z "$(stored default refresh_token)" ]; then pass "$step"
  else fail "$step" "exit $rc, expected 0 and the login deleted"; fi

  step="logout revoked the refresh token at Glewlwyd"
  code="$(refresh_status "$last_rt" "$public_client")"
  if [ "$code" = 400 ]; then pass "$step"
  else log_mark=$logout_mark; fail "$step" "Glewlwyd still refreshes with it (HTTP $code); its revocation endpoint takes client_secret_basic or a bearer access token with scope openid"; fi
fi

# 2. Confidential client whose only token-endpoint authentication is client_secret_basic.
step="login, confidential client (client_secret_basic only)"
mark
run_kauth login "${login_flags[@]}" --profile conf --client-id "$confidential_client" --client-secret "$client_secret"
if [ "$rc" = 0 ] && [ -n "$(stored conf access_token)" ]; then
  pass "$step"
  step="token refresh, confidential client, without passing the secret again"
  mark; run_kauth token refresh --profile conf
  if [ "$rc" = 0 ]; then pass "$step"; else fail "$step" "exit $rc, expected 0"; fi

  step="logout, confidential client, revokes at Glewlwyd (client_secret_basic)"
  last_rt="$(stored conf refresh_token)"
  mark; run_kauth logout --profile conf
  code="$(refresh_status "$last_rt" "$confidential_client" "$client_secret")"
  if [ "$rc" = 0 ] && [ "$code" = 400 ]; then pass "$step"
  else fail "$step" "logout exit $rc; Glewlwyd answers a refresh with the old token with HTTP $code (400 = revoked)"; fi
else
  fail "$step" "exit $rc, expected 0 and a stored login"
  skip "token refresh, confidential client, without passing the secret again" "no login"
  skip "logout, confidential client, revokes at Glewlwyd (client_secret_basic)" "no login"
fi

# 3. Device authorization grant: the user types the code at Glewlwyd's verification page (here:
#    the scripted user with the code read from kauth's output). No browser is opened for it.
step="login --device, public client (user code approved through Glewlwyd's REST API)"
mark
BROWSER=true timeout --kill-after=5 60 "$kauth" login --provider oidc --issuer "$issuer" --profile device \
  --client-id "$public_client" --device --timeout 45 >"$work/out" 2>"$work/err" &
kauth_pid=$!
user_code=""
for _ in $(seq 1 200); do
  user_code="$(grep -oE '\b[A-Z0-9]{4}-[A-Z0-9]{4}\b' "$work/err" | head -n 1)"
  [ -n "$user_code" ] && break
  kill -0 "$kauth_pid" 2>/dev/null || break
  sleep 0.1
done
verification_uri="$(grep -oE 'https?://[^ ]+' "$work/err" | grep -v 'code=' | head -n 1)"
approved=""
if [ -n "$user_code" ] && [ -n "$verification_uri" ]; then
  "$interop/browser.sh" "$verification_uri?code=$user_code" 2>>"$work/browser.err" && approved=1
fi
wait "$kauth_pid"; rc=$?; kauth_pid=""
device_ok=""
if [ "$rc" = 0 ] && [ -n "$(stored device access_token)" ]; then pass "$step"; device_ok=1
elif [ -z "$user_code" ]; then fail "$step" "exit $rc; no user code in kauth's output"
elif [ -z "$approved" ]; then fail "$step" "exit $rc; the scripted user could not approve code $user_code"
else fail "$step" "exit $rc after the code was approved, expected 0"; fi

# 4. A refresh token revoked at the server: the user disables it in Glewlwyd's profile API.
step="refresh token revoked at Glewlwyd → token refresh exits 3 (log in again)"
if [ -n "$device_ok" ]; then
  mark
  user_jar="$work/user.jar"
  curl -s -o /dev/null --max-time 10 -c "$user_jar" -H 'Content-Type: application/json' \
    --data "$(jq -n --arg u "$user" --arg p "$password" '{username:$u,password:$p}')" "$base/api/auth/"
  disabled=0
  for hash in $(curl -s --max-time 10 -b "$user_jar" "$base/api/oidc/token/?limit=100" \
      | jq -r --arg c "$public_client" '.[] | select(.enabled and .client_id == $c) | .token_hash | @uri' 2>/dev/null); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -b "$user_jar" -X DELETE "$base/api/oidc/token/$hash")" = 200 ] \
      && disabled=$((disabled + 1))
  done
  code="$(refresh_status "$(stored device refresh_token)" "$public_client")"
  if [ "$disabled" = 0 ] || [ "$code" != 400 ]; then
    fail "$step" "could not revoke at Glewlwyd (disabled $disabled tokens, refresh then answered HTTP $code)"
  else
    run_kauth token refresh --profile device
    if [ "$rc" = 3 ]; then pass "$step"
    else fail "$step" "exit $rc, expected 3 (Glewlwyd refused the revoked refresh token with HTTP 400)"; fi
  fi
else
  skip "$step" "no device login"
fi

# 5. RFC 8707 resource indicators: the plugin serves one resource to the `openid` scope. The
#    login names it, Glewlwyd's JWT access tokens carry it as `aud`, `token --resource` asks a
#    refresh for it (kept apart, the rotated refresh token kept), and another resource is refused
#    with `invalid_target`.
resource="https://api.interop.test"
step="login --resource (RFC 8707): Glewlwyd's access token is for that resource"
mark
run_kauth login "${login_flags[@]}" --profile res --client-id "$public_client" --resource "$resource"
res_aud="$(jwt_payload "$(stored res access_token)" | jq -c '.aud' 2>/dev/null)"
if [ "$rc" = 0 ] && grep -qF "\"$resource\"" <<<"$res_aud"; then
  pass "$step"
  step="token --resource: a refresh asks a token for the resource alone, kept apart"
  mark; run_kauth token --resource "$resource" --profile res
  res_token="$(cat "$work/out")"
  if [ "$rc" = 0 ] && [ -n "$res_token" ] && [ "$res_token" != "$(stored res access_token)" ] \
    && jwt_payload "$res_token" | jq -e --arg r "$resource" '.aud == $r or (.aud | type == "array" and index($r))' >/dev/null 2>&1; then
    pass "$step"
  else fail "$step" "exit $rc, expected 0 and a token whose aud is $resource"; fi
  step="token --resource for a resource the login did not name → exit 1, invalid_target, the login to run"
  mark; run_kauth token --resource "https://other.interop.test" --profile res
  if [ "$rc" = 1 ] && grep -q 'kauth login' "$work/err" && grep -q 'resource' "$work/err"; then pass "$step"
  else fail "$step" "exit $rc, expected 1 naming the kauth login --resource to run"; fi
else
  fail "$step" "exit $rc, expected 0 and an access token with aud $resource (got ${res_aud:-none})"
  skip "token --resource: a refresh asks a token for the resource alone, kept apart" "no login"
  skip "token --resource for a resource the login did not name → exit 1, invalid_target, the login to run" "no login"
fi


# 6. A machine's logins: the client credentials grant, with the secret (HTTP Basic), a JWT signed
#    with the secret (client_secret_jwt) and a JWT signed with an EC key (private_key_jwt).
introspect_active() { # TOKEN — Glewlwyd's own answer about TOKEN, asked as the machine client
  curl -s --max-time 10 -u "$machine_client:$client_secret" --data-urlencode "token=$1" \
    "$(jq -r .introspection_endpoint <<<"$discovery")" | jq -r 'if has("active") then .active else empty end' 2>/dev/null
}
step="login --client-credentials, client_secret_basic"
mark
run_kauth login --client-credentials --provider oidc --issuer "$issuer" --profile machine \
  --client-id "$machine_client" --client-secret "$client_secret" --scopes kauth-machine
if [ "$rc" = 0 ] && [ "$(stored machine grant | jq -r .type 2>/dev/null)" = client_credentials ] \
   && [ -z "$(stored machine refresh_token)" ]; then
  pass "$step"
  step="status says grant: client_credentials, session valid"
  mark; run_kauth status --json --profile machine
  if [ "$rc" = 0 ] && [ "$(jq -r '.grant == "client_credentials" and .session == "valid"' "$work/out" 2>/dev/null)" = true ]; then
    pass "$step"; else fail "$step" "exit $rc, expected grant client_credentials and session valid"; fi

  step="token introspect (RFC 7662, client_secret_basic)"
  mark; run_kauth token introspect --json --profile machine
  if [ "$rc" = 0 ] && [ "$(jq -r '.active' "$work/out" 2>/dev/null)" = true ]; then pass "$step"
  else fail "$step" "exit $rc, expected active: true"; fi

  step="token refresh asks the grant again"
  before_at="$(stored machine access_token)"
  mark; run_kauth token refresh --profile machine
  if [ "$rc" = 0 ] && [ -n "$(stored machine access_token)" ] && [ "$(stored machine access_token)" != "$before_at" ]; then
    pass "$step"; else fail "$step" "exit $rc, expected a new access token"; fi

  step="logout revokes the machine's access token at Glewlwyd"
  last_at="$(stored machine access_token)"
  mark; run_kauth logout --profile machine
  if [ "$rc" = 0 ] && [ "$(introspect_active "$last_at")" = false ]; then pass "$step"
  else fail "$step" "logout exit $rc; Glewlwyd says the token is active: $(introspect_active "$last_at")"; fi
else
  fail "$step" "exit $rc, expected 0 and a stored login with grant client_credentials and no refresh token"
  for s in "status says grant: client_credentials, session valid" "token introspect (RFC 7662, client_secret_basic)" \
           "token refresh asks the grant again" "logout revokes the machine's access token at Glewlwyd"; do
    skip "$s" "no machine login"
  done
fi

# RFC 8707 on the client credentials grant: the plugin serves the resource to the kauth-machine
# scope too. Glewlwyd takes one `resource` per token request and writes it as the JWT's `aud`.
step="login --client-credentials --resource: Glewlwyd's access token is for that resource"
mark
run_kauth login --client-credentials --provider oidc --issuer "$issuer" --profile machine-res \
  --client-id "$machine_client" --client-secret "$client_secret" --scopes kauth-machine --resource "$resource"
cc_aud="$(jwt_payload "$(stored machine-res access_token)" | jq -c '.aud' 2>/dev/null)"
if [ "$rc" = 0 ] && grep -qF "\"$resource\"" <<<"$cc_aud"; then
  pass "$step"
  step="token refresh of a client-credentials login asks for the resource again"
  before_at="$(stored machine-res access_token)"
  mark; run_kauth token refresh --profile machine-res
  cc_aud="$(jwt_payload "$(stored machine-res access_token)" | jq -c '.aud' 2>/dev/null)"
  if [ "$rc" = 0 ] && [ "$(stored machine-res access_token)" != "$before_at" ] && grep -qF "\"$resource\"" <<<"$cc_aud"; then
    pass "$step"; else fail "$step" "exit $rc, expected a new access token with aud $resource (got ${cc_aud:-none})"; fi
else
  fail "$step" "exit $rc, expected 0 and an access token with aud $resource (got ${cc_aud:-none})"
  skip "token refresh of a client-credentials login asks for the resource again" "no login"
fi
step="login --client-credentials --resource the client is not served → exit 1, invalid_target, nothing stored"
mark
run_kauth login --client-credentials --provider oidc --issuer "$issuer" --profile machine-other \
  --client-id "$machine_client" --client-secret "$client_secret" --scopes kauth-machine --resource "https://other.interop.test"
if [ "$rc" = 1 ] && grep -q invalid_target "$work/err" && [ -z "$(stored machine-other access_token)" ]; then pass "$step"
else fail "$step" "exit $rc, expected 1 with invalid_target and no stored login"; fi

for provider_name in gsecretjwt gkeyjwt; do
  run_kauth config set "provider.$provider_name.type" oidc
  run_kauth config set "provider.$provider_name.issuer" "$issuer"
done
run_kauth config set provider.gsecretjwt.client_id "$machine_client"
run_kauth config set provider.gsecretjwt.client_secret "$client_secret"
run_kauth config set provider.gsecretjwt.token_endpoint_auth_method client_secret_jwt
run_kauth config set provider.gkeyjwt.client_id "$machine_key_client"
run_kauth config set provider.gkeyjwt.private_key "$work/machine.key"
# Glewlwyd's discovery lists only client_secret_basic and bearer for its introspection and
# revocation endpoints, yet takes signed assertions there: named, the key is used at every endpoint.
run_kauth config set provider.gkeyjwt.token_endpoint_auth_method private_key_jwt
step="login --client-credentials, client_secret_jwt (HS256 over the secret)"
mark; run_kauth login --client-credentials --provider gsecretjwt --profile secretjwt --scopes kauth-machine
if [ "$rc" = 0 ] && [ -n "$(stored secretjwt access_token)" ] && [ "$(introspect_active "$(stored secretjwt access_token)")" = true ]; then
  pass "$step"; else fail "$step" "exit $rc, expected a stored login whose token Glewlwyd calls active"; fi
step="login --client-credentials, private_key_jwt (ES256, kid = RFC 7638 thumbprint)"
mark; run_kauth login --client-credentials --provider gkeyjwt --profile keyjwt --scopes kauth-machine
if [ "$rc" = 0 ] && [ -n "$(stored keyjwt access_token)" ] && [ "$(introspect_active "$(stored keyjwt access_token)")" = true ]; then
  pass "$step"; else fail "$step" "exit $rc, expected a stored login whose token Glewlwyd calls active"; fi

# The signed assertions at the introspection and revocation endpoints: Glewlwyd takes them there
# only with `aud` that endpoint as one string; kauth sends the list of the token endpoint and it
# first (what Keycloak takes), then, refused, that endpoint alone.
for profile in secretjwt keyjwt; do
  step="token introspect authenticated by the $profile assertion"
  mark; run_kauth token introspect --json --profile "$profile"
  if [ "$rc" = 0 ] && [ "$(jq -r '.active' "$work/out" 2>/dev/null)" = true ]; then pass "$step"
  else fail "$step" "exit $rc, expected active: true"; fi
  step="logout revokes the $profile login's token, authenticated by an assertion"
  last_at="$(stored "$profile" access_token)"
  mark; run_kauth logout --profile "$profile"
  if [ "$rc" = 0 ] && [ "$(introspect_active "$last_at")" = false ] && ! grep -qi warning "$work/err"; then pass "$step"
  else fail "$step" "logout exit $rc; Glewlwyd says the token is active: $(introspect_active "$last_at")"; fi
done

# Glewlwyd grants client credentials only for scopes asked by name (RFC 6749 §3.3 lets a server
# use a default or refuse): without --scopes it refuses, and kauth says what it answered.
step="login --client-credentials without --scopes → exit 1 with Glewlwyd's answer, nothing stored"
mark
run_kauth login --client-credentials --provider oidc --issuer "$issuer" --profile machine-noscope \
  --client-id "$machine_client" --client-secret "$client_secret"
if [ "$rc" = 1 ] && [ -z "$(stored machine-noscope access_token)" ] && [ -s "$work/err" ]; then pass "$step"
else fail "$step" "exit $rc, expected 1 and no stored login"; fi

echo
echo "Glewlwyd $version, $("$kauth" --version 2>/dev/null | head -n 1), $((SECONDS - started)) s"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ] && [ "$skipped" = 0 ]
