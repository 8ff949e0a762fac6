#!/bin/sh
# Kafka's kafka-run-class.sh, in short: runs a class of /opt/kafka/libs with the variables Kafka's
# scripts read, KAFKA_HEAP_OPTS, KAFKA_JVM_PERFORMANCE_OPTS, KAFKA_LOG4J_OPTS and KAFKA_OPTS. The
# defaults suit a short-lived tool (a healthcheck runs one every 10 s): a small heap, the serial
# collector and the quick compiler alone, warnings only, on stderr. kafka-server-start.sh sets
# the broker's own.
base=/opt/kafka
: "${KAFKA_HEAP_OPTS:=-Xmx256M}"
: "${KAFKA_JVM_PERFORMANCE_OPTS:=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true}"
: "${KAFKA_LOG4J_OPTS:=-Dlog4j.configuration=file:$base/config/tools-log4j.properties}"
# shellcheck disable=SC2086 # each variable holds several options
exec java $KAFKA_HEAP_OPTS $KAFKA_JVM_PERFORMANCE_OPTS $KAFKA_LOG4J_OPTS ${KAFKA_OPTS:-} -cp "$base/libs/*" "$@"
