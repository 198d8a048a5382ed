#!/usr/bin/env bash
# What `make interop` needs besides kauth: Glewlwyd (Debian's `glewlwyd` package, 2.7.x in
# bookworm), sqlite3 for its database, openssl for the signing key, curl and jq for the scripted
# user. Installs what is missing with apt-get when run as root on Debian; elsewhere it says what to
# install. Packages already there are left alone (no upgrades as a side effect).
set -euo pipefail

missing=()
command -v glewlwyd >/dev/null || missing+=(glewlwyd dbconfig-no-thanks)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
command -v openssl >/dev/null || missing+=(openssl)
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)

[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null || [ "$(id -u)" != 0 ]; then
  echo "interop: missing ${missing[*]}; install them (Debian: sudo apt-get install ${missing[*]})" >&2
  exit 1
fi

echo "interop: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# The package's post-install would otherwise set up a system-wide instance (dbconfig database,
# /etc/glewlwyd.conf) and start it on port 4593 on every interface. The run starts its own
# instance, bound to 127.0.0.1, so ask for no configuration and forbid service starts while apt runs.
echo 'glewlwyd glewlwyd/config_type select No configuration' | debconf-set-selections
policy=/usr/sbin/policy-rc.d
own_policy=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\n# written by kauth interop install.sh for the length of one apt-get run\nexit 101\n' >"$policy"
  chmod 0755 "$policy"
  own_policy=1
fi
remove_policy() { [ -z "$own_policy" ] || rm -f "$policy"; }
trap remove_policy EXIT

apt-get -o DPkg::Lock::Timeout=120 update -qq >/dev/null
apt-get -o DPkg::Lock::Timeout=120 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
