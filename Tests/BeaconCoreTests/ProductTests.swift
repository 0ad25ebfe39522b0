import BeaconCore
import Testing

/// Open Food Facts' lines as products, and how a product is said.
@Suite struct ProductTests {
    static let header = ["code", "url", "product_name", "brands", "quantity", "allergens", "countries_tags"]

    @Test func aLineBecomesAProductWithItsFirstBrandAndPlainAllergens() throws {
        let columns = try #require(OpenFoodFactsColumns(header: Self.header))
        let outcome = columns.product(["3017620422003", "", "Nutella", "Ferrero,Nutella", "400 g",
                                       "en:milk,en:nuts,fr:soja", "en:france,en:united-kingdom"], country: "en:united-kingdom")
        let product = Product(gtin: "3017620422003", name: "Nutella", brand: "Ferrero", quantity: "400 g",
                              allergens: ["milk", "nuts", "soja"])
        #expect(outcome == .kept(product))
        #expect(product.spoken == "Ferrero Nutella, 400 g.")
        #expect(Product(gtin: "1", name: "Heinz Baked Beans", brand: "Heinz").spoken == "Heinz Baked Beans.")
    }

    @Test func linesNoScanCanMatchOrFromElsewhereAreLeftOut() throws {
        let columns = try #require(OpenFoodFactsColumns(header: Self.header))
        #expect(columns.product(["3017620422003", "", "Nutella", "", "", "", "en:france"], country: "en:united-kingdom") == .leftOut(.otherCountry))
        #expect(columns.product(["3017620422004", "", "Nutella"]) == .leftOut(.notAProductNumber), "wrong check digit")
        #expect(columns.product(["12345", "", "Apples"]) == .leftOut(.notAProductNumber))
        #expect(columns.product(["3017620422003", "", "", ""]) == .leftOut(.unnamed))
        #expect(OpenFoodFactsColumns(header: ["barcode", "name"]) == nil)
    }

    /// UPC-A, EAN-8 and GTIN-14 as the 13-digit numbers a scan gives (`Barcode.gtin`).
    @Test func codesAreTheNumbersAScanGives() {
        #expect(OpenFoodFactsColumns.gtin("036000291452") == Barcode(symbology: .upcA, text: "036000291452").gtin)
        #expect(OpenFoodFactsColumns.gtin("96385074") == "0000096385074")
        #expect(OpenFoodFactsColumns.gtin("03017620422003") == "3017620422003")
    }

    @Test func countriesAsPeopleWriteThem() {
        #expect(OpenFoodFactsColumns.countryTag("UK") == "en:united-kingdom")
        #expect(OpenFoodFactsColumns.countryTag("New Zealand") == "en:new-zealand")
        #expect(OpenFoodFactsColumns.countryTag("fr:france") == "fr:france")
        #expect(OpenFoodFactsColumns.countryName("en:united-kingdom") == "United Kingdom")
    }
}
