import Mustache

// The bank page draws up to 200 topics, 100 tags and 100 questions: by reflection (a `Mirror`
// of the whole value for every lookup, and a lookup of `page` and `frame` from inside each
// row walks the stack through them) its drawing took four fifths of the page's CPU. Its models
// answer the templates' lookups by name here, as the attempt page's do. Every name
// `teach-bank.mustache` and `topic-node.mustache` use is listed; others are absent (nil), as
// with reflection.

extension TeachBankPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "courseID": courseID
        case "courseName": courseName
        case "topics": topics
        case "moreTopics": moreTopics
        case "untopical": untopical
        case "tags": tags
        case "hasTags": hasTags
        case "moreTags": moreTags
        case "topic": topic
        case "tag": tag
        case "search": search
        case "filter": filter
        case "openFilter": openFilter
        case "closeFilter": closeFilter
        case "download": download
        case "rows": rows
        case "hasRows": hasRows
        case "nextPage": nextPage
        case "exportPath": exportPath
        case "notice": notice
        case "uploadError": uploadError
        default: nil
        }
    }
}

extension TeachBankPage.Topic: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "link": link
        case "count": count
        case "current": current
        case "children": children
        case "hasChildren": hasChildren
        default: nil
        }
    }
}

extension TeachBankPage.Tag: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "link": link
        case "count": count
        case "current": current
        default: nil
        }
    }
}

extension TeachBankPage.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "title": title
        case "kind": kind
        case "topic": topic
        case "tags": tags
        case "points": points
        case "practice": practice
        case "thumbnail": thumbnail
        default: nil
        }
    }
}

extension TeachBankPage.More: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "summary": summary
        case "earlier": earlier
        case "later": later
        default: nil
        }
    }
}
