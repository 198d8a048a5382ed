#!/usr/bin/env bash
# A "browser" for headless machines and tests: opens what kauth gives it (its last argument: the
# page kauth writes, which forwards to the start link, or a URL) and follows it through the
# provider's redirect into kauth's loopback listener, as a person's browser would.
url="$("$(dirname "$0")/page-url.sh" "${!#}")"
exec curl --silent --show-error --location --max-time 30 --output /dev/null "$url"
