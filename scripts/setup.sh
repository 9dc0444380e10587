#!/usr/bin/env bash
# Installs what building and testing npc needs: Debian packages, the tree-sitter-python
# grammar sources (unpacked into .deps/, never committed) and a Python virtual environment
# with NumPy 2.x (.venv/). Idempotent: once everything is present it only checks (~1 s).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf 'setup: %s\n' "$*"; }
die() {
    printf 'setup: error: %s\n' "$*" >&2
    exit 1
}

# ---------------------------------------------------------------------------------------
# Debian packages. OpenMP for g++ is libgomp, which g++ pulls in.
APT_PACKAGES=(libtree-sitter-dev libfmt-dev libcli11-dev catch2 llvm-14-tools cmake g++ make
              python3 python3-venv pkg-config ca-certificates)

as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        die "need root (or sudo) to run: $*"
    fi
}

# apt-get, retried: another process may hold the dpkg or lists lock for a while.
apt_get() {
    local try
    for try in 1 2 3 4 5 6 7 8; do
        if as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get -o DPkg::Lock::Timeout=120 "$@"; then
            return 0
        fi
        log "apt-get $1 failed (try $try; another apt may hold the lock), retrying in 15 s"
        sleep 15
    done
    die "apt-get $* kept failing"
}

install_apt_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        log "no dpkg-query: not Debian, skipping system packages (need: ${APT_PACKAGES[*]})"
        return
    fi
    local installed missing=() pkg
    installed="$(dpkg-query -W -f='${Package} ${Status}\n' "${APT_PACKAGES[@]}" 2>/dev/null ||
        true)"
    for pkg in "${APT_PACKAGES[@]}"; do
        grep -qx "$pkg install ok installed" <<<"$installed" || missing+=("$pkg")
    done
    if [[ ${#missing[@]} -eq 0 ]]; then
        log "system packages present"
        return
    fi
    log "installing system packages: ${missing[*]}"
    apt_get update
    apt_get install -y --no-install-recommends "${missing[@]}"
}

# ---------------------------------------------------------------------------------------
# Python virtual environment with the pinned packages of scripts/requirements.txt.
VENV="$ROOT/.venv"
REQUIREMENTS="$ROOT/scripts/requirements.txt"
VENV_STAMP="$VENV/.npc-requirements.sha256"

# Creates .venv with the first Python that can (Debian's /usr/bin/python3 preferred).
create_venv() {
    local py
    for py in /usr/bin/python3 python3; do
        command -v "$py" >/dev/null 2>&1 || continue
        log "creating $VENV with $py ($("$py" --version 2>&1))"
        rm -rf "$VENV"
        if "$py" -m venv "$VENV" && "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
            return 0
        fi
        log "$py could not create a virtual environment with pip"
    done
    rm -rf "$VENV"
    die "no python3 with venv and ensurepip found (Debian: apt-get install python3-venv)"
}

setup_venv() {
    local want
    want="$(sha256sum "$REQUIREMENTS" | cut -d' ' -f1)"
    if [[ -x "$VENV/bin/python" && -f "$VENV_STAMP" && "$(cat "$VENV_STAMP")" == "$want" ]] &&
        "$VENV/bin/python" -c 'import numpy, pytest, xdist' 2>/dev/null; then
        log "python environment up to date ($VENV)"
        return
    fi
    if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
        create_venv
    fi
    log "installing $(grep -v '^#' "$REQUIREMENTS" | xargs) into $VENV"
    "$VENV/bin/python" -m pip install --disable-pip-version-check -q -r "$REQUIREMENTS"
    echo "$want" >"$VENV_STAMP"
    log "numpy $("$VENV/bin/python" -c 'import numpy; print(numpy.__version__)') ready"
}

# ---------------------------------------------------------------------------------------
# tree-sitter-python grammar sources. 0.23.6 is the newest release with ABI 14, which
# Debian's libtree-sitter 0.20.7 loads. Its source distribution has src/parser.c and
# src/scanner.c but not the headers they include; those come from the source distribution
# of the `tree-sitter` Python package (its copy of the C runtime, tree_sitter/core/lib/src).
GRAMMAR_DIR="$ROOT/.deps/tree-sitter-python"
DOWNLOADS="$ROOT/.deps/downloads"
GRAMMAR_PKG=tree-sitter-python==0.23.6
GRAMMAR_SDIST=tree_sitter_python-0.23.6
GRAMMAR_SHA256=354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9
RUNTIME_PKG=tree-sitter==0.24.0
RUNTIME_SDIST=tree-sitter-0.24.0
RUNTIME_SHA256=abd95af65ca2f4f7eca356343391ed669e764f37748b5352946f00f7fc78e734
GRAMMAR_STAMP="$GRAMMAR_DIR/.npc-stamp"
GRAMMAR_STAMP_TEXT="$GRAMMAR_PKG $RUNTIME_PKG"
# array.h includes ts_assert.h, so it comes along with the three headers.
GRAMMAR_FILES=(src/parser.c src/scanner.c src/tree_sitter/parser.h src/tree_sitter/array.h
               src/tree_sitter/alloc.h src/tree_sitter/ts_assert.h)

grammar_present() {
    [[ -f "$GRAMMAR_STAMP" && "$(cat "$GRAMMAR_STAMP")" == "$GRAMMAR_STAMP_TEXT" ]] || return 1
    local f
    for f in "${GRAMMAR_FILES[@]}"; do
        [[ -f "$GRAMMAR_DIR/$f" ]] || return 1
    done
}

# True if $1 exists and has sha256 $2.
has_sha256() {
    [[ -f "$1" ]] && [[ "$(sha256sum "$1" | cut -d' ' -f1)" == "$2" ]]
}

setup_grammar() {
    if grammar_present; then
        log "grammar sources present ($GRAMMAR_DIR: $GRAMMAR_STAMP_TEXT)"
        return
    fi
    mkdir -p "$DOWNLOADS"
    local grammar_tgz="$DOWNLOADS/$GRAMMAR_SDIST.tar.gz"
    local runtime_tgz="$DOWNLOADS/$RUNTIME_SDIST.tar.gz"
    if ! has_sha256 "$grammar_tgz" "$GRAMMAR_SHA256" || ! has_sha256 "$runtime_tgz" "$RUNTIME_SHA256"
    then
        log "downloading source distributions $GRAMMAR_PKG $RUNTIME_PKG into $DOWNLOADS"
        rm -f "$grammar_tgz" "$runtime_tgz"
        "$VENV/bin/python" -m pip download --disable-pip-version-check -q --no-deps \
            --no-binary :all: -d "$DOWNLOADS" "$GRAMMAR_PKG" "$RUNTIME_PKG"
    fi
    has_sha256 "$grammar_tgz" "$GRAMMAR_SHA256" || die "sha256 mismatch for $grammar_tgz"
    has_sha256 "$runtime_tgz" "$RUNTIME_SHA256" || die "sha256 mismatch for $runtime_tgz"
    log "sha256 verified; unpacking grammar sources into $GRAMMAR_DIR"

    # Unpack into a scratch folder and move it into place, so an interrupted run leaves
    # either the old state or the complete new one.
    local tmp="$ROOT/.deps/tree-sitter-python.tmp"
    rm -rf "$tmp"
    mkdir -p "$tmp/unpack" "$tmp/out/src/tree_sitter"
    tar -xzf "$grammar_tgz" -C "$tmp/unpack" "$GRAMMAR_SDIST/src/parser.c" \
        "$GRAMMAR_SDIST/src/scanner.c" "$GRAMMAR_SDIST/LICENSE"
    local rt="$RUNTIME_SDIST/tree_sitter/core/lib/src"
    tar -xzf "$runtime_tgz" -C "$tmp/unpack" "$rt/parser.h" "$rt/array.h" "$rt/alloc.h" \
        "$rt/ts_assert.h" "$RUNTIME_SDIST/LICENSE"
    cp "$tmp/unpack/$GRAMMAR_SDIST/src/parser.c" "$tmp/unpack/$GRAMMAR_SDIST/src/scanner.c" \
        "$tmp/out/src/"
    cp "$tmp/unpack/$GRAMMAR_SDIST/LICENSE" "$tmp/out/LICENSE.tree-sitter-python"
    cp "$tmp/unpack/$rt/parser.h" "$tmp/unpack/$rt/array.h" "$tmp/unpack/$rt/alloc.h" \
        "$tmp/unpack/$rt/ts_assert.h" "$tmp/out/src/tree_sitter/"
    cp "$tmp/unpack/$RUNTIME_SDIST/LICENSE" "$tmp/out/LICENSE.tree-sitter"
    echo "$GRAMMAR_STAMP_TEXT" >"$tmp/out/.npc-stamp"
    rm -rf "$GRAMMAR_DIR"
    mv "$tmp/out" "$GRAMMAR_DIR"
    rm -rf "$tmp"
    log "grammar sources ready"
}

install_apt_packages
setup_venv
setup_grammar
log "done"
