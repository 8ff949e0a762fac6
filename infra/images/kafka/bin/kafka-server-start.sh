#!/bin/sh
# Kafka's kafka-server-start.sh: the broker (kafka.Kafka) with the server's logging
# (config/log4j.properties: infra/kafka/log4j.properties, the local runner's) and, unless
# KAFKA_HEAP_OPTS or KAFKA_JVM_PERFORMANCE_OPTS say otherwise, the local runner's JVM options
# (infra/local/config.ts): a fixed 512 MB heap where Kafka's script defaults to 1 GB.
if [ $# -lt 1 ]; then
  echo "USAGE: $0 server.properties [--override property=value]*" >&2
  exit 1
fi
: "${KAFKA_LOG4J_OPTS:=-Dlog4j.configuration=file:/opt/kafka/config/log4j.properties}"
: "${KAFKA_HEAP_OPTS:=-Xmx512m -Xms512m -XX:+AlwaysPreTouch}"
: "${KAFKA_JVM_PERFORMANCE_OPTS:=-XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxMetaspaceSize=256m -XX:ReservedCodeCacheSize=64m -Djava.awt.headless=true}"
export KAFKA_LOG4J_OPTS KAFKA_HEAP_OPTS KAFKA_JVM_PERFORMANCE_OPTS
exec /opt/kafka/bin/kafka-run-class.sh kafka.Kafka "$@"
