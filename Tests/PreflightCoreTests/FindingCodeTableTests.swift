import PreflightCore
import Testing

@Suite struct FindingCodeTableTests {
    /// 128 codes in a table of 256 slots: some share a first slot, and each is still found at
    /// its own number.
    @Test func everyCatalogCodeIsFoundAtItsNumber() {
        let codes = FindingCatalog.entries.map(\.code)
        let table = FindingCodeTable(codes)
        #expect(table.codes == codes)
        for (number, code) in codes.enumerated() {
            #expect(table.index(of: code) == number, "\(code)")
            // A code made again from its name (a provider's body, a configuration) is the same code.
            #expect(table.index(of: FindingCode(rawValue: code.rawValue)) == number, "\(code)")
        }
    }

    @Test func aCodeOutsideTheTableIsNotFound() {
        let table = FindingCodeTable([.alertTruncated, .payloadTooLarge])
        #expect(table.index(of: .payloadTooLarge) == 1)
        #expect(table.index(of: .apsMissing) == nil)
        #expect(table.index(of: FindingCode(rawValue: "no.such-code")) == nil)
        #expect(FindingCodeTable([]).index(of: .apsMissing) == nil)
    }

    @Test func aCodeListedTwiceKeepsItsFirstNumber() {
        let table = FindingCodeTable([.apsMissing, .alertTruncated, .apsMissing])
        #expect(table.index(of: .apsMissing) == 0)
        #expect(table.index(of: .alertTruncated) == 1)
    }
}
