/// A postal address: structured, or one free-text street block when written as a single string.
public struct Address: Sendable, Hashable {
    public var street: String?
    public var city: String?
    public var region: String?
    public var postalCode: String?
    /// ISO 3166-1 alpha-2.
    public var country: String?

    public init(street: String? = nil, city: String? = nil, region: String? = nil, postalCode: String? = nil, country: String? = nil) {
        self.street = street
        self.city = city
        self.region = region
        self.postalCode = postalCode
        self.country = country
    }

    /// The address as printed: street lines, then "City, Region Postal", then the country.
    public var lines: [String] {
        var lines = (street ?? "").split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        let place = [city, [region, postalCode].compactMap { $0 }.joined(separator: " ")]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        if !place.isEmpty { lines.append(place) }
        if let country, !country.isEmpty { lines.append(country) }
        return lines
    }
}

/// Contact details shared by the business and its clients.
public struct Contact: Sendable, Hashable {
    public var name: String
    public var email: String?
    public var phone: String?
    public var address: Address?
    /// The VAT number (BT-31, BT-48), or another tax id a business prints (a US EIN).
    public var taxID: String?
    /// `electronic_address`: `scheme:id`, where e-invoices reach the party (BT-34, BT-49).
    public var electronicAddress: String?
    /// `legal_id`: the company registration, `scheme:id` or the id alone (BT-30, BT-47).
    public var legalID: String?
    /// `tax_number`: a national tax registration other than the VAT number (BT-32), e.g. a Steuernummer.
    public var taxNumber: String?
    /// `siren:`, the 9-digit number of a French business (Luhn-checked): BT-30/BT-47 under scheme 0002.
    public var siren: String?
    /// `siret:`, the 14-digit number of one establishment of a French business (BT-29/BT-46, scheme 0009).
    public var siret: String?
    /// `contact:`, the person to ask (BG-6, BG-9).
    public var contactPoint: ContactPoint?

    public init(name: String, email: String? = nil, phone: String? = nil, address: Address? = nil, taxID: String? = nil,
                electronicAddress: String? = nil, legalID: String? = nil, taxNumber: String? = nil) {
        self.name = name
        self.email = email
        self.phone = phone
        self.address = address
        self.taxID = taxID
        self.electronicAddress = electronicAddress
        self.legalID = legalID
        self.taxNumber = taxNumber
    }
}

import Foundation

/// Why no VAT is charged on a group (EN 16931 BT-120 text, BT-121 code `VATEX-EU-...`): required
/// for an exempt group; reverse charge, intra-EU supplies, exports and supplies outside the scope
/// of VAT have a default legal text in every language, which this replaces.
public struct Exemption: Sendable, Hashable {
    public var code: String?
    public var text: String?

    public init(code: String? = nil, text: String? = nil) {
        self.code = code
        self.text = text
    }
}
