#!/usr/bin/env bash
# Temporal's Java time-skipping test server, launched by @temporalio/testing's createTimeSkipping()
# with args `<port> [--enable-time-skipping]`. `exec` so the SDK's shutdown signal reaches the JVM
# (a wrapper that forks would orphan it); C1-only JIT and CDS keep start-up well under the SDK's 5 s wait.
here="$(cd "$(dirname "$0")/.." && pwd)"
exec java -XX:TieredStopAtLevel=1 -Xshare:auto -XX:+UseSerialGC -Xmx512m \
  -cp "$here/.tools/temporal-test-server/lib/*" io.temporal.testserver.TestServer "$@"
