#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# install-locales.sh LOCALE... — generates the glibc locales named (de_DE.UTF-8) that are
# missing, as root; otherwise says how and carries on: the tests that need one say they
# were skipped for want of it.
set -euo pipefail
missing=()
available=$(locale -a 2>/dev/null | tr 'A-Z' 'a-z' | sed 's/utf-8/utf8/')
for wanted in "$@"; do
  name=$(tr 'A-Z' 'a-z' <<<"$wanted" | sed 's/utf-8/utf8/')
  grep -qx "$name" <<<"$available" || missing+=("$wanted")
done
[ ${#missing[@]} -gt 0 ] || exit 0
if [ "$(id -u)" = 0 ] && [ -f /etc/locale.gen ]; then
  for wanted in "${missing[@]}"; do
    grep -q "^$wanted UTF-8" /etc/locale.gen || sed -i "s/^# *\($wanted UTF-8\)/\1/" /etc/locale.gen
    grep -q "^$wanted UTF-8" /etc/locale.gen || echo "$wanted UTF-8" >> /etc/locale.gen
  done
  locale-gen >/dev/null
else
  echo "The translation tests run Flick in these locales; to have them, as root:"
  echo "  sed -i 's/^# *\\(${missing[0]}\\)/\\1/' /etc/locale.gen   (one line per locale: ${missing[*]})"
  echo "  locale-gen"
fi
