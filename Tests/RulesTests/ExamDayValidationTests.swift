import ExamPrepRules
import ExamPrepShared
import Testing

/// An exam day's numbers (an accommodation's extra minutes, an override's extra attempts and
/// time limit, an extension) through the target's public API: each within its range, or
/// refused with the field and the range's ends.
@Suite("Rules: an exam day's numbers")
struct ExamDayValidationTests {
    /// The refusal `body` throws: its key and values.
    private func refusal(_ body: () throws -> Void) -> Message? {
        do {
            try body()
            return nil
        } catch let invalid as InvalidInput {
            return invalid.message
        } catch {
            return Message("not InvalidInput")
        }
    }

    @Test("each number at its ends is kept, one past them is refused naming the field and both ends")
    func ranges() throws {
        #expect(try ExamDayValidation.validate(Accommodation(extraMinutes: 1440)).extraMinutes == 1440)
        #expect(try ExamDayValidation.validate(ExamOverride(extraAttempts: 0, timeLimitMinutes: 1)).extraAttempts == 0)
        #expect(try ExamDayValidation.validate(ExtendAttemptRequest(minutes: 1)) == 1)
        #expect(
            refusal { _ = try ExamDayValidation.validate(Accommodation(extraMinutes: 1441)) }
                == Message("validation.range-from", ["field": "extraMinutes", "min": 0, "max": 1440]))
        #expect(
            refusal { _ = try ExamDayValidation.validate(ExamOverride(extraAttempts: -1)) }
                == Message("validation.range-from", ["field": "extraAttempts", "min": 0, "max": 100]))
        #expect(refusal { _ = try ExamDayValidation.validate(ExamOverride(timeLimitMinutes: 0)) }?.key == "validation.range")
        #expect(
            refusal { _ = try ExamDayValidation.validate(ExtendAttemptRequest(minutes: 0)) }
                == Message("validation.range-from", ["field": "minutes", "min": 1, "max": 1440]))
        // Nothing given is nothing checked.
        #expect(try ExamDayValidation.validate(ExamOverride()) == ExamOverride())
    }
}
