#!/usr/bin/env bash
# A "browser" for headless machines and tests: follows the authorize URL (its last argument)
# through the provider's redirect into kauth's loopback listener, as a person's browser would.
url="${!#}"
exec curl --silent --show-error --location --max-time 30 --output /dev/null "$url"
