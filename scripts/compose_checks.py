"""The checks of scripts/check-compose that read files instead of running an engine. Prints
one line per passed check; exits 1 with the reasons at the first failing one.

  compose_checks.py limits CONFIG     a merged config (`docker-compose config`): no ulimits
  compose_checks.py scaled CONFIG     the merged scale-out config (`docker-compose config`)
  compose_checks.py standby CONFIG    its primary and synchronous standby
  compose_checks.py haproxy FILE      the balancer's configuration
  compose_checks.py context           .dockerignore and the Dockerfile, from the checkout
"""
import ipaddress
import os
import re
import subprocess
import sys

import yaml

from compose_standby import standby


def fail(subject, problems):
    sys.exit(f"{subject}: " + "; ".join(problems))


# --- resource limits -------------------------------------------------------------------------

def limits(text):
    """No service sets `ulimits`. An engine that is given one ulimit sets the others too, at its
    own defaults: podman then sets RLIMIT_NPROC to 1048576, and where it runs without
    CAP_SYS_RESOURCE (inside a container, on a CI runner) the kernel refuses that raise and the
    container never starts ("error setting rlimit type 6"). The server raises its own soft
    open-file limit up to the hard one the engine gives it (both Docker's and podman's defaults
    are far above what MAX_CONNECTIONS needs) and warns when that is too low, so the files need
    none."""
    config = yaml.safe_load(text)
    problems = [f"the service {name} sets ulimits ({', '.join(sorted(service['ulimits']))}), which an engine "
                "without CAP_SYS_RESOURCE cannot apply; the server raises its own open-file limit"
                for name, service in sorted((config.get("services") or {}).items())
                if service.get("ulimits")]
    if problems:
        fail("ulimits", problems)
    print(f"no service sets ulimits ({', '.join(sorted(config.get('services') or {}))})")


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


# --- .dockerignore and the Dockerfile ---------------------------------------------------------

def dockerignore_patterns(path):
    """The patterns as Docker reads them: trimmed, comments dropped, cleaned, leading / removed."""
    patterns = []
    for raw in open(path):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        exclusion = line.startswith("!")
        if exclusion:
            line = line[1:].strip()
        line = os.path.normpath(line)
        if len(line) > 1 and line.startswith("/"):
            line = line[1:]
        patterns.append((exclusion, re.compile(pattern_regex(line))))
    return patterns


def pattern_regex(pattern):
    """Docker's pattern syntax: * and ? stop at a slash, ** crosses slashes, [..] is a class."""
    regex, index = "^", 0
    while index < len(pattern):
        char = pattern[index]
        if pattern.startswith("**", index):
            index += 2
            if pattern.startswith("/", index):
                index += 1
            regex += ".*" if index >= len(pattern) else "(.*/)?"
            continue
        if char == "*":
            regex += "[^/]*"
        elif char == "?":
            regex += "[^/]"
        elif char == "\\" and index + 1 < len(pattern):
            index += 1
            regex += re.escape(pattern[index])
        elif char in "[]-^":
            regex += char
        else:
            regex += re.escape(char)
        index += 1
    return regex + "$"


def in_context(patterns, path):
    """Whether Docker sends path: the last pattern that matches it or one of its parent
    folders decides, and a ! pattern lets back in."""
    parts = path.split("/")
    candidates = ["/".join(parts[:end]) for end in range(1, len(parts) + 1)]
    excluded = False
    for exclusion, regex in patterns:
        if any(regex.match(candidate) for candidate in candidates):
            excluded = not exclusion
    return not excluded


def context():
    patterns = dockerignore_patterns(".dockerignore")
    tracked = subprocess.run(["git", "ls-files"], capture_output=True, text=True, check=True).stdout.split()
    sent = [path for path in tracked if in_context(patterns, path)]
    problems = []

    # What scripts/build-release needs: the manifest, every target's folder (SwiftPM refuses
    # a package with one missing), and the files the EmbedFiles plugin compiles in.
    inputs = ("Package.swift", "openapi.yaml", "scripts/build-release")
    needed = [path for path in tracked if path in inputs or path.split("/")[0] in ("Server", "Shared", "Client", "Tests", "sql")]
    missing = [path for path in needed if not in_context(patterns, path)]
    if missing:
        problems.append(f"the build needs {len(missing)} files that are left out, e.g. {', '.join(missing[:3])}")

    # The promise of the Dockerfile's build stage: documentation, deployment files and local
    # state do not reach it, so changing them does not rebuild.
    kept_out = [path for path in tracked if path == "README.md" or path.split("/")[0] in ("docs", "benchmarks", "deploy", ".ci")]
    kept_out += [path for path in tracked if path.startswith("docker-compose") or (path.startswith("scripts/") and path not in inputs)]
    kept_out += [".env", ".data/postgres/PG_VERSION", ".build/debug/examprep-server", ".git/HEAD", "Server/.build/x", "Dockerfile"]
    leaked = [path for path in kept_out if in_context(patterns, path)]
    if leaked:
        problems.append(f"the build context still holds {', '.join(leaked[:5])}")
    if "README.md" not in tracked or not any(path.startswith("docs/") for path in tracked):
        problems.append("README.md or docs/ is missing from the checkout, so the check proves nothing")

    # A `# syntax=` line makes BuildKit fetch a frontend image from a registry before it
    # builds anything, which fails offline or behind a mirror; nothing here needs it.
    first = open("Dockerfile").readline()
    if re.match(r"#\s*syntax\s*=", first):
        problems.append("the Dockerfile starts with a `# syntax=` line (BuildKit would fetch that frontend image)")
    if problems:
        fail(".dockerignore / Dockerfile", problems)
    print(f"build context: {len(sent)} of {len(tracked)} tracked files (the package's sources, sql/, openapi.yaml, "
          f"scripts/build-release); README.md, docs/, benchmarks/, deploy/ and the compose files stay out")


def main():
    mode = sys.argv[1]
    if mode == "limits":
        limits(sys.argv[2])
    elif mode == "scaled":
        scaled(sys.argv[2])
    elif mode == "standby":
        standby(sys.argv[2])
    elif mode == "haproxy":
        haproxy(sys.argv[2])
    elif mode == "context":
        context()
    else:
        sys.exit(f"unknown check {mode}")


if __name__ == "__main__":
    main()
