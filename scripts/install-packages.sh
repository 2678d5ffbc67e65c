#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# install-packages.sh [--optional WHY] PACKAGE... — installs the Debian packages named that
# are missing, with apt-get when run as root; otherwise prints the command to run and fails,
# or with --optional prints WHY (what goes without them) beside the command and carries on.
set -euo pipefail
optional=""
if [ "${1:-}" = --optional ]; then optional=$2; shift 2; fi
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -gt 0 ] || exit 0
if [ "$(id -u)" = 0 ]; then
  echo "Installing: ${missing[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
elif [ -n "$optional" ]; then
  echo "$optional"
  echo "  sudo apt-get install -y ${missing[*]}"
else
  echo "Flick needs these Debian packages. Run:"
  echo "  sudo apt-get install -y ${missing[*]}"
  exit 1
fi
