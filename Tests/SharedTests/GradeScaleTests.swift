import ExamPrepShared
import Foundation
import Testing

/// A score becomes the school's grade at exact decimal boundaries, a student's accommodation
/// lowers the thresholds, and a scale a person sends is checked band by band.
@Suite("Grade scales")
struct GradeScaleTests {
    static let school = GradeScalePreset.plSchool.scale

    @Test(arguments: [
        (0.0, "1"), (29.99, "1"), (30, "2"), (49.99, "2"), (50, "3"), (69.99, "3"), (70, "4"), (84.99, "4"), (85, "5"), (94.99, "5"),
        (95, "6"), (100, "6"),
    ])
    func aPolishSchoolGradeAtEveryBoundary(percent: Double, grade: String) {
        #expect(Self.school.grade(score: percent, maxScore: 100) == grade)
    }

    @Test func boundariesAreExactWhateverTheMaximum() {
        // 3 of 6 is 50 %: a 3, although 3.0 / 6.0 * 100 need not be 50.0 in binary.
        #expect(Self.school.grade(score: 3, maxScore: 6) == "3")
        #expect(Self.school.grade(score: 0.3, maxScore: 1) == "2")
        #expect(Self.school.grade(score: 0.1 + 0.2, maxScore: 1) == "2")
        #expect(Self.school.grade(score: 14.99, maxScore: 30) == "2")
        #expect(Self.school.grade(score: 15, maxScore: 30) == "3")
        let university = GradeScalePreset.plUniversity.scale
        #expect(
            [49.99, 50, 60, 70, 80, 89.99, 90].map { university.grade(score: $0, maxScore: 100) } == [
                "2", "3", "3,5", "4", "4,5", "4,5", "5",
            ])
        #expect(GradeScalePreset.letters.scale.grade(score: 59.99, maxScore: 100) == "F")
        #expect(GradeScalePreset.letters.scale.grade(score: 90, maxScore: 100) == "A")
        #expect(GradeScalePreset.plSchoolSigns.scale.grade(score: 47, maxScore: 100) == "2+")
    }

    @Test func nothingToGradeHasNoGrade() {
        #expect(Self.school.grade(score: 0, maxScore: 0) == nil)
        #expect(Self.school.grade(score: .nan, maxScore: 10) == nil)
        #expect(GradeScale(bands: []).grade(score: 5, maxScore: 10) == nil)
    }

    @Test func anAccommodationLowersEveryThresholdButTheFirst() {
        #expect(Self.school.grade(score: 40, maxScore: 100, thresholdOffsetPercent: 10) == "3")
        #expect(Self.school.grade(score: 39.99, maxScore: 100, thresholdOffsetPercent: 10) == "2")
        #expect(Self.school.grade(score: 0, maxScore: 100, thresholdOffsetPercent: 50) == "3", "30 and 50, lowered by 50 points, stop at 0")
        #expect(Self.school.grade(score: 19.99, maxScore: 100, thresholdOffsetPercent: 50) == "3")
        #expect(Self.school.grade(score: 20, maxScore: 100, thresholdOffsetPercent: 50) == "4")
        #expect(Self.school.grade(score: 45, maxScore: 100, thresholdOffsetPercent: 500) == "6", "an offset is at most 50")
        #expect(Self.school.grade(score: 45, maxScore: 100, thresholdOffsetPercent: -20) == "2", "never raised")
    }

    @Test func everyPresetIsAScaleThatPassesItsOwnCheck() throws {
        for preset in GradeScalePreset.allCases {
            #expect(try GradeScale.checked(preset.scale.bands).bands == preset.scale.bands, "\(preset)")
        }
    }

    static func bands(_ pairs: [(Decimal, String)]) -> [GradeBand] {
        pairs.map { GradeBand(minPercent: $0.0, grade: $0.1) }
    }

    @Test(
        arguments: [
            ([], GradeScaleProblem.noBands),
            ([(10, "2")], .firstNotZero),
            ([(0, "1"), (50, "3"), (40, "2")], .notAscending(band: 3)),
            ([(0, "1"), (50, "3"), (50, "4")], .notAscending(band: 3)),
            ([(0, "1"), (100.5, "6")], .outOfRange(band: 2)),
            ([(0, "1"), (-1, "6")], .outOfRange(band: 2)),
            ([(0, "1"), (Decimal(string: "50.125") ?? 0, "3")], .tooPrecise(band: 2)),
            ([(0, "1"), (50, " ")], .gradeEmpty(band: 2)),
            ([(0, "1"), (50, String(repeating: "x", count: 21))], .gradeTooLong(band: 2, max: 20)),
            ([(0, "1"), (50, "3\u{7}")], .gradeControl(band: 2)),
            ([(0, "1"), (50, "1")], .gradeTwice(band: 2)),
        ] as [([(Decimal, String)], GradeScaleProblem)])
    func aBadScaleIsRefusedNamingItsBand(pairs: [(Decimal, String)], problem: GradeScaleProblem) {
        #expect(throws: problem) { try GradeScale.checked(Self.bands(pairs)) }
        #expect(!Catalogue.of(.pl).string(problem.message).contains("grades."), "said in Polish")
    }

    @Test func gradesOfEveryScriptAndQuotesAreText() throws {
        let fuzz = ["ą\u{301}", "\"'", "<b>", "Ż\u{301}\u{302}", "bardzo dobry"]
        let scale = try GradeScale.checked(Self.bands([(0, "1")] + fuzz.enumerated().map { (Decimal(10 * ($0.offset + 1)), $0.element) }))
        #expect(scale.bands.map(\.grade) == ["1"] + fuzz)
        #expect(scale.grade(score: 25, maxScore: 100) == "\"'")
        #expect(throws: GradeScaleProblem.tooManyBands(max: 30)) {
            try GradeScale.checked((0..<31).map { GradeBand(minPercent: Decimal($0), grade: "g\($0)") })
        }
    }

    @Test func aScaleTravelsAsJSONWithExactThresholds() throws {
        let json = #"{"bands":[{"minPercent":0,"grade":"1"},{"minPercent":49.99,"grade":"2"}]}"#
        let scale = try JSONDecoder().decode(GradeScale.self, from: Data(json.utf8))
        #expect(scale.bands.last?.minPercent == Decimal(string: "49.99"))
        #expect(scale.grade(score: 49.99, maxScore: 100) == "2" && scale.grade(score: 49.98, maxScore: 100) == "1")
        let again = try JSONDecoder().decode(GradeScale.self, from: JSONEncoder().encode(scale))
        #expect(again == scale)
    }
}
