/// A formula as a small tree, one case for each MathML Core element the writer makes.
indirect enum MathNode: Equatable, Sendable {
    /// `<mi>`: a letter, a function's name; `normal` asks for upright letters.
    case identifier(String, normal: Bool = false)
    /// `<mn>`: a number.
    case number(String)
    /// `<mo>`: an operator, a relation, a bracket. `stretchy` for `\left`/`\right`'s fences.
    case operation(String, stretchy: Bool = false)
    /// `<mtext>`: words.
    case text(String)
    /// `<mspace width>` in em.
    case space(String)
    /// `<mrow>`.
    case row([MathNode])
    /// `<mfrac>`; `display` true for `\dfrac`, false for `\tfrac`, nil for `\frac`.
    case fraction(MathNode, MathNode, display: Bool?)
    /// `<mfrac linethickness="0">` between brackets: `\binom`.
    case binomial(MathNode, MathNode)
    /// `<msqrt>`, or `<mroot>` with an index.
    case root(MathNode, index: MathNode?)
    /// `<msub>`, `<msup>`, `<msubsup>`; `<munder>`, `<mover>`, `<munderover>` when `limits`.
    case scripts(MathNode, sub: MathNode?, sup: MathNode?, limits: Bool)
    /// `<mover accent="true">` (`\vec`, `\overline`, `\hat`), or `<munder>` when `under`.
    case accent(MathNode, mark: String, under: Bool)
    /// `<mtable>` with its rows of cells, and how each column is aligned (nil: centred).
    case table([[MathNode]], alignments: [String]?)
}
