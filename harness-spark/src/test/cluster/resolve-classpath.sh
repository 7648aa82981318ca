#!/usr/bin/env bash
# Writes the class path of the tests' embedded clusters (pom.xml beside this script) to a file, with a
# nested Maven run, so that it is resolved on its own and not mediated with Spark's class path.
#   resolve-classpath.sh MAVEN_HOME offline=true|false LOCAL_REPOSITORY OUTPUT_FILE
# The file is kept while it is newer than the poms it comes from.
set -euo pipefail
maven_home="$1"; offline="$2"; repo="$3"; out="$4"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
root_pom="$here/../../../../pom.xml"
if [ -s "$out" ] && [ "$out" -nt "$here/pom.xml" ] && [ "$out" -nt "$root_pom" ]; then
  exit 0
fi
mvn="$maven_home/bin/mvn"
[ -x "$mvn" ] || mvn=mvn
args=(-B -q -f "$here/pom.xml" "-Dmaven.repo.local=$repo" dependency:build-classpath
      "-Dmdep.outputFile=$out.tmp" -DincludeScope=runtime)
[ "$offline" = offline=true ] && args=(-o "${args[@]}")
mkdir -p "$(dirname "$out")"
"$mvn" "${args[@]}"
mv "$out.tmp" "$out"
echo "harness-spark: embedded-cluster class path for the tests: $(tr ':' '\n' < "$out" | wc -l) jars in $out"
