#!/usr/bin/env bash
# Checks what building and testing kauth needs beyond Swift, and installs what is missing with
# apt-get when run as root on Debian/Ubuntu. Elsewhere it says what to install.
#
# `deps.sh --test` also installs what only the tests use: a real Secret Service to keep the
# keystore's key in (gnome-keyring, on a private session bus from dbus-daemon, driven with gdbus
# and secret-tool, read by kauth through libsecret; keyctl drops the copy of a key kauth keeps in
# the kernel keyring). Those are optional: where they cannot be
# installed, the keyring tests skip and say why.
set -euo pipefail

if [ "${1:-}" = --test ] && [ "$(uname -s)" = Linux ]; then
  extras=()
  for tool in dbus-daemon:dbus-daemon gnome-keyring-daemon:gnome-keyring gdbus:libglib2.0-bin secret-tool:libsecret-tools keyctl:keyutils; do
    command -v "${tool%%:*}" >/dev/null || extras+=("${tool#*:}")
  done
  { /sbin/ldconfig -p 2>/dev/null || true; } | grep -q 'libsecret-1\.so\.0' || extras+=(libsecret-1-0)
  if [ ${#extras[@]} -gt 0 ]; then
    if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
      echo "deps: installing ${extras[*]} for the keyring tests" >&2
      { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${extras[@]}"; } >/dev/null 2>&1 \
        || echo "deps: could not install ${extras[*]}; the keyring tests will be skipped" >&2
    else
      echo "deps: ${extras[*]} missing; the keyring tests will be skipped (Debian/Ubuntu: sudo apt-get install ${extras[*]})" >&2
    fi
  fi
fi

command -v swift >/dev/null || { echo "deps: swift is not on PATH; install Swift 6 (https://swift.org/install)" >&2; exit 1; }

missing=()
have_header() { echo "#include <$1>" | cc -E -x c - >/dev/null 2>&1; }
have_libcurl() {
  { /sbin/ldconfig -p 2>/dev/null || ldconfig -p 2>/dev/null || true; } | grep -q 'libcurl\(-gnutls\)\?\.so\.4' && return 0
  ls /usr/lib/libcurl.so.4 /usr/lib64/libcurl.so.4 /usr/lib/*-linux-gnu/libcurl.so.4 /usr/lib/*-linux-gnu/libcurl-gnutls.so.4 >/dev/null 2>&1
}

if [ "$(uname -s)" = Linux ]; then
  # macOS has CryptoKit and its own libcurl; Linux needs OpenSSL's headers and libcurl.
  have_header openssl/evp.h || missing+=(libssl-dev)
  have_libcurl || missing+=(libcurl4)
fi
command -v curl >/dev/null || missing+=(curl)   # the end-to-end tests' scripted browser
command -v tmux >/dev/null || missing+=(tmux)   # the paste prompt as a terminal shows it
command -v socat >/dev/null || missing+=(socat)   # a real TLS server in front of the sandbox
command -v openssl >/dev/null || missing+=(openssl)   # the CA and certificates those tests make
command -v python3 >/dev/null || missing+=(python3)   # make test's layers check
command -v git >/dev/null || missing+=(git)   # the credential-helper tests drive the real git

[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "deps: missing ${missing[*]}; install them (Debian/Ubuntu: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi
