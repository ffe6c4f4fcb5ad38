/// A status of the French life cycle of an invoice (XP Z12-012, "statuts de cycle de vie"), as a
/// CDAR message's `ProcessConditionCode` (MDT-105) carries it. The names are the standard's, in
/// French: they are what the platforms and the law call them.
public struct LifeCycleStatus: Sendable, Hashable, Comparable {
    public let code: Int
    /// The standard's name ("Encaissée").
    public let name: String
    /// The label key of the status in the labels system (templates/invoi.yaml), for the web app.
    public var labelKey: String { "cdar_\(code)" }

    /// Every code the CDAR schematron accepts (BR-FR-CDV-CL-06, version 1.4.0.03), named as
    /// XP Z12-012 names them; the codes the standard reserves without a name keep their number.
    public static let all: [LifeCycleStatus] = [
        (200, "Déposée"), (201, "Émise par la plateforme"), (202, "Reçue par la plateforme"), (203, "Mise à disposition"),
        (204, "Prise en charge"), (205, "Approuvée"), (206, "Approuvée partiellement"), (207, "En litige"), (208, "Suspendue"),
        (209, "Complétée"), (210, "Refusée"), (211, "Paiement transmis"), (212, "Encaissée"), (213, "Rejetée"), (214, "Visée"),
        (220, "Annulée"), (221, "Erreur de routage"), (224, "Demande de paiement direct"), (225, "Affacturée"),
        (226, "Affacturée confidentiel"), (227, "Changement de compte à payer"), (228, "Non affacturée"),
        (250, "Statut 250"), (251, "Statut 251"), (300, "Statut 300"), (301, "Statut 301"), (400, "Statut 400"),
        (401, "Statut 401"), (500, "Statut 500"), (501, "Irrecevable"), (601, "Statut 601"),
    ].map { LifeCycleStatus(code: $0.0, name: $0.1) }

    public static func named(_ code: Int) -> LifeCycleStatus? { all.first { $0.code == code } }

    public static let deposited = named(200)!
    public static let cashed = named(212)!

    /// The statuses whose CDAR must give a motif (BR-FR-CDV-15): refusée, rejetée, irrecevable,
    /// en litige, suspendue, approuvée partiellement.
    public var needsReason: Bool { [206, 207, 208, 210, 213, 501].contains(code) }

    /// The statuses `check` warns about: the invoice is refused, rejected, in dispute, held, or
    /// not receivable, and the seller has something to do.
    public var asksTheSeller: Bool { [206, 207, 208, 210, 213, 221, 501].contains(code) }

    /// The statuses after which the invoice counts as cancelled (refusée, rejetée, annulée,
    /// irrecevable): another status after one of them is out of order.
    public var isFinal: Bool { [210, 213, 220, 501].contains(code) }

    /// Where the status stands in the life cycle (XP Z12-012's diagram): transmission (déposée ...
    /// mise à disposition), then processing (prise en charge, the buyer's decision), then payment
    /// (paiement transmis, encaissée). A status that comes after one of a later step is out of order.
    /// Nil for the statuses that may come at any point (suspendue, complétée, the factoring ones).
    public var step: Int? {
        switch code {
        case 200, 201, 213, 501: 1
        case 202, 221: 2
        case 203: 3
        case 204: 4
        case 205, 206, 207, 210, 214: 5
        case 211: 6
        case 212: 7
        default: nil
        }
    }

    public static func < (lhs: LifeCycleStatus, rhs: LifeCycleStatus) -> Bool { lhs.code < rhs.code }
}
