import PreflightCore
import PreflightGen
import Testing

@Suite struct JSONPrettyTextTests {
    @Test func layoutIsPythonsIndentTwo() throws {
        let value = try JSONParser.parse(Array(#"{"a":[1,2.50,{}],"b":{"c":[]},"d":null,"e":true}"#.utf8)).value
        #expect(
            JSONPrettyText.render(value)
                == """
                {
                  "a": [
                    1,
                    2.50,
                    {}
                  ],
                  "b": {
                    "c": []
                  },
                  "d": null,
                  "e": true
                }

                """)
    }

    @Test func stringsEscapeOnlyQuoteBackslashAndControls() throws {
        let value = JSONValue.string("é \"q\" \\ /\n\t\u{01}\u{1F}\u{7F}")
        #expect(JSONPrettyText.render(value) == #""é \"q\" \\ /\n\t\u0001\u001f\#u{7F}""# + "\n")
    }
}
