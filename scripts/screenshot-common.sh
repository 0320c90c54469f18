# Sourced by the screenshot scripts (not run): finds the browser and the executable to drive.

# Prints the path of a headless-capable Chromium, installing Debian's `chromium` package when none
# is found (with sudo -n when not root).
find_chromium() {
    local browser sudo=""
    browser=$(command -v chromium || command -v chromium-browser || true)
    if [ -z "$browser" ]; then
        [ "$(id -u)" -ne 0 ] && sudo="sudo -n"
        echo "installing Chromium from Debian's packages" >&2
        $sudo apt-get install -y chromium >/dev/null || { $sudo apt-get update >/dev/null && $sudo apt-get install -y chromium >/dev/null; }
        browser=$(command -v chromium)
    fi
    echo "$browser"
}

# Prints the path of the product $1 built in configuration $2: $WAKEFUL_BIN when set (an already
# built executable), else builds it.
built_product() {
    local product=$1 configuration=$2
    if [ -n "${WAKEFUL_BIN:-}" ]; then
        [ -x "$WAKEFUL_BIN" ] || { echo "WAKEFUL_BIN=$WAKEFUL_BIN is not an executable file" >&2; return 2; }
        echo "$WAKEFUL_BIN"
    else
        swift build -c "$configuration" --product "$product" >&2
        echo "$(swift build -c "$configuration" --show-bin-path)/$product"
    fi
}
