# Sourced, not run: `. scripts/ensure-node.sh` puts Node.js >= 22 (the version package.json's engines
# asks for, decision 135) first on PATH for the rest of the shell. When the node on PATH is older it
# fetches Node's official binary from the npm registry (package node-<os>-<arch>, the build the `node`
# package installs) with the npm already present, into a cache, once. No other network access is needed.
facturo_node_major=22
facturo_have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$facturo_have" -lt "$facturo_node_major" ]; then
  facturo_os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in x86_64) facturo_arch=x64 ;; aarch64 | arm64) facturo_arch=arm64 ;; *) facturo_arch=$(uname -m) ;; esac
  facturo_cache="${FACTURO_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/facturo-node}"
  facturo_bin=$(ls -d "$facturo_cache"/v"$facturo_node_major".*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$facturo_bin" ]; then
    echo "Node $(node -v 2>/dev/null || echo 'no instalado') es anterior a $facturo_node_major: descargando Node $facturo_node_major del registro npm…" >&2
    facturo_tmp=$(mktemp -d)
    facturo_tgz=$(cd "$facturo_tmp" && npm pack "node-$facturo_os-$facturo_arch@$facturo_node_major" --silent 2>/dev/null | tail -1)
    facturo_version=${facturo_tgz#node-"$facturo_os"-"$facturo_arch"-}
    facturo_version=${facturo_version%.tgz}
    mkdir -p "$facturo_cache/v$facturo_version"
    tar xzf "$facturo_tmp/$facturo_tgz" --strip-components=1 -C "$facturo_cache/v$facturo_version"
    rm -rf "$facturo_tmp"
    facturo_bin="$facturo_cache/v$facturo_version/bin"
  fi
  export PATH="$facturo_bin:$PATH"
  echo "Usando Node $(node -v) de $facturo_bin" >&2
fi
unset facturo_node_major facturo_have facturo_os facturo_arch facturo_cache facturo_bin facturo_tmp facturo_tgz facturo_version
