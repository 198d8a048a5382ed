#!/usr/bin/env bash
# `make dist-check`: installs what `make dist` made the way a user would, on this machine, as root.
#   The archive: checksums, its file list, unpacked into a fresh prefix; its binary's dynamic
#   section (no DT_RELR) and symbol versions (none newer than GLIBC_2.34); then, in a mount
#   namespace where a tmpfs hides the Swift toolchain (as on a machine that never had Swift),
#   `kauth --version`, `kauth status` and a whole login against `kauth sandbox` (the unpacked
#   kauth serving it), token, me and logout.
#   The package: lintian (no error; warnings shown), `dpkg -i`, `man kauth`, bash completion
#   through bash-completion's loader, then `dpkg -r`, after which no file of it is left.
# One line per step (PASS/FAIL/SKIP and why), then "N passed, N failed, N skipped"; exits non-zero
# when a step failed. lintian and bash-completion are installed with apt-get when missing.
set -uo pipefail

scripts="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$scripts/../.." && pwd)"
self="$scripts/$(basename "$0")"
passed=0 failed=0 skipped=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
skip() { echo "SKIP $*"; skipped=$((skipped + 1)); }
check() {   # check DESCRIPTION COMMAND…: PASS when the command succeeds
  local what="$1"
  shift
  if "$@"; then pass "$what"; else fail "$what"; fi
}

# kauth sees only what this run sets.
for name in $(compgen -e | grep '^KAUTH_' || true); do unset "$name"; done
export NO_COLOR=1 LC_ALL=C.UTF-8

# --- Inside the mount namespace (the script runs itself there) ---------------------------------
if [ "${1:-}" = --without-swift ]; then
  prefix="$2" toolchain="$3" version="$4" work="$5"
  if [ -n "$toolchain" ]; then
    mount -t tmpfs -o size=1m,mode=0755 kauth-dist-check "$toolchain" || { fail "hide $toolchain with a tmpfs"; exit 1; }
  fi
  export PATH="$prefix/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
  check "Swift toolchain hidden (${toolchain:-none installed}): no swift, no libswiftCore" \
    bash -c '! command -v swift >/dev/null && ! ldconfig -p | grep -q "libswiftCore.so" && [ -z "$(find '"${toolchain:-/nonexistent}"' -mindepth 1 2>/dev/null)" ]'
  check "kauth on PATH is the unpacked one; ldd: every library found, none of Swift's" \
    bash -c "[ \"\$(command -v kauth)\" = '$prefix/bin/kauth' ] && ! ldd '$prefix/bin/kauth' | grep -E 'not found|swift'"
  line="$(kauth --version)"
  pattern="^kauth ${version//./\\.} \\(commit [^ ]+\\)\$"
  check "kauth --version: $line" bash -c '[[ $1 =~ $2 ]]' _ "$line" "$pattern"
  check "kauth version prints the same" [ "$(kauth version)" = "$line" ]

  export KAUTH_HOME="$work/home" HOME="$work" BROWSER="$scripts/follow-browser.sh"
  kauth status >"$work/status.out" 2>&1
  code=$?
  check "kauth status before a login: exit 3, not logged in" bash -c "[ $code = 3 ] && grep -qi 'not logged in' '$work/status.out'"

  kauth sandbox --port 0 --quiet >"$work/sandbox.env" 2>"$work/sandbox.log" &
  sandbox_pid=$!
  trap 'kill $sandbox_pid 2>/dev/null' EXIT
  for _ in $(seq 1 100); do
    grep -q KAUTH_CLIENT_ID "$work/sandbox.env" 2>/dev/null && break
    sleep 0.05
  done
  if ! grep -q KAUTH_CLIENT_ID "$work/sandbox.env"; then
    fail "kauth sandbox started (its log: $(tr '\n' ' ' <"$work/sandbox.log"))"
    exit 1
  fi
  # shellcheck disable=SC1091
  . "$work/sandbox.env"
  check "kauth login against the sandbox (browser: follow-browser.sh)" \
    bash -c "kauth login --scopes account_email,profile_nickname >'$work/login.out' 2>&1"
  check "kauth status: logged in" bash -c "kauth status >'$work/status.out' 2>&1 && grep -q 'Logged in' '$work/status.out'"
  check "kauth token: an access token" bash -c '[ -n "$(kauth token)" ]'
  check "kauth token refresh (libcurl, loaded at run time)" bash -c "kauth token refresh >/dev/null 2>&1"
  check "kauth me --field kakao_account.email" bash -c '[ -n "$(kauth me --field kakao_account.email)" ]'
  check "kauth logout" bash -c "kauth logout >/dev/null 2>&1"
  exit 0
