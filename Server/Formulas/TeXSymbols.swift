/// The commands that stand for one sign, with no argument: what each becomes.
enum TeXSymbols {
    /// Letters: Greek, and a few others (`\infty` is an identifier, as MathJax makes it).
    static let identifiers: [String: String] = [
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ϵ", "varepsilon": "ε", "zeta": "ζ",
        "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν",
        "xi": "ξ", "pi": "π", "varpi": "ϖ", "rho": "ρ", "varrho": "ϱ", "sigma": "σ", "varsigma": "ς", "tau": "τ",
        "upsilon": "υ", "phi": "ϕ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
        "Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π", "Sigma": "Σ",
        "Upsilon": "Υ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
        "infty": "∞", "emptyset": "∅", "varnothing": "∅", "hbar": "ℏ", "ell": "ℓ", "partial": "∂", "nabla": "∇",
        "ldots": "…", "vdots": "⋮", "ddots": "⋱", "dots": "…", "%": "%", "$": "$", "#": "#",
        "_": "_", "aleph": "ℵ", "Re": "ℜ", "Im": "ℑ", "angle": "∠", "triangle": "△", "degree": "°",
    ]

    /// Operators, relations, arrows and brackets.
    static let operators: [String: String] = [
        "cdot": "⋅", "times": "×", "div": "÷", "pm": "±", "mp": "∓", "ast": "∗", "star": "⋆", "circ": "∘",
        "bullet": "∙", "oplus": "⊕", "otimes": "⊗", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠",
        "neq": "≠", "approx": "≈", "equiv": "≡", "sim": "∼", "simeq": "≃", "cong": "≅", "propto": "∝", "ll": "≪",
        "gg": "≫", "to": "→", "rightarrow": "→", "leftarrow": "←", "gets": "←", "Rightarrow": "⇒",
        "Leftarrow": "⇐", "Leftrightarrow": "⇔", "leftrightarrow": "↔", "implies": "⟹", "iff": "⟺",
        "longrightarrow": "⟶", "mapsto": "↦", "uparrow": "↑", "downarrow": "↓", "rightleftharpoons": "⇌",
        "in": "∈", "notin": "∉", "ni": "∋", "subset": "⊂", "subseteq": "⊆", "supset": "⊃", "supseteq": "⊇",
        "cup": "∪", "cap": "∩", "setminus": "∖", "forall": "∀", "exists": "∃", "nexists": "∄", "neg": "¬",
        "lnot": "¬", "land": "∧", "wedge": "∧", "lor": "∨", "vee": "∨", "perp": "⊥", "parallel": "∥", "mid": "∣",
        "prime": "′", "cdots": "⋯", "{": "{", "}": "}", "|": "‖", "langle": "⟨", "rangle": "⟩", "lfloor": "⌊", "rfloor": "⌋",
        "lceil": "⌈", "rceil": "⌉", "&": "&", "colon": ":",
    ]

    /// Function names, set upright with no limits (`\sin x`).
    static let functions: Set<String> = [
        "sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "coth",
        "log", "ln", "lg", "exp", "deg", "arg", "dim", "ker", "hom",
    ]

    /// Operators whose scripts go under and over in a display formula (`\sum_{i=1}^n`).
    static let limitOperators: [String: String] = [
        "sum": "∑", "prod": "∏", "coprod": "∐", "bigcup": "⋃", "bigcap": "⋂", "lim": "lim", "max": "max",
        "min": "min", "sup": "sup", "inf": "inf", "det": "det", "gcd": "gcd", "limsup": "lim sup",
        "liminf": "lim inf",
    ]

    /// The signs of ``limitOperators``: a script given to one of them goes under or over.
    static let limitSigns = Set(limitOperators.values)

    /// Commands that only change how what follows is set: read and left out.
    static let ignored: Set<String> = [
        "limits", "nolimits", "displaystyle", "textstyle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
        "biggl", "biggr", "Biggl", "Biggr", "not", "middle",
    ]

    /// Integrals: their scripts stay beside them.
    static let integrals: [String: String] = ["int": "∫", "iint": "∬", "iiint": "∭", "oint": "∮"]

    /// Spaces and their widths in em.
    static let spaces: [String: String] = [
        ",": "0.167em", ":": "0.222em", ">": "0.222em", ";": "0.278em", "!": "-0.167em", " ": "0.333em",
        "quad": "1em", "qquad": "2em",
    ]

    /// Accents over (or under) their argument.
    static let accents: [String: (mark: String, under: Bool)] = [
        "vec": ("→", false), "overrightarrow": ("→", false), "overleftarrow": ("←", false), "overline": ("―", false),
        "bar": ("¯", false), "hat": ("^", false), "widehat": ("^", false), "tilde": ("~", false),
        "widetilde": ("~", false), "dot": ("˙", false), "ddot": ("¨", false), "underline": ("―", true),
    ]

    /// Brackets `\left` and `\right` accept, by how they are written after them.
    static let fences: [String: String] = [
        "(": "(", ")": ")", "[": "[", "]": "]", "|": "|", "/": "/", ".": "", "\\{": "{", "\\}": "}", "\\|": "‖",
        "\\langle": "⟨", "\\rangle": "⟩", "\\lfloor": "⌊", "\\rfloor": "⌋", "\\lceil": "⌈", "\\rceil": "⌉",
        "\\lvert": "|", "\\rvert": "|", "\\vert": "|",
    ]
}
