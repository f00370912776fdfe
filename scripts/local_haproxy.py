"""deploy/haproxy.cfg for replicas at fixed loopback addresses, for scripts/failover-test: the
shipped file's settings as they are (timeouts, retries, the /ready check every second, `fall 2
rise 2`), but the balancer listens on 127.0.0.1:PORT and the backend names each replica
instead of finding them through the compose network's DNS (no resolvers).

Usage: local_haproxy.py PORT HOST:PORT [HOST:PORT ...] < deploy/haproxy.cfg > haproxy.cfg
"""
import re
import sys


def main():
    port, replicas = sys.argv[1], sys.argv[2:]
    skipping = False
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        if re.match(r"^\S", line):
            skipping = line.startswith("resolvers ")
        if skipping:
            continue
        stripped = line.strip()
        if stripped.startswith("bind "):
            line = line.replace(stripped, f"bind 127.0.0.1:{port}")
        elif stripped.startswith("default-server "):
            line = re.sub(r"\s+(init-addr \S+|resolvers \S+)", "", line)
        elif stripped.startswith("server-template "):
            indent = line[: len(line) - len(line.lstrip())]
            line = "\n".join(f"{indent}server replica{index} {address} check" for index, address in enumerate(replicas))
        print(line)


if __name__ == "__main__":
    main()
