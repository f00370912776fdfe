"""The checks of scripts/check-compose that read files instead of running an engine. Prints
one line per passed check; exits 1 with the reasons at the first failing one.

  compose_checks.py scaled CONFIG     the merged scale-out config (`docker-compose config`)
  compose_checks.py haproxy FILE      the balancer's configuration
"""
import ipaddress
import re
import sys

import yaml


def fail(subject, problems):
    sys.exit(f"{subject}: " + "; ".join(problems))


# --- docker-compose.scale.yml -----------------------------------------------------------------

def scaled(text):
    config = yaml.safe_load(text)
    services = config["services"]
    problems = []
    if services["server"].get("ports"):
        problems.append("the server publishes a port, so --scale server=3 would collide")
    balancer = services.get("balancer", {})
    if not balancer.get("ports"):
        problems.append("the balancer publishes no port")
    if problems:
        fail("docker-compose.scale.yml", problems)

    # X-Forwarded-For is believed from the balancer only. A trusted block that also covers
    # another address of the network (the gateway, which stands for clients on the host, or
    # a container) would let that peer name any client address it likes.
    ipam = config.get("networks", {}).get("default", {}).get("ipam", {}).get("config") or [{}]
    subnet_text, range_text = ipam[0].get("subnet"), ipam[0].get("ip_range")
    address_text = ((balancer.get("networks") or {}).get("default") or {}).get("ipv4_address")
    if not (subnet_text and range_text and address_text):
        fail("docker-compose.scale.yml", ["the default network needs a subnet and an ip_range, and the balancer a fixed ipv4_address"])
    subnet = ipaddress.ip_network(subnet_text)
    handed_out = ipaddress.ip_network(range_text)
    address = ipaddress.ip_address(address_text)
    if address not in subnet:
        problems.append(f"the balancer's address {address} is outside the subnet {subnet}")
    if address in handed_out:
        problems.append(f"the balancer's address {address} is inside the range {handed_out} handed out to other containers, which may take it first")
    if not handed_out.subnet_of(subnet):
        problems.append(f"the range {handed_out} is not inside the subnet {subnet}")
    trusted_text = str(services["server"].get("environment", {}).get("TRUSTED_PROXIES", ""))
    trusted = [ipaddress.ip_network(entry.strip(), strict=False) for entry in trusted_text.split(",") if entry.strip()]
    if not any(address in block for block in trusted):
        problems.append(f"TRUSTED_PROXIES ({trusted_text or 'empty'}) does not name the balancer's address {address}, so every client would share its address")
    for block in trusted:
        if block.version != subnet.version or not block.overlaps(subnet):
            continue
        if block.num_addresses > 1:
            problems.append(f"TRUSTED_PROXIES trusts {block}, which covers addresses of the network other than the balancer's {address}")
        elif block.network_address != address:
            problems.append(f"TRUSTED_PROXIES trusts {block.network_address}, an address of the network that is not the balancer's {address}")
    if problems:
        fail("docker-compose.scale.yml", problems)
    print(f"the replicas trust X-Forwarded-For from the balancer's address {address} only "
          f"(subnet {subnet}, other containers from {handed_out})")


# --- deploy/haproxy.cfg -----------------------------------------------------------------------

SECTION = re.compile(r"^(global|defaults|frontend|backend|listen|resolvers|peers|userlist|program|cache|http-errors|ring|mailers)\b\s*(\S*)")


def sections(path):
    """(kind, name, [lines]) for each section of an HAProxy configuration, comments dropped."""
    result = []
    for raw in open(path):
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        header = SECTION.match(line)
        if header and not raw[0].isspace():
            result.append((header.group(1), header.group(2), []))
        elif result:
            result[-1][2].append(line.strip())
    return result


def haproxy(path):
    problems = []
    parsed = sections(path)
    resolvers = {name: lines for kind, name, lines in parsed if kind == "resolvers"}
    used = set()
    for kind, name, lines in parsed:
        if kind in ("backend", "listen", "defaults"):
            for line in lines:
                match = re.search(r"\bresolvers\s+(\S+)", line)
                if match:
                    used.add(match.group(1))
    if not used:
        problems.append("no server resolves its address at run time (resolvers ...), so replicas that come and go are not followed")
    for name in sorted(used):
        lines = resolvers.get(name)
        if lines is None:
            problems.append(f"resolvers {name} is used but not defined")
            continue
        if "parse-resolv-conf" not in lines:
            problems.append(f"resolvers {name} does not read the container's /etc/resolv.conf (parse-resolv-conf)")
        fixed = [line for line in lines if line.startswith("nameserver ")]
        if fixed:
            problems.append(f"resolvers {name} names a nameserver of one engine ({fixed[0]}); Docker's and podman's DNS live at different addresses")
    frontends = [lines for kind, _, lines in parsed if kind in ("frontend", "listen")]
    if not all(any(line.startswith("http-request deny") and "metrics" in line for line in lines) for lines in frontends):
        problems.append("a frontend forwards /metrics to the replicas")
    if problems:
        fail(path, problems)
    print(f"{path}: the resolvers read /etc/resolv.conf (no engine's DNS address is named); /metrics is refused at the frontend")


def main():
    mode = sys.argv[1]
    if mode == "scaled":
        scaled(sys.argv[2])
    elif mode == "haproxy":
        haproxy(sys.argv[2])
    else:
        sys.exit(f"unknown check {mode}")


if __name__ == "__main__":
    main()
