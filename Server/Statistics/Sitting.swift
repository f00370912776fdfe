/// One attempt after the unusable parts were dropped.
struct Sitting {
    /// Usable responses in the attempt's order, one per question.
    let responses: [ItemAnalysisInput.Response]
    let scores: [Int: ItemAnalysisInput.Response]
    let total: Double
    let percent: Double

    init?(_ attempt: ItemAnalysisInput.Attempt) {
        var responses: [ItemAnalysisInput.Response] = []
        var scores: [Int: ItemAnalysisInput.Response] = [:]
        for response in attempt.responses
        where response.score.isFinite && response.maxScore.isFinite && response.maxScore > 0
            && scores[response.questionId] == nil
        {
            responses.append(response)
            scores[response.questionId] = response
        }
        let given = attempt.maxScore.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        let maximum = given ?? Descriptive.sum(responses.map(\.maxScore))
        guard maximum.isFinite, maximum > 0 else { return nil }
        let total = Descriptive.sum(responses.map(\.score))
        self.responses = responses
        self.scores = scores
        self.total = total
        self.percent = 100 * total / maximum
    }
}
