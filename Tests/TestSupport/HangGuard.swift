import Testing

extension Trait where Self == TimeLimitTrait {
    /// The one time limit of the suites: a guard against a test that hangs (a lost wake-up, a
    /// server that never answers), never a bound on speed. Twenty minutes is far above what any
    /// test takes on two cores shared with `stress-ng --cpu 4` (the whole suite took 11 minutes
    /// so), and far below CI's 90: a hang fails the test that hung, with its name, instead of
    /// the whole run. Speed is the benchmarks' business (benchmarks/).
    public static var hangGuard: Self { .timeLimit(.minutes(20)) }
}
