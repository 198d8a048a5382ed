#!/usr/bin/env bash
# `make dist`: from a built kauth, what a Linux user installs without a Swift toolchain, under
# DIST_DIR:
#   kauth-VERSION-linux-ARCH.tar.gz  bin/kauth (stripped) and its links git-credential-kauth and
#                                    docker-credential-kauth, the man page, the bash, zsh and fish
#                                    completions where `make install` puts them, and
#                                    share/doc/kauth/README and LICENSE; it unpacks into a prefix
#                                    (`tar -xzf … -C ~/.local`)
#   kauth_VERSION_DEBARCH.deb        the same under /usr (zsh's in Debian's vendor-completions, the
#                                    man page gzipped), with copyright and changelog, built with
#                                    dpkg-deb from a root staged by `make install-files DESTDIR=…`
#   SHA256SUMS                       of those two
# VERSION is the one the binary prints (`kauth version`), so the three always agree. The
# package's Depends: is computed as dpkg-shlibdeps does, from the libraries kauth links (its ELF
# NEEDED entries) and those it loads with dlopen (libcurl), with the versions the symbols kauth
# uses need on this machine. Archive and package are byte-for-byte the same for the same binary.
set -euo pipefail

kauth_arg="${1:?usage: dist.sh PATH_TO_KAUTH DIST_DIR}"
dist_arg="${2:?usage: dist.sh PATH_TO_KAUTH DIST_DIR}"
repo="$(cd "$(dirname "$0")/../.." && pwd)"
kauth="$(cd "$(dirname "$kauth_arg")" && pwd)/$(basename "$kauth_arg")"
[ -x "$kauth" ] || { echo "dist: $kauth_arg is not an executable; run make release first" >&2; exit 2; }
mkdir -p "$dist_arg"
dist="$(cd "$dist_arg" && pwd)"
# Who the package names as its maintainer; a packager sets their own.
maintainer="${DEB_MAINTAINER:-kauth maintainers <kauth-maintainers@users.noreply.github.com>}"

