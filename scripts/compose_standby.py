"""The check `compose_checks.py standby CONFIG` of scripts/check-compose: the primary and its
synchronous standby in the merged config of docker-compose.scale.yml (`docker-compose config`),
the names they wait for and connect as, and the entrypoints that keep an old primary down after
a failover."""
import re
import sys

import yaml


def fail(subject, problems):
    sys.exit(f"{subject}: " + "; ".join(problems))


# --- the primary and its synchronous standby in docker-compose.scale.yml ---------------------

def standby(text):
    """The replicas follow the primary (both hosts, the primary first, read-write), read
    reports from the standby, start only once the standby runs (the primary's commits wait
    for it), and the name the primary waits for is the one the standby connects as."""
    services = yaml.safe_load(text)["services"]
    problems = []
    server = services["server"]
    environment = server.get("environment", {})
    url = str(environment.get("DATABASE_URL", ""))
    hosts = re.findall(r"@([^/?]+)", url)
    if not hosts or hosts[0].split(",") != ["postgres:5432", "postgres-standby:5432"]:
        problems.append(f"DATABASE_URL must name postgres:5432, then postgres-standby:5432, got {url or 'nothing'}")
    if "target_session_attrs=read-write" not in url:
        problems.append("DATABASE_URL needs target_session_attrs=read-write, or a replica may write to the standby")
    if "postgres-standby" not in str(environment.get("DATABASE_READ_URL", "")):
        problems.append("DATABASE_READ_URL does not name the standby")
    if "postgres-standby" not in (server.get("depends_on") or {}):
        problems.append("the server does not wait for the standby, and its first commit would wait for it")
    if "postgres-standby" not in services:
        problems.append("there is no postgres-standby service")
    waited_for = re.search(r"synchronous_standby_names = '([^']+)'", open("deploy/postgres-primary.sh").read())
    connects_as = re.search(r"cluster_name=(\S+)", open("deploy/postgres-standby.sh").read())
    if not (waited_for and connects_as and waited_for.group(1) == connects_as.group(1)):
        problems.append("the primary waits for another standby name than the standby's cluster_name")
    problems += guarded(services)
    if problems:
        fail("docker-compose.scale.yml", problems)
    print(f"the replicas follow the primary postgres and its synchronous standby postgres-standby "
          f"(named {waited_for.group(1)}), and read reports from the standby; postgres starts through "
          "deploy/postgres-primary-entrypoint.sh, which sees the standby's volume read-only")


def mounts(service):
    """target → (source, read-only) of a service's volumes, as `docker-compose config` writes them."""
    result = {}
    for entry in service.get("volumes") or []:
        parts = entry.split(":") if isinstance(entry, str) else [entry["source"], entry["target"], "ro" if entry.get("read_only") else "rw"]
        result[parts[1]] = (parts[0], len(parts) > 2 and parts[2] == "ro")
    return result


def guarded(services):
    """After a failover the old primary must refuse to start: its entrypoint is the guard of
    deploy/postgres-primary-entrypoint.sh, run before the image's own, and it sees the standby's
    volume (read-only) where EXAMPREP_STANDBY_DATA says. The standby runs deploy/postgres-standby.sh
    as its entrypoint, which deploy/failover also runs with `discard`."""
    problems = []
    primary, standby = services.get("postgres", {}), services.get("postgres-standby", {})
    primary_mounts, standby_mounts = mounts(primary), mounts(standby)
    entrypoint = primary.get("entrypoint") or []
    if not (len(entrypoint) == 2 and primary_mounts.get(entrypoint[1], ("",))[0].endswith("/deploy/postgres-primary-entrypoint.sh")):
        problems.append("postgres does not start through deploy/postgres-primary-entrypoint.sh, so it could come back after a failover")
    if (primary.get("command") or [])[:1] != ["docker-entrypoint.sh"]:
        problems.append("postgres's command is not the image's docker-entrypoint.sh")
    standby_volume = standby_mounts.get("/var/lib/postgresql/data", ("",))[0]
    seen = primary_mounts.get(str(primary.get("environment", {}).get("EXAMPREP_STANDBY_DATA", "")))
    if not standby_volume or seen != (standby_volume, True):
        problems.append("postgres does not see the standby's volume read-only at EXAMPREP_STANDBY_DATA")
    entrypoint = standby.get("entrypoint") or []
    if not (len(entrypoint) == 2 and standby_mounts.get(entrypoint[1], ("",))[0].endswith("/deploy/postgres-standby.sh")):
        problems.append("postgres-standby does not start through deploy/postgres-standby.sh")
    return problems
