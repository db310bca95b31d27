# Shared by scripts/nestbox, scripts/test and scripts/pictures: make sure the system
# libraries are there (Lua 5.4, libedit and cairo, found through pkg-config, and the
# DejaVu Sans font the pictures are drawn in), installing them on a fresh machine: with
# apt-get on Linux, with Homebrew on macOS (not tested there: README.md, macOS). nestbox
# opens cairo and libedit at run time (dlopen, not linked; the files per platform are in
# Sources/CLibraryLoader/include/CLibraryLoader.h); on Debian libcairo2 and libedit2 come
# in as dependencies of the -dev packages, whose headers the build needs.
ensure_system_packages() {
    if [ "$(uname -s)" = Darwin ]; then ensure_homebrew_packages "$@"; return; fi
    local missing=("$@")
    # extra packages come in as "command:package" pairs, installed when the command is missing
    local extra=()
    for pair in "${missing[@]}"; do command -v "${pair%%:*}" >/dev/null 2>&1 || extra+=("${pair#*:}"); done
    missing=("${extra[@]}")
    command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists lua5.4; then missing+=(liblua5.4-dev); fi
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libedit; then missing+=(libedit-dev); fi
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists cairo; then missing+=(libcairo2-dev); fi
    [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "installing ${missing[*]} ..." >&2
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2
}

# macOS: the same through Homebrew. Lua 5.4, cairo and pkg-config for the build (libedit
# and xmllint are macOS's own); extra "command:package" pairs name Debian packages, so
# each is mapped to its formula (chromium is a cask).
ensure_homebrew_packages() {
    command -v brew >/dev/null 2>&1 || { echo "nestbox on macOS needs Homebrew (https://brew.sh) for lua, cairo and pkg-config" >&2; exit 1; }
    local formulas=() casks=()
    command -v pkg-config >/dev/null 2>&1 || formulas+=(pkg-config)
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists lua5.4; then formulas+=(lua); fi
    if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists cairo; then formulas+=(cairo); fi
    for pair in "$@"; do
        command -v "${pair%%:*}" >/dev/null 2>&1 && continue
        case "${pair#*:}" in
            lua-check) formulas+=(luacheck) ;;
            groff-base) formulas+=(groff) ;;
            libxml2-utils) formulas+=(libxml2) ;;
            chromium) casks+=(chromium) ;;
            *) formulas+=("${pair#*:}") ;;
        esac
    done
    [ ${#formulas[@]} -gt 0 ] && { echo "installing ${formulas[*]} with Homebrew ..." >&2; brew install "${formulas[@]}" >&2; }
    [ ${#casks[@]} -gt 0 ] && { echo "installing ${casks[*]} with Homebrew ..." >&2; brew install --cask "${casks[@]}" >&2; }
    return 0
}
