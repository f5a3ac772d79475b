import Synchronization
import Testing

@testable import PreflightCore

/// The box walk asks before it keeps a `moov` box, and keeps it in one buffer of its size.
@Suite struct BoxScannerBudgetTests {
    static let ftyp = MovieInfoTests.box("ftyp", Array("isom".utf8))
    /// A `moov` of `size` bytes holding a `free` box.
    static func moov(_ size: Int) -> [UInt8] {
        MovieInfoTests.box("moov", MovieInfoTests.box("free", [UInt8](repeating: 0, count: size - 16)))
    }

    static func scan(_ bytes: [UInt8], chunk: Int, admit: (@Sendable (Int) -> Bool)?) -> BoxScanner {
        var scanner = BoxScanner(moovLimit: 1 << 20, admit: admit)
        var index = 0
        while index < bytes.count {
            scanner.consume(Array(bytes[index..<min(bytes.count, index + chunk)]))
            index += chunk
        }
        return scanner
    }

    @Test func aRefusedMoovIsNotKept() {
        let asked = Mutex<[Int]>([])
        let scanner = Self.scan(Self.ftyp + Self.moov(40_000), chunk: 1000) { bytes in
            asked.withLock { $0.append(bytes) }
            return false
        }
        #expect(asked.withLock { $0 } == [40_000])
        #expect(scanner.result == .moovNotKept(bytes: 40_000))
        #expect(scanner.scan == .moovNotKept(bytes: 40_000))
        #expect(scanner.admittedBytes == 0)
    }

    @Test func anAdmittedMoovIsKeptInOneBufferOfItsSize() throws {
        let scanner = Self.scan(Self.ftyp + Self.moov(40_000), chunk: 1000) { _ in true }
        #expect(scanner.admittedBytes == 40_000)
        guard case .moov(let bytes) = scanner.result else {
            Issue.record("no moov: \(scanner.result)")
            return
        }
        #expect(bytes.count == 40_000)
        // Grown by doubling it reached 65,536 or more; allocated at its size it is 40,000 and malloc's rounding.
        #expect(bytes.capacity < 40_000 + 1024, "capacity \(bytes.capacity)")
    }

    /// An empty `moov` (its header alone, 8 bytes or 16 with a 64-bit size) is asked for too:
    /// refused, it is not kept; granted, its header is, and counted.
    @Test(
        arguments: [
            [0, 0, 0, 8] + Array("moov".utf8),
            [0, 0, 0, 1] + Array("moov".utf8) + [0, 0, 0, 0, 0, 0, 0, 16],
        ] as [[UInt8]])
    func anEmptyMoovIsAskedFor(empty: [UInt8]) {
        let asked = Mutex<[Int]>([])
        let refused = Self.scan(Self.ftyp + empty, chunk: 3) { bytes in
            asked.withLock { $0.append(bytes) }
            return false
        }
        #expect(asked.withLock { $0 } == [empty.count])
        #expect(refused.result == .moovNotKept(bytes: Int64(empty.count)))
        #expect(refused.admittedBytes == 0)
        let granted = Self.scan(Self.ftyp + empty, chunk: 3) { _ in true }
        #expect(granted.result == .moov(empty))
        #expect(granted.admittedBytes == empty.count)
    }

    /// A `moov` that runs to the end of the file asks for the whole limit.
    @Test func aMoovToTheEndAsksForTheLimit() {
        let asked = Mutex<[Int]>([])
        let toEnd = [0, 0, 0, 0] + Array("moov".utf8) + [UInt8](repeating: 0, count: 100)
        let scanner = Self.scan(Self.ftyp + toEnd, chunk: 7) { bytes in
            asked.withLock { $0.append(bytes) }
            return false
        }
        #expect(asked.withLock { $0 } == [1 << 20])
        #expect(scanner.result == .moovNotKept(bytes: nil))
    }

    @Test func theBudgetKeyIsDecodedAndChecked() throws {
        #expect(PreflightConfiguration().fetch.moovBudgetBytes == 67_108_864)
        let config = try PreflightConfiguration.decode(Array(#"{"fetch": {"moov_budget_bytes": 1000}}"#.utf8))
        #expect(config.fetch.moovBudgetBytes == 1000)
        do {
            _ = try PreflightConfiguration.decode(Array(#"{"fetch": {"moov_budget_bytes": -1}}"#.utf8))
            Issue.record("accepted a negative budget")
        } catch {
            #expect(error.message.hasPrefix("fetch.moov_budget_bytes: -1 is out of range"), "\(error.message)")
        }
    }
}
