import PreflightCore
import Testing

/// The writer's literal keys are copied as written and its numbers spelled digit by digit:
/// both must write the bytes the escaping and `String(number)` forms would.
@Suite struct JSONWriterTests {
    @Test(arguments: [0, 7, 10, 99, 100, 4096, -1, -10, -4096, 1_000_000_007, Int.max, Int.min])
    func anIntegerIsWrittenAsStringSpellsIt(number: Int) {
        var writer = JSONWriter()
        writer.value(number)
        #expect(writer.text == String(number))
    }

    @Test func literalAndRunTimeKeysWriteTheSameMembers() {
        var literal = JSONWriter()
        literal.object {
            $0.field("bytes", 1024)
            $0.field("push_type", "alert")
            $0.key("media_url")
            $0.value(nil as String?)
        }
        var made = JSONWriter()
        made.object {
            let names = ["bytes", "push_type", "media_url"]
            $0.key(text: names[0])
            $0.value(1024)
            $0.key(text: names[1])
            $0.value("alert")
            $0.key(text: names[2])
            $0.value(nil as String?)
        }
        #expect(literal.text == #"{"bytes":1024,"push_type":"alert","media_url":null}"#)
        #expect(made.text == literal.text)
    }

    @Test func aRunTimeKeyIsEscaped() {
        var writer = JSONWriter()
        writer.object {
            $0.key(text: "a\"b\n")
            $0.value(1)
        }
        #expect(writer.text == #"{"a\"b\n":1}"#)
    }
}
