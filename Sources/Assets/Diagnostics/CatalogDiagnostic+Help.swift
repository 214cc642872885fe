extension CatalogDiagnostic.Code {
    /// A short title for the code, as rule lists (SARIF, GitLab) show it.
    public var title: String { rule.title }

    /// What the code means and what to do about it: the help text of SARIF rules and of `validate`'s
    /// documentation (the table of Docs/diagnostics.md says the same).
    public var help: String { rule.help }
}