fail() { echo "dist: $*" >&2; exit 1; }
tools_missing() {
  for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture readelf strings strip nm cc gzip sha256sum; do
    command -v "$tool" >/dev/null || { echo "$tool"; return 0; }
  done
  return 1
}
if missing="$(tools_missing)" && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "dist: installing dpkg-dev binutils gcc (for $missing)" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq dpkg-dev binutils gcc; } >/dev/null
fi
missing="$(tools_missing)" && fail "needs $missing (Debian/Ubuntu: apt-get install dpkg-dev binutils gcc)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# --- What is being shipped ---------------------------------------------------------------------
read -r _ version _ commit_word < <("$kauth" version) || fail "$kauth version printed nothing"
commit="${commit_word%)}"
# A Debian native version: no hyphen (it would name a Debian revision), starts with a digit.
[[ "$version" =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || fail "'$version' (from kauth version) is not a version a package can carry"
arch="$(uname -m)"
debarch="$(dpkg-architecture -qDEB_HOST_ARCH)"
multiarch="$(dpkg-architecture -qDEB_HOST_MULTIARCH)"
# Every date in the archive and the package: the date of the commit the binary was built from.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH="$(git -C "$repo" log -1 --format=%ct "${commit%-dirty}" -- 2>/dev/null || date +%s)"
fi
export SOURCE_DATE_EPOCH
tarball="kauth-$version-linux-$arch.tar.gz"
deb="kauth_${version}_$debarch.deb"

# --- Staging: the files `make install` installs ------------------------------------------------
# Without the calling make's flags and variables (`make dist BINDIR=…` must not move the files).
stage() {   # stage ROOT PREFIX [make variables…]
  local root="$1" prefix="$2"
  shift 2
  env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL "${MAKE:-make}" -s -C "$repo" install-files \
    KAUTH="$kauth" DESTDIR="$root" PREFIX="$prefix" "$@" >/dev/null
}
stage "$work/tar" ""
stage "$work/deb" /usr ZSHCOMPDIR=/usr/share/zsh/vendor-completions
binary="$work/tar/bin/kauth"
readelf -S --wide "$binary" | grep -q ' \.symtab ' && fail "bin/kauth still has its symbol table after install -s"
# The compilers' version strings too, as Debian's dh_strip does; both get the same binary.
strip --remove-section=.comment "$binary"
cp "$binary" "$work/deb/usr/bin/kauth"

# --- What the binary needs at run time ---------------------------------------------------------
# The newest symbol version kauth asks of each library it links (readelf's version needs).
# GLIBC_ABI_DT_RELR, which a binary with packed relocations would ask of libc, names no number:
# glibc has it from 2.36 on, so it counts as GLIBC_2.36. `make release` packs none (RELEASE_LINK
# in the Makefile says why), and `make dist-check` fails on a binary that asks for it or for a
# symbol newer than GLIBC_2.34.
version_needs() {
  readelf -V --wide "$1" | awk '
    /File: / { for (i = 1; i <= NF; i++) if ($i == "File:") file = $(i + 1) }
    /Name: / && file != "" { for (i = 1; i <= NF; i++) if ($i == "Name:") print file, ($(i + 1) == "GLIBC_ABI_DT_RELR" ? "GLIBC_2.36" : $(i + 1)) }
  ' | sort -k1,1 -k2,2V | awk '{ newest[$1] = $2 } END { for (f in newest) print f, newest[f] }' | sort
}
needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort)"
# The notes below say the Swift runtime and libcrypto are linked in, as `make release` does.
if shared="$(grep -E '^lib(swift|Foundation|dispatch|BlocksRuntime|crypto)' <<<"$needed")"; then
  fail "$kauth_arg links $(echo $shared) dynamically: package the build of make release"
fi
glibc="$(version_needs "$binary" | awk '$2 ~ /^GLIBC_[0-9]/ { sub("GLIBC_", "", $2); print $2 }' | sort -V | tail -n 1)"
[ -n "$glibc" ] || fail "found no glibc symbol version in $binary"

# Libraries kauth loads with dlopen, which no NEEDED entry shows: per line, the sonames it tries,
# any one of which will do (they become alternatives in Depends:). The binary's strings are
# searched for sonames too, so one added to the code but not here stops this script instead of
# going missing from the package.
dlopened=(
  "libcurl.so.4 libcurl-gnutls.so.4"   # HTTP, on the first network request (Sources/CCurl/ccurl.c)
)
# Loaded with dlopen too, but kauth works without them (Recommends:, not Depends:).
recommended=(
  "libsecret-1.so.0"   # the keystore's key in the Secret Service (Sources/CKeyring); without it the file is not encrypted
)
sonames_in_binary="$(strings -a "$binary" | grep -xE 'lib[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*\.so\.[0-9]+' | sort -u)"
for soname in $sonames_in_binary; do
  grep -qxF "$soname" <<<"$needed" && continue
  [[ " ${dlopened[*]} ${recommended[*]} " == *" $soname "* ]] && continue
  fail "kauth names $soname, which it neither links nor is listed in dlopened=() of $0: say there what it is for"
done

# dpkg-shlibdeps reads a source tree's debian/control; one naming the package is enough.
mkdir -p "$work/shlibdeps/debian"
printf 'Source: kauth\n\nPackage: kauth\nArchitecture: any\n' >"$work/shlibdeps/debian/control"
shlibdeps() {
  (cd "$work/shlibdeps" && dpkg-shlibdeps -O "$@" 2>"$work/shlibdeps.err") | sed -n 's/^shlibs:Depends=//p' \
    || { cat "$work/shlibdeps.err" >&2; fail "dpkg-shlibdeps failed"; }
}
depends="$(shlibdeps -e"$work/deb/usr/bin/kauth")"
# dpkg-shlibdeps reads symbols, not GLIBC_ABI_DT_RELR, which names none: libc6 is raised to the
# glibc found above where that is newer, so Depends: follows what the binary asks of glibc.
libc6="$(tr ',' '\n' <<<"$depends" | sed -n 's/^ *libc6 (>= \([^)]*\))$/\1/p')"
if [ -n "$libc6" ] && [ "$(printf '%s\n%s\n' "$libc6" "$glibc" | sort -V | tail -n 1)" != "$libc6" ]; then
  depends="$(sed "s/libc6 (>= $libc6)/libc6 (>= $glibc)/" <<<"$depends")"
fi

# For a dlopened library, dpkg-shlibdeps is asked about a small program that links it and uses the
# same symbols kauth looks up by name (those of the library's symbols that kauth's strings hold),
# and the entry for the library's own package is kept.
dlopen_depends() {   # dlopen_depends SONAME → "package (>= version)", or nothing when not installed
  local soname="$1" library package symbols
  for library in "/usr/lib/$multiarch/$soname" "/lib/$multiarch/$soname"; do [ -e "$library" ] && break; done
  [ -e "$library" ] || return 0
  package="$(dpkg -S "$(readlink -f "$library")" 2>/dev/null | head -n 1 | cut -d: -f1)"
  [ -n "$package" ] || fail "$library belongs to no package"
  symbols="$(comm -12 <(nm -D --defined-only "$library" | awk '{ sub(/@.*/, "", $NF); print $NF }' | sort -u) \
                      <(strings -a "$binary" | sort -u))"
  [ -n "$symbols" ] || fail "kauth uses no symbol of $library: is $soname still loaded?"
  {
    for symbol in $symbols; do echo "extern void $symbol(void);"; done
    echo "void *used[] = {"
    for symbol in $symbols; do echo "  (void *)$symbol,"; done
    echo "};"
    echo "int main(void) { return used[0] == 0; }"
  } >"$work/probe.c"
  cc -o "$work/probe" "$work/probe.c" -Wl,--no-as-needed "$library" || fail "could not link a probe against $library"
  local probe_depends
  probe_depends="$(shlibdeps -e"$work/probe")"
  tr ',' '\n' <<<"$probe_depends" | sed 's/^ *//' | grep -E "^$package( |\$)" || echo "$package"
}
# One group of alternative sonames → "pkg (>= v) | pkg2 (>= v2)"; stops when none is installed.
alternatives_of() {   # alternatives_of "SONAME…" PACKAGE_TO_INSTALL
  local alternatives="" soname entry
  for soname in $1; do
    entry="$(dlopen_depends "$soname")"
    [ -n "$entry" ] && alternatives="${alternatives:+$alternatives | }$entry"
  done
  [ -n "$alternatives" ] || fail "none of $1 is installed here, so its package and version are unknown; install $2"
  echo "$alternatives"
}
for group in "${dlopened[@]}"; do depends="$depends, $(alternatives_of "$group" libcurl4)"; done
recommends=""
for group in "${recommended[@]}"; do
  recommends="${recommends:+$recommends, }$(alternatives_of "$group" libsecret-1-0)"
done

swift_version="$("${SWIFT:-swift}" --version 2>/dev/null | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -n 1)"
# libcrypto.a comes from libssl-dev: Built-Using names the source it was built from.
openssl_source="$(dpkg-query -W -f='${source:Package} (= ${source:Version})' libssl-dev 2>/dev/null || true)"
openssl_version="$(dpkg-query -W -f='${source:Version}' libssl-dev 2>/dev/null || openssl version | cut -d' ' -f2)"

# --- The notes ---------------------------------------------------------------------------------
# kauth is Apache-2.0 (Docs/LICENSE), and so is all the binary links statically: the package's
# copyright in Debian's machine-readable format (DEP-5), pointing at the licence's text in
# /usr/share/common-licenses, and the archive's LICENSE with the text itself, which it requires.
year="$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y)"
linked() {   # what the binary holds besides kauth's own code, each line after $1
  cat <<EOF
${1}/usr/bin/kauth (bin/kauth in the archive) also contains, linked statically:
${1} - the Swift standard library and runtime, Dispatch and FoundationEssentials, from the Swift
${1}   ${swift_version:-6} toolchain: Copyright Apple Inc. and the Swift project authors; Apache
${1}   License 2.0 with the Runtime Library Exception.
${1} - libcrypto from OpenSSL ${openssl_version}: Copyright the OpenSSL Project Authors; Apache
${1}   License 2.0.
EOF
}
apache=/usr/share/common-licenses/Apache-2.0
[ -f "$apache" ] || fail "$apache is missing (Debian's base-files); the archive must carry the licence's text"
cmp -s "$apache" "$repo/Docs/LICENSE" || fail "Docs/LICENSE is not the Apache License 2.0 of $apache"
mkdir -p "$work/deb/usr/share/doc/kauth" "$work/tar/share/doc/kauth"
cat >"$work/deb/usr/share/doc/kauth/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: kauth
Comment:
$(linked ' ')

Files: *
Copyright: $year the kauth authors
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License");
 you may not use this file except in compliance with the License.
 You may obtain a copy of the License at
 .
     http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS,
 WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 See the License for the specific language governing permissions and
 limitations under the License.
 .
 On Debian systems, the full text of the Apache License 2.0 can be found
 in /usr/share/common-licenses/Apache-2.0.
EOF
{
  cat <<EOF
kauth
=====

Copyright $year the kauth authors. Licensed under the Apache License, Version 2.0
(SPDX-License-Identifier: Apache-2.0); its text follows this note.

EOF
  linked ''
  printf '\nThe text of the Apache License 2.0 follows.\n\n'
  cat "$repo/Docs/LICENSE"
} >"$work/tar/share/doc/kauth/LICENSE"

{
  cat <<EOF
kauth $version (commit $commit) for Linux on $arch

kauth is a command-line OAuth and OpenID Connect client for Kakao Login, any OpenID Connect
provider and Snapchat: it logs you in through the browser, keeps the tokens in a local keystore,
refreshes them and prints a valid access token for scripts. \`man kauth\` is the reference.

Install: unpack into a prefix whose bin/ is on your PATH, for example

    tar -xzf $tarball -C ~/.local

which puts

    bin/kauth                                     the program
    bin/git-credential-kauth                      links to it: git's and Docker's credential
    bin/docker-credential-kauth                   helpers (kauth answers to their names)
    share/man/man1/kauth.1                        man kauth
    share/man/ko/man1/kauth.1                     man kauth, in Korean (a ko_* locale)
    share/man/{,ko/}man1/git-credential-kauth.1   links to it: the helpers' man pages
    share/man/{,ko/}man1/docker-credential-kauth.1
    share/bash-completion/completions/kauth       bash completion
    share/zsh/site-functions/_kauth               zsh completion (add the folder to fpath)
    share/fish/vendor_completions.d/kauth.fish    fish completion
    share/doc/kauth/README, LICENSE               this note, and the licences

Uninstall: remove those files.

What it needs at run time
-------------------------
No Swift: the Swift runtime, FoundationEssentials and OpenSSL's libcrypto are linked in.

 - Linux on $arch with glibc $glibc or newer (\`ldd --version\` says which you have).
 - These libraries, with at least the symbol version shown (the newest kauth asks of each):
EOF
  version_needs "$binary" | awk '{ printf "       %-20s %s\n", $1, $2 }'
  for library in $needed; do
    version_needs "$binary" | grep -q "^$library " || printf '       %-20s\n' "$library"
  done
  cat <<EOF
 - libcurl (libcurl.so.4, or Debian's libcurl-gnutls.so.4), loaded the first time a command goes
   to the network (Debian and Ubuntu: \`apt install libcurl4\`). Without it, what needs no
   network still works (\`kauth status\`, \`kauth token\` with a valid token, \`kauth config\`),
   and the rest say what to install.
 - Recommended: libsecret (libsecret-1.so.0; Debian and Ubuntu: \`apt install libsecret-1-0\`),
   loaded when needed to keep the keystore's key in the desktop's keyring (Secret Service). Without
   it the keystore is not encrypted unless KAUTH_PASSPHRASE is set, and login says so.
EOF
} >"$work/tar/share/doc/kauth/README"

# Debian's changelog, for a native package: one entry for this version, dated as the commit.
{
  echo "kauth ($version) stable; urgency=medium"
  echo
  echo "  * kauth $version, built from commit $commit."
  echo
  echo " -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")"
} | gzip -9n >"$work/deb/usr/share/doc/kauth/changelog.gz"
gzip -9n "$work/deb/usr/share/man/man1/kauth.1" "$work/deb/usr/share/man/ko/man1/kauth.1"
# The helpers' man pages, links to kauth.1, follow it: NAME.1.gz to kauth.1.gz.
find "$work/deb/usr/share/man" -type l -name '*.1' | while read -r link; do
  target="$(readlink "$link")"
  rm "$link"
  ln -s "$target.gz" "$link.gz"
done

# --- The Debian package ------------------------------------------------------------------------
root="$work/deb"
# As dpkg-gencontrol counts it: each file's size in KiB rounded up, and 1 KiB a directory.
installed_size="$(cd "$root" && find usr \( -type f -printf '%s\n' \) -o \( -type d -printf '1024\n' \) | awk '{ k += int(($1 + 1023) / 1024) } END { print k }')"
mkdir -p "$root/DEBIAN"
{
  echo "Package: kauth"
  echo "Version: $version"
  echo "Architecture: $debarch"
  echo "Maintainer: $maintainer"
  echo "Installed-Size: $installed_size"
  echo "Depends: $depends"
  [ -n "$recommends" ] && echo "Recommends: $recommends"
  [ -n "$openssl_source" ] && echo "Built-Using: $openssl_source"
  echo "Section: utils"
  echo "Priority: optional"
  cat <<'EOF'
Description: log in to Kakao and other OAuth/OpenID Connect providers
 kauth is a command-line OAuth 2.0 and OpenID Connect client for Kakao
 Login, any OpenID Connect provider (found through discovery) and Snapchat:
 what gh auth is for GitHub. It logs you in through the browser
 (authorization code with PKCE, caught on a listener on 127.0.0.1), keeps
 the tokens in a local keystore, refreshes them when they are about to
 expire, and prints a valid access token for scripts, CI jobs and kubectl.
 It also calls Kakao's user, consent, Kakao Talk and sharing APIs.
 .
 kauth sandbox serves a local Kakao- and OpenID Connect-compatible
 provider, to try kauth and test scripts without an account or network.
EOF
} >"$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"

# Same modes and dates everywhere, whatever the umask and the clock said.
for tree in "$work/tar" "$root"; do
  find "$tree" -type d -exec chmod 0755 {} +
  find "$tree" -type f -exec chmod 0644 {} +
  find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
done
chmod 0755 "$work/tar/bin/kauth" "$root/usr/bin/kauth"

rm -f "$dist/$tarball" "$dist/$deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$dist/$deb" >/dev/null
# Files and the helpers' links only: unpacking into an existing prefix then leaves its folders'
# modes and dates alone.
(cd "$work/tar" && find bin share \( -type f -o -type l \) | LC_ALL=C sort \
   | tar --no-recursion --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -T - -cf -) \
  | gzip -9n >"$dist/$tarball"
(cd "$dist" && sha256sum "$tarball" "$deb" >SHA256SUMS)

size() { du -h --apparent-size "$1" | cut -f1; }
echo "dist/$tarball ($(size "$dist/$tarball"); bin/kauth $(size "$binary"))"
echo "dist/$deb ($(size "$dist/$deb"))"
echo "  Depends: $depends"
echo "  Recommends: $recommends"
echo "dist/SHA256SUMS"
