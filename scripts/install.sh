#!/usr/bin/env bash
# make install / make uninstall.
#   scripts/install.sh install BIN DESTDIR PREFIX
#   scripts/install.sh uninstall DESTDIR PREFIX
# Installs the binary in PREFIX/bin, the models and sticker art under
# PREFIX/share/facesticker (where the binary finds them from any folder, with
# no environment variables), a man page generated from the help texts, and
# bash and zsh completion generated from the same texts. Every installed file
# is listed in PREFIX/share/facesticker/installed-files for uninstall.
set -euo pipefail
cd "$(dirname "$0")/.."
action=$1; shift
if [ "$action" = install ]; then bin=$1; shift; fi
destdir=$1 prefix=$2
root="$destdir$prefix"
share="$root/share/facesticker"
list="$share/installed-files"

if [ "$action" = uninstall ]; then
    [ -f "$list" ] || { echo "uninstall: nothing installed under $root (no $list)" >&2; exit 1; }
    while IFS= read -r file; do rm -f "$root/$file"; done < "$list"
    rm -f "$list"
    find "$share" -depth -type d -empty -delete 2>/dev/null || true
    echo "uninstall: removed FaceSticker from $root"
    exit 0
fi

[ -x "$bin" ] || { echo "install: $bin not built" >&2; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
commands=$("$bin" --help | awk '/^commands:/ {on=1; next} on && /^  [a-z]/ {print $1} on && /^$/ {on=0}')

# The man page, from `facesticker --help` and each command's help.
{
    printf '.TH FACESTICKER 1 "%s" "%s" "User Commands"\n' "$(date -u +%Y-%m-%d)" "$("$bin" --version)"
    echo '.SH NAME'
    echo 'facesticker \- put stickers on faces in photos, videos and webcam selfies'
    echo '.SH SYNOPSIS'
    echo '.B facesticker'
    echo '.I COMMAND'
    echo '[options]'
    echo '.SH DESCRIPTION'
    roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
    echo '.nf'; "$bin" --help | roff; echo '.fi'
    echo '.SH COMMANDS'
    for c in $commands; do
        echo ".SS $c"
        echo '.nf'; "$bin" help "$c" | roff; echo '.fi'
    done
    echo '.SH FILES'
    echo "Models in \$FACESTICKER_MODELS, else $prefix/share/facesticker/models; sticker art in"
    echo "\$FACESTICKER_STICKERS, else $prefix/share/facesticker/stickers."
} > "$work/facesticker.1"

# Completion: commands, then each command's options.
options() { "$bin" help "$1" | grep -oE -- '(^|[ ,])--?[a-zA-Z][a-zA-Z0-9-]*' | sed 's/^[ ,]//' | sort -u | tr '\n' ' '; }
{
    echo '# bash completion for facesticker (generated from its help texts by make install)'
    echo '_facesticker() {'
    echo '    local cur=${COMP_WORDS[COMP_CWORD]} words'
    echo '    if [ "$COMP_CWORD" -eq 1 ]; then'
    echo "        COMPREPLY=(\$(compgen -W \"$(echo $commands) help --help --version\" -- \"\$cur\"))"
    echo '        return'
    echo '    fi'
    echo '    case ${COMP_WORDS[1]} in'
    for c in $commands; do echo "        $c) words=\"$(options "$c")\" ;;"; done
    echo '        *) words="" ;;'
    echo '    esac'
    echo '    if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); else COMPREPLY=($(compgen -f -- "$cur")); fi'
    echo '}'
    echo 'complete -o filenames -F _facesticker facesticker'
} > "$work/facesticker.bash"
{
    echo '#compdef facesticker'
    echo '# zsh completion for facesticker (generated from its help texts by make install)'
    echo 'local -a words_for'
    echo 'if (( CURRENT == 2 )); then'
    echo "    compadd -- $(echo $commands) help --help --version"
    echo '    return'
    echo 'fi'
    echo 'case $words[2] in'
    for c in $commands; do echo "    $c) words_for=($(options "$c")) ;;"; done
    echo 'esac'
    echo 'if [[ $PREFIX == -* ]]; then compadd -- $words_for; else _files; fi'
} > "$work/_facesticker"

: > "$work/files"
put() { # put SOURCE RELATIVE-TARGET MODE
    install -D -m "$3" "$1" "$root/$2"
    echo "$2" >> "$work/files"
}
put "$bin" bin/facesticker 755
for model in models/*.onnx; do [ -f "$model" ] && put "$model" "share/facesticker/models/$(basename "$model")" 644; done
put models/manifest.tsv share/facesticker/models/manifest.tsv 644
put stickers/stickers.json share/facesticker/stickers/stickers.json 644
for art in stickers/art/*.png; do put "$art" "share/facesticker/stickers/art/$(basename "$art")" 644; done
put "$work/facesticker.1" share/man/man1/facesticker.1 644
put "$work/facesticker.bash" share/bash-completion/completions/facesticker 644
put "$work/_facesticker" share/zsh/site-functions/_facesticker 644
install -D -m 644 "$work/files" "$list"
echo "install: FaceSticker in $root ($(wc -l < "$work/files") files; make uninstall PREFIX=$prefix removes them)"