fi

# --- Outside: what is there to check -----------------------------------------------------------
dist_arg="${1:?usage: dist-check.sh DIST_DIR}"
[ "$(id -u)" = 0 ] || { echo "dist-check: run it as root: it installs the package and makes a mount namespace" >&2; exit 2; }
dist="$(cd "$dist_arg" && pwd)" || exit 2
[ -f "$dist/SHA256SUMS" ] || { echo "dist-check: $dist/SHA256SUMS is missing; run make dist" >&2; exit 2; }
tarball="$(awk '$2 ~ /\.tar\.gz$/ { print $2 }' "$dist/SHA256SUMS")"
deb="$(awk '$2 ~ /\.deb$/ { print $2 }' "$dist/SHA256SUMS")"
version="${tarball#kauth-}"
version="${version%-linux-*}"
started=$SECONDS

work="$(mktemp -d)"
chmod 0755 "$work"
installed=""
cleanup() {
  [ -n "$installed" ] && dpkg -r kauth >/dev/null 2>&1
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

# apt-get stops at once when another apt-get or dpkg holds its lock (a CI image's own updates, a
# second job): it is told to wait for it instead.
install_missing() {   # install_missing COMMAND_OR_FILE PACKAGE
  [ -e "$1" ] || command -v "$1" >/dev/null && return 0
  command -v apt-get >/dev/null || return 0
  echo "dist-check: installing $2" >&2
  export DEBIAN_FRONTEND=noninteractive
  local wait=(-o DPkg::Lock::Timeout=300)
  { apt-get "${wait[@]}" install -y -qq "$2" || { apt-get "${wait[@]}" update -qq && apt-get "${wait[@]}" install -y -qq "$2"; }; } >/dev/null 2>&1
}

check "SHA256SUMS: $tarball, $deb" bash -c "cd '$dist' && sha256sum --quiet -c SHA256SUMS"

# --- The archive -------------------------------------------------------------------------------
expected="bin/docker-credential-kauth
bin/git-credential-kauth
bin/kauth
share/bash-completion/completions/kauth
share/doc/kauth/LICENSE
share/doc/kauth/README
share/fish/vendor_completions.d/kauth.fish
share/man/ko/man1/docker-credential-kauth.1
share/man/ko/man1/git-credential-kauth.1
share/man/ko/man1/kauth.1
share/man/man1/docker-credential-kauth.1
share/man/man1/git-credential-kauth.1
share/man/man1/kauth.1
share/zsh/site-functions/_kauth"
check "archive holds exactly the binary, its two helper links, man pages (English, Korean; the helpers' link to kauth's), three completions, README and LICENSE" \
  [ "$(tar -tzf "$dist/$tarball" | LC_ALL=C sort)" = "$expected" ]
prefix="$work/prefix"
mkdir -p "$prefix"
check "unpacks into a prefix (tar -xzf … -C PREFIX)" tar -xzf "$dist/$tarball" -C "$prefix"
check "bin/git-credential-kauth and bin/docker-credential-kauth are links to kauth" \
  bash -c "[ \"\$(readlink '$prefix/bin/git-credential-kauth')\" = kauth ] && [ \"\$(readlink '$prefix/bin/docker-credential-kauth')\" = kauth ]"
check "bin/kauth is stripped" bash -c "! readelf -S --wide '$prefix/bin/kauth' | grep -q ' \.symtab '"
# The glibc the archive runs on: the oldest where the tools kauth plugs into (git, the AWS CLI,
# Docker) are used today, RHEL 9 and Amazon Linux 2023 (2.34; Ubuntu 22.04 has 2.35). Packed
# relocations (DT_RELR) need 2.36, and so would a symbol version newer than GLIBC_2.34.
glibc_max=2.34
# kauth links libstdc++ (the Swift runtime is C++): the same systems have GCC 11's, which
# defines versions up to GLIBCXX_3.4.29 and CXXABI_1.3.13.
glibcxx_max=3.4.29 cxxabi_max=1.3.13
relr_entries() {   # relr_entries BINARY: the DT_RELR entries of its dynamic section, if any
  readelf -d --wide "$1" | grep -oE '\((RELR|RELRSZ|RELRENT)\)' | tr -d '()' | tr '\n' ' ' | sed 's/ $//'
}
versions_of() {   # versions_of BINARY PREFIX: every version of that prefix it names, oldest first
  { objdump -T "$1"; readelf -V --wide "$1"; } | grep -oE "${2}(ABI_DT_RELR|[0-9]+(\.[0-9]+)*)" | sort -uV
}
too_new() {   # too_new BINARY [PREFIX MAX]: the versions above MAX, each with the symbols that ask for it
  local prefix="${2:-GLIBC_}" max="${3:-$glibc_max}" version symbols
  for version in $(versions_of "$1" "$prefix"); do
    # GLIBC_ABI_DT_RELR names no number: glibc has it from 2.36 on.
    if [ "$version" != GLIBC_ABI_DT_RELR ]; then
      [ "$(printf '%s\n%s\n' "${version#"$prefix"}" "$max" | sort -V | tail -n 1)" = "$max" ] && continue
    fi
    symbols="$(objdump -T "$1" | awk -v v="($version)" 'NF >= 2 && (index($0, v) || $(NF - 1) == substr(v, 2, length(v) - 2)) { print $NF }' | sort -u | tr '\n' ',' | sed 's/,$//')"
    echo "$version${symbols:+ ($symbols)}"
  done
}
relr="$(relr_entries "$prefix/bin/kauth")"
check "bin/kauth has no DT_RELR in its dynamic section${relr:+ (it has: $relr)}" [ -z "$relr" ]
versions="$(versions_of "$prefix/bin/kauth" GLIBC_)"
newer="$(too_new "$prefix/bin/kauth" | tr '\n' ' ' | sed 's/ $//')"
check "bin/kauth needs no glibc symbol version newer than GLIBC_$glibc_max (newest: $(tail -n 1 <<<"$versions")${newer:+; too new: $newer})" \
  [ -n "$versions" -a -z "$newer" ]
newer="$({ too_new "$prefix/bin/kauth" GLIBCXX_ "$glibcxx_max"; too_new "$prefix/bin/kauth" CXXABI_ "$cxxabi_max"; } | tr '\n' ' ' | sed 's/ $//')"
check "bin/kauth needs no libstdc++ version newer than GCC 11's (GLIBCXX_$glibcxx_max, CXXABI_$cxxabi_max; newest: $(versions_of "$prefix/bin/kauth" GLIBCXX_ | tail -n 1)${newer:+; too new: $newer})" \
  [ -z "$newer" ]
# The two checks above, proved able to fail: on a program linked here with packed relocations
# and calling arc4random (GLIBC_2.36), each must find what is wrong; on the same program linked
# without them, nothing.
planted() {   # planted NAME LINKER_FLAGS…: a small PIE with relative relocations (a table of pointers)
  local name="$1"
  shift
  printf '%s\n' '#include <stdlib.h>' 'static const char *table[] = { "a", "b", "c" };' \
    'int main(int argc, char **argv) { (void)argv; return table[argc % 3][0] == 0 ? (int)arc4random() : 0; }' \
    | cc -x c -O1 -fPIE -pie -o "$work/$name" - "$@" 2>/dev/null
}
if ! command -v cc >/dev/null; then
  skip "the DT_RELR and symbol version checks, proved on planted faults: no C compiler (cc)"
elif ! planted relr-bad -Wl,-z,pack-relative-relocs || ! planted relr-good -Wl,-z,nopack-relative-relocs; then
  skip "the DT_RELR and symbol version checks, proved on planted faults: cc or its linker cannot pack relocations (-z pack-relative-relocs)"
else
  bad_relr="$(relr_entries "$work/relr-bad")" bad_new="$(too_new "$work/relr-bad" | tr '\n' ' ')"
  check "the checks fail on a program linked with packed relocations and arc4random (found: ${bad_relr:-no DT_RELR}; ${bad_new:-no version too new})" \
    bash -c "[ -n '$bad_relr' ] && grep -q GLIBC_ABI_DT_RELR <<<'$bad_new' && grep -q 'GLIBC_2.36 (arc4random)' <<<'$bad_new'"
  good_new="$(too_new "$work/relr-good" | grep -v '^GLIBC_2\.36 (arc4random)$' | tr '\n' ' ')"
  check "and pass on the same program linked without packing (apart from arc4random's GLIBC_2.36)" \
    bash -c "[ -z '$(relr_entries "$work/relr-good")' ] && [ -z '$good_new' ]"
fi
# The glibc the binary needs, as its README says (dist.sh reads it from the binary), is the one
# the project's install docs promise.
glibc="$(sed -n 's/.* with glibc \([0-9.]*\) or newer.*/\1/p' "$prefix/share/doc/kauth/README")"
check "README.md and Docs/getting-started.md say glibc ${glibc:-?} or newer, as the binary needs" \
  bash -c "[ -n '$glibc' ] && grep -q 'glibc $glibc or newer' '$repo/README.md' && grep -q 'glibc $glibc or newer' '$repo/Docs/getting-started.md'"

# The folder to hide: a toolchain of its own (/opt/swift for /opt/swift/usr/bin/swift) whole; one
# installed into /usr, its runtime libraries.
toolchain=""
if swift="$(command -v swift)"; then
  bin="$(cd "$(dirname "$swift")" && pwd -P)"
  case "$bin" in
    /usr/bin | /bin) toolchain=/usr/lib/swift ;;
    */usr/bin) toolchain="${bin%/usr/bin}" ;;
    *) toolchain="$(dirname "$bin")/lib/swift" ;;
  esac
