import Mustache

// The attempt page is the page drawn most in an exam hour. Its models answer the templates'
// lookups by name here, instead of by reflection (swift-mustache's default, a `Mirror` of the
// whole value for every lookup), which costs several times more (the layout's `PageDocument`
// and `PageFrame` do the same, in PageFrame.swift). Every name a template uses is listed;
// others are absent (nil), as with reflection.

extension AttemptPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "attemptID": attemptID
        case "examTitle": examTitle
        case "count": count
        case "position": position
        case "progress": progress
        case "question": question
        case "flagged": flagged
        case "nav": nav
        case "hasPrevious": hasPrevious
        case "hasNext": hasNext
        case "deadlineText": deadlineText
        case "deadlineISO": deadlineISO
        case "serverTimeISO": serverTimeISO
        case "saveKey": saveKey
        case "error": error
        case "focusLog": focusLog
        case "placeQuery": placeQuery
        case "place": place
        default: nil
        }
    }
}

extension AttemptPage.NavItem: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "number": number
        case "href": href
        case "label": label
        case "current": current
        case "answered": answered
        case "flagged": flagged
        default: nil
        }
    }
}

extension QuestionView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "number": number
        case "prompt": prompt
        case "promptHTML": promptHTML
        case "pointsText": pointsText
        case "picture": picture
        case "isSingle": isSingle
        case "isMultiple": isMultiple
        case "isTrueFalse": isTrueFalse
        case "isShortAnswer": isShortAnswer
        case "isNumerical": isNumerical
        case "isMatching": isMatching
        case "isEssay": isEssay
        case "isDescription": isDescription
        case "choices": choices
        case "trueChecked": trueChecked
        case "falseChecked": falseChecked
        case "text": text
        case "numeric": numeric
        case "items": items
        default: nil
        }
    }
}

extension QuestionView.Option: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "text": text
        case "textHTML": textHTML
        case "inputID": inputID
        case "checked": checked
        case "choicePicture": choicePicture
        default: nil
        }
    }
}

extension QuestionView.MatchItem: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "text": text
        case "textHTML": textHTML
        case "selectID": selectID
        case "options": options
        default: nil
        }
    }
}
