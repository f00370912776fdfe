"""Prints the exam hour's table from exam_hour.py's report, or (--check) exits non-zero
unless every request succeeded and no acknowledged answer was lost.

Usage: python3 exam_hour_table.py REPORT CEILING_TPS RAW_HASH_RATE "SCHEME COST" MINUTES
       python3 exam_hour_table.py --check REPORT
"""
import json
import sys


def errors(report):
    """Every answer that was not 2xx (but the 409 of a submit the server had made already), timeout and drop."""
    count = 0
    for name, phase in report["phases"].items():
        count += phase["timeouts"] + phase["dropped"]
        count += sum(number for status, number in phase["failures"].items())
    return count


def check(report):
    problems = []
    if errors(report):
        problems.append(f"{errors(report)} requests failed")
    if report["answers_lost"]:
        problems.append(f"{report['answers_lost']} acknowledged answers lost")
    if report["saves_never_acknowledged"]:
        problems.append(f"{report['saves_never_acknowledged']} saves never acknowledged")
    if report["submitted"] != report["students"] or report["attempts"] != report["students"]:
        problems.append(f"{report['submitted']} of {report['students']} attempts submitted ({report['attempts']} attempts)")
    if report["auto_submitted"] != report["never_submitting"]:
        problems.append(f"{report['auto_submitted']} attempts submitted by the server, {report['never_submitting']} expected")
    # Counted before any read that submits what is due: a sweep that stopped would otherwise be
    # covered by the final reads, which submit those attempts themselves.
    if report.get("sweep_submitted") != report["never_submitting"]:
        problems.append(f"{report.get('sweep_submitted')} attempts submitted by the deadline sweep, {report['never_submitting']} expected")
    if problems:
        print("exam hour: " + "; ".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"exam hour: {report['students']} students, 0 errors, 0 answers lost")