fi
mkdir -p "$work/run"
chmod 0755 "$work/run"
if command -v unshare >/dev/null; then
  unshare --mount --propagation private -- "$self" --without-swift "$prefix" "$toolchain" "$version" "$work/run" >"$work/inside.out" 2>&1
  cat "$work/inside.out"
  passed=$((passed + $(grep -c '^PASS ' "$work/inside.out")))
  failed=$((failed + $(grep -c '^FAIL ' "$work/inside.out")))
  grep -q '^PASS kauth logout' "$work/inside.out" || fail "the run without Swift did not get to its end"
else
  skip "the archive without Swift: unshare (util-linux) is missing"
fi

# --- The package -------------------------------------------------------------------------------
depends="$(dpkg-deb -f "$dist/$deb" Depends)"
check "Depends: $depends" bash -c "grep -q 'libc6 (>= ' <<<'$depends' && grep -q 'libcurl4 (>= ' <<<'$depends'"
recommends="$(dpkg-deb -f "$dist/$deb" Recommends)"
check "Recommends: $recommends" bash -c "grep -q 'libsecret-1-0 (>= ' <<<'$recommends'"

install_missing lintian lintian
if command -v lintian >/dev/null; then
  # Every tag, down to the informational, experimental and pedantic ones, is shown; only an error
  # fails the step. lintian exits 1 for an error, 2 when it could not check the package.
  lintian --display-info --display-experimental --pedantic --tag-display-limit 0 "$dist/$deb" >"$work/lintian.out" 2>"$work/lintian.err"
  code=$?
  summary="$(cut -d: -f1 "$work/lintian.out" | sort | uniq -c | awk '{ printf "%s%s %s", sep, $1, $2; sep = ", " }')"
  [ "$code" -gt 1 ] && summary="exit $code: $(grep -v 'root privileges' "$work/lintian.err" | head -n 3 | tr '\n' ' ')"
  check "lintian: no error (${summary:-no tags})" bash -c "[ $code = 0 ] && ! grep -q '^E: ' '$work/lintian.out'"
  sed 's/^/    /' "$work/lintian.out"
