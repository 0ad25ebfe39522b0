import Foundation

/// A product in the person's product list, found by its 13-digit product number.
public struct Product: Sendable, Hashable, Codable {
    /// The 13-digit product number (`Barcode.gtin`).
    public var gtin: String
    public var name: String
    /// The first brand listed, or "".
    public var brand: String
    /// As printed on the pack ("415 g", "6 x 330 ml"), or "".
    public var quantity: String
    /// Plain words ("milk", "gluten"), without Open Food Facts' language prefixes.
    public var allergens: [String]

    public init(gtin: String, name: String, brand: String = "", quantity: String = "", allergens: [String] = []) {
        self.gtin = gtin
        self.name = name
        self.brand = brand
        self.quantity = quantity
        self.allergens = allergens
    }

    /// "Heinz Baked Beans, 415 g.": the brand first unless the name already says it, then the quantity.
    public var spoken: String {
        var title = name
        if !brand.isEmpty, !name.lowercased().contains(brand.lowercased()) {
            title = name.isEmpty ? brand : "\(brand) \(name)"
        }
        return quantity.isEmpty ? "\(title)." : "\(title), \(quantity)."
    }
}

/// The columns of an Open Food Facts export (tab-separated, one product a line, a header first) that Beacon keeps,
/// and how one line becomes a `Product`. Open Food Facts' data is under the Open Database License: whoever shows it
/// says where it came from (`attribution`).
public struct OpenFoodFactsColumns: Sendable {
    public static let attribution = "Product data from Open Food Facts (openfoodfacts.org), by its contributors, under the Open Database License (ODbL 1.0)."

    let code: Int, name: Int, brands: Int?, quantity: Int?, allergens: Int?, countries: Int?
    /// The highest column index a line needs.
    public let lastNeeded: Int

    /// One line's fields: split at tabs (Open Food Facts' exports quote nothing), or read as RFC 4180 CSV. Only the
    /// first `limit` fields are split out.
    public static func fields(_ line: String, separator: Character, limit: Int?) -> [String] {
        if separator == "," { return CSV.rows(line).first ?? [] }
        let parts = line.split(separator: separator, maxSplits: limit ?? Int.max, omittingEmptySubsequences: false)
        return parts.prefix(limit ?? parts.count).map(String.init)
    }

    /// The columns in `header`, nil without both `code` and `product_name` (not an Open Food Facts export).
    public init?(header: [String]) {
        func index(_ name: String) -> Int? { header.firstIndex { $0.trimmingCharacters(in: .whitespaces) == name } }
        guard let code = index("code"), let name = index("product_name") else { return nil }
        self.code = code
        self.name = name
        brands = index("brands")
        quantity = index("quantity")
        allergens = index("allergens")
        countries = index("countries_tags")
        lastNeeded = [code, name, brands, quantity, allergens, countries].compactMap { $0 }.max()!
    }

    /// Why a line was not kept.
    public enum LeftOut: Sendable, Equatable {
        /// The code is no product number (too short, letters, a wrong check digit): no scan can ever match it.
        case notAProductNumber
        /// Neither a name nor a brand: nothing to say.
        case unnamed
        /// Not sold in the country asked for.
        case otherCountry
    }

    /// One line's product, or why it was left out.
    public enum Outcome: Sendable, Equatable {
        case kept(Product)
        case leftOut(LeftOut)
    }

    /// The product on one line split into its fields, or why it is left out. `country` is an Open Food Facts
    /// country tag ("en:united-kingdom", see `countryTag`), or nil for every country.
    public func product(_ fields: [String], country: String? = nil) -> Outcome {
        func field(_ index: Int?) -> String {
            guard let index, index < fields.count else { return "" }
            return fields[index].trimmingCharacters(in: .whitespaces)
        }
        if let country {
            let tags = field(countries).lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard tags.contains(country) else { return .leftOut(.otherCountry) }
        }
        guard let gtin = Self.gtin(field(code)) else { return .leftOut(.notAProductNumber) }
        let name = field(name)
        let brand = field(brands).split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !name.isEmpty || !brand.isEmpty else { return .leftOut(.unnamed) }
        let allergens = field(allergens).split(separator: ",").compactMap { tag -> String? in
            // "en:milk", "fr:lait", "en:sulphur-dioxide-and-sulphites": the word after the language, spaced.
            let word = tag.split(separator: ":").last.map(String.init) ?? ""
            let spaced = word.replacingOccurrences(of: "-", with: " ").trimmingCharacters(in: .whitespaces)
            return spaced.isEmpty ? nil : spaced
        }
        return .kept(Product(gtin: gtin, name: name, brand: brand, quantity: field(quantity), allergens: allergens))
    }

    /// A code as Open Food Facts lists it, as the 13-digit product number a scan gives: EAN-13 as it is, UPC-A
    /// (12 digits) and EAN-8 padded, GTIN-14 with a leading 0 shortened; nil for anything a scan cannot match.
    public static func gtin(_ code: String) -> String? {
        var digits = Substring(code)
        if digits.count == 14, digits.first == "0" { digits = digits.dropFirst() }
        switch digits.count {
        case 13: return Barcode.gtin(symbology: .ean13, digits: String(digits))
        case 12: return Barcode.gtin(symbology: .upcA, digits: String(digits))
        case 8: return Barcode.gtin(symbology: .ean8, digits: String(digits))
        default: return nil
        }
    }

    /// Open Food Facts' tag for a country a person names: "uk", "GB" or "United Kingdom" is "en:united-kingdom";
    /// a tag given whole is kept. nil for an empty name.
    public static func countryTag(_ country: String) -> String? {
        let name = country.trimmingCharacters(in: .whitespaces).lowercased()
        guard !name.isEmpty else { return nil }
        if name.contains(":") { return name }
        if let known = countryCodes[name] { return "en:\(known)" }
        return "en:" + name.split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: "-")
    }

    /// A country tag as a person reads it: "en:united-kingdom" is "United Kingdom".
    public static func countryName(_ tag: String) -> String {
        let name = tag.split(separator: ":").last.map(String.init) ?? tag
        return name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Two-letter codes (and a few everyday names) of the countries with the most products in Open Food Facts.
    static let countryCodes: [String: String] = [
        "uk": "united-kingdom", "gb": "united-kingdom", "britain": "united-kingdom", "great britain": "united-kingdom",
        "us": "united-states", "usa": "united-states", "america": "united-states", "fr": "france", "de": "germany",
        "es": "spain", "it": "italy", "be": "belgium", "nl": "netherlands", "ch": "switzerland", "ca": "canada",
        "au": "australia", "ie": "ireland", "at": "austria", "pt": "portugal", "pl": "poland", "se": "sweden",
        "dk": "denmark", "no": "norway", "fi": "finland", "ru": "russia", "cn": "china", "in": "india", "jp": "japan",
        "mx": "mexico", "br": "brazil", "za": "south-africa", "nz": "new-zealand",
    ]
}
