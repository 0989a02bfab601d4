# Shared by the scripts in bin/ and by .ci/run: finds a JDK and Maven. Source it; it defines
# functions only.

# Prints the feature version (17, 25, ...) of the JDK at $1, or fails.
jdk_feature_version() {
  local home=$1 version=
  [ -n "$home" ] && [ -x "$home/bin/java" ] || return 1
  if [ -f "$home/release" ]; then
    version=$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$home/release")
  fi
  if [ -z "$version" ]; then
    version=$("$home/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java.specification.version = \([0-9][0-9]*\).*/\1/p')
  fi
  [ -n "$version" ] && printf '%s\n' "$version"
}

# find_jdk MIN [MAX]: prints the home of a JDK whose feature version lies in MIN..MAX
# (MAX unbounded if absent): $JAVA_HOME if it fits, else the newest fitting one under
# ${SHANGMI_JVM_DIR:-/usr/lib/jvm}. Fails with a message naming the version needed.
find_jdk() {
  local min=$1 max=${2:-}
  local version home best= best_version=0
  if version=$(jdk_feature_version "${JAVA_HOME:-}") \
      && [ "$version" -ge "$min" ] && { [ -z "$max" ] || [ "$version" -le "$max" ]; } \
      && [ -x "$JAVA_HOME/bin/javac" ]; then
    printf '%s\n' "$JAVA_HOME"
    return 0
  fi
  for home in "${SHANGMI_JVM_DIR:-/usr/lib/jvm}"/*; do
    [ -d "$home" ] && [ -x "$home/bin/javac" ] || continue
    version=$(jdk_feature_version "$home") || continue
    [ "$version" -ge "$min" ] || continue
    [ -z "$max" ] || [ "$version" -le "$max" ] || continue
    if [ "$version" -gt "$best_version" ]; then
      best=$(cd "$home" && pwd -P)
      best_version=$version
    fi
  done
  if [ -z "$best" ]; then
    local wanted
    if [ -z "$max" ]; then
      wanted="JDK $min or newer"
    elif [ "$max" = "$min" ]; then
      wanted="JDK $min"
    else
      wanted="JDK $min to $max"
    fi
    echo "shangmi: no $wanted found: set JAVA_HOME to one, or install one under ${SHANGMI_JVM_DIR:-/usr/lib/jvm}" >&2
    return 1
  fi
  printf '%s\n' "$best"
}

# Installs Debian's gcc (with the C library's headers) when there is no C compiler and this is a
# root shell with apt-get; shangmi-openssl-jni builds its native library with it, and without one its
# backend cannot load (its tests fail and say so).
ensure_c_compiler() {
  command -v "${CC:-gcc}" >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "shangmi: installing a C compiler (Debian packages gcc and libc6-dev)" >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q gcc libc6-dev; } >&2
  else
    echo "shangmi: no C compiler (${CC:-gcc}): shangmi-openssl-jni is built without its native library" \
      "(Debian: apt-get install gcc)" >&2
  fi
}

# cmake, which the interoperability tests need to build their GmSSL peer once per machine
# (../shared/peers/gmssl/build); installed here when this is a root shell with apt-get.
ensure_cmake() {
  command -v cmake >/dev/null 2>&1 && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "shangmi: installing cmake (Debian package cmake), for the GmSSL peer of the TLS tests" >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q cmake; } >&2
  else
    echo "shangmi: no cmake: the TLS interoperability tests cannot build their GmSSL peer" \
      "(Debian: apt-get install cmake)" >&2
  fi
}

# The Go toolchain, which builds the TLCP tests' second peer (github.com/tjfoc/gmsm's gmtls, from the
# Go module proxy); /usr/local/go/bin is looked at too, and Debian's golang-go installed when this
# is a root shell with apt-get.
ensure_go() {
  command -v go >/dev/null 2>&1 && return 0
  [ -x /usr/local/go/bin/go ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "shangmi: installing Go (Debian package golang-go), for the TLCP tests' gmsm peer" >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q golang-go; } >&2
  else
    echo "shangmi: no Go toolchain: the TLCP interoperability tests cannot build their gmsm peer" \
      "(Debian: apt-get install golang-go)" >&2
  fi
}

# The cross compilers of a release: shangmi-openssl-jni's release carries libshangmi-jni for Linux x86_64
# and aarch64, and builds the one that is not this machine's with Debian's cross gcc, installed
# here when this is a root shell with apt-get (else the release fails and names the library).
ensure_cross_compilers() {
  local packages=
  if [ "$(uname -m)" != x86_64 ] && [ -z "${CC_LINUX_X86_64:-}" ] && ! command -v x86_64-linux-gnu-gcc >/dev/null 2>&1; then
    packages="gcc-x86-64-linux-gnu libc6-dev-amd64-cross"
  fi
  if [ "$(uname -m)" != aarch64 ] && [ -z "${CC_LINUX_AARCH64:-}" ] && ! command -v aarch64-linux-gnu-gcc >/dev/null 2>&1; then
    packages="$packages gcc-aarch64-linux-gnu libc6-dev-arm64-cross"
  fi
  [ -n "$packages" ] || return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "shangmi: installing a cross compiler for libshangmi-jni (Debian packages $packages)" >&2
    # shellcheck disable=SC2086 # a list of package names
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $packages; } >&2
  else
    echo "shangmi: no cross compiler ($packages): the release will lack a libshangmi-jni and fail" >&2
  fi
}

# libsodium for the binding study (its sealed boxes): Debian's libsodium23, installed when this is
# a root shell with apt-get and the library is missing.
ensure_libsodium() {
  if command -v ldconfig >/dev/null 2>&1 && ldconfig -p 2>/dev/null | grep -q 'libsodium\.so\.23'; then
    return 0
  fi
  [ -e /usr/lib/x86_64-linux-gnu/libsodium.so.23 ] || [ -e /usr/lib/aarch64-linux-gnu/libsodium.so.23 ] && return 0
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "shangmi: installing libsodium (Debian package libsodium23) for the binding study" >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libsodium23; } >&2
  else
    echo "shangmi: libsodium.so.23 is missing: the binding study cannot run (Debian: apt-get install libsodium23)" >&2
  fi
}

# Runs Maven with the given JDK home ($1) and arguments; installs Debian's maven package if
# mvn is missing and this is a root shell with apt-get (a fresh machine).
run_maven() {
  local java_home=$1
  shift
  if ! command -v mvn >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "shangmi: installing Maven (Debian package maven)" >&2
      { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q maven; } >&2
    else
      echo "shangmi: Maven (mvn) is not on the PATH: install it (Debian: apt-get install maven)" >&2
      return 1
    fi
  fi
  # Maven's own libraries call sun.misc.Unsafe; JDK 24+ warns about it on every run.
  local quiet_unsafe=
  [ "$(jdk_feature_version "$java_home")" -ge 24 ] && quiet_unsafe=--sun-misc-unsafe-memory-access=allow
  JAVA_HOME=$java_home MAVEN_OPTS="${MAVEN_OPTS:-} $quiet_unsafe" mvn -B "$@"
}

# peer_output NAME WHAT: runs the peer script shared/peers/NAME/build (built once per machine) and
# prints the last line it prints (the path of WHAT), finding the script as the tests do:
# $SHANGMI_PEERS/NAME/build, then beside the repository (../shared/peers), then /work/shared/peers.
peer_output() {
  local name=$1 what=$2 repository script
  repository=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  for script in ${SHANGMI_PEERS:+"$SHANGMI_PEERS/$name/build"} "$repository/../shared/peers/$name/build" \
      "/work/shared/peers/$name/build"; do
    if [ -x "$script" ]; then
      [ "$name" = kona ] || ensure_cmake
      "$script" | tail -n 1
      return
    fi
  done
  echo "shangmi: no $what peer script (shared/peers/$name/build); set SHANGMI_PEERS to the folder that holds $name/build" >&2
  return 1
}

# gmssl_command: prints the path of GmSSL 3's gmssl
gmssl_command() {
  peer_output gmssl GmSSL
}

# softsdf_library: prints the path of SoftSDF's libsoftsdf.so (GM/T 0018 in software, the test device)
softsdf_library() {
  peer_output softsdf SoftSDF
}

# maven_repository JAVA_HOME: prints the local Maven repository's directory
maven_repository() {
  local repository
  repository=$(run_maven "$1" -q help:evaluate -Dexpression=settings.localRepository -DforceStdout 2>/dev/null \
    | tail -n 1 | sed 's/\x1b\[[0-9;]*m//g')
  [ -d "$repository" ] || repository=$HOME/.m2/repository
  echo "$repository"
}

# kona_jars JAVA_HOME: prints the class path of Tencent's KonaSSL, KonaPKIX and kona-crypto, which
# the peer script shared/peers/kona/build compiles from source (once per machine) and installs into
# the local Maven repository; the bench's Kona stacks load them (test and bench scope only)
kona_jars() {
  local java_home=$1 coordinates repository coordinate group artifact version path=
  coordinates=$(PATH="$java_home/bin:$PATH" JAVA_HOME=$java_home peer_output kona KonaSSL) || return 1
  repository=$(maven_repository "$java_home")
  for coordinate in $coordinates; do
    IFS=: read -r group artifact version <<<"$coordinate"
    path+=${path:+:}$repository/${group//.//}/$artifact/$version/$artifact-$version.jar
  done
  echo "$path"
}
