"""The server's own view of a request's latency, read from its `GET /metrics`: the
`http_request_duration_seconds` histogram per route and method counts every request from the
moment the server's middleware sees it until its response is ready. Set against what the load
generator measured, it separates the server's time from the time a request spent in the
generator's own event loop, the network and the kernel's queues.

A scrape before and one after a phase give the phase's requests; `share_within` is the share of
them the server answered within one of the histogram's bounds, `percentile` the smallest bound
that holds that share (the histogram knows no finer).
"""
import re

BUCKET = re.compile(r'^http_request_duration_seconds_bucket\{(?P<labels>.*)\} (?P<count>\S+)$')
LABEL = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
POOL_WAITS = re.compile(r'^(?P<name>examprep_db_pool_(?:urgent_)?waits) (?P<count>\S+)$')
# Where `parse` keeps the pool's counts of requests that waited for a connection (not routes):
# all of them, and the saves and submissions among them (which wait in a line served first).
POOL_WAITS_KEY = ("examprep_db_pool_waits", "")
URGENT_WAITS_KEY = ("examprep_db_pool_urgent_waits", "")


def parse(exposition):
    """{(route, method): {bound in seconds: cumulative count}} from a Prometheus text exposition,
    and the pool's waits under POOL_WAITS_KEY and URGENT_WAITS_KEY."""
    histograms = {}
    for line in exposition.splitlines():
        waits = POOL_WAITS.match(line)
        if waits:
            histograms[(waits.group("name"), "")] = {float("inf"): float(waits.group("count"))}
            continue
        match = BUCKET.match(line)
        if not match:
            continue
        labels = dict(LABEL.findall(match.group("labels")))
        bound = float("inf") if labels.get("le") == "+Inf" else float(labels.get("le", "nan"))
        key = (labels.get("route", ""), labels.get("method", ""))
        histograms.setdefault(key, {})[bound] = float(match.group("count"))
    return histograms


async def scrape(session):
    async with session.get("/metrics") as response:
        return parse(await response.text()) if response.status == 200 else {}


def between(before, after, routes, method):
    """The bucket counts of `routes`' requests between two scrapes, summed over the routes,
    bounds in ascending order."""
    totals = {}
    for route in routes:
        earlier = before.get((route, method), {})
        for bound, count in after.get((route, method), {}).items():
            totals[bound] = totals.get(bound, 0) + count - earlier.get(bound, 0)
    return sorted(totals.items())


def share_within(buckets, seconds):
    total = buckets[-1][1] if buckets else 0
    within = next((count for bound, count in buckets if bound >= seconds - 1e-12), total)
    return within / total if total else float("nan")


def percentile(buckets, share):
    total = buckets[-1][1] if buckets else 0
    if not total:
        return float("nan")
    return next(bound for bound, count in buckets if count >= share * total)


def routes_named(histograms, method, pattern):
    """The routes (as the server labels them) of `method` that match `pattern`, a regular
    expression, so the caller need not know how the router spells a parameter."""
    return [route for route, verb in histograms if verb == method and re.fullmatch(pattern, route)]


def pool_waits(before, after):
    """How many times a request waited for a database connection between two scrapes (the
    pool's `examprep_db_pool_waits`), how many of those were saves and submissions (`urgent`), and
    how many requests the server answered meanwhile."""
    def waits(scraped, key):
        return scraped.get(key, {}).get(float("inf"), 0)

    counters = (POOL_WAITS_KEY, URGENT_WAITS_KEY)
    requests = sum(
        count - before.get(key, {}).get(float("inf"), 0)
        for key, buckets in after.items() if key not in counters for bound, count in buckets.items() if bound == float("inf"))
    return {"waits": waits(after, POOL_WAITS_KEY) - waits(before, POOL_WAITS_KEY),
            "urgent": waits(after, URGENT_WAITS_KEY) - waits(before, URGENT_WAITS_KEY), "requests": requests}


def summary(before, after, method, pattern, target):
    """What the table shows for the routes `pattern` matches: their requests, the server's share
    within `target` seconds, and the bound that holds their p99."""
    buckets = between(before, after, routes_named(after, method, pattern), method)
    return {
        "requests": buckets[-1][1] if buckets else 0,
        "target": target,
        "within_target": share_within(buckets, target),
        "p99_at_most": percentile(buckets, 0.99),
    }
