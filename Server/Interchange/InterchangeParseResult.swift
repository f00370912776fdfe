import ExamPrepShared
import Foundation

/// What an import read: the questions it could take and a report for each one it could not.
///
/// Both ``GIFTParser`` and ``AikenParser`` return this; the server turns ``skipped`` into
/// the import response's `skipped: [{line, name?, reason}]`, each reason in the reader's language.
public struct GIFTParseResult: Sendable, Hashable {
    /// A question (or block of text) that was not imported, with where and why.
    public struct Skipped: Sendable, Hashable {
        /// The 1-based line where the skipped question starts.
        public var line: Int
        /// The question's `::name::`, when it got that far.
        public var name: String?
        /// A sentence for the teacher saying what is wrong or unsupported (a `gift.*` key).
        public var message: Message

        public init(line: Int, name: String? = nil, message: Message) {
            self.line = line
            self.name = name
            self.message = message
        }

        /// The reason in English (for tests and the round trip's diagnostics).
        public var reason: String { Catalogue.of(.en).string(message) }
    }

    /// The questions read, in file order.
    public var questions: [InterchangeQuestion]
    /// The first `listedSkips` questions not read, in file order.
    public var skipped: [Skipped]
    /// How many questions were not read, those past `listedSkips` included.
    public var skippedCount: Int
    /// Questions read with something left out (HTML the server does not keep, pictures),
    /// each with what: the first `listedSkips` of them.
    public var notes: [Skipped] = []

    /// How many skipped questions a result lists: a file of a megabyte of broken blocks
    /// (`{` and a blank line, 3 bytes each) would otherwise list 350,000 of them.
    public static let listedSkips = 100

    public init(questions: [InterchangeQuestion] = [], skipped: [Skipped] = []) {
        self.questions = questions
        self.skipped = skipped
        skippedCount = skipped.count
    }

    /// Reports a question that was not read: listed while fewer than `listedSkips` are,
    /// counted always.
    public mutating func skip(_ skipped: Skipped) {
        if self.skipped.count < Self.listedSkips { self.skipped.append(skipped) }
        skippedCount += 1
    }

    /// Reports something left out of a question that was read.
    public mutating func note(_ note: Skipped) {
        if notes.count < Self.listedSkips { notes.append(note) }
    }
}

/// The same result under a format-neutral name, for Aiken and any later format.
public typealias InterchangeParseResult = GIFTParseResult
