/// One TeX formula turned into MathML Core.
public enum TeXFormula {
    /// The longest formula accepted, in characters.
    public static let maximumLength = 2000
    /// How deep groups, arguments, `\left…\right` and environments may nest.
    public static let maximumDepth = 32

    /// `<math display="inline|block">…</math>` for `tex` (the formula without its delimiters);
    /// a refusal names what is wrong and its character (formula number 1).
    /// `labelled` gives the `<math>` an `aria-label` in plain text, for a formula that names a
    /// form control (a choice's label).
    public static func mathML(_ tex: String, display: Bool, labelled: Bool = false) throws(FormulaError) -> String {
        guard tex.count <= maximumLength else { throw FormulaError(.tooLong(maximumLength), offset: maximumLength + 1) }
        var parser = TeXParser(tex)
        let tree = try parser.parse()
        return MathMLWriter.document(tree, display: display, labelled: labelled)
    }
}
