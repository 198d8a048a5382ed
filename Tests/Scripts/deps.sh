#!/usr/bin/env bash
# Checks what building and testing kauth needs beyond Swift, and installs what is missing with
# apt-get when run as root on Debian/Ubuntu. Elsewhere it says what to install.
set -euo pipefail

missing=()
have_header() { echo "#include <$1>" | cc -E -x c - >/dev/null 2>&1; }
have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }

command -v swift >/dev/null || { echo "deps: swift is not on PATH; install Swift 6 (https://swift.org/install)" >&2; exit 1; }
have_header openssl/evp.h || missing+=(libssl-dev)
have_lib 'libcurl\(-gnutls\)\?\.so\.4' || missing+=(libcurl4)
command -v curl >/dev/null || missing+=(curl)

[ ${#missing[@]} -eq 0 ] && exit 0

if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "deps: missing ${missing[*]}; install them (Debian/Ubuntu: sudo apt-get install ${missing[*]}; macOS: brew install openssl@3 curl)" >&2
  exit 1
fi
