import BeaconCore
import Testing

@Suite struct BarcodeTests {
    @Test func productNumbersAreThirteenDigitsWithARightCheckDigit() {
        #expect(Barcode(symbology: .ean13, text: "8413000065504").gtin == "8413000065504")
        #expect(Barcode(symbology: .upcA, text: "036602301467").gtin == "0036602301467")
        // GS1's zero suppression: UPC-E 0 509689 3 is UPC-A 0 50968 00009 3.
        #expect(Barcode(symbology: .upcE, text: "05096893").gtin == "0050968000093")
        #expect(Barcode(symbology: .upcE, text: "04963406").gtin == "0049000006346")
        #expect(Barcode(symbology: .ean8, text: "48512343").gtin == "0000048512343")
        // A wrong check digit is no product number; a QR code has none.
        #expect(Barcode(symbology: .ean13, text: "8413000065505").gtin == nil)
        #expect(Barcode(symbology: .qr, text: "https://example.org").gtin == nil)
    }

    @Test func aCodeIsSaidAsPrinted() {
        #expect(Barcode(symbology: .ean13, text: "5901234123457").spoken == "5 901234 123457")
        #expect(Barcode(symbology: .ean8, text: "48512343").spoken == "48512343")
    }

    @Test func aCodeCountsOnceTwoLooksReadIt() {
        var vote = BarcodeVote()
        let right = Barcode(symbology: .ean13, text: "5000213002834")
        let misread = Barcode(symbology: .ean13, text: "4182208752847")
        vote.add([right, right])
        #expect(vote.agreed.isEmpty, "two reads in one look are one look")
        vote.add([misread])
        vote.add([right])
        #expect(vote.agreed == [right])
        #expect(vote.unconfirmed == [misread])
        // The same product read as UPC-A by one look and as EAN-13 by another agrees.
        var upc = BarcodeVote()
        upc.add([Barcode(symbology: .upcA, text: "036602301467")])
        upc.add([Barcode(symbology: .ean13, text: "0036602301467")])
        #expect(upc.agreed.count == 1)
    }
}
