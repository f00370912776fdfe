#!/bin/sh
# Run once by the postgres image when the primary's volume is first created
# (/docker-entrypoint-initdb.d, docker-compose.scale.yml): a role the standby copies and
# follows the primary with, allowed to connect for replication from the compose network, and
# the primary waits at every commit until the standby named `standby` has written it to disk.
# The setting is kept with ALTER SYSTEM (postgresql.auto.conf), not on the command line, so
# that an operator can drop the wait without a restart when the standby is down for long
# (docs/OPERATIONS.md).
set -eu
psql -v ON_ERROR_STOP=1 -v password="$POSTGRES_REPLICATION_PASSWORD" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'password';
ALTER SYSTEM SET synchronous_standby_names = 'standby';
ALTER SYSTEM SET synchronous_commit = 'on';
SQL
echo "host replication replicator all scram-sha-256" >>"$PGDATA/pg_hba.conf"
