import ExamPrepScheduling
import Testing

@Suite("Rating from correctness and answer time")
struct RatingFromAnswerTests {
    @Test("the standard thresholds are 2× (slow) and 0.5× (fast)")
    func standardThresholds() {
        #expect(AnswerTimeThresholds.standard == AnswerTimeThresholds(slowFactor: 2, fastFactor: 0.5))
    }

    @Test("a wrong answer is again, however fast or slow", arguments: [0.0, 1, 10, 30, 1000, -5, .nan, .infinity])
    func wrongIsAgain(seconds: Double) {
        #expect(Rating.from(correct: false, answerSeconds: seconds, expectedSeconds: 20) == .again)
        #expect(Rating.from(correct: false, answerSeconds: seconds, expectedSeconds: 0) == .again)
    }

    @Test(
        "a right answer is rated by its time against the expected 20 s",
        arguments: [
            (0.0, Rating.easy), (5, .easy), (9.99, .easy),
            (10, .good), (15, .good), (20, .good), (39.99, .good), (40, .good),
            (40.01, .hard), (60, .hard), (3600, .hard),
        ])
    func rightByTime(seconds: Double, expected: Rating) {
        #expect(Rating.from(correct: true, answerSeconds: seconds, expectedSeconds: 20) == expected)
    }

    @Test(
        "a right answer with unusable timing is good",
        arguments: [
            (10.0, 0.0), (10, -1), (10, .nan), (10, .infinity), (-1, 20), (.nan, 20), (.infinity, 20),
        ])
    func unusableTiming(answer: Double, expected: Double) {
        #expect(Rating.from(correct: true, answerSeconds: answer, expectedSeconds: expected) == .good)
    }

    @Test("custom thresholds move the boundaries")
    func customThresholds() {
        let strict = AnswerTimeThresholds(slowFactor: 1.5, fastFactor: 0.25)
        #expect(Rating.from(correct: true, answerSeconds: 31, expectedSeconds: 20, thresholds: strict) == .hard)
        #expect(Rating.from(correct: true, answerSeconds: 30, expectedSeconds: 20, thresholds: strict) == .good)
        #expect(Rating.from(correct: true, answerSeconds: 6, expectedSeconds: 20, thresholds: strict) == .good)
        #expect(Rating.from(correct: true, answerSeconds: 4, expectedSeconds: 20, thresholds: strict) == .easy)
    }

    @Test("grades are FSRS's 1…4")
    func grades() {
        #expect(Rating.allCases.map(\.grade) == [1, 2, 3, 4])
        #expect(Rating.allCases.filter(\.isRecall) == [.hard, .good, .easy])
    }
}
