#!/usr/bin/env bash
# A "browser" for headless machines and tests: opens what kauth gives it (its last argument: the
# page kauth writes, which forwards to the start link, or a URL) and follows it through the
# provider's redirect into kauth's loopback listener, as a person's browser would. Like a
# browser, it keeps the URL off command lines: curl reads it on standard input.
url="$("$(dirname "$0")/page-url.sh" "${!#}")"
printf 'url = "%s"\n' "$url" | exec curl --silent --show-error --location --max-time 30 --output /dev/null --config -
