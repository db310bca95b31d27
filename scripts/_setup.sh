# Shared by scripts/nestbox, scripts/test and scripts/pictures: make sure the system
# libraries are there (Lua 5.4, libedit and cairo, found through pkg-config, and the
# DejaVu Sans font the pictures are drawn in), installing them with apt-get on a fresh
# machine. nestbox opens libcairo.so.2 and libedit.so.2 at run time (dlopen, not linked);
# libcairo2 and libedit2 come in as dependencies of the -dev packages, whose headers the
# build needs.
ensure_system_packages() {
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
