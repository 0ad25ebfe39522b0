import BeaconCore
import BeaconStore
import Foundation

/// `beacon products`: imports an Open Food Facts export into the person's product list, or says what the list
/// holds and where its data came from (Open Food Facts' licence asks that every use says so).
public struct ProductsRun {
    public enum Action: Sendable {
        case list
        /// `country` as a person writes it ("uk", "France"), or nil for all.
        case importExport(path: String, country: String?)
    }

    public var action: Action
    public var dataDirectory: String?

    public init(_ action: Action, dataDirectory: String? = nil) {
        self.action = action
        self.dataDirectory = dataDirectory
    }

    public func run(composition: Composition, transcript: any Transcript) throws {
        let store = try ProductStore(folder: composition.dataFolder(given: dataDirectory))
        if let setAside = store.setAside {
            transcript.note("beacon: \(setAside.sentence)")
        }
        switch action {
        case .list:
            let imports = try store.imports()
            guard !imports.isEmpty else {
                transcript.line("No products yet. Import an Open Food Facts export: beacon products import FILE")
                return
            }
            transcript.line("\(Self.products(try store.count())) in your list.")
            for summary in imports {
                let country = summary.country.map { " (\(OpenFoodFactsColumns.countryName($0)))" } ?? ""
                transcript.line("\(summary.source)\(country): \(summary.kept) kept, imported \(Self.day(summary.importedAt)).")
            }
            for attribution in Set(imports.map(\.attribution)).sorted() { transcript.line(attribution) }
        case let .importExport(path, country):
            let tag = country.flatMap(OpenFoodFactsColumns.countryTag)
            let summary = try store.importOpenFoodFacts(URL(fileURLWithPath: path), country: tag)
            let place = tag.map { " sold in \(OpenFoodFactsColumns.countryName($0))" } ?? ""
            transcript.line("\(Self.products(summary.kept))\(place) kept, \(summary.leftOut) left out; \(try store.count()) in your list.")
            transcript.line(summary.attribution)
        }
    }

    private static func products(_ count: Int) -> String { count == 1 ? "1 product" : "\(count) products" }

    private static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB_POSIX")
        formatter.dateFormat = "d MMMM yyyy"
        return formatter.string(from: date)
    }
}
