/// The mentions French law asks on every invoice between businesses, as the notes the French
/// e-invoicing rules tag (BR-FR-05: one each of PMT, PMD and AAB): Code de commerce art. L441-9 and
/// L441-10 (late-payment penalties, the 40 EUR recovery fee of art. D441-5, the discount terms).
public enum FrenchMentions {
    /// The flat recovery fee (D441-5), in words as the invoice prints it.
    public static let recoveryFee = "Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du Code de commerce)."
    /// L441-10: by default the ECB's refinancing rate plus 10 points.
    public static let latePenalties = "Pénalités de retard : taux de refinancement de la BCE majoré de 10 points (art. L441-10 du Code de commerce)."
    public static let noDiscount = "Pas d'escompte pour paiement anticipé."
    /// CGI art. 269-2-c: the option makes VAT on services due when invoiced; the invoice says so.
    public static let vatOnDebits = "Option pour le paiement de la taxe d'après les débits."
    /// The wording of a micro-entrepreneur in franchise en base (CGI art. 293 B).
    public static let franchise = "TVA non applicable, art. 293 B du CGI"

    static func notes(vatOnDebits: Bool) -> [(code: String, text: String)] {
        var notes: [(code: String, text: String)] = [("PMT", recoveryFee), ("PMD", latePenalties), ("AAB", noDiscount)]
        // TXD: tax declaration (UNTDID 4451), the subject of a VAT mention.
        if vatOnDebits { notes.append(("TXD", Self.vatOnDebits)) }
        return notes
    }
}
