#!/usr/bin/env bash
# Installs Beacon like a Linux program, or removes exactly what an install put there (`make install`, `make uninstall`).
#   scripts/install.sh install PREFIX DESTDIR BINARY MODELS   BINARY: the release build; MODELS: folders, colon-separated
#   scripts/install.sh uninstall PREFIX DESTDIR
# Installs PREFIX/bin/beacon (stripped), the models in MODELS (*.onnx, PROVENANCE.md, coco80.names; the first folder
# holding a file wins) in PREFIX/share/beacon/models, where an installed beacon finds them, and the systemd user unit
# PREFIX/lib/systemd/user/beacon-serve.service (in ~/.local/share/systemd/user when PREFIX is ~/.local). Every file
# it writes and every folder it creates is listed in PREFIX/share/beacon/install-manifest.txt; uninstall removes
# those files, then those folders when they are empty. The manifest holds final paths, without DESTDIR (a
# packager's staging folder).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
action=${1:-}
prefix=${2:-}
destdir=${3:-}
case "$prefix" in
  /*) ;;
  *) echo "${action:-install}: PREFIX must be an absolute path, not \"$prefix\"." >&2; exit 2 ;;
esac
case "$prefix" in
  *[[:space:]\|\&\\%\$\"\']*)
    echo "${action:-install}: PREFIX may not hold spaces or any of | & \\ % \$ \" ' (the service file names it), so not \"$prefix\"." >&2
    exit 2 ;;
esac
prefix=${prefix%/}   # PREFIX=/ becomes "", so that "$prefix/bin" is /bin
manifest="$prefix/share/beacon/install-manifest.txt"
header="# Installed by Beacon's make install. make uninstall PREFIX=${prefix:-/} removes these files, then these folders
# (ending in /, made by the install) when they are empty."

# The entries of an earlier install into the same PREFIX, kept so that uninstall still removes everything.
declare -A listed=()
entries=()
if [ -f "$destdir$manifest" ]; then
  while IFS= read -r line; do
    case "$line" in "#"* | "") continue ;; esac
    [ -n "${listed[$line]:-}" ] || { listed[$line]=1; entries+=("$line"); }
  done < "$destdir$manifest"
fi
record() { [ -n "${listed[$1]:-}" ] || { listed[$1]=1; entries+=("$1"); }; }

uninstall() {
  if [ ! -f "$destdir$manifest" ]; then
    echo "uninstall: there is no Beacon install in ${prefix:-/} (no $destdir$manifest); nothing was removed." >&2
    exit 1
  fi
  local entry folders=() removed=0
  for entry in "${entries[@]}"; do
    # Whatever the manifest says, only files inside PREFIX are removed, and only folders inside PREFIX, PREFIX
    # itself and the folders above it that the install made (rmdir, which removes nothing but empty folders).
    case "$entry" in
      "$prefix"/?*/) folders+=("${entry%/}") ;;
      */) case "$prefix/" in "$entry"*) folders+=("${entry%/}") ;; *) echo "uninstall: skipping $entry." >&2 ;; esac ;;
      "$prefix"/?*) if [ -e "$destdir$entry" ] || [ -L "$destdir$entry" ]; then rm -f "$destdir$entry"; removed=$((removed + 1)); fi ;;
      *) echo "uninstall: skipping $entry, which is outside ${prefix:-/}." >&2 ;;
    esac
  done
  rm -f "$destdir$manifest"
  # Deepest first (a folder sorts before what is inside it); a folder that holds anything else stays.
  if [ ${#folders[@]} -gt 0 ]; then
    while IFS= read -r folder; do
      rmdir "$destdir$folder" 2>/dev/null || true
    done < <(printf '%s\n' "${folders[@]}" | sort -r)
  fi
  echo "Removed Beacon from ${prefix:-/} ($removed files)."
}

# Makes a folder and the ones above it that are missing, recording each one made.
make_folder() {
  local folder=$1
  [ -d "$destdir$folder/" ] && return 0
  make_folder "$(dirname "$folder")"
  mkdir -m 755 "$destdir$folder"
  record "$folder/"
}

write_manifest() {
  [ -d "$destdir$prefix/share/beacon" ] || return 0
  record "$manifest"
  { echo "$header"; printf '%s\n' "${entries[@]}"; } > "$destdir$manifest.tmp"
  mv -f "$destdir$manifest.tmp" "$destdir$manifest"
}

install_all() {
  local binary=$1 models=$2 file count=0
  [ -x "$binary" ] || { echo "install: there is no built beacon at $binary; run make build first." >&2; exit 1; }
  # A packager's staging folder up to PREFIX is no part of the install: the package's own folders are not listed.
  [ -z "$destdir" ] || mkdir -p "$destdir$prefix"
  make_folder "$prefix/share/beacon"
  # Whatever happens from here on, the manifest lists what was put in place.
  trap write_manifest EXIT

  make_folder "$prefix/bin"
  record "$prefix/bin/beacon"
  install -m 755 -s "$binary" "$destdir$prefix/bin/beacon"   # without symbols: a fifth of the size
  echo "Installed $prefix/bin/beacon ($(du -h "$destdir$prefix/bin/beacon" | cut -f1))."

  # MODELS is a colon-separated list of folders, searched in order: a file found in an earlier one wins.
  local folder found=() taken=" "
  IFS=: read -r -a found <<< "$models"
  for folder in "${found[@]}"; do
    [ -n "$folder" ] && [ -d "$folder" ] || continue
    for file in "$folder"/*.onnx "$folder/PROVENANCE.md" "$folder/coco80.names"; do
      [ -f "$file" ] || continue
      case "$taken" in *" $(basename "$file") "*) continue ;; esac
      taken+="$(basename "$file") "
      make_folder "$prefix/share/beacon/models"
      record "$prefix/share/beacon/models/$(basename "$file")"
      install -m 644 "$file" "$destdir$prefix/share/beacon/models/"
      case "$file" in *.onnx) count=$((count + 1)) ;; esac
    done
  done
  if [ "$count" -gt 0 ]; then
    echo "Installed $count models from $models in $prefix/share/beacon/models."
  else
    echo "Installed no models (none in $models); 'beacon models install' puts them in ~/.cache/beacon/models."
  fi

  # systemd looks for user units in /usr/lib, /usr/local/lib and ~/.local/share, never in ~/.local/lib.
  local units="$prefix/lib/systemd/user" enable="beacon-serve"
  [ "$prefix" != "${HOME%/}/.local" ] || units="$prefix/share/systemd/user"
  case "$prefix" in /usr | /usr/local | "${HOME%/}/.local") ;; *) enable="$units/beacon-serve.service" ;; esac
  make_folder "$units"
  record "$units/beacon-serve.service"
  sed "s|@BINDIR@|$prefix/bin|g" "$here/dist/systemd/beacon-serve.service.in" > "$destdir$units/beacon-serve.service"
  chmod 644 "$destdir$units/beacon-serve.service"
  echo "Installed $units/beacon-serve.service (systemctl --user enable --now $enable)."
  echo "What was installed is listed in $manifest; make uninstall PREFIX=${prefix:-/} removes it."
  case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) if [ -n "$destdir" ]; then :
       elif [ "$prefix" = "${HOME%/}/.local" ]; then echo "$prefix/bin is on your PATH from your next login (Debian's ~/.profile adds it)."
       else echo "$prefix/bin is not on your PATH: add it to run beacon by name."; fi ;;
  esac
}

case "$action" in
  install) install_all "${4:-}" "${5:-}" ;;
  uninstall) uninstall ;;
  *) echo "usage: scripts/install.sh install PREFIX DESTDIR BINARY MODELS | uninstall PREFIX DESTDIR" >&2; exit 2 ;;
esac
