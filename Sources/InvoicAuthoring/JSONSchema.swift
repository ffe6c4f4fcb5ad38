import Foundation
import InvoicBook
import InvoicMoney

/// JSON Schemas (draft 2020-12) for each kind of file, generated from the key tables the decoder
/// reads with, so editors and invoic can never disagree about which keys exist.
public enum JSONSchema {
    public enum Kind: String, CaseIterable, Sendable {
        case book, client, invoice, estimate
        case creditNote = "credit_note"
        case recurring
    }

    public static func table(_ kind: Kind) -> KeyTable {
        switch kind {
        case .book: return Schema.book
        case .client: return Schema.client
        case .invoice: return Schema.invoice
        case .estimate: return Schema.estimate
        case .creditNote: return Schema.creditNote
        case .recurring: return Schema.recurring
        }
    }

    /// The schema as pretty, key-sorted JSON.
    public static func text(_ kind: Kind) -> String {
        var schema = object(table(kind))
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schema["$id"] = "https://invoic.dev/schemas/\(kind.rawValue).schema.json"
        schema["title"] = kind == .book ? "invoic.yaml" : "invoic \(kind.rawValue.replacingOccurrences(of: "_", with: " "))"
        let data = try! JSONSerialization.data(withJSONObject: schema, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    static func object(_ table: KeyTable) -> [String: Any] {
        var properties: [String: Any] = [:]
        for key in table.keys {
            var property = value(key.type)
            property["description"] = key.help
            properties[key.name] = property
        }
        var schema: [String: Any] = ["type": "object", "additionalProperties": false, "properties": properties]
        let required = table.keys.filter(\.required).map(\.name)
        if !required.isEmpty { schema["required"] = required }
        return schema
    }

    /// Plain YAML scalars reach a language server typed (`42` is a number), so text-like values
    /// accept numbers too; patterns apply to the string form.
    static func value(_ type: ValueType) -> [String: Any] {
        let decimal = "^[+-]?[0-9]+(\\.[0-9]+)?$"
        switch type {
        case .text: return ["type": ["string", "number", "boolean"]]
        case .date: return ["type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "format": "date"]
        case .days: return ["type": "integer", "minimum": 0]
        case .amount: return ["type": ["number", "string"], "pattern": decimal, "minimum": 0]
        case .price: return ["type": ["number", "string"], "pattern": decimal, "minimum": 0]
        case .quantity: return ["type": ["number", "string"], "pattern": decimal, "exclusiveMinimum": 0]
        case .rate: return ["type": "string", "pattern": "^[+-]?[0-9]+(\\.[0-9]{1,3})?%$"]
        case .tax:
            return ["anyOf": [value(.rate), ["type": "string", "enum": TaxCategory.allCases.compactMap(\.word)],
                              ["type": "object", "required": ["category"],
                               "properties": ["category": ["type": "string"], "rate": value(.rate)], "additionalProperties": false]]]
        case .discount: return ["type": ["number", "string"], "pattern": "^[0-9]+(\\.[0-9]+)?%?$"]
        case .currency: return ["type": "string", "enum": Currency.all.map(\.code)]
        case .locale: return ["type": "string", "pattern": "^[a-z]{2,3}(_[A-Za-z0-9]+)*$"]
        case .oneOf(let choices): return ["type": "string", "enum": choices]
        case .flag: return ["type": "boolean"]
        case .pattern: return ["type": "string", "pattern": "\\{seq(:[0-9]+)?\\}"]
        case .mapping(let table, let orText):
            return orText ? ["oneOf": [["type": "string"], object(table)]] : object(table)
        case .list(let element): return ["type": "array", "items": value(element)]
        case .byLanguage(let table):
            return ["type": "object", "propertyNames": ["pattern": "^[a-z]{2,3}(_[A-Za-z0-9]{2,4})?$"], "additionalProperties": object(table)]
        }
    }
}
