import ExamPrepPostgres
import Prometheus

/// The server's metrics, kept in one Prometheus registry per application (so tests that
/// boot several servers in one process do not mix their figures) and served at `/metrics`.
struct AppMetrics: Sendable {
    let registry: PrometheusCollectorRegistry

    init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    enum LoginOutcome: String {
        case succeeded, failed
        case rateLimited = "rate_limited"
    }

    func recordRequest(route: String, method: String, status: Int, duration: Duration) {
        registry.makeCounter(
            descriptor: Names.requests, labels: [("route", route), ("method", method), ("status", String(status))]
        ).increment()
        registry.makeDurationHistogram(
            descriptor: Names.requestDuration, labels: [("route", route), ("method", method)], buckets: Names.durationBuckets
        ).record(duration)
    }

    func recordLogin(_ outcome: LoginOutcome) {
        registry.makeCounter(descriptor: Names.logins, labels: [("outcome", outcome.rawValue)]).increment()
    }

    /// Samples the gauges that describe current state, just before a scrape.
    func sample(pool: PostgresPoolStatistics, hashing: HashingQueue.Statistics, starts: StartBatcher.Statistics) {
        registry.makeGauge(descriptor: Names.hashingQueue).set(Double(hashing.waiting + hashing.running))
        for (outcome, count) in [
            ("completed", hashing.completed), ("cancelled", hashing.cancelled), ("shed", hashing.shed), ("overdue", hashing.overdue),
        ] {
            registry.makeGauge(descriptor: Names.hashingJobs, labels: [("outcome", outcome)]).set(Double(count))
        }
        registry.makeGauge(descriptor: Names.hashingPaused).set(hashing.pausedSeconds)
        registry.makeGauge(descriptor: Names.poolConnections, labels: [("state", "in_use")]).set(Double(pool.inUse))
        registry.makeGauge(descriptor: Names.poolConnections, labels: [("state", "idle")]).set(Double(pool.idle))
        registry.makeGauge(descriptor: Names.poolWaiting).set(Double(pool.waiting))
        registry.makeGauge(descriptor: Names.poolWaits).set(Double(pool.totalWaits))
        registry.makeGauge(descriptor: Names.poolUrgentWaits).set(Double(pool.urgentWaits))
        registry.makeGauge(descriptor: Names.startsWaiting).set(Double(starts.waiting))
        registry.makeGauge(descriptor: Names.startGroups).set(Double(starts.groups))
        registry.makeGauge(descriptor: Names.startsGrouped).set(Double(starts.starts))
    }

    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }

    /// Metric names and help texts, in one place.
    private enum Names {
        static let durationBuckets: [Duration] = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .milliseconds(2500), .seconds(5),
        ]
        static var requests: MetricNameDescriptor {
            .init(metricName: "http_requests", unitName: "total", helpText: "HTTP requests by route pattern, method and status.")
        }
        static var requestDuration: MetricNameDescriptor {
            .init(metricName: "http_request_duration", unitName: "seconds", helpText: "HTTP request durations by route pattern and method.")
        }
        static var logins: MetricNameDescriptor {
            .init(namespace: "examprep", metricName: "logins", unitName: "total", helpText: "Login attempts by outcome.")
        }
        static var hashingQueue: MetricNameDescriptor {
            .init(
                namespace: "examprep", metricName: "password_hashing_queue", unitName: "depth",
                helpText: "Password hashing jobs running or waiting.")
        }
        static var hashingJobs: MetricNameDescriptor {
            .init(
                namespace: "examprep", metricName: "password_hashing_jobs", unitName: "",
                helpText:
                    "Password hashing jobs since start: completed, cancelled before they ran (client gone), shed (expected wait too long), overdue (waited past the bound)."
            )
        }
        static var hashingPaused: MetricNameDescriptor {
            .init(
                namespace: "examprep", metricName: "password_hashing_paused", unitName: "seconds",
                helpText: "Time the hashing threads waited before a job while requests waited for a database connection, since start.")
        }
        static var poolConnections: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "db_pool", metricName: "connections", unitName: "",
                helpText: "Open database connections by state.")
        }
        static var poolWaiting: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "db_pool", metricName: "waiting", unitName: "",
                helpText: "Requests waiting for a database connection now.")
        }
        static var poolWaits: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "db_pool", metricName: "waits", unitName: "",
                helpText: "Requests that had to wait for a database connection since start.")
        }
        static var poolUrgentWaits: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "db_pool", metricName: "urgent_waits", unitName: "",
                helpText: "Of those, saves and submissions of exam answers, which wait in a line served first.")
        }
        static var startsWaiting: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "attempt_starts", metricName: "waiting", unitName: "",
                helpText: "Starts of attempts waiting now to be written with their exam's next group.")
        }
        static var startGroups: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "attempt_starts", metricName: "groups", unitName: "",
                helpText: "Groups of starts of one exam written in one transaction since start.")
        }
        static var startsGrouped: MetricNameDescriptor {
            .init(
                namespace: "examprep", subsystem: "attempt_starts", metricName: "grouped", unitName: "",
                helpText: "Starts written in those groups (divided by the groups: how many students a transaction started).")
        }
    }
}
