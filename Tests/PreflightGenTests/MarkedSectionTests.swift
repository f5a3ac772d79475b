import PreflightGen
import Testing

@Suite struct MarkedSectionTests {
    @Test func replacesOnlyTheLinesBetweenTheMarkers() throws {
        let text = "before\n<!-- t:begin: generated -->\nold\nrows\n<!-- t:end -->\nafter\n"
        #expect(
            try MarkedSection(name: "t").replacing(in: text, with: "new\n")
                == "before\n<!-- t:begin: generated -->\nnew\n<!-- t:end -->\nafter\n")
    }

    @Test func aFileWithoutTheSectionIsRefused() {
        #expect(throws: MarkedSection.Missing.self) {
            try MarkedSection(name: "t").replacing(in: "<!-- t:end -->\n<!-- t:begin -->\n", with: "x\n")
        }
        #expect(throws: MarkedSection.Missing.self) {
            try MarkedSection(name: "t").replacing(in: "<!-- other:begin -->\n<!-- other:end -->\n", with: "x\n")
        }
    }
}
