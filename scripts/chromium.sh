#!/usr/bin/env bash
# Prints the path of a headless-capable Chromium, installing Debian's `chromium` package when none
# is found (with sudo -n when not root). The screenshot scripts use it.
set -euo pipefail

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
    echo "installing Chromium from Debian's packages" >&2
    $sudo apt-get install -y chromium >/dev/null || { $sudo apt-get update >/dev/null && $sudo apt-get install -y chromium >/dev/null; }
    browser=$(command -v chromium)
fi
echo "$browser"
