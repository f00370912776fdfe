import Testing

@testable import ExamPrepPostgres

/// When the pool tells a lease it turned away to come back (`LinePace`), on a clock of the
/// test's own.
@Suite("The pool line's pace")
struct LinePaceTests {
    /// `count` served from the line, evenly over the `seconds` after `start`.
    static func serve(_ pace: inout LinePace, _ count: Int, over seconds: Double, from start: Double = 0) {
        for index in 1...count {
            pace.served(at: start + seconds * Double(index) / Double(count), lineEmpty: false)
        }
    }

    @Test func aBusySecondMeasuresThePaceAndLaterOnesSmoothIt() {
        var pace = LinePace()
        #expect(pace.perSecond == nil && pace.served(within: 5) == .max, "nothing measured bounds nothing")
        pace.served(at: 0, lineEmpty: false)
        Self.serve(&pace, 200, over: 1)
        #expect(pace.perSecond == 200)
        #expect(pace.served(within: 5) == 1000)
        Self.serve(&pace, 100, over: 1, from: 1)
        #expect(pace.perSecond == 150, "half the old pace, half the new")
    }

    @Test func aPauseStartsTheMeasureAfresh() {
        var pace = LinePace()
        pace.served(at: 0, lineEmpty: false)
        Self.serve(&pace, 200, over: 1)
        // Served once, then nobody for a minute: the minute is no measure of the line's pace.
        pace.served(at: 61, lineEmpty: false)
        Self.serve(&pace, 400, over: 1, from: 61)
        #expect(pace.perSecond == 300)
    }

    /// A quiet pool's line is empty most of the time: someone served now and then is no
    /// measure of how fast it serves flat out (a run here turned away a class's submissions,
    /// measured so).
    @Test func aSecondInWhichTheLineRanEmptyMeasuresNothing() {
        var pace = LinePace()
        for time in [0, 0.3, 0.6, 0.9] { pace.served(at: time, lineEmpty: false) }
        pace.served(at: 0.95, lineEmpty: true)
        for time in [1.2, 1.5] { pace.served(at: time, lineEmpty: false) }
        pace.served(at: 2.3, lineEmpty: true)
        #expect(pace.perSecond == nil, "the line never stayed busy for a second")
        pace.served(at: 3, lineEmpty: false)
        Self.serve(&pace, 500, over: 1, from: 3)
        #expect(pace.perSecond == 500)
    }

    @Test func aCrowdTurnedAwayIsSpreadAtThePaceBehindThoseWaiting() {
        var pace = LinePace()
        pace.served(at: 0, lineEmpty: false)
        Self.serve(&pace, 100, over: 1)
        // 250 wait: the first turned away comes back after them, in 2.5 s (3 whole seconds).
        #expect(pace.promise(ahead: 250, at: 1) == 3)
        let promises = (0..<300).map { _ in pace.promise(ahead: 250, at: 1) }
        #expect(promises == promises.sorted())
        // About a hundred a second, as the line is served, not all together.
        let perSecond = Dictionary(grouping: promises, by: { $0 }).mapValues(\.count)
        #expect(perSecond.keys.sorted() == [3, 4, 5, 6])
        #expect(perSecond.values.allSatisfy { $0 <= 101 })
        #expect(perSecond[4].map { $0 >= 99 } == true && perSecond[5].map { $0 >= 99 } == true)
    }

    @Test func promisesStayWithinOneSecondAndAMinute() {
        var pace = LinePace()
        #expect(pace.promise(ahead: 0, at: 10) == 1, "assumed a hundred a second: 10 ms, said as one second")
        #expect(pace.promise(ahead: 1_000_000, at: 10) == Int(LinePace.longestPromise))
        #expect(pace.promise(ahead: 0, at: 10) == Int(LinePace.longestPromise), "behind the longest, still a minute")
        // Once the promised times have passed, a new crowd starts at the front again.
        #expect(pace.promise(ahead: 0, at: 100) == 1)
    }
}