else
  skip "lintian: not installed and apt-get could not install it"
fi

files="$(dpkg-deb --fsys-tarfile "$dist/$deb" | tar -tf - | sed 's|^\./|/|; s|/$||' | grep -v '^/\?$')"
# Files and folders the package would create: they must all go again with it.
new_paths="$(for path in $files; do [ -e "$path" ] || echo "$path"; done)"
state="$(dpkg-query -W -f='${db:Status-Abbrev}' kauth 2>/dev/null)"
if [ "${state:0:2}" = ii ] || [ -e /usr/bin/kauth ]; then
  skip "dpkg -i: kauth is installed on this machine already (remove it first)"
else
  if dpkg -i "$dist/$deb" >"$work/dpkg.out" 2>&1; then
    installed=1
    pass "dpkg -i $deb"
  else
    fail "dpkg -i $deb: $(tail -n 3 "$work/dpkg.out" | tr '\n' ' ')"
  fi
fi
if [ -n "$installed" ]; then
  check "kauth on PATH is /usr/bin/kauth, and says $version" \
    bash -c "[ \"\$(command -v kauth)\" = /usr/bin/kauth ] && kauth --version | grep -q '^kauth $version '"
  check "the package's /usr/bin/git-credential-kauth and docker-credential-kauth are links to kauth" \
    bash -c '[ "$(readlink /usr/bin/git-credential-kauth)" = kauth ] && [ "$(readlink /usr/bin/docker-credential-kauth)" = kauth ]'
  check "man kauth finds /usr/share/man/man1/kauth.1.gz and shows it" \
    bash -c '[ "$(man -w kauth)" = /usr/share/man/man1/kauth.1.gz ] && MANPAGER=cat MANWIDTH=100 man kauth 2>/dev/null | grep -q "kauth version"'
  # -L ko: the Korean page as man-db picks it under a ko_* locale, whether or not this machine
  # has one generated (without it man-db falls back to C and the English page).
  # man -w names the file a link leads to.
  check "man git-credential-kauth and man docker-credential-kauth: their pages are links to kauth.1.gz, which man finds" \
    bash -c 'for name in git-credential-kauth docker-credential-kauth; do [ "$(readlink /usr/share/man/man1/$name.1.gz)" = kauth.1.gz ] && [ "$(man -w $name)" = /usr/share/man/man1/kauth.1.gz ] || exit 1; done'
  check "man -L ko kauth finds /usr/share/man/ko/man1/kauth.1.gz and shows Hangul" \
    bash -c '[ "$(man -L ko -w kauth)" = /usr/share/man/ko/man1/kauth.1.gz ] && LANG=C.UTF-8 MANPAGER=cat MANWIDTH=100 man -L ko kauth 2>/dev/null | grep -q "종료 상태"'
  install_missing /usr/share/bash-completion/bash_completion bash-completion
  if [ -f /usr/share/bash-completion/bash_completion ]; then
    # As an interactive bash does: bash-completion loads kauth's script the first time it is needed.
    completed="$(bash -c '
      . /usr/share/bash-completion/bash_completion
      __load_completion kauth || exit 1
      complete -p kauth >&2
      COMP_WORDS=(kauth stat); COMP_CWORD=1; COMP_LINE="kauth stat"; COMP_POINT=${#COMP_LINE}
      _kauth kauth stat kauth
      printf "%s\n" "${COMPREPLY[@]}"' 2>"$work/complete.err")"
    check "bash completion: loaded from /usr/share/bash-completion/completions/kauth, 'kauth stat<Tab>' gives status" \
      bash -c "[ '$completed' = status ] && grep -q '_kauth kauth' '$work/complete.err'"
  else
    skip "bash completion: bash-completion is not installed and apt-get could not install it"
  fi

  if dpkg -r kauth >"$work/dpkg.out" 2>&1; then
    installed=""
    pass "dpkg -r kauth"
  else
    fail "dpkg -r kauth: $(tail -n 3 "$work/dpkg.out" | tr '\n' ' ')"
  fi
  left="$(for path in $new_paths; do [ -e "$path" ] && echo "$path"; done)"
  state="$(dpkg-query -W -f='${db:Status-Abbrev}' kauth 2>/dev/null)"
  check "after dpkg -r: none of the package's files or folders left${left:+ (left: $(echo $left))}" \
    bash -c "[ -z '$left' ] && [ '${state:0:2}' != ii ]"
fi

echo "$passed passed, $failed failed, $skipped skipped ($((SECONDS - started)) s)"
[ "$failed" = 0 ]
