import Testing

@testable import PreflightCore

@Suite struct W3CDateTests {
    @Test(arguments: [
        ("1970-01-01T00:00Z", 0),
        ("1997-07-16T19:20+01:00", 869_077_200),
        ("1997-07-16T19:20:30+01:00", 869_077_230),
        ("1997-07-16T19:20:30.45+01:00", 869_077_230),
        ("2024-02-29T12:00-05:30", 1_709_227_800),
    ])
    func aDateWithMinutesAndAZoneIsRead(text: String, seconds: Int) {
        #expect(W3CDate.unixSeconds(text) == seconds)
    }

    @Test(arguments: [
        "1997-07-16", "1997-07-16T19:20", "1997-07-16T19:20+0100", "2023-02-29T00:00Z", "1997-13-01T00:00Z",
        "1997-07-16T24:00Z", "1997-07-16T19:20:30.Z", "1997-07-16T19:20Z ", "tomorrow",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(W3CDate.unixSeconds(text) == nil)
    }
}
