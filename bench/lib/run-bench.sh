# Sourced by the bench/ scripts, which run from the project root.
#   bench_build MODULE BUILD: compiles BUILD (a `mvn -pl` list, with what it needs) and MODULE's tests in one
#     reactor, and writes MODULE's test class path (its sibling modules as their target/classes: nothing is
#     installed into the local Maven repository). BENCH_MVN_FLAGS: more Maven flags (e.g. -o, offline).
#   bench_exec MODULE MAIN_CLASS [ARGS...]: runs MAIN_CLASS on MODULE's test class path.
#   bench_run MODULE BUILD MAIN_CLASS [ARGS...]: both.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
mkdir -p target

bench_build() {
  local module=$1 build=$2
  echo "bench: building $build (log: target/bench-build.log) ..." >&2
  mvn ${BENCH_MVN_FLAGS:-} -q -B -pl "$build,$module" -am test-compile dependency:build-classpath \
      -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.cp >target/bench-build.log 2>&1 \
    || { echo "bench: build failed, see target/bench-build.log" >&2; exit 1; }
}

bench_exec() {
  local module=$1 main=$2
  shift 2
  local cp="$module/target/test-classes:$module/target/classes:$(cat "$module/target/bench.cp")"
  local opens=()
  for p in java.lang java.util java.lang.reflect java.io java.net java.nio sun.nio.ch java.util.concurrent \
      java.util.concurrent.atomic java.lang.invoke; do
    opens+=(--add-opens "java.base/$p=ALL-UNNAMED")
  done
  # both logging back ends as bin/harness sets them (log4j 2 carries Ozone's audit logs, off there)
  exec java "-Xmx${BENCH_HEAP:-6g}" -Dlog4j.configuration=file:dist/src/main/conf/log4j.properties \
    -Dlog4j2.configurationFile=dist/src/main/conf/log4j2.properties \
    "${opens[@]}" -cp "$cp" "$main" "$@"
}

bench_run() {
  bench_build "$1" "$2"
  bench_exec "$1" "$3" "${@:4}"
}
