import ExamPrepFormulas
import Foundation
import Testing

/// 265 school formulas (Tests/FormulasTests/formula-corpus.txt) compared by structure with
/// latex2mathml's MathML (formula-reference.json, written by scripts/formula-reference).
///
/// Differences on purpose, and how the comparison treats them:
/// - scripts of `\sum`, `\prod`, `\lim`: ours are `munderover`/`munder`/`mover` (MathML Core moves
///   them beside the sign in an inline formula, under and over it in a display one, as TeX does);
///   latex2mathml's are `msubsup`/`msub`/`msup`. Compared as the same.
/// - a few signs are `mi` on one side and `mo` on the other (ours follow MathJax: `\infty`,
///   `\partial`, `\nabla`, `\emptyset`, `\angle` letters; `\pm`, `\neg`, `:`, `\langle`, `\setminus`,
///   `\perp`, `'` operators), and `\cdot` is U+22C5 (MathJax's) where latex2mathml writes U+00B7.
///   Compared as the same.
/// - `aligned`: ours is an `mtable` of right- and left-aligned columns; latex2mathml writes one row
///   with `&` as a letter and line breaks. Listed in `differOnPurpose`, not compared.
struct CorpusTests {
    struct Entry: Decodable {
        var kind: String
        var tex: String
        var mathml: String?
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let differOnPurpose: Set<String> = ["aligned"]
    private static let sameElements = ["munderover": "msubsup", "munder": "msub", "mover": "msup"]
    private static let sameSigns: [String: String] = ["·": "⋅", "⧵": "∖", "⟂": "⊥", "″": "′′"]
    private static let eitherToken: Set<String> = ["∞", "∂", "∇", "∅", "∠", "±", "¬", ":", "⟨", "⟩", "∖", "⊥", "′", "′′", "sgn"]

    static func entries() throws -> [Entry] {
        let data = try Data(contentsOf: folder.appendingPathComponent("formula-reference.json"))
        return try JSONDecoder().decode([Entry].self, from: data)
    }

    /// The tree with the differences on purpose taken out.
    static func comparable(_ tree: MathMLTree) -> MathMLTree {
        switch tree {
        case .text(let text):
            return .text(sameSigns[text] ?? text)
        case .element(let name, let children):
            let kids = children.map(comparable)
            if name == "mi" || name == "mo", case .text(let sign)? = kids.first, kids.count == 1, eitherToken.contains(sign) {
                return .element("token", kids)
            }
            return .element(sameElements[name] ?? name, kids)
        }
    }

    @Test func corpusHasTwoHundredFormulasAndEveryOneConverts() throws {
        let entries = try Self.entries()
        #expect(entries.count >= 200)
        for entry in entries {
            #expect(throws: Never.self, "\(entry.tex)") { try TeXFormula.mathML(entry.tex, display: false) }
        }
    }

    @Test func structureAgreesWithTheReference() throws {
        var agree = 0
        var compared = 0
        for entry in try Self.entries() where !Self.differOnPurpose.contains(entry.kind) {
            guard let reference = entry.mathml.flatMap(MathMLTree.read) else { continue }
            compared += 1
            let ours = try MathMLTree.read(TeXFormula.mathML(entry.tex, display: false))
            let expected = Self.comparable(reference)
            let got = ours.map(Self.comparable)
            if got == expected {
                agree += 1
            } else {
                Issue.record("\(entry.kind): \(entry.tex)\n  reference \(expected)\n  ours      \(got?.description ?? "unreadable")")
            }
        }
        print(
            "Formula corpus: \(agree) of \(compared) agree with latex2mathml in structure (kinds left out: \(Self.differOnPurpose.sorted()))"
        )
        #expect(compared >= 200)
        #expect(agree == compared)
    }
}