def table(report, ceiling, raw, scheme, minutes):
    ms = lambda seconds: "–" if seconds != seconds else f"{1000 * seconds:.0f} ms"
    shape = "browser-shaped (pages with cookies and CSRF forms, the page's autosave)" if report.get("mode") == "browser" else "API clients"
    shape += f" on {report.get('loop', 'asyncio')}'s event loop"
    lead = report.get("lead") or 0
    arrival = f", signing in over the {lead / 60:g} min before the start" if lead else ", all signing in within 10 s"
    lifted = report.get("lifted") or []
    settings = "default settings" + (" but " + ", ".join(lifted) if lifted else "")
    print(f"Exam hour: {report['students']} students, {minutes} min, one address, {settings}, {shape}{arrival}")
    print()
    print("| phase | requests | per second | p50 | p95 | p99 | not 2xx | timeouts | dropped |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in ("login", "refresh", "start", "page", "save", "resume", "submit", "health", "paced health", "check"):
        phase = report["phases"].get(name)
        # A refresh comes only where a student outlives the first access token (signed in early).
        if phase is None or (name == "refresh" and phase["count"] == 0):
            continue
        failures = ", ".join(f"{count} × {status}" for status, count in sorted(phase["failures"].items())) or "0"
        print(f"| {name} | {phase['count']} | {phase['rate']:.1f} | {ms(phase['p50'])} | {ms(phase['p95'])} | {ms(phase['p99'])} "
              f"| {failures} | {phase['timeouts']} | {phase['dropped']} |")
    after = report.get("after_sign_ins")
    if after:
        moment = report.get("after_sign_ins_seconds", 0)
        for name, phase in after.items():
            print(f"| {name}, sent after the last sign-in ({moment:.0f} s in) | {phase['count']} | | {ms(phase['p50'])} "
                  f"| {ms(phase['p95'])} | {ms(phase['p99'])} | | | |")
    print()
    cpu = report["cpu_us_per_request"]
    logins = report["phases"]["login"]["rate"]
    rows = [
        ("errors (not 2xx, timeouts, dropped)", str(errors(report))),
        ("answers lost / acknowledged saves", f"{report['answers_lost']} / {report['acknowledged_saves']}"),
        ("attempts submitted (by the server; by its deadline sweep)", f"{report['submitted']} of {report['attempts']} "
                                                                    f"({report['auto_submitted']}; {report.get('sweep_submitted', '–')}, "
                                                                    f"{report['never_submitting']} never submitted)"),
        ("logins per second / raw hash rate", f"{logins:.1f} / {float(raw):.1f} ({100 * logins / float(raw):.0f} %, {scheme})"),
        ("RSS of the server: peak (the login surge), while answering", f"{report['peak_rss_mib']:.0f} MiB, "
                                                                      f"{report.get('answering_rss_mib', 0):.0f} MiB"),
        ("CPU per request: server, PostgreSQL, generator", f"{cpu['server']:.0f}, {cpu['postgres']:.0f}, {cpu['generator']:.0f} µs"),
        ("CPU share of the generator", f"{100 * report['generator_cpu_share']:.0f} %"),
        ("server CPU per GET /health, flat out on 32 connections", f"{report['health_cpu_us']:.0f} µs"),
    ]
    for name, who in (("login", "sign-ins"), ("start", "starts")):
        phase = report["phases"].get(name, {})
        if phase.get("waits", 0):
            rows.append((f"{who} that waited in line (503 + Retry-After, sent again as the clients do): students, "
                         "times sent again, the longest from first try to answer",
                         f"{phase.get('waited', '–')}, {phase['waits']}, {phase.get('longest_wait', 0):.0f} s"))
    resent = {name: phase.get("resent", 0) for name, phase in report["phases"].items() if phase.get("resent", 0)}
    if resent:
        rows.append(("requests sent once more because the server closed their kept connection before answering "
                     "(as browsers do): by phase", ", ".join(f"{name} {count}" for name, count in resent.items())))
    lag = report.get("generator_lag")
    if lag:
        rows.append(("the generator's own lateness (its event loop): p99, p99 during the sign-ins, max",
                     f"{ms(lag['p99'])}, {ms(lag['p99_during_sign_ins'])}, {ms(lag['max'])}"))
    paced = report.get("paced_health_cpu_us")
    if paced:
        rows.append(("server CPU per GET /health, one at a time at the save rate", f"{paced:.0f} µs"))
    if "save_cpu_us" in report:
        save = report["save_cpu_us"]
        rows.append(("CPU per " + ("question page or save" if report.get("mode") == "browser" else "save")
                     + " while answering: server, PostgreSQL, generator",
                     f"{save['server']:.0f}, {save['postgres']:.0f}, {save['generator']:.0f} µs "
                     f"(server {save['server'] / report['health_cpu_us']:.1f}× /health flat out"
                     + (f", {save['server'] / paced:.1f}× paced" if paced else "") + ")"))
    for phase, sides in (report.get("server_side") or {}).items():
        whole, later = sides["all"], sides.get("after_sign_ins")
        if not whole["requests"]:
            continue
        bound = lambda seconds: "> 5 s (the histogram's last bound)" if seconds == float("inf") else f"≤ {ms(seconds)}"
        value = f"{100 * whole['within_target']:.1f} % within {ms(whole['target'])}, p99 {bound(whole['p99_at_most'])}"
        if later and later["requests"]:
            value += f"; after the last sign-in {100 * later['within_target']:.1f} %, p99 {bound(later['p99_at_most'])}"
        rows.append((f"{phase}s as the server timed them (its histogram, from routing to the response)", value))
    waits = report.get("pool_waits") or {}
    if waits.get("all") and waits["all"]["requests"]:
        value = (f"{waits['all']['waits']:.0f} in {waits['all']['requests']:.0f} requests"
                 f" ({waits['all'].get('urgent', 0):.0f} saves and submits)")
        later = waits.get("after_sign_ins")
        if later and later["requests"]:
            value += (f"; after the last sign-in {later['waits']:.0f} in {later['requests']:.0f}"
                      f" ({later.get('urgent', 0):.0f})")
        rows.append(("waits for a database connection (the pool's count; a request may wait more than once)", value))
    saves = report["phases"]["save"]["rate"]
    rows.append(("ceiling: pgbench running a save's statements", f"{float(ceiling):.0f}/s (saves ran at {saves:.0f}/s, "
                                                                 f"{100 * saves / float(ceiling):.0f} % of it)"))
    print("| figure | value |")
    print("|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    if sys.argv[1] == "--check":
        with open(sys.argv[2]) as source:
            check(json.load(source))
    else:
        with open(sys.argv[1]) as source:
            table(json.load(source), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5])
