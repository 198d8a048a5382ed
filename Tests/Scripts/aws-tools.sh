#!/usr/bin/env bash
# Installs what the AWS end-to-end tests drive, from PyPI into a virtualenv of their own:
# the real AWS CLI (awscli, version 1: the Python one that pip installs) and moto's server, a
# local AWS whose STS answers AssumeRoleWithWebIdentity. Pinned, so that CI tests what was
# tested here and pip has nothing to resolve.
#   aws-tools.sh VENV   creates or completes VENV; prints nothing and exits 0 when it is ready,
#                       else says why on stderr and exits 1 (the tests then skip with that reason)
# Debian's python3 makes virtualenvs only with python3-venv, installed with apt-get when missing
# and run as root. Concurrent runs (test processes) wait for each other.
set -uo pipefail

venv="${1:?usage: aws-tools.sh VENV}"
packages=("moto[server]==5.2.1" "awscli==1.45.64")

# A virtualenv's scripts name its Python by the absolute path it was made at (#!VENV/bin/python):
# one copied or moved with its build folder (cp -a of a checkout) keeps its files but runs nothing,
# so the interpreter the scripts name must be there too.
ready() {
  [ -x "$venv/bin/aws" ] && [ -x "$venv/bin/moto_server" ] && [ -f "$venv/.kauth-tools" ] \
    && [ "$(cat "$venv/.kauth-tools")" = "${packages[*]}" ] \
    && [ -x "$(sed -n '1s/^#!//p' "$venv/bin/aws")" ] && [ -x "$(sed -n '1s/^#!//p' "$venv/bin/moto_server")" ]
}
ready && exit 0

mkdir -p "$(dirname "$venv")"
exec 9>"$venv.lock"
flock 9
ready && exit 0

command -v python3 >/dev/null || { echo "aws-tools: python3 is not installed" >&2; exit 1; }
if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c 'import ensurepip' >/dev/null 2>&1; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    echo "aws-tools: installing python3-venv" >&2
    { DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv \
      || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; }; } >/dev/null 2>&1
  fi
fi
rm -rf "$venv"
python3 -m venv "$venv" 2>"$venv.log" || {
  echo "aws-tools: python3 -m venv failed (Debian: apt-get install python3-venv): $(tail -n 2 "$venv.log" | tr '\n' ' ')" >&2
  exit 1
}
echo "aws-tools: installing ${packages[*]} from PyPI into $venv (a few minutes the first time)" >&2
if ! "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}" >>"$venv.log" 2>&1; then
  echo "aws-tools: pip could not install ${packages[*]}: $(grep -iE 'error|could not' "$venv.log" | tail -n 2 | tr '\n' ' ')" >&2
  exit 1
fi
printf '%s' "${packages[*]}" >"$venv/.kauth-tools"
ready || { echo "aws-tools: pip installed the packages but aws or moto_server is missing from $venv/bin" >&2; exit 1; }
