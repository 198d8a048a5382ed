#!/bin/sh
# Prints where a browser given "$1" goes first: kauth starts the browser on the path of a page
# (readable by the user alone) that forwards to the real URL with a meta refresh; a browser opens
# the file and follows the refresh, as this does. Anything that is not such a file is a URL already.
target="$1"
if [ -f "$target" ]; then
  sed -n 's/.*http-equiv="refresh" content="0;url=\([^"]*\)".*/\1/p' "$target" | head -n 1 |
    sed "s/&lt;/</g; s/&gt;/>/g; s/&quot;/\"/g; s/&#39;/'/g; s/&amp;/\\&/g"
else
  printf '%s\n' "$target"
fi
