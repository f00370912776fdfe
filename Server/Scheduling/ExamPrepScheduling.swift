/// ExamPrepScheduling: spaced review for ExamPrep, with FSRS.
///
/// FSRS (Free Spaced Repetition Scheduler) is the published algorithm Anki uses. This module
/// implements **FSRS-6** (21 weights, the last being the forgetting curve's decay) with its
/// default parameters, desired retention 0.9, learning steps 1 min and 10 min, relearning
/// step 10 min and a maximum interval of 36 500 days, and **without fuzz** unless asked for.
///
/// It is written to match the reference implementation, the `fsrs` package on PyPI
/// (py-fsrs), **version 6.3.2**, run with `enable_fuzzing=False`. The tests replay
/// vectors that this version produced (`Tests/SchedulingTests/generate_vectors.py`), for the
/// reference's defaults and for ``FSRSParameters/examPrep`` (no learning steps, a relearning step of
/// a day), which the server uses.
/// Reference behaviours kept on purpose, because a schedule that differs from the reference
/// by a day would be a bug report:
/// - whole days between reviews are counted as the reference does (floor of the elapsed
///   time, in days of 86 400 s, UTC; no time zones, no day-start hour);
/// - intervals in days are rounded half-to-even (Python's `round`) and kept in 1…maximum;
/// - a review less than a day after the previous one uses the short-term stability formula,
///   in every state.
///
/// Entry points: ``FSRSScheduler``, ``CardState``, ``Rating`` and ``Rating/from(correct:answerSeconds:expectedSeconds:thresholds:)``.
public enum ExamPrepScheduling {
    /// The reference implementation this module was checked against.
    public static let referenceImplementation = "fsrs 6.3.2 (PyPI)"
    /// The version of the `fsrs` package whose vectors the tests replay.
    public static let referenceVersion = "6.3.2"
    /// The FSRS generation implemented.
    public static let algorithm = "FSRS-6"
}
