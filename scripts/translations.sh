#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Flick's words in other languages, with GNU gettext's tools.
#   translations.sh extract    the words of the sources, the desktop entry and the AppStream
#                              metadata into po/flick.pot, merged into each po/LANG.po
#   translations.sh build OUT  the catalogues compiled into OUT/locale/LANG/LC_MESSAGES/flick.mo,
#                              and the desktop entry and metadata with every translation in OUT/
# `make build` runs build; a developer runs extract after changing words (a test says when
# po/flick.pot is behind the sources).
set -euo pipefail
cd "$(dirname "$0")/.."
app_id=io.github.flick.Flick
languages() { grep -v '^#' po/LINGUAS | grep .; }

case "${1:-}" in
extract)
  pot=${2:-po/flick.pot}
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # xgettext has no Swift parser; its C lexer reads Swift's string literals (multi-line ones
  # draw warnings and are never words). Only literals given to the two functions of
  # Sources/Localization/Words.swift are words.
  mapfile -t sources < <(grep -rl --include='*.swift' -e 'localized(' -e 'localizedPlural(' Sources | LC_ALL=C sort)
  xgettext --language=C --from-code=UTF-8 --no-wrap --add-location=file --keyword= --keyword=localized:1 --keyword=localizedPlural:1,2 \
    --flag=localized:1:no-c-format --flag=localizedPlural:1:no-c-format --flag=localizedPlural:2:no-c-format \
    --add-comments=TRANSLATORS: --package-name=flick --msgid-bugs-address=developers@flick.example.org \
    -o "$work/sources.pot" "${sources[@]}" 2>/dev/null
  xgettext --language=Desktop --from-code=UTF-8 --no-wrap --add-location=file -o "$work/desktop.pot" "packaging/$app_id.desktop"
  xgettext --from-code=UTF-8 --no-wrap --add-location=file -o "$work/metainfo.pot" "packaging/$app_id.metainfo.xml"
  msgcat --no-wrap --use-first -o "$work/all.pot" "$work/sources.pot" "$work/desktop.pot" "$work/metainfo.pot"
  # Values go into the words by name ("{name} moved to the Trash"): marked as Python's brace
  # format, msgfmt --check holds each translation to the same names.
  awk '
    /^#, / { flags = $0; next }
    /^msgid "/ && $0 ~ /\{[a-z]+\}/ { print (flags == "" ? "#, python-brace-format" : flags ", python-brace-format"); flags = ""; print; next }
    { if (flags != "") { print flags; flags = "" } print }
  ' "$work/all.pot" > "$pot"
  if [ -z "${2:-}" ]; then
    for language in $(languages); do
      if [ -f "po/$language.po" ]; then
        msgmerge --quiet --update --no-wrap --add-location=file --backup=none "po/$language.po" "$pot"
        # Words no longer in Flick leave the catalogue (git remembers them).
        msgattrib --no-obsolete --no-wrap --add-location=file -o "po/$language.po" "po/$language.po"
      else
        msginit --no-translator --no-wrap --locale="$language.UTF-8" -i "$pot" -o "po/$language.po"
      fi
    done
  fi
  ;;
build)
  out=${2:?translations.sh build OUT}
  mkdir -p "$out"
  for language in $(languages); do
    mkdir -p "$out/locale/$language/LC_MESSAGES"
    # Written beside and renamed: a Flick reading the catalogue meanwhile sees one whole.
    msgfmt --check -o "$out/locale/$language/LC_MESSAGES/.flick.mo.$$" "po/$language.po"
    mv -f "$out/locale/$language/LC_MESSAGES/.flick.mo.$$" "$out/locale/$language/LC_MESSAGES/flick.mo"
  done
  msgfmt --desktop --template="packaging/$app_id.desktop" -d po -o "$out/.$app_id.desktop.$$"
  mv -f "$out/.$app_id.desktop.$$" "$out/$app_id.desktop"
  msgfmt --xml --template="packaging/$app_id.metainfo.xml" -d po -o "$out/.$app_id.metainfo.xml.$$"
  mv -f "$out/.$app_id.metainfo.xml.$$" "$out/$app_id.metainfo.xml"
  ;;
*)
  echo "usage: translations.sh extract | build OUT" >&2
  exit 2
  ;;
esac
