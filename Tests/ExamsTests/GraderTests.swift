import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepExams

/// The grader, kind by kind, as Moodle grades: shares of a question's points, never below 0 nor
/// above all of them, rounded to two decimals, with the author's feedback.
@Suite("Exams: the grader")
struct GraderTests {
    @Test func singleChoiceEarnsTheChosenChoicesWeight() {
        let plain = Questions.make(1, .singleChoice, choices: [Questions.choice("a", correct: true), Questions.choice("b")])
        #expect(Grader.grade(plain, answer: AnswerInput(questionId: 1, choiceIds: ["a"])).points == 2)
        #expect(Grader.grade(plain, answer: AnswerInput(questionId: 1, choiceIds: ["b"])).points == 0)
        let weighted = Questions.make(
            2, .singleChoice, points: 3,
            choices: [Questions.choice("a", correct: true), Questions.choice("b", weight: 33.333, feedback: "Close.")])
        let partly = Grader.grade(weighted, answer: AnswerInput(questionId: 2, choiceIds: ["b"]))
        #expect(partly.points == 1 && !partly.correct && partly.feedback == "Close.")
    }

    @Test func multipleChoiceIsAllOrNothingWithoutWeightsAndNeverBelowZeroWithThem() {
        let choices = [Questions.choice("a", correct: true), Questions.choice("b", correct: true), Questions.choice("c")]
        let plain = Questions.make(1, .multipleChoice, choices: choices)
        #expect(Grader.grade(plain, answer: AnswerInput(questionId: 1, choiceIds: ["a", "b"])).correct)
        #expect(Grader.grade(plain, answer: AnswerInput(questionId: 1, choiceIds: ["a"])).points == 0)
        #expect(Grader.grade(plain, answer: AnswerInput(questionId: 1, choiceIds: [])).points == 0)
        let weighted = Questions.make(
            2, .multipleChoice, points: 4,
            choices: [Questions.choice("a", weight: 50), Questions.choice("b", weight: 50), Questions.choice("c", weight: -100)])
        #expect(Grader.grade(weighted, answer: AnswerInput(questionId: 2, choiceIds: ["a"])).points == 2)
        #expect(Grader.grade(weighted, answer: AnswerInput(questionId: 2, choiceIds: ["a", "b"])).correct)
        #expect(Grader.grade(weighted, answer: AnswerInput(questionId: 2, choiceIds: ["a", "c"])).points == 0)
    }

    @Test func trueFalseIsAllOrNothing() {
        let question = Questions.make(1, .trueFalse, correctValue: false)
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, value: false)).points == 2)
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, value: true)).points == 0)
        #expect(Grader.grade(question, answer: nil).points == 0)
    }

    @Test func aShortAnswerMatchesAfterTrimmingNormalisingAndFoldingCaseWithWildcards() {
        let question = Questions.make(
            1, .shortAnswer,
            textAnswers: [TextAnswer(text: "Ärger"), TextAnswer(text: "*gramm*", weight: 50, feedback: "Half.")])
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, text: "  a\u{308}rger ")).correct)
        let half = Grader.grade(question, answer: AnswerInput(questionId: 1, text: "Programming"))
        #expect(half.points == 1 && half.feedback == "Half.")
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, text: "   ")).points == 0)
        #expect(Wildcard.matches("a*c", "abbc") && !Wildcard.matches("a*c", "abcd") && Wildcard.matches("*", ""))
    }

    @Test func aNumberCountsWithinItsToleranceOrRange() {
        let question = Questions.make(
            1, .numerical,
            key: AnswerKey(numbers: [NumericalAnswer(value: 3.14, tolerance: 0.01), NumericalAnswer(value: 0, min: 3, max: 4, weight: 50)]))
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, number: 3.149)).correct)
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, number: 3.9)).points == 1)
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, number: .nan)).points == 0)
    }

    @Test func matchingEarnsTheShareOfItemsMatchedRight() {
        let question = Questions.make(1, .matching, points: 3, key: AnswerKey(pairs: ["1": "x", "2": "y", "3": "z"]))
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, matches: ["1": "x", "2": "z"])).points == 1)
    }

    @Test func feedbackForARightOrWrongAnswerComesBeforeTheGeneralOne() {
        let question = Questions.make(
            1, .trueFalse, correctValue: true, key: AnswerKey(feedbackWhenRight: "Yes.", feedbackWhenWrong: "No."),
            generalFeedback: "See chapter 2.")
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, value: true)).feedback == "Yes.\n\nSee chapter 2.")
        #expect(Grader.grade(question, answer: AnswerInput(questionId: 1, value: false)).feedback == "No.\n\nSee chapter 2.")
    }

    @Test func anAttemptsScoreIsTheSumOfItsQuestionsAndUnansweredOnesEarnNothing() {
        let questions = [
            Questions.make(1, .trueFalse, points: 1, correctValue: true), Questions.make(2, .trueFalse, points: 2, correctValue: true),
        ]
        let grading = Grader.grade(questions, answers: [AnswerInput(questionId: 1, value: true), AnswerInput(questionId: 99, value: true)])
        #expect(grading.score == 1 && grading.maxScore == 3 && grading.questions.map(\.points) == [1, 0])
    }
}
