import Testing

@testable import PreflightHTTP

@Suite struct QueryArgumentsTests {
    @Test func argumentsKeepTheOrderSentAndAreFoundByName() {
        var query = QueryArguments()
        #expect(query.isEmpty)
        let fetchWasSet = query.set("false", for: "fetch")
        #expect(!fetchWasSet)
        let formatWasSet = query.set("fcm", for: "format")
        #expect(!formatWasSet)
        #expect(query["fetch"] == "false")
        #expect(query["format"] == "fcm")
        #expect(query["Fetch"] == nil)
        #expect(query.map(\.name) == ["fetch", "format"])
        #expect(query.count == 2)
    }

    /// The server refuses a repeated argument (`repeatedQuery`): `set` says the name was there.
    @Test func aNameSetAgainKeepsItsPlaceWithTheNewValue() {
        var query: QueryArguments = ["a": "1", "b": "2"]
        let aWasSet = query.set("3", for: "a")
        #expect(aWasSet)
        #expect(query.map(\.name) == ["a", "b"])
        #expect(query["a"] == "3")
    }

    @Test func emptiedArgumentsAreEmpty() {
        var query: QueryArguments = ["a": "1"]
        query.removeAll()
        #expect(query.isEmpty)
        #expect(query["a"] == nil)
        let aWasSetAfterEmptying = query.set("2", for: "a")
        #expect(!aWasSetAfterEmptying)
        #expect(query["a"] == "2")
    }
}
